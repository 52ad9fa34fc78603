"""CSV (and tab-separated) card files: UTF-8 with or without a byte-order mark, the separator
found from the header line (comma, semicolon or tab)."""

from __future__ import annotations

import csv
from pathlib import Path

from generator.core.errors import DataError, Problem
from generator.core.yamlio import decode_utf8
from generator.load.sheets.table import (
    MAX_CELL,
    MAX_COLUMNS,
    MAX_SHEET_CELLS,
    SHEET_CELLS,
    Table,
    file_problem,
    past_limit,
)

SEPARATORS = (",", ";", "\t")


def sniff(first_line: str, suffix: str) -> str:
    """The separator: tab for .tsv, else whichever of , ; tab the header line uses most (comma
    when it uses none, i.e. a one-column sheet)."""
    if suffix == ".tsv":
        return "\t"
    counts = {sep: first_line.count(sep) for sep in SEPARATORS}
    best = max(SEPARATORS, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def read_csv(path: Path, shown: str) -> Table:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise file_problem(shown, f"cannot read file: {exc.strerror}") from None
    text = decode_utf8(raw, shown).removeprefix("\ufeff")
    lines = text.splitlines(keepends=True)
    first = next((line for line in lines if line.strip()), "")
    reader = csv.reader(lines, delimiter=sniff(first, path.suffix.lower()), strict=False)
    table = Table(shown)
    start, spelled = 1, 0
    try:
        for record in reader:
            cells = [value if value.strip() else None for value in record]
            while cells and cells[-1] is None:
                cells.pop()
            if cells:
                _within_limits(table, start, cells, spelled)
                spelled += len(cells)
                table.rows.append((start, cells))
            start = reader.line_num + 1
    except csv.Error as exc:
        message = f"cannot read this line as CSV: {exc}"
        raise DataError([Problem(10, shown, reader.line_num, 0, "", message)]) from None
    return table


def _within_limits(table: Table, line: int, cells: list[str | None], spelled: int) -> None:
    """Refuse a record past the limits every sheet is read within (columns, cell size, cells)."""
    if len(cells) > MAX_COLUMNS:
        raise past_limit(
            table, line, MAX_COLUMNS + 1, f"more than {MAX_COLUMNS:,} columns, the most Deckwright reads"
        )
    for col, text in enumerate(cells, start=1):
        if text is not None and len(text) > MAX_CELL:
            raise past_limit(
                table, line, col, f"{len(text):,} characters in one cell; the limit is {MAX_CELL:,}"
            )
    if spelled + len(cells) > MAX_SHEET_CELLS:
        raise past_limit(table, line, 1, SHEET_CELLS)
