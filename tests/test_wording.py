"""Small wording: counted nouns agree with their number, a failed build names its game, an image
search lists each folder once."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.kit.build import BuildOptions, card_print_notes
from generator.load.loader import load_game
from generator.text.words import plural
from tests.conftest import write_game

MISSING_IMAGE = """\
elements:
  - {type: image, box: [3mm, 3mm, 20mm, 20mm], file: "art/{name}.png"}
"""


@pytest.mark.parametrize(
    ("count", "word", "many", "expected"),
    [
        (0, "sheet", None, "0 sheets"),
        (1, "sheet", None, "1 sheet"),
        (2, "sheet", None, "2 sheets"),
        (1, "copy", "copies", "1 copy"),
        (3, "copy", "copies", "3 copies"),
    ],
)
def test_plural(count: int, word: str, many: str | None, expected: str) -> None:
    assert plural(count, word, many) == expected


def test_one_sheet_is_singular_in_the_print_notes(mini_game: Path) -> None:
    game = load_game(mini_game)
    for layout in ("duplex", "gutterfold"):
        notes = " ".join(card_print_notes(game, BuildOptions(layout=layout)))
        assert "on 1 sheet," in notes and "1 sheets" not in notes


def test_check_summary_line_counts_in_words(mini_game: Path, run_cli) -> None:
    code, out, err = run_cli("check", mini_game)
    assert code == 0, err
    assert "Mini Game: 3 cards in 1 deck, no problems found." in out
    assert "(s)" not in out


def test_failed_build_from_inside_the_game_folder_names_the_game(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = write_game(tmp_path / "my-game", {"cards.yaml": "cards:\n  - {name: Alpha, speed: fast}\n"})
    monkeypatch.chdir(folder)
    code, _, err = run_cli("build", ".", "-o", tmp_path / "out")
    assert code == 1
    assert "my-game: not built; earlier output left as it was." in err
    assert ".: not built" not in err
    assert "cards.yaml:2:" in err  # the problem itself is still reported


def test_missing_image_lists_each_folder_once(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = write_game(tmp_path / "pics", {"templates/mini-front.yaml": MISSING_IMAGE})
    monkeypatch.chdir(folder)
    code, _, err = run_cli("check", ".")
    assert code == 1
    line = next(ln for ln in err.splitlines() if "art/Alpha.png" in ln)
    looked = line.split("(looked in ", 1)[1].rstrip(")").split(", ")
    assert looked[:3] == ["./", "art/", "templates/"]
    assert len(looked) == len(set(looked)) == 4
