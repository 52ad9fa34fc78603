"""The print guide's rebuild commands repeat every option the kit was built with (bleed, output
folder, paper, layout, ...), so following the advice changes only what it says."""

from __future__ import annotations

import shlex
from pathlib import Path

from generator.core import paths
from generator.core.options import BuildOptions
from generator.core.units import mm
from generator.kit.rebuild import game_argument, rebuild_command


def test_defaults_give_the_short_command() -> None:
    assert (
        rebuild_command("road-runner", BuildOptions())
        == "deckwright build road-runner --paper a4 --duplex long"
    )


def test_every_non_default_option_is_repeated() -> None:
    options = BuildOptions(
        paper="letter",
        orientation="landscape",
        bleed=mm(2),
        spacing="spaced",
        crop_marks=False,
        cut_lines=True,
        out_dir=Path("my kits"),
        shop_color="cmyk",
        shop_ink_limit=260.0,
        back_offset=(mm(1.5), mm(-2)),
        duplex="short",
    )
    words = shlex.split(rebuild_command("g", options))
    assert words[:5] == ["deckwright", "build", "g", "--paper", "letter"]
    for flag, value in [
        ("--orientation", "landscape"),
        ("--bleed", "2"),
        ("--spacing", "spaced"),
        ("-o", "my kits"),
        ("--color", "cmyk"),
        ("--ink-limit", "260"),
        ("--back-offset", "1.5,-2"),
        ("--duplex", "short"),
    ]:
        assert words[words.index(flag) + 1] == value, flag
    assert "--no-crop-marks" in words and "--cut-lines" in words


def test_the_advice_changes_only_what_it_says() -> None:
    options = BuildOptions(layout="gutterfold", bleed=mm(1), out_dir=Path("out"))
    duplex = rebuild_command("g", options, ask_offset=True, layout="duplex")
    assert (
        duplex
        == "deckwright build g --paper a4 --layout duplex --duplex long --back-offset X,Y --bleed 1 -o out"
    )
    back = rebuild_command("g", BuildOptions(bleed=mm(1)), layout="gutterfold")
    assert back == "deckwright build g --paper a4 --layout gutterfold --bleed 1"


def test_a_game_outside_the_bundle_is_named_by_its_folder(tmp_path: Path) -> None:
    assert game_argument("road-runner", paths.CARDDATA / "road-runner") == "road-runner"
    assert game_argument("road-runner", tmp_path / "mine") == str(tmp_path / "mine")


def test_the_kit_guide_repeats_bleed_and_output(run_cli, tmp_path: Path) -> None:
    code, _, err = run_cli("build", "jokers-row", "--bleed", "2", "--paper", "letter", "-o", "kits")
    assert code == 0, err
    guide = (tmp_path / "kits" / "jokers-row" / "print-guide.md").read_text()
    assert "`deckwright build jokers-row --paper letter --layout gutterfold --bleed 2 -o kits`" in guide
