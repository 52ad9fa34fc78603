"""XLSX workbooks (Excel, LibreOffice, online spreadsheets), read with openpyxl.

Formulas are read as the value the spreadsheet program last computed and saved. A workbook
written by a program that does not compute formulas (a script, some converters) holds none: such
a cell reads as blank, with a warning at the cell saying so.
"""

from __future__ import annotations

import datetime
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.errors import clip
from generator.sheets import Table, file_problem, pick_sheet


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
    import openpyxl

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about features it skips (styles, validation)
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken or foreign file
        why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise file_problem(
            shown, f"cannot read this file as an XLSX workbook ({why}); save it again as .xlsx"
        ) from None
    try:
        name = pick_sheet(shown, list(book.sheetnames), sheet)
        table = Table(shown, name)
        rows = book[name].iter_rows(values_only=True)
        for number, values in enumerate(rows, start=1):
            cells = [cell_text(v) for v in values]
            if any(c is not None for c in cells):
                table.rows.append((number, cells))
    finally:
        book.close()
    _unsaved_formulas(path, table)
    return table


def _unsaved_formulas(path: Path, table: Table) -> None:
    """A warning at each formula cell the workbook holds no computed value for (read as blank)."""
    import openpyxl

    read = {number: cells for number, cells in table.rows}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(path, read_only=True, data_only=False)
    try:
        rows = book[table.sheet].iter_rows(values_only=True)
        for number, values in enumerate(rows, start=1):
            cells = read.get(number, [])
            for col, raw in enumerate(values, start=1):
                formula = raw if isinstance(raw, str) else getattr(raw, "text", None)
                if not (isinstance(formula, str) and formula.startswith("=")):
                    continue
                if col <= len(cells) and cells[col - 1] is not None:
                    continue
                message = (
                    f"the formula '{clip(formula, 60)}' has no saved value (the workbook was written "
                    "by a program that does not calculate formulas), so the cell reads as blank: open "
                    "the workbook in a spreadsheet program and save it, or type the value"
                )
                table.warnings.append(replace(table.problem(number, col, "", message), severity="warning"))
    finally:
        book.close()
