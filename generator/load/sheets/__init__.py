"""Card data from spreadsheets: CSV, XLSX and ODS files read into one plain table of text.

A reader turns a file into a :class:`~generator.load.sheets.table.Table` (rows of cell text,
each row with its number in the file; :mod:`generator.load.sheets.table` also holds the limits
every reader keeps); :mod:`generator.load.sheets.cards` maps the table's columns onto a deck's
typed card fields. Every cell is text, typed later by the same schema as YAML cards. Only
``SHEET_SUFFIXES`` and :func:`read_table` are here: a build without spreadsheets loads no more.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.yamlio import MAX_BYTES

if TYPE_CHECKING:
    from generator.load.sheets.table import Table

SHEET_SUFFIXES = {".csv": "csv", ".tsv": "csv", ".xlsx": "xlsx", ".xlsm": "xlsx", ".ods": "ods"}
"""File suffixes read as spreadsheets, and the reader for each."""


def read_table(path: Path, shown: str, sheet: str | None = None) -> Table:
    """Read a CSV, XLSX or ODS file into a Table; DataError (located at the file) if it cannot be."""
    from generator.load.sheets.table import file_problem  # spreadsheets only, like the readers

    kind = SHEET_SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise file_problem(shown, f"'{path.suffix}' is not a spreadsheet: use .csv, .tsv, .xlsx or .ods")
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise file_problem(shown, f"cannot read file: {exc.strerror}") from None
    if size > MAX_BYTES:
        limit = f"{MAX_BYTES // 2**20} MiB"
        message = f"file is {size / 1e6:.1f} MB; the limit is {limit}: split it into several files"
        raise file_problem(shown, message)
    if kind == "csv":
        if sheet is not None:
            raise file_problem(shown, "a CSV file has one sheet: remove 'sheet:' from this card file entry")
        from generator.load.sheets.csvfile import read_csv

        return read_csv(path, shown)
    if kind == "xlsx":
        from generator.load.sheets.xlsx import read_xlsx

        return read_xlsx(path, shown, sheet)
    from generator.load.sheets.ods import read_ods

    return read_ods(path, shown, sheet)
