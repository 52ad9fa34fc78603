"""A spreadsheet read as a plain table of text, and what every reader shares: the limits a
sheet is read within, the messages for a value past them, and the problems located at the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.core.errors import DataError, Problem

MAX_UNPACKED = 64 * 2**20
"""The most an XLSX or ODS file (a zip) may unpack to, all its parts together: a guard against
zip bombs, far above any card sheet."""
MAX_ROWS = 10_000
"""The last row of a workbook's sheet that may hold a value (blank rows past it are skipped)."""
MAX_COLUMNS = 1_024
"""The last column of a workbook's sheet that may hold a value (``AMJ``)."""
MAX_CELL = 32_767
"""The most characters one cell may hold (Excel's own limit)."""
MAX_SHEET_CELLS = 1_000_000
"""The most cells (rows times columns up to each row's last value) one sheet may spell out: a
few bytes of repeat counts, shared strings or separators must not become minutes of work.
10,000 cards of 100 columns fit."""


def column_letters(col: int) -> str:
    """1 -> 'A', 27 -> 'AA'."""
    out = ""
    while col:
        col, rest = divmod(col - 1, 26)
        out = chr(65 + rest) + out
    return out


PAST_ROWS = f"a value below row {MAX_ROWS:,}, the last row Deckwright reads"
SHEET_CELLS = f"more than {MAX_SHEET_CELLS:,} cells up to here, the most Deckwright reads from one sheet"
PAST_COLUMNS = f"a value right of column {column_letters(MAX_COLUMNS)}, the last column Deckwright reads"


@dataclass
class Table:
    """A sheet's cells as text (None = blank): ``rows`` holds (row number, cells), cell *i* in
    column *i + 1*. ``sheet`` is None for CSV, whose row number is the line the record starts on."""

    file: str
    sheet: str | None = None
    rows: list[tuple[int, list[str | None]]] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)  # located, for check and build to show
    unsaved: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    """Column -> (row, formula) of each formula cell saved without its value (read as blank)."""

    def cell(self, row: int, col: int) -> str:
        """How a cell is named in messages: ``Cards!C12`` (a workbook) or '' (CSV: line:column)."""
        if self.sheet is None:
            return ""
        name = self.sheet
        if not name.replace("_", "").isalnum():
            name = "'" + name.replace("'", "''") + "'"
        return f"{name}!{column_letters(col)}{row}"

    def column_name(self, col: int) -> str:
        """A column as a user sees it: 'C' in a workbook, '3' in CSV."""
        return column_letters(col) if self.sheet is not None else str(col)

    def problem(self, row: int, col: int, path: str, message: str, rank: int = 30) -> Problem:
        return Problem(rank, self.file, row, col, path, message, cell=self.cell(row, col))


def past_limit(table: Table, row: int, col: int, what: str) -> DataError:
    """A value past one of the limits above, located at its cell."""
    message = f"{what}: split the cards into several files (or remove what is there)"
    return DataError([table.problem(row, col, "", message, rank=10)])


def limit_problem(table: Table, row: int, cells: list[str | None]) -> DataError | None:
    """Why a row of cell text (None = blank) read at ``row`` is past a limit, or None."""
    filled = [col for col, text in enumerate(cells, start=1) if text is not None]
    if not filled:
        return None
    if row > MAX_ROWS:
        return past_limit(table, row, filled[0], PAST_ROWS)
    if filled[-1] > MAX_COLUMNS:
        return past_limit(table, row, next(c for c in filled if c > MAX_COLUMNS), PAST_COLUMNS)
    for col in filled:
        size = len(cells[col - 1] or "")
        if size > MAX_CELL:
            return past_limit(table, row, col, f"{size:,} characters in one cell; the limit is {MAX_CELL:,}")
    return None


def file_problem(shown: str, message: str) -> DataError:
    return DataError([Problem(10, shown, 0, 0, "", message)])


def pick_sheet(shown: str, names: list[str], wanted: str | None) -> str:
    """The sheet to read: ``wanted`` (matched exactly, then ignoring case) or the first one."""
    from generator.schema.messages import suggest

    if not names:
        raise file_problem(shown, "the workbook has no sheets")
    if wanted is None:
        return names[0]
    if wanted in names:
        return wanted
    folded = [n for n in names if n.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded[0]
    listed = ", ".join(f"'{n}'" for n in names)
    raise file_problem(shown, f"no sheet '{wanted}'{suggest(wanted, names)}; the sheets are {listed}")
