"""ODS spreadsheets (LibreOffice, OpenOffice, exports of online spreadsheets), read with the
standard library: an ODS file is a zip holding ``content.xml``, whose table rows and cells
carry their repeat counts and typed values as attributes."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

from generator.load.sheets.table import MAX_ROWS, MAX_UNPACKED, Table, file_problem, limit_problem, pick_sheet
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


def _paragraph(element: ElementTree.Element) -> str:
    """The text of a ``text:p``, with ``text:s`` (spaces), tabs and line breaks spelled out."""
    out = [element.text or ""]
    for child in element:
        if child.tag == f"{TEXT}s":
            out.append(" " * int(child.get(f"{TEXT}c", "1")))
        elif child.tag == f"{TEXT}tab":
            out.append("\t")
        elif child.tag == f"{TEXT}line-break":
            out.append("\n")
        else:
            out.append(_paragraph(child))
        out.append(child.tail or "")
    return "".join(out)


def _value(cell: ElementTree.Element) -> str | None:
    kind = cell.get(f"{OFFICE}value-type")
    if kind in _NUMERIC:
        return cell_text(float(cell.get(f"{OFFICE}value", "0")))
    if kind == "boolean":
        return cell_text(cell.get(f"{OFFICE}boolean-value") == "true")
    if kind == "date":
        value = cell.get(f"{OFFICE}date-value", "")
        return value.removesuffix("T00:00:00") or None
    if kind == "time":
        return cell.get(f"{OFFICE}time-value") or None
    text = "\n".join(_paragraph(p) for p in cell.iter(f"{TEXT}p"))
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
    for row in _rows(tables[name]):
        repeat = int(row.get(f"{TABLE}number-rows-repeated", "1"))
        cells: list[str | None] = []
        for cell in row:
            if cell.tag not in _CELLS:
                continue
            times = int(cell.get(f"{TABLE}number-columns-repeated", "1"))
            value = _value(cell)
            if value is None:  # blank runs (often thousands wide) take no room unless text follows
                cells.extend([None] * min(times, MAX_COLUMNS))
            else:
                cells.extend([value] * min(times, MAX_COLUMNS))
            if len(cells) >= MAX_COLUMNS:
                break
        while cells and cells[-1] is None:
            cells.pop()
        if cells:
            last = number + repeat  # a row repeated past the last row fails at the first row past it
            problem = limit_problem(table, max(number + 1, min(last, MAX_ROWS + 1)), cells)
            if problem is not None:
                raise problem
            for n in range(number + 1, last + 1):
                table.rows.append((n, list(cells)))
        number += repeat
    return table
