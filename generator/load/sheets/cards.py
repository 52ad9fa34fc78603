"""Map a sheet's columns onto a deck's card fields and validate each row as a card.

The first non-blank row is the header: each heading names a card field (``name``, ``type``, a
field of ``card_fields``) or the count (``count``, ``Qty`` or ``Quantity``). A cell holds text as
a YAML file would; a list is written ``a; b`` and a mapping or record ``key: value; key: value``
(``\\;`` for a literal semicolon). A blank cell leaves the field out. Every problem of the sheet
is collected and reported with its cell.
"""

from __future__ import annotations

import difflib
import re
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel

from generator.core.errors import DataError, Problem, clip
from generator.core.yamlio import Document
from generator.load.model import Card, Origin
from generator.load.sheets.table import Table
from generator.schema.messages import suggest, validate

COUNT_NAMES = ("count", "qty", "quantity")
"""Headings of the count column, in any case."""
_SCALARS = (str, int, float, bool)


@dataclass(frozen=True)
class Columns:
    """How the deck reads its sheets: heading case, headings to leave out, and headings that
    give a field of another name (``rename``: heading -> field)."""

    case: str = "exact"  # "exact" | "insensitive"
    ignore: tuple[str, ...] = ()
    rename: Mapping[str, str] = field(default_factory=dict)

    def renamed(self, heading: str) -> str | None:
        """The heading ``heading`` is renamed from, matched like field names (exact or in any
        case), or None."""
        if heading in self.rename:
            return heading
        if self.case == "insensitive":
            return next((k for k in self.rename if k.casefold() == heading.casefold()), None)
        return None


def _scalar(tp: Any) -> bool:
    return tp in _SCALARS or typing.get_origin(tp) is Literal


def _bare(tp: Any) -> Any:
    """``X | None`` -> ``X``."""
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    return args[0] if type(None) in typing.get_args(tp) and len(args) == 1 else tp


def shape(tp: Any) -> str:
    """How a field is written in a cell: 'scalar', 'list', 'map', or why it cannot be."""
    tp = _bare(tp)
    if _scalar(tp):
        return "scalar"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is list and _scalar(_bare(args[0])):
        return "list"
    if origin is dict and all(_scalar(_bare(a)) for a in args):
        return "map"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        if all(_scalar(_bare(f.annotation)) for f in tp.model_fields.values()):
            return "map"
        return "a record with a list or mapping inside"
    if origin is list:
        return "a list of lists, mappings or records"
    return "a mapping of lists, mappings or records"


def split_items(text: str, sep: str = ";") -> list[str]:
    """'a; b\\; c' -> ['a', 'b; c']; blank items dropped."""
    items, current, i = [], "", 0
    while i < len(text):
        if text[i] == "\\" and text[i + 1 : i + 2] == sep:
            current += sep
            i += 2
            continue
        if text[i] == sep:
            items.append(current)
            current = ""
        else:
            current += text[i]
        i += 1
    items.append(current)
    return [item.strip() for item in items if item.strip()]


def _mapping(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in split_items(text):
        key, colon, value = item.partition(":")
        if not colon or not key.strip():
            message = f"'{clip(item)}' is not 'key: value'; write a mapping as 'key: value; key: value'"
            raise ValueError(message)
        if key.strip() in out:
            raise ValueError(f"key '{key.strip()}' written twice")
        out[key.strip()] = value.strip()
    return out


_LANG_COLUMN = re.compile(r"(.+)@([a-z]{2,3}(?:-[A-Z]{2})?)")
"""A translation column's heading: ``name@de``."""
CONVERT: dict[str, Callable[[str], Any]] = {"scalar": str.strip, "list": split_items, "map": _mapping}


class SheetCards:
    """Reads the cards of one table for one deck's card model."""

    def __init__(self, table: Table, model: type[BaseModel], deck: str, columns: Columns):
        self.table, self.model, self.deck, self.columns = table, model, deck, columns
        self.problems: list[Problem] = []
        fields = {(f.alias or n): f for n, f in model.model_fields.items()}
        first = sorted(fields, key=lambda k: (k not in ("name", "type"), k != "name"))  # name, type, ...
        fields = {k: fields[k] for k in first}
        self.shapes = {key: shape(f.annotation) for key, f in fields.items()}
        self.required = [key for key, f in fields.items() if f.is_required()]
        self.ignored: set[int] = set()
        self.unnamed: set[int] = set()
        self.skipped: set[int] = set()  # columns whose heading is wrong: reported once, cells unread
        self.suggested: set[str] = set()
        self.name_col = 1
        self.unsaved = {col: {row for row, _ in cells} for col, cells in table.unsaved.items()}
        self.blank_required: set[int] = set()  # columns of required fields left blank by formulas
        self.translated: dict[int, tuple[str, str]] = {}  # column -> (field, language): ``name@de``
        self.texts: list[tuple[str, str, str, str, Origin]] = []  # (card, field, language, text, cell)

    def _header_problem(self, row: int, col: int, message: str) -> None:
        self.problems.append(self.table.problem(row, col, "", message, rank=20))

    def _field_of(self, heading: str) -> str | None:
        if heading.casefold() in COUNT_NAMES:
            return "count"
        if heading in self.shapes:
            return heading
        if self.columns.case == "insensitive":
            matches = [k for k in self.shapes if k.casefold() == heading.casefold()]
            return matches[0] if matches else None
        return None

    def _unknown(self, row: int, col: int, heading: str) -> None:
        names = [k for k in self.shapes if k != "count"]
        same = [k for k in names if k.casefold() == heading.casefold()]
        if same:
            self.suggested.add(same[0])
            hint = (
                f" (did you mean '{same[0]}'? headings match field names exactly unless the card file "
                "says 'columns: {case: insensitive}' in game.yaml)"
            )
        else:
            hint = suggest(heading, names)
        self._header_problem(
            row,
            col,
            f"unknown column '{clip(heading)}'{hint}: the card fields of deck '{self.deck}' are "
            f"{', '.join(names)} (and count, Qty or Quantity); list other columns under "
            "'columns: {ignore: [...]}' in game.yaml",
        )

    def _bad_rename(self, row: int, col: int, heading: str, target: str) -> None:
        names = [k for k in self.shapes if k != "count"]
        self.suggested.update(difflib.get_close_matches(target, names, n=1))  # said here, not again
        self._header_problem(
            row,
            col,
            f"'columns: rename' in game.yaml gives column '{clip(heading)}' to '{clip(target)}', which is "
            f"not a card field{suggest(target, names)}: the card fields of deck '{self.deck}' are "
            f"{', '.join(names)} (and count)",
        )

    def header(self, row: int, cells: list[str | None]) -> dict[int, str]:
        """Column number -> field, reporting unknown, doubled and unwritable columns."""
        ignored = {h.casefold() for h in self.columns.ignore}
        mapped: dict[int, str] = {}
        by_field: dict[str, int] = {}
        used: set[str] = set()  # rename entries that matched a heading
        for col, raw in enumerate(cells, start=1):
            heading = (raw or "").strip()
            if heading and heading.casefold() in ignored:
                self.ignored.add(col)
            if not heading or col in self.ignored:
                continue
            self.skipped.add(col)  # until the column is known to give a field
            lang = _LANG_COLUMN.fullmatch(heading)
            if lang and self._field_of(lang.group(1)) not in (None, "count"):
                self.skipped.discard(col)
                self.translated[col] = (self._field_of(lang.group(1)) or "", lang.group(2))
                continue
            source = self.columns.renamed(heading)
            if source is not None:
                used.add(source)
                target = self.columns.rename[source]
                key = self._field_of(target)
                if key is None:
                    self._bad_rename(row, col, heading, target)
                    continue
            else:
                key = self._field_of(heading)
            if key is None:
                self._unknown(row, col, heading)
                continue
            if key in by_field:
                first = by_field[key]
                name = self.table.column_name
                self._header_problem(
                    row,
                    col,
                    f"columns {name(first)} ('{clip(cells[first - 1])}') and {name(col)} ('{clip(heading)}') "
                    f"both give the field '{key}': rename or remove one",
                )
                continue
            if self.shapes.get(key, "scalar") not in CONVERT:
                self._header_problem(
                    row,
                    col,
                    f"field '{key}' is {self.shapes[key]}, which a cell cannot hold: "
                    "keep these cards in a YAML card file",
                )
                continue
            self.skipped.discard(col)
            by_field[key] = col
            mapped[col] = key
        self.name_col = by_field.get("name", 1)
        headings = [(c or "").strip() for c in cells if c and c.strip()]
        for source in self.columns.rename:
            if source not in used:
                self._header_problem(
                    row,
                    1,
                    f"'columns: rename' in game.yaml names the column '{clip(source)}', which this sheet "
                    f"does not have{suggest(source, headings)}; its headings are "
                    + ", ".join(f"'{clip(h)}'" for h in headings),
                )
                self.suggested.add(self.columns.rename[source])
        for key in self.required:
            if key not in by_field and key not in self.suggested:
                self._header_problem(row, 1, f"no column for the required field '{key}': add one")
        return mapped

    def read(self) -> list[Card]:
        rows = self.table.rows
        if not rows:
            message = "the sheet is empty: put the field names in the first row and one card per row"
            raise DataError([Problem(10, self.table.file, 0, 0, "", message)])
        header_row, heading_cells = rows[0]
        mapped = self.header(header_row, heading_cells)
        if not rows[1:]:
            self._header_problem(header_row, 1, "no cards below the header row: one card per row")
        cards = [card for number, cells in rows[1:] if (card := self.row(number, cells, mapped))]
        self._formulas(mapped)
        if self.problems:
            raise DataError(self.problems)
        return cards

    def row(self, number: int, cells: list[str | None], mapped: dict[int, str]) -> Card | None:
        data: dict[str, Any] = {}
        texts: list[tuple[str, str, str, Origin]] = []
        doc = Document(self.table.file, None, {(): (number, self.name_col)})
        bad = False
        for col, text in enumerate(cells, start=1):
            key = mapped.get(col)
            if col in self.translated:
                if text is not None and text.strip():
                    field, lang = self.translated[col]
                    texts.append((field, lang, text.strip(), self._origin(number, col)))
                continue
            if key is None:
                if text is not None and col not in self.ignored | self.skipped | self.unnamed:
                    self.unnamed.add(col)
                    message = "a value in a column without a heading: name it after a card field, or clear it"
                    self.problems.append(self.table.problem(number, col, "", message, rank=20))
                continue
            doc.marks[(key,)] = (number, col)
            if text is None:
                continue
            try:
                data[key] = CONVERT[self.shapes.get(key, "scalar")](text)
            except ValueError as exc:
                self.problems.append(self.table.problem(number, col, key, str(exc)))
                bad = True
        for col, key in mapped.items():
            doc.marks.setdefault((key,), (number, col))
        if bad:
            return None
        try:
            item = validate(self.model, data, doc)
        except DataError as exc:
            for p in exc.problems:
                message = p.message
                if message.startswith("missing required key") and p.path not in mapped.values():
                    continue  # no column for the field: reported once, at the header
                if message.startswith("missing required key"):
                    if p.line in self.unsaved.get(p.column, ()):
                        self.blank_required.add(p.column)  # said once for the column
                        continue
                    message = f"this card needs a value for '{p.path}': the cell is blank"
                self.problems.append(self.table.problem(p.line, p.column, p.path, message))
            return None
        values = item.model_dump(exclude_unset=True, by_alias=True)
        name, card_type = values.pop("name"), values.pop("type", None) or item.type
        count = values.pop("count", 1)
        origins = {k: self._origin(*doc.marks[(k,)]) for k in data}
        self.texts += [(name, *text) for text in texts]
        return Card(name, card_type, count, self.deck, values, self._origin(*doc.marks[()]), origins)

    def _formulas(self, mapped: dict[int, str]) -> None:
        """One message per column of formulas saved without their values (read as blank),
        naming the first cells: an error where a required field is left blank, else a warning."""
        for col, cells in sorted(self.table.unsaved.items()):
            key = mapped.get(col)
            if key is None:
                continue  # an ignored or unknown column: its cells are not read
            row, formula = cells[0]
            if len(cells) == 1:
                what = f"the formula '{clip(formula, 60)}' has no saved value"
            else:
                names = ", ".join(self.table.cell(r, col) or f"row {r}" for r, _ in cells[1:3])
                more = f" and {len(cells) - 3} more" if len(cells) > 3 else ""
                what = (
                    f"{len(cells)} formulas of column {self.table.column_name(col)} ('{key}') have no saved "
                    f"value: this one ('{clip(formula, 60)}'), {names}{more}"
                )
            why = "(the workbook was written by a program that does not calculate formulas)"
            fix = "open the workbook in a spreadsheet program and save it, or type the values"
            if col in self.blank_required:
                message = f"{what} {why}, so '{key}', which every card needs, reads as blank: {fix}"
                self.problems.append(self.table.problem(row, col, key, message))
            else:
                reads = "the cell reads" if len(cells) == 1 else "the cells read"
                message = f"{what} {why}, so {reads} as blank: {fix}"
                problem = self.table.problem(row, col, "", message)
                self.table.warnings.append(replace(problem, severity="warning"))

    def _origin(self, row: int, col: int) -> Origin:
        return Origin(self.table.file, row, col, self.table.cell(row, col))


def cards_from_table(
    table: Table, model: type[BaseModel], deck: str, columns: Columns, texts: list | None = None
) -> list[Card]:
    """The cards of a sheet; DataError with every problem of the sheet, each at its cell. A column
    ``FIELD@CODE`` (``name@de``) holds the field's translation: each filled cell is added to
    ``texts`` as (card, field, language, text, cell) for the game's languages to use."""
    reader = SheetCards(table, model, deck, columns)
    cards = reader.read()
    if texts is not None:
        texts += reader.texts
    return cards
