"""Two decks reading one sheet (Squib's build groups ported as decks): every problem of the
sheet or of its cards is said once, naming the decks it concerns (issue 33, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.load.loader import load_game
from tests.conftest import MINI_GAME, write_game
from tests.test_sheets import xlsx

TWO_DECKS = MINI_GAME.replace(
    "    cards: [cards.yaml]\n",
    "    cards: [{file: cards.xlsx, sheet: Cards}]\n"
    "  - name: promo\n    size: poker\n    template: mini-front\n    back: mini-back\n"
    "    cards: [{file: cards.xlsx, sheet: Cards}]\n",
)


def _game(tmp_path: Path, rows: list[list]) -> Path:
    game = write_game(tmp_path / "mini", {"game.yaml": TWO_DECKS})
    xlsx(game / "cards.xlsx", rows)
    return game


def test_a_sheet_problem_is_said_once_naming_both_decks(tmp_path: Path, run_cli):
    game = _game(
        tmp_path,
        [["name", "type", "speed", "bogus"], ["Alpha", "hero", 3, "x"], ["Gamma", "hero", "fast", None]],
    )
    with pytest.raises(DataError) as info:
        load_game(game)
    messages = [p.message for p in info.value.problems]
    unknown = [m for m in messages if "unknown column 'bogus'" in m]
    assert len(unknown) == 1, messages
    assert "the card fields of decks 'cards' and 'promo' are" in unknown[0]
    speed = [m for m in messages if "expected a whole number" in m]
    assert speed == ["expected a whole number, found 'fast' (decks 'cards' and 'promo')"], messages
    code, out, err = run_cli("check", str(game))
    assert code == 1 and (out + err).count("unknown column 'bogus'") == 1, out + err


def test_a_formula_warning_is_said_once(tmp_path: Path):
    game = _game(tmp_path, [["name", "type", "speed"], ["Alpha", "hero", "=LEN(A2)"]])
    [warning] = load_game(game).extra["warnings"]
    assert "the formula '=LEN(A2)' has no saved value" in warning.message
    assert warning.message.endswith("(decks 'cards' and 'promo')")


def test_text_that_does_not_fit_is_one_error_naming_both_decks(tmp_path: Path, run_cli):
    game = _game(
        tmp_path, [["name", "type", "text"], ["Alpha", "hero", "Runs."], ["Beta", "villain", "word " * 400]]
    )
    for command in ("check", "build"):
        code, out, err = run_cli(
            command, str(game), *(["-o", str(tmp_path / "out")] if command == "build" else [])
        )
        said = [line for line in (out + err).splitlines() if "text does not fit" in line]
        assert code == 1 and len(said) == 1, out + err
        assert said[0].endswith("(decks 'cards' and 'promo')") and "cards.xlsx:Cards!A3" in said[0]


def test_decks_with_their_own_sheets_keep_their_own_messages(tmp_path: Path):
    game = write_game(
        tmp_path / "mini", {"game.yaml": TWO_DECKS.replace("sheet: Cards}]\n", "sheet: Cards}]\n", 1)}
    )
    xlsx(game / "cards.xlsx", [["name", "type", "speed"], ["Alpha", "hero", "fast"]])
    text = (game / "game.yaml").read_text().replace("{file: cards.xlsx, sheet: Cards}", "cards.yaml", 1)
    (game / "game.yaml").write_text(text)
    with pytest.raises(DataError) as info:
        load_game(game)
    [problem] = info.value.problems
    assert problem.message == "expected a whole number, found 'fast'"  # one deck: nothing added


def test_export_png_warns_once_naming_both_decks(tmp_path: Path, run_cli):
    game = _game(tmp_path, [["name", "type", "text"], ["Beta", "villain", "word " * 400]])
    code, out, err = run_cli("export", str(game), "--png", str(tmp_path / "png"), "--dpi", "36")
    said = [line for line in (out + err).splitlines() if "text does not fit" in line]
    assert code == 0 and len(said) == 1, out + err
    assert "warning" in said[0] and said[0].endswith("(decks 'cards' and 'promo')")
