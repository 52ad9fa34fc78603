"""A sheet as its author keeps it: headings mapped to fields in game.yaml (``columns: rename``),
formula cells read as their saved values (a warning where a workbook has none), and card names
that look like YAML keywords ("null", "None", "true") kept as names."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from generator.core.errors import DataError
from generator.load.loader import load_game
from tests.conftest import MINI_CARDS, write_game
from tests.test_sheets import game_with, xlsx


def _problems(game: Path) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_game(game)
    return [str(p) for p in exc.value.problems]


def test_rename_maps_a_heading_to_a_field(tmp_path: Path) -> None:
    game = game_with(
        tmp_path, "{file: cards.xlsx, sheet: Cards, columns: {rename: {Title: name, Kind: type}}}"
    )
    xlsx(game / "cards.xlsx", [["Title", "Kind", "speed"], ["Alpha", "hero", 3], ["Beta", "villain", None]])
    cards = {c.name: c for c in load_game(game).all_cards()}
    assert cards["Alpha"].type == "hero" and cards["Alpha"].fields["speed"] == 3
    assert str(cards["Beta"].origin).endswith("cards.xlsx:Cards!A3")


def test_rename_follows_the_case_rule(tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.csv, columns: {case: insensitive, rename: {title: name}}}")
    (game / "cards.csv").write_text("TITLE,Type\nAlpha,hero\n", encoding="utf-8")
    [card] = load_game(game).all_cards()
    assert card.name == "Alpha"


def test_a_rename_to_no_field_is_reported_with_a_suggestion(tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.csv, columns: {rename: {Title: nmae}}}")
    (game / "cards.csv").write_text("Title,type\nAlpha,hero\n", encoding="utf-8")
    [problem] = _problems(game)
    assert "/cards.csv:1:1: 'columns: rename' in game.yaml gives column 'Title' to 'nmae'" in problem
    assert "not a card field (did you mean 'name'?)" in problem


def test_a_rename_of_a_heading_the_sheet_lacks_is_reported(tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.csv, columns: {rename: {Titel: name}}}")
    (game / "cards.csv").write_text("Title,type\nAlpha,hero\n", encoding="utf-8")
    found = _problems(game)
    assert any(
        "names the column 'Titel', which this sheet does not have (did you mean 'Title'?)" in p for p in found
    ), found
    assert not any("no column for the required field 'name'" in p for p in found)  # said once


def test_an_unknown_rename_key_in_game_yaml_is_refused(tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.csv, columns: {renam: {Title: name}}}")
    (game / "cards.csv").write_text("Title,type\nAlpha,hero\n", encoding="utf-8")
    [problem] = _problems(game)
    assert "game.yaml" in problem and "(did you mean 'rename'?)" in problem


def _formula_book(path: Path, cached: bool) -> None:
    """A workbook whose count column is a formula, saved with its value (as a spreadsheet program
    does) or without (as openpyxl and other scripts write it)."""
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Cards"
    ws.append(["name", "type", "speed", "count", "text"])
    ws.append(["Alpha", "hero", 2, "=C2*2", "Runs."])
    book.save(path)
    if cached:  # put the computed value beside the formula, as Excel and LibreOffice save it
        import zipfile

        with zipfile.ZipFile(path) as z:
            parts = {n: z.read(n) for n in z.namelist()}
        sheet = "xl/worksheets/sheet1.xml"
        parts[sheet] = parts[sheet].replace(b"<f>C2*2</f><v></v>", b"<f>C2*2</f><v>4</v>")
        assert b"<v>4</v>" in parts[sheet]
        with zipfile.ZipFile(path, "w") as z:
            for name, data in parts.items():
                z.writestr(name, data)


def test_formula_cells_read_their_saved_values(tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.xlsx}")
    _formula_book(game / "cards.xlsx", cached=True)
    loaded = load_game(game)
    [card] = loaded.all_cards()
    assert card.count == 4 and loaded.extra["warnings"] == []


def test_a_formula_without_a_saved_value_is_a_located_warning(run_cli, tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.xlsx}")
    _formula_book(game / "cards.xlsx", cached=False)
    [card] = load_game(game).all_cards()
    assert card.count == 1  # read as blank: the default
    code, out, err = run_cli("check", str(game))
    assert code == 0, err
    assert "cards.xlsx:Cards!D2: warning: the formula '=C2*2' has no saved value" in out + err
    assert "reads as blank" in out + err


@pytest.mark.parametrize("name", ["null", "Null", "None", "true", "~"])
def test_a_quoted_name_that_looks_like_a_keyword_is_a_name(tmp_path: Path, name: str) -> None:
    game = write_game(tmp_path / "mini", {"cards.yaml": MINI_CARDS.replace("name: Alpha", f"name: '{name}'")})
    assert name in {c.name for c in load_game(game).all_cards()}


@pytest.mark.parametrize("name", ["null", "Null", "None", "TRUE", "~"])
def test_the_words_in_a_sheet_cell_are_names(tmp_path: Path, name: str) -> None:
    game = game_with(tmp_path, "[cards.csv]")
    (game / "cards.csv").write_text(f"name,type\n{name},hero\n", encoding="utf-8")
    assert [c.name for c in load_game(game).all_cards()] == [name]


@pytest.mark.parametrize("written", ["~", "null", ""])
def test_yamls_own_null_is_a_missing_name(tmp_path: Path, written: str) -> None:
    game = write_game(
        tmp_path / "mini", {"cards.yaml": MINI_CARDS.replace("name: Alpha", f"name: {written}")}
    )
    [problem] = _problems(game)
    assert ":2:" in problem and "a card needs a name to print as its title, found YAML's null" in problem
