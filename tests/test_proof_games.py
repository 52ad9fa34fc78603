"""Every proofreader rule over every bundled game: what each finds today (after the small fixes
of the proofreader issue), each listed in the game's ``proof.known`` with the issue that fixes
it, so the kits build; and findings of the issue on a copy of the data as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.core import paths
from generator.kit.proofing import proof_parts, record_kit, recorded_kit
from generator.load.loader import load_game
from generator.proof import proofread, proofread_game, settings_of, split_known
from tests.conftest import maloney_as_it_was

# (rule, file name, line) of each finding left after issue 32: warnings each game's proof.known
# argues for (Maloney's map, Jaunty's Sub-Plot name size)
TODAY: dict[str, list[tuple[str, str, int]]] = {
    "entenrallye": [],  # issue 32 fixed the board's, the part cards' and the shared pieces'
    "jaunty-jalopies": [("typography", "jaunty-front.yaml", 35)],  # one name size per card type, kept
    "jokers-row": [],  # the two-sheet mat of issue 22
    "maloney": sorted(
        [("belonging", "board.yaml", n) for n in (65, 76)]
        + [("shared-links", "board.yaml", n) for n in (95, 98, 102, 104, 111)]
        + [("text-shape", "board.yaml", 42)]
        + [("tiling", "board.yaml", 21)]  # Legal only: B2's seams cross only the land (issue 32)
    ),
    "road-runner": [],
}


@pytest.mark.parametrize("name", sorted(TODAY))
def test_every_rule_over_every_bundled_game(name: str) -> None:
    game = load_game(name)
    findings = proofread_game(game, record_kit(game).pages(), proof_parts(game), settings_of(game))
    assert sorted({(f.rule, Path(f.file).name, f.problem().line) for f in findings}) == TODAY[name]
    new, _ = split_known(findings, settings_of(game), game.folder)
    assert new == [], "a bundled game's finding is not in its proof.known"


def test_today_covers_every_bundled_game() -> None:
    assert sorted(TODAY) == sorted(paths.bundled_games())


def test_jaunty_driving_line_as_it_was(tmp_path: Path) -> None:
    """The '+ DRIVING' line at 6 pt shrinking to 5 pt: 5.5 pt on 22 cards (880 glyphs)."""
    folder = tmp_path / "jaunty-jalopies"
    shutil.copytree(paths.CARDDATA / "jaunty-jalopies", folder)
    (folder / "templates").mkdir()
    text = (paths.TEMPLATES / "jaunty-front.yaml").read_text(encoding="utf-8")
    new = 'box: [4mm, 19.4mm, 44mm, 6.4mm]\n    text: "+ DRIVING: counts as the Driving card to enter it"\n'
    new += "    bold: true\n    size: 6.5pt\n    leading: 1.05\n"
    assert new in text
    old = new.replace("6.4mm", "4mm").replace(
        "size: 6.5pt\n    leading: 1.05", "size: 6pt\n    min_size: 5pt"
    )
    (folder / "templates" / "jaunty-front.yaml").write_text(text.replace(new, old), encoding="utf-8")
    game = load_game(str(folder))
    with recorded_kit(game, (("a4", "duplex"),)) as pages:
        found = [f for f in proofread(pages.pages(), settings_of(game), ["type-size"])]
    assert len(found) == 1
    assert found[0].problem().location().endswith("templates/jaunty-front.yaml:54:5")
    assert "5.5 pt" in found[0].message and "880 glyphs in 22 runs" in found[0].message


def _small_legend(tmp_path: Path) -> Path:
    folder = tmp_path / "maloney"
    shutil.copytree(paths.CARDDATA / "maloney", folder)
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    old = 'the top card picks the city."\n    size: 13pt\n    min_size: 9pt'
    assert old in text
    board.write_text(text.replace(old, old.replace("13pt", "5pt").replace("9pt", "5pt")), encoding="utf-8")
    return folder


def test_the_issues_findings_today(tmp_path: Path) -> None:
    """Board legends too small (the one-sheet boards are now made only where they read, so a
    legend set at 5 pt on a copy of Maloney's map), Jaunty's Fiendish Plot keywords (colour and grey)."""
    game = load_game(_small_legend(tmp_path))
    found = proofread(record_kit(game, (("a4", "duplex"),)).pages(), settings_of(game), ["type-size"])
    legend = [f for f in found if "'The week'" in f.message]
    assert legend and "5.0 pt" in legend[0].message and "map-tiled.pdf p." in legend[0].message
    assert "map.pdf" not in legend[0].message
    assert _jaunty_plot_keywords_as_they_were(tmp_path)


def _jaunty_plot_keywords_as_they_were(tmp_path: Path) -> bool:
    """The Fiendish Plots' keywords in their own colours (as the issue found them; issue 23 gave
    them light tints), on a copy of Jaunty Jalopies: 2.04:1 for DRIVING, 1.73:1 in grey."""
    folder = tmp_path / "jaunty-jalopies"
    shutil.copytree(paths.CARDDATA / "jaunty-jalopies", folder)
    (folder / "templates").mkdir(exist_ok=True)
    front = (paths.TEMPLATES / "jaunty-front.yaml").read_text(encoding="utf-8")
    tints = 'kw_driving: "#8fc3ea", kw_personality: "#f2a7c6"'
    assert tints in front
    old = front.replace(tints, 'kw_driving: "#1f618d", kw_personality: "#b03a6a"')
    (folder / "templates" / "jaunty-front.yaml").write_text(old, encoding="utf-8")
    jaunty = load_game(str(folder))
    found = proofread(record_kit(jaunty, (("a4", "duplex"),)).pages(), settings_of(jaunty), ["contrast"])
    plots = [f.message for f in found if "on #3a2a2a" in f.message]
    assert any(
        "#1f618d on #3a2a2a has contrast 2.04:1" in m and "1.73:1 in black and white" in m for m in plots
    )
    assert any("#b03a6a on #3a2a2a has contrast 2.37:1" in m for m in plots)
    return True


def test_maloney_roads_through_cities_they_do_not_join(tmp_path: Path) -> None:
    from generator.proof import links

    game = load_game(maloney_as_it_was(tmp_path))
    through = sorted(
        f.message.split(" (line")[0]
        for f in links.check(game, proof_parts(game), settings_of(game))
        if "passes through" in f.message
    )
    assert through == ["road chi - ny passes through node 'det'", "road sac - chi passes through node 'slc'"]


def test_maloney_suitcase_sheets_as_they_were(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card sheets without the room kept for furniture: Maloney's suitcases got a 30 mm bar (A4)
    and none at all in Letter gutterfold, and a 4.4 pt label."""
    from dataclasses import replace

    from generator.kit import build

    kept = build._labelled
    monkeypatch.setattr(build, "_labelled", lambda *a: replace(kept(*a), make_room=False))
    game = load_game("maloney")
    pages = record_kit(game, (("a4", "duplex"), ("letter", "gutterfold"))).pages()
    found = proofread(pages, settings_of(game), ["furniture", "type-size"])
    suitcases = [f for f in found if "suitcases" in f.message or "suitcases" in str(f.seen[0].file)]
    messages = " | ".join(f.message for f in suitcases)
    assert "suitcases.pdf page 1 (a4 duplex) carries a 30 mm bar" in messages
    assert "suitcases-gutterfold.pdf page 1 (letter gutterfold) carries no scale bar" in messages
    assert "type prints at 4.4 pt" in messages
    text = (paths.CARDDATA / "maloney" / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, row in enumerate(text, 1) if row.strip() == "- name: suitcases")
    assert all(f.problem().location().endswith(f"game.yaml:{line}:5") for f in suitcases), [
        f.problem().location() for f in suitcases
    ]
