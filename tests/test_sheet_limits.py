"""Hostile workbooks are refused fast, each with a located message: a declared dimension of the
whole sheet grid, parts that unpack past the limit, a huge cell, values past the last row or column."""

from __future__ import annotations

import re
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest

from generator.load.sheets.table import MAX_CELL, MAX_COLUMNS, MAX_ROWS, MAX_UNPACKED, column_letters
from tests.conftest import MINI_GAME, write_game

SHEET = "xl/worksheets/sheet1.xml"
SAFETY = 60.0  # seconds: a hang, not a measurement (the figures are printed with -s)


def _cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def _rows(*rows: tuple[int, list[tuple[str, str]]]) -> str:
    return "".join(
        f'<row r="{n}">{"".join(_cell(f"{c}{n}", t) for c, t in cells)}</row>' for n, cells in rows
    )


HEAD = (1, [("A", "name"), ("B", "type"), ("C", "text")])
ALPHA = (2, [("A", "Alpha"), ("B", "hero"), ("C", "Runs fast.")])


def workbook(path: Path, rows: str, dimension: str = "A1:C2", padding: int = 0) -> Path:
    """A real workbook (saved by openpyxl) whose sheet XML is replaced: ``rows`` inside
    ``<sheetData>``, the declared ``dimension``, and ``padding`` spaces of whitespace."""
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    book.active["A1"] = "placeholder"
    plain = path.with_suffix(".tmp.xlsx")
    book.save(plain)
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == SHEET:
                text = data.decode()
                text = re.sub(r'<dimension ref="[^"]*"/>', f'<dimension ref="{dimension}"/>', text)
                text = re.sub(
                    r"<sheetData>.*</sheetData>|<sheetData/>", f"<sheetData>{rows}</sheetData>", text
                )
                data = text.replace("</worksheet>", " " * padding + "</worksheet>").encode()
            target.writestr(info.filename, data, compresslevel=9)
    plain.unlink()
    return path


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("[cards.yaml]", "[cards.xlsx]")})


def _check(run_cli) -> tuple[int, str, float]:
    started = time.perf_counter()
    code, out, err = run_cli("check", "mini")
    seconds = time.perf_counter() - started
    assert "Traceback" not in out + err
    assert seconds < SAFETY
    return code, err, seconds


def test_a_declared_dimension_of_the_whole_grid_is_ignored(run_cli, game: Path):
    """4.7 KB declaring A1:XFD1048576: openpyxl would yield 1,048,576 rows of 16,384 cells."""
    path = workbook(game / "cards.xlsx", _rows(HEAD, ALPHA), dimension="A1:XFD1048576")
    code, err, seconds = _check(run_cli)
    print(f"{path.stat().st_size:,} bytes declaring A1:XFD1048576: checked in {seconds:.2f} s")
    assert code == 0, err


def test_parts_that_unpack_past_the_limit_are_refused_before_unpacking(run_cli, game: Path):
    padding = MAX_UNPACKED + 2**20
    path = workbook(game / "cards.xlsx", _rows(HEAD, ALPHA), padding=padding)
    code, err, seconds = _check(run_cli)
    print(f"{path.stat().st_size:,} bytes unpacking to {padding / 2**20:.0f} MiB: refused in {seconds:.2f} s")
    assert code == 1
    assert "mini/cards.xlsx: this workbook unpacks to 65.0 MiB; the limit is 64 MiB" in err


def test_one_huge_cell_is_refused_at_its_cell(run_cli, game: Path):
    huge = (2, [("A", "Alpha"), ("B", "hero"), ("C", "x" * (MAX_CELL + 1))])
    workbook(game / "cards.xlsx", _rows(HEAD, huge))
    code, err, seconds = _check(run_cli)
    print(f"a {MAX_CELL + 1:,}-character cell: refused in {seconds:.2f} s")
    assert code == 1
    assert (
        f"mini/cards.xlsx:Cards!C2: {MAX_CELL + 1:,} characters in one cell; the limit is {MAX_CELL:,}" in err
    )


def test_a_cell_larger_than_the_limit_is_refused_before_unpacking(run_cli, game: Path):
    huge = (2, [("A", "Alpha"), ("B", "hero"), ("C", "x" * (MAX_UNPACKED + 2**20))])
    path = workbook(game / "cards.xlsx", _rows(HEAD, huge))
    code, err, seconds = _check(run_cli)
    print(f"{path.stat().st_size:,} bytes with a 65 MiB cell: refused in {seconds:.2f} s")
    assert code == 1 and "this workbook unpacks to 65.0 MiB; the limit is 64 MiB" in err


@pytest.mark.parametrize(
    ("row", "col", "say"),
    [
        (MAX_ROWS + 1, 1, f"a value below row {MAX_ROWS:,}, the last row Deckwright reads"),
        (1_048_576, 3, f"a value below row {MAX_ROWS:,}"),
        (3, MAX_COLUMNS + 1, f"a value right of column {column_letters(MAX_COLUMNS)}, the last column"),
        (3, 16_384, f"a value right of column {column_letters(MAX_COLUMNS)}"),
    ],
)
def test_a_value_past_the_last_row_or_column_is_refused_at_its_cell(run_cli, game: Path, row, col, say):
    far = (row, [(column_letters(col), "lost")])
    workbook(game / "cards.xlsx", _rows(HEAD, ALPHA, far), dimension="A1:XFD1048576")
    code, err, seconds = _check(run_cli)
    print(f"a value at {column_letters(col)}{row}: refused in {seconds:.2f} s")
    assert code == 1
    assert f"mini/cards.xlsx:Cards!{column_letters(col)}{row}: {say}" in err
    assert "split the cards into several files" in err


def test_blank_rows_past_the_last_row_are_skipped(run_cli, game: Path):
    blank = "".join(f'<row r="{n}"/>' for n in range(3, MAX_ROWS + 500))
    workbook(game / "cards.xlsx", _rows(HEAD, ALPHA) + blank)
    code, err, _ = _check(run_cli)
    assert code == 0, err


ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)


def _ods_row(texts: list[str], repeat: int = 1) -> str:
    cells = "".join(
        f'<table:table-cell office:value-type="string"><text:p>{t}</text:p></table:table-cell>' for t in texts
    )
    return f'<table:table-row table:number-rows-repeated="{repeat}">{cells}</table:table-row>'


def test_an_ods_row_repeated_past_the_last_row_is_refused_at_the_first_row_past_it(run_cli, tmp_path: Path):
    """Repeat counts multiply a few bytes into a million cards: the same row limit as XLSX."""
    write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("[cards.yaml]", "[cards.ods]")})
    rows = _ods_row(["name", "type", "text"]) + _ods_row(["Alpha", "hero", "Runs."], repeat=1_000_000)
    content = (
        f"<office:document-content {ODS_NS}><office:body><office:spreadsheet>"
        f'<table:table table:name="Cards">{rows}</table:table></office:spreadsheet></office:body>'
        "</office:document-content>"
    )
    with zipfile.ZipFile(tmp_path / "mini" / "cards.ods", "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    code, err, seconds = _check(run_cli)
    print(f"an ODS row repeated 1,000,000 times: refused in {seconds:.2f} s")
    assert code == 1
    assert f"mini/cards.ods:Cards!A{MAX_ROWS + 1}: a value below row {MAX_ROWS:,}" in err


def _lie(path: Path, member: str, size: int) -> None:
    """Make the zip at ``path`` declare ``size`` bytes for ``member`` (both of its headers)."""
    data = bytearray(path.read_bytes())
    name = member.encode()
    central = data.index(b"PK\x01\x02")  # the central directory's first entry
    while data[central + 46 : central + 46 + len(name)] != name:
        central = data.index(b"PK\x01\x02", central + 4)
    local = int.from_bytes(data[central + 42 : central + 46], "little")
    data[central + 24 : central + 28] = data[local + 22 : local + 26] = size.to_bytes(4, "little")
    path.write_bytes(bytes(data))


def test_a_part_that_declares_less_than_it_holds_is_refused_after_its_declared_size(run_cli, game: Path):
    """A zip's directory may lie: the sheet says 1,000 bytes and holds 200 MiB of whitespace."""
    path = workbook(game / "cards.xlsx", _rows(HEAD, ALPHA), padding=200 * 2**20)
    _lie(path, SHEET, 1000)
    code, err, seconds = _check(run_cli)
    print(f"a sheet declaring 1,000 bytes and holding 200 MiB: refused in {seconds:.2f} s")
    assert code == 1
    assert "mini/cards.xlsx: cannot read this file as an XLSX workbook (BadZipFile: Bad CRC-32" in err


def test_an_ods_content_that_declares_less_than_it_holds_is_refused(run_cli, tmp_path: Path):
    write_game(tmp_path / "mini", {"game.yaml": MINI_GAME.replace("[cards.yaml]", "[cards.ods]")})
    path = tmp_path / "mini" / "cards.ods"
    content = f"<office:document-content {ODS_NS}>{' ' * (200 * 2**20)}</office:document-content>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("content.xml", content)
    _lie(path, "content.xml", 1000)
    code, err, seconds = _check(run_cli)
    print(f"an ODS content.xml declaring 1,000 bytes and holding 200 MiB: refused in {seconds:.2f} s")
    assert code == 1 and "mini/cards.ods: cannot read this file as an ODS spreadsheet (BadZipFile" in err
