"""XLSX workbooks (Excel, LibreOffice, online spreadsheets), read with openpyxl.

Formulas are read as the value the spreadsheet program last computed and saved.
"""

from __future__ import annotations

import datetime
import warnings
from pathlib import Path
from typing import Any

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
    return table
