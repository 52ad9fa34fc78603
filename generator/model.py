"""The validated game model: built once by the loader, read by layout, render and rules alike.

Every object remembers where it came from (``Origin``) so later stages can report problems with
the file and line of the data that caused them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import Problem


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a piece of data was written: file path (as shown to users), 1-based line and column."""

    file: str
    line: int = 0
    column: int = 0
    cell: str = ""  # a spreadsheet cell (``Cards!C12``), shown instead of line:column

    def __str__(self) -> str:
        if self.cell:
            return f"{self.file}:{self.cell}"
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.column}" if self.column else f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class Card:
    """One card design as written in a card database; ``count`` copies of it go in the deck.

    ``fields`` holds every other field, already converted to the types the game declares
    (``int``, ``list``, nested records as plain dicts). ``field_origins`` maps a field name to
    where it was written.
    """

    name: str
    type: str
    count: int
    deck: str
    fields: Mapping[str, Any]
    origin: Origin
    field_origins: Mapping[str, Origin] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A field by name; ``name``, ``type``, ``count`` and ``deck`` are fields too."""
        if key in ("name", "type", "count", "deck"):
            return getattr(self, key)
        return self.fields.get(key, default)

    def values(self) -> dict[str, Any]:
        """All fields including the built-in ones, for template substitution."""
        return {"name": self.name, "type": self.type, "count": self.count, "deck": self.deck, **self.fields}


@dataclass(frozen=True, slots=True)
class CardCopy:
    """One physical card: a card design and which copy of it this is (1-based)."""

    card: Card
    copy: int
    index: int  # position in the expanded deck, 0-based


@dataclass(frozen=True)
class Deck:
    """A deck: its cards, card size (points, trim), front template and back per card type."""

    name: str
    title: str
    width: float
    height: float
    template: str
    back: str | None
    backs_by_type: Mapping[str, str]
    cards: tuple[Card, ...]
    origin: Origin
    one_sided: bool = False  # ``back: none``: no back pages, printed single-sided

    def back_for(self, card: Card) -> str | None:
        """The back template this card prints with (its type's back, else the deck's)."""
        return self.backs_by_type.get(card.type, self.back)

    def copies(self) -> Iterator[CardCopy]:
        """Expand counts: every physical card in deck order, each design's copies together."""
        index = 0
        for card in self.cards:
            for n in range(1, card.count + 1):
                yield CardCopy(card, n, index)
                index += 1

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)


@dataclass(frozen=True)
class Game:
    """A whole game: metadata, decks, icon and template search paths, extra YAML sections."""

    name: str
    title: str
    version: str
    folder: Path
    decks: tuple[Deck, ...]
    icons: Mapping[str, Path]
    keywords: Mapping[str, Any]
    template_dirs: tuple[Path, ...]
    font_dirs: tuple[Path, ...]
    origin: Origin
    extra: Mapping[str, Any] = field(default_factory=dict)

    def deck(self, name: str) -> Deck:
        for deck in self.decks:
            if deck.name == name:
                return deck
        raise KeyError(name)

    def all_cards(self) -> Iterator[Card]:
        for deck in self.decks:
            yield from deck.cards

    def spec_problem(self, loc: tuple[str | int, ...], message: str, rank: int = 20) -> Problem:
        """A problem located in this game's game.yaml, from the positions kept when it was loaded."""
        doc = self.extra.get("doc")
        if doc is None:
            return Problem(rank, self.origin.file, 0, 0, ".".join(map(str, loc)), message)
        return doc.problem(loc, message, rank=rank)
