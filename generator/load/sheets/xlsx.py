"""XLSX workbooks (Excel, LibreOffice, online spreadsheets), read with openpyxl.

Formulas are read as the value the spreadsheet program last computed and saved. A workbook
written by a program that does not compute formulas (a script, some converters) holds none: such
a cell reads as blank, with a warning at the cell saying so.
"""

from __future__ import annotations

import datetime
import re
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, clip
from generator.load.sheets.table import (
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_SHEET_CELLS,
    MAX_UNPACKED,
    PAST_COLUMNS,
    PAST_ROWS,
    SHEET_CELLS,
    Table,
    file_problem,
    limit_problem,
    past_limit,
    pick_sheet,
)


def cell_text(value: Any) -> str | None:
    """A cell's value as the text a YAML file would hold: 3.0 -> '3', True -> 'true'."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    text = str(value)
    return text if text.strip() else None


def read_xlsx(path: Path, shown: str, sheet: str | None) -> Table:
    """The chosen sheet's rows, read within the limits of :mod:`generator.load.sheets.table`
    whatever the workbook declares (its ``<dimension>`` is ignored)."""
    import openpyxl

    formulas = _check_unpacked(path, shown)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about features it skips (styles, validation)
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken or foreign file
        raise _unreadable(shown, exc) from None
    try:
        name = pick_sheet(shown, list(book.sheetnames), sheet)
        table = Table(shown, name)
        spelled = 0
        try:
            for number, parsed in _parsed_rows(book, book[name]):
                cells = _row(table, number, {c["column"]: c["value"] for c in parsed})
                if cells:
                    spelled += len(cells)
                    if spelled > MAX_SHEET_CELLS:
                        raise past_limit(table, number, 1, SHEET_CELLS)
                    table.rows.append((number, cells))
        except DataError:
            raise
        except Exception as exc:  # a sheet that breaks off or holds what openpyxl cannot parse
            raise _unreadable(shown, exc) from None
    finally:
        book.close()
    if formulas:  # a second pass over the sheet, only for a workbook that holds formulas
        _unsaved_formulas(path, table)
    return table


def _unsaved_formulas(path: Path, table: Table) -> None:
    """Note in ``table.unsaved`` each formula cell the workbook holds no computed value for (read
    as blank); the cards reader reports them, once per column."""
    import openpyxl

    read = {number: cells for number, cells in table.rows}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(path, read_only=True, data_only=False)
    try:
        for number, parsed in _parsed_rows(book, book[table.sheet], data_only=False):
            cells = read.get(number, [])
            for cell in parsed:
                col, raw = cell["column"], cell["value"]
                formula = raw if isinstance(raw, str) else getattr(raw, "text", None)
                if not (isinstance(formula, str) and formula.startswith("=")):
                    continue
                if col <= len(cells) and cells[col - 1] is not None:
                    continue
                table.unsaved.setdefault(col, []).append((number, formula))
    finally:
        book.close()


def _parsed_rows(book: Any, sheet: Any, data_only: bool = True) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """(row number, its cells) for the rows the sheet's XML holds, parsed by openpyxl's own row
    parser. ``iter_rows`` would add a row for every missing row number and pad each row to the
    declared width: a few bytes claiming row 1,048,576 (or a billion) would cost minutes."""
    from openpyxl.worksheet._reader import WorkSheetParser

    with sheet._get_source() as source:
        parser = WorkSheetParser(
            source,
            sheet._shared_strings,
            data_only=data_only,
            epoch=book.epoch,
            date_formats=book._date_formats,
            timedelta_formats=book._timedelta_formats,
        )
        yield from parser.parse()


def _row(table: Table, number: int, values: dict[int, Any]) -> list[str | None]:
    """A row's cells as text (none if blank); DataError at the first cell past a limit (checked
    before a row as wide as its last cell is made)."""
    found = {col: text for col, value in values.items() if (text := cell_text(value)) is not None}
    if not found:
        return []
    if number > MAX_ROWS:
        raise past_limit(table, number, min(found), PAST_ROWS)
    if max(found) > MAX_COLUMNS:
        raise past_limit(table, number, min(c for c in found if c > MAX_COLUMNS), PAST_COLUMNS)
    cells = [found.get(col) for col in range(1, max(found) + 1)]
    problem = limit_problem(table, number, cells)
    if problem is not None:
        raise problem
    return cells


def _check_unpacked(path: Path, shown: str) -> bool:
    """Refuse a workbook whose parts unpack past MAX_UNPACKED: first by the sizes its directory
    declares (nothing unpacked), then by unpacking each part a MiB at a time, so a part that
    declares less than it holds fails its CRC check after its declared size, never more; and one
    with more than MAX_SHARED_STRINGS shared strings. Whether a worksheet holds a formula."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError):
        return True  # not a zip at all: openpyxl says what it is
    with archive:
        total = sum(info.file_size for info in archive.infolist())
        if total > MAX_UNPACKED:
            limit = f"the limit is {MAX_UNPACKED // 2**20} MiB"
            raise file_problem(
                shown,
                f"this workbook unpacks to {total / 2**20:,.1f} MiB; {limit}: keep only the card sheet "
                "in it (no images or other sheets), or split it into several files",
            )
        try:
            counts = [_scan(archive, info) for info in archive.infolist()]
        except Exception as exc:  # a bad CRC, an unknown compression, an encrypted part
            raise _unreadable(shown, exc) from None
    strings = max((n for n, _ in counts), default=0)
    if strings > MAX_SHARED_STRINGS:
        raise file_problem(
            shown,
            f"this workbook holds {strings:,} shared strings; the limit is {MAX_SHARED_STRINGS:,}: keep only "
            "the card sheet in it, or split it into several files",
        )
    return any(f for _, f in counts)


MAX_SHARED_STRINGS = 200_000
"""The most shared strings (the workbook's table of distinct texts) a workbook may hold: openpyxl
reads them all before the first row, some 30 microseconds each."""
_SI = re.compile(rb"<(?:[\w.-]+:)?si[\s/>]")
_FORMULA = re.compile(rb"<(?:[\w.-]+:)?f[\s/>]")


def _scan(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[int, bool]:
    """Unpack a part a MiB at a time (its CRC checked): how many shared strings it holds
    (openpyxl would read every one into memory before the first row) and, for a worksheet,
    whether it holds a formula."""
    name = info.filename.lower()
    counting, sheet = name.endswith("sharedstrings.xml"), name.startswith("xl/worksheets/")
    count, formula, tail = 0, False, b""
    with archive.open(info) as part:
        while chunk := part.read(2**20):
            data = tail + chunk
            if counting:
                count += len(_SI.findall(data)) - len(_SI.findall(tail))  # the tail was counted before
            formula = formula or (sheet and _FORMULA.search(data) is not None)
            tail = data[-16:]
    return count, formula


def _unreadable(shown: str, exc: Exception) -> DataError:
    why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return file_problem(
        shown, f"cannot read this file as an XLSX workbook ({clip(why, 200)}); save it again as .xlsx"
    )
