"""The validated game model: built once by the loader, read by layout, render and rules alike.

Every object remembers where it came from (``Origin``) so later stages can report problems with
the file and line of the data that caused them.
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from generator.core.errors import Problem

if TYPE_CHECKING:
    from generator.schema.inline import IconSpec


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a piece of data was written: file path (as shown to users), 1-based line and column."""

    file: str
    line: int = 0
    column: int = 0
    cell: str = ""  # a spreadsheet cell (``Cards!C12``), shown instead of line:column

    def __reduce__(self) -> tuple:
        # pickled by its values (a long deck's cards are kept pickled): several times faster
        # than the field-by-field state dataclasses pickle slotted classes with
        return (Origin, (self.file, self.line, self.column, self.cell))

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

    def __reduce__(self) -> tuple:
        fields = (self.name, self.type, self.count, self.deck, self.fields, self.origin, self.field_origins)
        return (Card, fields)  # by its values, as ``Origin``

    def get(self, key: str, default: Any = None) -> Any:
        """A field by name; ``name``, ``type``, ``count`` and ``deck`` are fields too."""
        if key in ("name", "type", "count", "deck"):
            return getattr(self, key)
        return self.fields.get(key, default)

    def values(self) -> dict[str, Any]:
        """All fields including the built-in ones, for template substitution."""
        return {"name": self.name, "type": self.type, "count": self.count, "deck": self.deck, **self.fields}


PACK_AFTER = 4096
"""A deck of more card designs than this keeps them packed (:class:`PackedCards`)."""
BATCH = 256
"""Cards per packed batch: one batch is unpacked at a time."""


class PackedCards(Sequence[Card]):
    """A long deck's cards, kept compactly: pickled and compressed in batches of ``BATCH``, each
    card made again whenever it is read (so equal, not the same object, from one pass to the
    next). A build reads the cards a few times over and holds one batch at a time, so memory does
    not follow the deck: 100,000 cards of the benchmark take under 2 MB, against some 200 held.

    The loader appends the cards as it reads them; :meth:`settled` is what the deck keeps: the
    cards themselves while there are at most ``PACK_AFTER``, else the packed store.
    """

    def __init__(self, cards: Iterable[Card] = ()):
        self._batches: list[bytes] = []
        self._open: list[Card] = []
        self._len = 0
        self.total = 0
        """Physical cards: the sum of the counts."""
        self.types: set[str] = set()
        """Every card type among the cards (what a build asks of them all, without unpacking)."""
        self.field_names: set[str] = set()
        """Every field any card has (see ``types``)."""
        for card in cards:
            self.append(card)

    def append(self, card: Card) -> None:
        self._open.append(card)
        self._len += 1
        self.total += card.count
        self.types.add(card.type)
        self.field_names.update(card.fields)
        if self._len > PACK_AFTER and len(self._open) >= BATCH:
            while len(self._open) >= BATCH:
                batch, self._open = self._open[:BATCH], self._open[BATCH:]
                self._batches.append(zlib.compress(pickle.dumps(batch, protocol=5), 1))

    def settled(self) -> Sequence[Card]:
        """The cards as a deck keeps them: a tuple of at most ``PACK_AFTER``, else this store."""
        return self if self._batches else tuple(self._open)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[Card]:
        for batch in self._batches:
            yield from pickle.loads(zlib.decompress(batch))
        yield from list(self._open)

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...
    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._len)
            if step == 1:
                return tuple(islice(self, start, max(start, stop)))
            return tuple(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("card index out of range")
        n, at = divmod(index, BATCH)
        if n < len(self._batches):
            return pickle.loads(zlib.decompress(self._batches[n]))[at]
        return self._open[index - BATCH * len(self._batches)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or len(other) != self._len:
            return False
        return all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash((self._len, self.total, tuple(self._batches)))

    def __repr__(self) -> str:
        return f"PackedCards({self._len} cards)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PackedCards, (list(self),))


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
    cards: Sequence[Card]
    """A tuple, or for a long deck :class:`PackedCards` (read it in order, as a build does)."""
    origin: Origin
    one_sided: bool = False  # ``back: none``: no back pages, printed single-sided

    def back_for(self, card: Card) -> str | None:
        """The back template this card prints with (its type's back, else the deck's)."""
        return self.backs_by_type.get(card.type, self.back)

    def backs(self) -> set[str | None]:
        """The back of every card (``back_for``), each once; a packed deck's from its card types."""
        types = getattr(self.cards, "types", None)
        if types is None:
            return {self.back_for(c) for c in self.cards}
        return {self.backs_by_type.get(t, self.back) for t in types}

    def copies(self) -> Iterator[CardCopy]:
        """Expand counts: every physical card in deck order, each design's copies together."""
        index = 0
        for card in self.cards:
            for n in range(1, card.count + 1):
                yield CardCopy(card, n, index)
                index += 1

    @property
    def size(self) -> int:
        if isinstance(self.cards, PackedCards):
            return self.cards.total
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
    inline_icons: Mapping[str, IconSpec] = field(default_factory=dict)
    """Icons of ``game.yaml`` given a size or offset in running text."""

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
