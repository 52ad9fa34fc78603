"""A formula column saved without its values (a workbook written by a script, as openpyxl writes
it): one message per column naming the first cells, an error where the field is required, a
warning where it is optional (issue 33, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.load.loader import load_game
from tests.test_sheets import game_with, xlsx

ROWS = 43


def _book(path: Path, formula_col: str) -> None:
    """43 cards whose ``formula_col`` is a formula of the speed, written without saved values."""
    head = ["name", "type", "speed", "text"]
    rows: list[list] = [head]
    for n in range(2, ROWS + 2):
        row = [f"Card {n}", "hero", n, f"Text {n}."]
        row[head.index(formula_col)] = (
            f'=IF(C{n}>3,"Fast","Slow")' if formula_col != "speed" else f"=LEN(A{n})"
        )
        rows.append(row)
    xlsx(path, rows)


def test_a_required_field_of_formulas_is_one_error_naming_the_first_cells(tmp_path: Path, run_cli):
    game = game_with(tmp_path, "[{file: cards.xlsx, sheet: Cards}]")
    _book(game / "cards.xlsx", "name")
    with pytest.raises(DataError) as info:
        load_game(game)
    problems = [p for p in info.value.problems if p.severity != "warning"]
    assert len(problems) == 1, problems
    [problem] = problems
    assert problem.cell == "Cards!A2" and problem.line == 2
    message = problem.message
    assert f"{ROWS} formulas of column A ('name') have no saved value" in message
    assert 'this one (\'=IF(C2>3,"Fast","Slow")\'), Cards!A3, Cards!A4 and 40 more' in message
    assert "which every card needs, reads as blank" in message
    assert "open the workbook in a spreadsheet program and save it" in message
    assert not any("the cell is blank" in p.message for p in info.value.problems)
    code, out, err = run_cli("check", str(game))
    assert code == 1 and (out + err).count("have no saved value") == 1, out + err


def test_an_optional_field_of_formulas_is_one_warning(tmp_path: Path, run_cli):
    game = game_with(tmp_path, "[{file: cards.xlsx, sheet: Cards}]")
    _book(game / "cards.xlsx", "speed")
    loaded = load_game(game)
    assert len(list(loaded.all_cards())) == ROWS
    [warning] = loaded.extra["warnings"]
    assert warning.severity == "warning" and warning.cell == "Cards!C2"
    assert f"{ROWS} formulas of column C ('speed') have no saved value" in warning.message
    assert "so the cells read as blank" in warning.message
    code, out, err = run_cli("check", str(game))
    assert code == 0 and (out + err).count("have no saved value") == 1, out + err


def test_an_ignored_formula_column_says_nothing(tmp_path: Path):
    game = game_with(tmp_path, "[{file: cards.xlsx, sheet: Cards, columns: {ignore: [text]}}]")
    _book(game / "cards.xlsx", "text")
    assert load_game(game).extra["warnings"] == []
