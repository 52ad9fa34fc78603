"""A loaded rule summary: sections with their text already parsed into spans, ready to lay out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from generator.core.yamlio import Document
from generator.load.model import Origin
from generator.schema.inline import IconSpec
from generator.text.markup import KeywordLook, Span

Spans = tuple[Span, ...]


@dataclass(frozen=True)
class Table:
    """A table body: optional header cells, rows of cells, column widths as fractions (sum 1).

    Empty ``widths`` (keyword and set tables): the first column is as wide as its widest cell.
    """

    header: tuple[Spans, ...] | None
    rows: tuple[tuple[Spans, ...], ...]
    widths: tuple[float, ...]
    lead_icons: bool = False  # the first column holds keyword icons (drawn a little larger)


@dataclass(frozen=True)
class Section:
    """One section. ``items`` are paragraphs, steps or bullets; ``table`` the rows of a table kind."""

    index: int
    kind: str
    title: str
    aid: bool  # on the player aids
    reference: bool  # on the reference pages
    intro: Spans
    items: tuple[Spans, ...]
    table: Table | None
    note: Spans
    start: int
    origin: Origin

    def where(self) -> str:
        """How problems name the section: ``sections[2] 'Setup'``."""
        name = f" '{self.title}'" if self.title else ""
        return f"sections[{self.index}]{name}"


@dataclass(frozen=True)
class Theme:
    """Fonts and colours (see ``schema.summary.StyleSpec``)."""

    font: str
    heading_font: str
    accent: str
    ink: str
    tint: str
    paper: str


@dataclass(frozen=True)
class AidOptions:
    """Card-size player aids: trim size in points, banner title, sets to print, body size."""

    size_name: str
    width: float
    height: float
    title: str
    copies: int
    text_size: float


@dataclass(frozen=True)
class Summary:
    """A validated rule summary of one game."""

    game: str
    title: str
    subtitle: str
    tagline: str  # "3-8 players", from game.yaml
    max_pages: int
    theme: Theme
    aids: AidOptions
    sections: tuple[Section, ...]
    keyword_looks: Mapping[str, KeywordLook]
    icons: Mapping[str, Path]
    font_dirs: tuple[Path, ...]
    origin: Origin
    doc: Document = field(repr=False, compare=False)  # positions, for problems found at layout time
    inline_icons: Mapping[str, IconSpec] = field(default_factory=dict)  # game.yaml sizes and offsets

    def aid_sections(self) -> tuple[Section, ...]:
        return tuple(s for s in self.sections if s.aid)

    def reference_sections(self) -> tuple[Section, ...]:
        return tuple(s for s in self.sections if s.reference)
