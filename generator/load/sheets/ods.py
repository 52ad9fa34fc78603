"""ODS spreadsheets (LibreOffice, OpenOffice, exports of online spreadsheets), read with the
standard library: an ODS file is a zip holding ``content.xml``, whose table rows and cells
carry their repeat counts and typed values as attributes."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

from generator.core.errors import DataError, clip
from generator.load.sheets.table import (
    MAX_CELL,
    MAX_ROWS,
    MAX_SHEET_CELLS,
    MAX_UNPACKED,
    SHEET_CELLS,
    Table,
    file_problem,
    limit_problem,
    past_limit,
    pick_sheet,
)
from generator.load.sheets.xlsx import cell_text

TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
MAX_CONTENT = MAX_UNPACKED
"""The most ``content.xml`` may unpack to (a guard against zip bombs)."""
MAX_COLUMNS = 16_384
_ROW_GROUPS = {f"{TABLE}table-header-rows", f"{TABLE}table-row-group", f"{TABLE}table-rows"}
_CELLS = {f"{TABLE}table-cell", f"{TABLE}covered-table-cell"}
_NUMERIC = {"float", "percentage", "currency"}


def _rows(table: ElementTree.Element) -> Iterator[ElementTree.Element]:
    for child in table:
        if child.tag == f"{TABLE}table-row":
            yield child
        elif child.tag in _ROW_GROUPS:
            yield from _rows(child)


class BadCell(ValueError):
    """A cell or row whose attributes do not read; the message says which and what to do,
    ``col`` the column it was found at (1 for a row's own attributes)."""

    def __init__(self, message: str, col: int = 1):
        super().__init__(message)
        self.col = col


def _count(element: ElementTree.Element, name: str) -> int:
    """A repeat count attribute (``table:number-rows-repeated`` and the like): a whole number >= 1."""
    raw = element.get(f"{TABLE}{name}", "1")
    try:
        count = int(raw.strip()) if raw.strip().isdigit() else 0
    except ValueError:  # pragma: no cover - isdigit() admits some digits int() refuses
        count = 0
    if count < 1:
        raise BadCell(f"table:{name}='{clip(raw)}' is not a whole number of 1 or more: save the file again")
    return count


def _spaces(child: ElementTree.Element) -> int:
    raw = child.get(f"{TEXT}c", "1")
    if not raw.strip().isdigit():
        raise BadCell(f"text:c='{clip(raw)}' is not a number of spaces: save the file again")
    return min(int(raw), MAX_CELL + 1)  # past a cell's limit the cell is refused anyway


def _paragraph(element: ElementTree.Element, budget: int = MAX_CELL + 1) -> str:
    """The text of a ``text:p``, with ``text:s`` (spaces), tabs and line breaks spelled out;
    spelled out no further than ``budget`` characters (past a cell's limit nothing is kept)."""
    out = [element.text or ""]
    size = len(out[0])
    for child in element:
        if size > budget:
            break
        if child.tag == f"{TEXT}s":
            out.append(" " * min(_spaces(child), budget - size + 1))
        elif child.tag == f"{TEXT}tab":
            out.append("\t")
        elif child.tag == f"{TEXT}line-break":
            out.append("\n")
        else:
            out.append(_paragraph(child, budget - size))
        out.append(child.tail or "")
        size += len(out[-1]) + len(out[-2])
    return "".join(out)


def _number(cell: ElementTree.Element) -> str | None:
    raw = cell.get(f"{OFFICE}value", "0")
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if value != value or value in (float("inf"), float("-inf")):
        raise BadCell(f"the number '{clip(raw)}' saved in this cell cannot be read: type the value again")
    return cell_text(value)


def _value(cell: ElementTree.Element) -> str | None:
    kind = cell.get(f"{OFFICE}value-type")
    if kind in _NUMERIC:
        return _number(cell)
    if kind == "boolean":
        return cell_text(cell.get(f"{OFFICE}boolean-value") == "true")
    if kind == "date":
        value = cell.get(f"{OFFICE}date-value", "")
        return value.removesuffix("T00:00:00") or None
    if kind == "time":
        return cell.get(f"{OFFICE}time-value") or None
    texts, left = [], MAX_CELL + 1  # all the paragraphs of a cell spelled out to one cell's limit
    for paragraph in cell.iter(f"{TEXT}p"):
        if left < 0:
            break
        texts.append(_paragraph(paragraph, left))
        left -= len(texts[-1]) + 1
    text = "\n".join(texts)
    return cell_text(cell.get(f"{OFFICE}string-value", text))


def _content(path: Path, shown: str) -> ElementTree.Element:
    try:
        with zipfile.ZipFile(path) as archive:
            info = archive.getinfo("content.xml")
            if info.file_size > MAX_CONTENT:
                raise file_problem(shown, "the sheet is too large to read: split it into several files")
            with archive.open(info) as part:  # never more than declared: a part that lies fails its CRC
                return ElementTree.fromstring(part.read(MAX_CONTENT + 1))
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError, OSError, ValueError) as exc:
        why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        message = f"cannot read this file as an ODS spreadsheet ({why}); save it again as .ods"
        raise file_problem(shown, message) from None


def read_ods(path: Path, shown: str, sheet: str | None) -> Table:
    root = _content(path, shown)
    tables = {t.get(f"{TABLE}name", ""): t for t in root.iter(f"{TABLE}table")}
    name = pick_sheet(shown, list(tables), sheet)
    table = Table(shown, name)
    number = 0
    spelled = 0  # cells the rows kept so far spell out (repeats included)
    for row in _rows(tables[name]):
        try:
            repeat = _count(row, "number-rows-repeated")
            cells = _cells(row)
        except BadCell as exc:
            raise DataError([table.problem(number + 1, exc.col, "", str(exc), rank=10)]) from None
        while cells and cells[-1] is None:
            cells.pop()
        if cells:
            last = number + repeat  # a row repeated past the last row fails at the first row past it
            problem = limit_problem(table, max(number + 1, min(last, MAX_ROWS + 1)), cells)
            if problem is not None:
                raise problem
            for n in range(number + 1, last + 1):
                spelled += len(cells)
                if spelled > MAX_SHEET_CELLS:
                    raise past_limit(table, n, 1, SHEET_CELLS)
                table.rows.append((n, list(cells)))
        number += repeat
    return table


def _cells(row: ElementTree.Element) -> list[str | None]:
    """A row's cells as text (None = blank), their repeats spelled out up to the last column read."""
    cells: list[str | None] = []
    for cell in row:
        if cell.tag not in _CELLS:
            continue
        try:
            times = _count(cell, "number-columns-repeated")
            value = _value(cell)
            if value is not None and len(value) > MAX_CELL:  # spelled out no further than this
                raise BadCell(f"more than {MAX_CELL:,} characters in one cell, the limit: shorten the text")
        except BadCell as exc:
            raise BadCell(str(exc), len(cells) + 1) from None
        # blank runs (often thousands wide) take no room unless text follows
        cells.extend([value] * min(times, MAX_COLUMNS))
        if len(cells) >= MAX_COLUMNS:
            break
    return cells
