"""Cards from spreadsheets (CSV, XLSX, ODS): typed by the game's schema like YAML cards, every
problem of a sheet reported at once at its cell, through the CLI. The sheets are written here with
openpyxl (XLSX) and odfpy (ODS), so no binary fixture is kept."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import openpyxl
import pytest
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P, S

from generator.load.loader import load_game
from generator.load.sheets.cards import split_items
from generator.load.sheets.csvfile import sniff
from generator.load.sheets.table import column_letters
from generator.load.sheets.xlsx import cell_text
from tests.conftest import MINI_GAME, write_game

RECORD_GAME = MINI_GAME.replace(
    'card_fields:\n  speed: "int?"',
    "types:\n  bonus: {against: text, points: int}\n"
    'card_fields:\n  speed: "int?"\n  bonus: "bonus?"\n  costs: "map(text, int)?"',
).replace('types:\n  power: "choice(fire, ice)"\n', "", 1)
RECORD_GAME = RECORD_GAME.replace("types:\n  bonus:", 'types:\n  power: "choice(fire, ice)"\n  bonus:')


def game_with(tmp_path: Path, cards: str, files: dict[str, str] | None = None, game: str = MINI_GAME) -> Path:
    """The mini game with its deck's ``cards:`` entry replaced by ``cards``."""
    return write_game(
        tmp_path / "mini",
        {"game.yaml": game.replace("cards: [cards.yaml]", f"cards: {cards}"), **(files or {})},
    )


def xlsx(path: Path, rows: list[list], sheet: str = "Cards", first: tuple[int, int] = (1, 1)) -> Path:
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active["A1"] = "not the cards"
    ws = book.create_sheet(sheet)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                ws.cell(first[0] + r, first[1] + c, value)
    book.save(path)
    return path


def ods(path: Path, rows: list[list], sheet: str = "Cards") -> Path:
    """An ODS file as spreadsheet programs write it: typed cells, runs of blank cells and rows."""
    doc = OpenDocumentSpreadsheet()
    table = Table(name=sheet)
    for row in rows:
        tr = TableRow()
        for value in row:
            if value is None:
                tr.addElement(TableCell(numbercolumnsrepeated=2))
            elif isinstance(value, bool):
                cell = TableCell(valuetype="boolean", booleanvalue=str(value).lower())
                cell.addElement(P(text="TRUE" if value else "FALSE"))
                tr.addElement(cell)
            elif isinstance(value, int | float):
                cell = TableCell(valuetype="float", value=str(value))
                cell.addElement(P(text=f"{value:.2f}"))  # shown formatted; the value is what counts
                tr.addElement(cell)
            else:
                cell = TableCell(valuetype="string")
                p = P()
                for i, part in enumerate(str(value).split("  ")):
                    if i:
                        p.addElement(S(c=2))
                    p.addText(part)
                cell.addElement(p)
                tr.addElement(cell)
        tr.addElement(TableCell(numbercolumnsrepeated=1000))
        table.addElement(tr)
    table.addElement(TableRow(numberrowsrepeated=100_000))
    doc.spreadsheet.addElement(table)
    doc.save(str(path))
    return path


def cards_of(game: Path) -> dict[str, tuple]:
    loaded = load_game(game)
    return {c.name: (c.type, c.count, dict(c.fields)) for c in loaded.all_cards()}


# --- reading --------------------------------------------------------------------------------


def test_csv_cards_are_typed_like_yaml_ones(tmp_path: Path) -> None:
    sheet = 'name,type,Qty,speed,powers,text\nAlpha,hero,2,3,fire; ice,"Runs, fast."\n\nBeta,villain,,,,"Two\nlines"\n'
    game = game_with(tmp_path, "cards.csv", {"cards.csv": sheet})
    assert cards_of(game) == {
        "Alpha": ("hero", 2, {"speed": 3, "powers": ["fire", "ice"], "text": "Runs, fast."}),
        "Beta": ("villain", 1, {"text": "Two\nlines"}),  # blank cells leave the fields out
    }
    card = load_game(game).deck("cards").cards[1]
    assert str(card.origin).endswith("mini/cards.csv:4:1")  # the line the record starts on


def test_semicolon_csv_with_byte_order_mark(tmp_path: Path) -> None:
    sheet = "\ufeffname;type;count;powers\nAlpha;hero;3;fire\n"
    game = game_with(tmp_path, "cards.csv", {"cards.csv": sheet})
    assert cards_of(game) == {"Alpha": ("hero", 3, {"powers": ["fire"]})}


def test_xlsx_sheet_numbers_and_case_insensitive_headings(tmp_path: Path) -> None:
    game = game_with(
        tmp_path, "[{file: cards.xlsx, sheet: Cards, columns: {case: insensitive, ignore: [Notes]}}]"
    )
    rows = [
        ["Name", "TYPE", "Quantity", "Speed", "Powers", "Notes"],
        ["Alpha", "hero", 2, 3.0, "fire;ice", "art to do"],
        [None],
        ["Beta", "villain", None, 4, None, None],
    ]
    xlsx(game / "cards.xlsx", rows, first=(2, 2))  # a table need not start at A1
    assert cards_of(game) == {
        "Alpha": ("hero", 2, {"speed": 3, "powers": ["fire", "ice"]}),
        "Beta": ("villain", 1, {"speed": 4}),
    }
    beta = load_game(game).deck("cards").cards[1]
    assert str(beta.origin).endswith("cards.xlsx:Cards!B5")
    assert str(beta.field_origins["speed"]).endswith("cards.xlsx:Cards!E5")


def test_ods_repeated_cells_typed_values_and_spaces(tmp_path: Path) -> None:
    game = game_with(tmp_path, "{file: cards.ods}")  # the first sheet when none is named
    rows = [["name", "type", "count", None, "speed", "text"], ["Alpha", "hero", 2, None, 3, "two  spaces"]]
    ods(game / "cards.ods", rows)
    assert cards_of(game) == {"Alpha": ("hero", 2, {"speed": 3, "text": "two  spaces"})}


def test_records_and_maps_in_a_cell(tmp_path: Path) -> None:
    sheet = "name,type,bonus,costs\nAlpha,hero,against: ice; points: 2,gold: 3; wood: 1\n"
    game = game_with(tmp_path, "cards.csv", {"cards.csv": sheet}, game=RECORD_GAME)
    assert cards_of(game)["Alpha"][2] == {
        "bonus": {"against": "ice", "points": 2},
        "costs": {"gold": 3, "wood": 1},
    }


def test_export_writes_sheet_cards_back_out(run_cli, tmp_path: Path) -> None:
    game_with(tmp_path, "cards.csv", {"cards.csv": "name,type,Qty,powers\nAlpha,hero,2,fire; ice\n"})
    assert run_cli("export", "mini", "--cards", "out.json")[0] == 0
    rows = json.loads((tmp_path / "out.json").read_text())
    assert [(r["name"], r["copy"], r["powers"]) for r in rows] == [
        ("Alpha", 1, ["fire", "ice"]),
        ("Alpha", 2, ["fire", "ice"]),
    ]


def test_split_items_sniff_and_letters() -> None:
    assert split_items(r"a; b\; c;; d ;") == ["a", "b; c", "d"]
    assert sniff("name;type;text\n", ".csv") == ";"
    assert sniff("name\ttype\n", ".csv") == "\t"
    assert sniff("name\n", ".csv") == ","
    assert [column_letters(n) for n in (1, 26, 27, 703)] == ["A", "Z", "AA", "AAA"]
    values = (True, 3.0, 2.5, 7, datetime.datetime(2024, 5, 4), datetime.date(2024, 5, 4), "  ", None)
    assert [cell_text(v) for v in values] == ["true", "3", "2.5", "7", "2024-05-04", "2024-05-04", None, None]


# --- bad sheets: every problem at once, located at its cell, exit 1, earlier output intact ----------

BAD = [
    (
        "csv-values",
        "cards.csv",
        {"cards.csv": "name,type,speed,powers\nAlpha,hero,fast,fire\nBeta,vilain,2,fire; water\n,hero,1,\n"},
        [
            "mini/cards.csv:2:3: speed: expected a whole number, found 'fast'",
            "mini/cards.csv:3:2: type: expected one of hero, villain, found 'vilain'",
            "mini/cards.csv:3:4: powers[1]: expected one of fire, ice, found 'water'",
            "mini/cards.csv:4:1: name: this card needs a value for 'name': the cell is blank",
        ],
    ),
    (
        "xlsx-headings",
        "{file: cards.xlsx, sheet: Cards}",
        {},
        [
            "mini/cards.xlsx:Cards!A1: unknown column 'Name' (did you mean 'name'? headings match field "
            "names exactly unless the card file says 'columns: {case: insensitive}' in game.yaml)",
            "mini/cards.xlsx:Cards!C1: unknown column 'sped' (did you mean 'speed'?)",
            "mini/cards.xlsx:Cards!E1: columns B ('type') and E ('type') both give the field 'type'",
            "mini/cards.xlsx:Cards!F1: columns D ('Qty') and F ('count') both give the field 'count'",
            "mini/cards.xlsx:Cards!B2: type: expected one of hero, villain, found 'heroo'",  # cells too
        ],
    ),
    (
        "xlsx-cells",
        "{file: cards.xlsx, sheet: Cards}",
        {},
        [
            "mini/cards.xlsx:Cards!C2: speed: expected a whole number, found '2.5'",
            "mini/cards.xlsx:Cards!B3: count: expected a value >= 1, found '0'",
            "mini/cards.xlsx:Cards!E3: a value in a column without a heading",
        ],
    ),
    (
        "case-collision",
        "[{file: cards.csv, columns: {case: insensitive}}]",
        {"cards.csv": "Name,type,Speed,speed\nA,hero,1,2\n"},
        ["mini/cards.csv:1:4: columns 3 ('Speed') and 4 ('speed') both give the field 'speed'"],
    ),
    (
        "missing-column",
        "cards.csv",
        {"cards.csv": "type,speed\nhero,1\n"},
        ["mini/cards.csv:1:1: no column for the required field 'name': add one"],
    ),
    (
        "unknown-sheet",
        "[{file: cards.xlsx, sheet: Deck}]",
        {},
        ["mini/cards.xlsx: no sheet 'Deck'; the sheets are 'Notes', 'Cards'"],
    ),
    (
        "not-a-workbook",
        "[cards.xlsx]",
        {"cards.xlsx": "name,type\n"},
        ["mini/cards.xlsx: cannot read this file as an XLSX workbook"],
    ),
    (
        "broken-ods",
        "[cards.ods]",
        {"cards.ods": "PK not really"},
        ["mini/cards.ods: cannot read this file as an ODS spreadsheet"],
    ),
    (
        "unknown-kind",
        "[cards.xls]",
        {"cards.xls": "x"},
        [
            "mini/game.yaml:21:13: decks[0].cards[0]: card file 'cards.xls': unknown kind '.xls'; use .yaml, .csv"
        ],
    ),
    (
        "sheet-of-csv",
        "[{file: cards.csv, sheet: A}]",
        {"cards.csv": "name\nA\n"},
        ["mini/cards.csv: a CSV file has one sheet"],
    ),
    (
        "sheet-of-yaml",
        "{file: cards.yaml, sheet: A}",
        {},
        ["mini/game.yaml:21:5: decks[0].cards: 'sheet' and 'columns' are for spreadsheets"],
    ),
    ("empty-sheet", "[cards.csv]", {"cards.csv": "\n\n"}, ["mini/cards.csv: the sheet is empty"]),
    (
        "header-only",
        "[cards.csv]",
        {"cards.csv": "name,type\n"},
        ["mini/cards.csv:1:1: no cards below the header row"],
    ),
    (
        "not-utf8",
        "[cards.csv]",
        {"cards.csv": b"name,type\nCaf\xe9,hero\n"},
        ["mini/cards.csv:2:4: byte 0xe9 is not UTF-8 text"],
    ),
    (
        "map-syntax",
        "[cards.csv]",
        {"cards.csv": "name,type,costs\nAlpha,hero,gold 3\n"},
        [
            "mini/cards.csv:2:3: costs: 'gold 3' is not 'key: value'; write a mapping as 'key: value; key: value'"
        ],
    ),
    (
        "list-of-records",
        "[cards.csv]",
        {"cards.csv": "name,type,bonuses\nAlpha,hero,x\n"},
        [
            "mini/cards.csv:1:3: field 'bonuses' is a list of lists, mappings or records, which a cell cannot hold"
        ],
    ),
]


def _setup_bad(tmp_path: Path, case: str, cards: str, files: dict) -> None:
    game_text = RECORD_GAME.replace(
        '  costs: "map(text, int)?"', '  costs: "map(text, int)?"\n  bonuses: "list(bonus)?"'
    )
    text_files = {k: v for k, v in files.items() if isinstance(v, str)}
    game = game_with(tmp_path, cards, text_files, game=game_text)
    for name, value in files.items():
        if isinstance(value, bytes):
            (game / name).write_bytes(value)
    if case == "xlsx-headings":
        rows = [["Name", "type", "sped", "Qty", "type", "count"], ["A", "heroo", 1, 1, "hero", 1]]
        xlsx(game / "cards.xlsx", rows)
    elif case in ("xlsx-cells", "unknown-sheet"):
        rows = [["name", "count", "speed", "type"], ["A", 1, 2.5, "hero"], ["B", 0, 1, "hero", "stray"]]
        xlsx(game / "cards.xlsx", rows)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(("case", "cards", "files", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_sheets_are_reported_at_their_cells(
    run_cli, tmp_path: Path, case, cards, files, expected
) -> None:
    write_game(tmp_path / "mini")
    assert run_cli("build", "mini", "-o", "out")[0] == 0
    before = _snapshot(tmp_path / "out")
    _setup_bad(tmp_path, case, cards, files)
    for command in (("check", "mini"), ("build", "mini", "-o", "out")):
        code, out, err = run_cli(*command)
        assert code == 1, err
        assert "Traceback" not in out + err
        lines = err.splitlines()
        for want in expected:
            assert any(line.startswith(want) for line in lines), f"{want}\n---\n{err}"
        assert f"{len(expected)} problem" in err, err  # all at once, nothing more
    assert "mini: not built; earlier output left as it was." in err
    assert _snapshot(tmp_path / "out") == before


# --- the example in the README's tour ----------------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "spice-market"


def test_the_spreadsheet_example_checks_builds_and_fits_its_schema(run_cli, tmp_path: Path) -> None:
    import jsonschema
    import yaml

    from generator.schema.export import schema_for

    game = load_game(EXAMPLE)
    market, aids = game.deck("market"), game.deck("aids")
    assert (market.size, aids.size) == (25, 3)
    orders = [c for c in market.cards if c.type == "order"]
    assert orders[0].fields["prices"] == {"pepper": 3, "clove": 5} and orders[0].count == 3
    refill = "Turn up cards from the deck until the market is full again, then pass the turn to your left."
    assert aids.one_sided and aids.cards[2].fields == {"step": 3, "text": refill}
    code, _, err = run_cli("build", EXAMPLE, "-o", "out")
    assert code == 0, err
    kit = tmp_path / "out" / "spice-market"
    assert sorted(p.name for p in kit.iterdir()) == [
        ".deckwright-kit",
        "aids.pdf",
        "market.pdf",
        "print-guide.md",
    ]
    validator = jsonschema.Draft202012Validator(schema_for("game"))
    assert list(validator.iter_errors(yaml.safe_load((EXAMPLE / "game.yaml").read_text()))) == []


def test_ods_header_rows_groups_spans_and_covered_cells(tmp_path: Path) -> None:
    """ODS structure odfpy does not write for us: rows inside header-row and row-group
    elements, merged (covered) cells, styled spans and line breaks inside a cell."""
    import zipfile

    from generator.load.sheets import read_table

    content = (
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
        '<table:table table:name="Other"/><table:table table:name="My Cards">'
        "<table:table-header-rows><table:table-row>"
        "<table:table-cell><text:p>name</text:p></table:table-cell>"
        "<table:table-cell><text:p>text</text:p></table:table-cell>"
        "</table:table-row></table:table-header-rows>"
        '<table:table-row-group><table:table-row table:number-rows-repeated="2">'
        '<table:table-cell table:number-columns-spanned="2"><text:p>A <text:span>b</text:span></text:p>'
        "<text:p>c<text:line-break/>d</text:p></table:table-cell><table:covered-table-cell/>"
        "</table:table-row></table:table-row-group>"
        "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    path = tmp_path / "cards.ods"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    table = read_table(path, "cards.ods", "my cards")  # sheet names match in any case
    assert table.sheet == "My Cards"
    assert table.rows == [(1, ["name", "text"]), (2, ["A b\nc\nd"]), (3, ["A b\nc\nd"])]
    assert table.cell(2, 1) == "'My Cards'!A2"
