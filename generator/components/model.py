"""Component groups as the rest of the pipeline sees them: each group is a Deck of items.

A group's items are ``Card`` objects in a ``Deck`` (size, template, back, counts), so the card
layout (``CardLayouter`` via ``layout.deck.DeckFaces``) and the imposition engine take them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.load.model import Deck, Origin

FILES = {
    "counter": "counters",
    "marker": "markers",
    "money": "money",
    "standee": "standees",
    "sheet": "sheets",
}
"""The PDF (stem) each kind is written to; groups of one kind share a file."""

NOUNS = {
    "counter": ("counter", "counters"),
    "marker": ("marker", "markers"),
    "money": ("banknote", "banknotes"),
    "standee": ("standee", "standees"),
    "sheet": ("player sheet", "player sheets"),
}
"""What one piece of each kind is called, singular and plural."""


@dataclass(frozen=True)
class ComponentGroup:
    """One group: its kind and shape, and its items as a deck.

    ``width`` x ``height`` is one item's trim in points (for a standee: one face of the strip;
    ``tab`` is the base tab at each end, and the back defaults to the front template). The deck's
    size is the templates' design size: faces are laid out at it and drawn scaled to the trim.
    """

    name: str
    title: str
    kind: str
    shape: str
    deck: Deck
    width: float
    height: float
    origin: Origin
    size_origin: Origin
    tab: float = 0.0
    note: str | None = None
    use: str = ""  # sheets: "pad" (written on, printed again) or "piece" (cut out and kept)

    @property
    def two_sided(self) -> bool:
        """True when items print with a back on the other side of the paper (not standees)."""
        return self.kind != "standee" and self.deck.back is not None

    @property
    def scale(self) -> tuple[float, float]:
        """(x, y) scale from the design size to the trim."""
        return self.width / self.deck.width, self.height / self.deck.height

    @property
    def size(self) -> int:
        return self.deck.size


@dataclass(frozen=True)
class ComponentSet:
    """Every group of one component file."""

    file: Path
    groups: tuple[ComponentGroup, ...]
    origin: Origin


def pdf_stem(component_set: ComponentSet, kind: str) -> str:
    """The PDF a group of ``kind`` goes to: ``counters`` for components.yaml, else prefixed with
    the file's stem (``tokens-counters``), so separate component files never share a PDF."""
    stem = component_set.file.stem
    return FILES[kind] if stem == "components" else f"{stem}-{FILES[kind]}"
