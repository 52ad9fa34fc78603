"""The cards whose printed faces changed between two versions: every design of both drawn the
way the build draws it (``export.faces.render_faces``) and compared pixel by pixel, so a changed
template, picture or font shows as surely as a changed field; where they differ is found as boxes
on a coarse grid, for the comparison sheets to mark."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from PIL import Image, ImageChops

from generator.art.fonts import FontBook
from generator.core.errors import Problem
from generator.load.model import Card, Deck, Game
from generator.versions.compare import DeckDiff, GameDiff

SCALE = 100 / 72
"""Pixels per point the faces are compared at (100 dpi: a 0.25 mm line still shows)."""
THRESHOLD = 24
"""Least difference of a channel (0-255) that counts: anti-aliasing noise stays below it."""
CELL = 8
"""Side in pixels of the grid cells changed regions are gathered in (2 mm at 100 dpi)."""


@dataclass
class FaceChange:
    """One design whose front or back prints differently (``old`` None: a new card)."""

    deck: str
    card: Card | None  # None: a card removed
    old: Card | None  # None: a new card
    new_front: Image.Image | None
    old_front: Image.Image | None
    front_boxes: list[tuple[int, int, int, int]] = field(default_factory=list)
    back_changed: bool = False

    @property
    def status(self) -> str:
        if self.old is None:
            return "new"
        if self.card is None:
            return "removed"
        return "renamed" if self.old.name != self.card.name else "changed"

    @property
    def name(self) -> str:
        card = self.card or self.old
        assert card is not None
        return card.name


def changed_boxes(old: Image.Image, new: Image.Image) -> list[tuple[int, int, int, int]]:
    """Boxes (left, top, right, bottom in pixels of ``new``) around the regions that differ;
    images of different sizes differ everywhere."""
    if old.size != new.size:
        return [(0, 0, *new.size)]
    mask = ImageChops.difference(old.convert("RGB"), new.convert("RGB")).convert("L")
    mask = mask.point(lambda v: 255 if v >= THRESHOLD else 0)
    if mask.getbbox() is None:
        return []
    cols, rows = -(-new.width // CELL), -(-new.height // CELL)
    small = mask.resize((cols, rows), Image.Resampling.BOX)  # any changed pixel darkens its cell
    hot = {(x, y) for y in range(rows) for x in range(cols) if small.getpixel((x, y))}
    boxes = []
    while hot:  # one box per cluster of touching cells
        stack = [hot.pop()]
        xs, ys = [], []
        while stack:
            x, y = stack.pop()
            xs.append(x)
            ys.append(y)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (x + dx, y + dy) in hot:
                        hot.remove((x + dx, y + dy))
                        stack.append((x + dx, y + dy))
        box = (min(xs) * CELL, min(ys) * CELL, (max(xs) + 1) * CELL, (max(ys) + 1) * CELL)
        boxes.append((box[0], box[1], min(box[2], new.width), min(box[3], new.height)))
    return sorted(boxes, key=lambda b: (b[1], b[0]))


def _same(a: Image.Image | None, b: Image.Image | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.size == b.size and not changed_boxes(a, b)


def _drawn(
    game: Game, deck: Deck, scale: float, warnings: list[Problem]
) -> dict[str, tuple[Image.Image, Image.Image | None]]:
    from generator.export.faces import render_faces

    fonts = FontBook.load(game.font_dirs)
    return {f.card.name: (f.front, f.back) for f in render_faces(game, deck, fonts, scale, False, warnings)}


def _old_names(deck: DeckDiff) -> dict[str, str]:
    """New card name -> its name in the old version, for every card both versions have."""
    return {c.name: c.old_name for c in deck.changed}


def changed_faces(
    old: Game,
    new: Game,
    diff: GameDiff,
    warnings: list[Problem],
    scale: float = SCALE,
    removed: bool = False,
) -> Iterator[FaceChange]:
    """Every design of ``new`` whose front or back differs from its old self (new cards
    included; with ``removed``, the old cards gone too, after each deck's), deck by deck, drawn
    at ``scale`` pixels per point."""
    old_decks = {d.name: d for d in old.decks}
    diffs = {d.name: d for d in diff.decks}
    for deck in new.decks:
        before_deck = old_decks.get(deck.name)
        after = _drawn(new, deck, scale, warnings)
        before = _drawn(old, before_deck, scale, []) if before_deck is not None else {}
        old_cards = {c.name: c for c in before_deck.cards} if before_deck is not None else {}
        renamed = _old_names(diffs[deck.name]) if deck.name in diffs else {}
        for card in deck.cards:
            front, back = after[card.name]
            was = renamed.get(card.name, card.name)
            if was not in before:
                yield FaceChange(deck.name, card, None, front, None, [(0, 0, *front.size)], back is not None)
                continue
            old_front, old_back = before[was]
            boxes = changed_boxes(old_front, front)
            back_changed = not _same(old_back, back)
            if boxes or back_changed:
                yield FaceChange(deck.name, card, old_cards[was], front, old_front, boxes, back_changed)
        if removed and deck.name in diffs:
            for entry in diffs[deck.name].removed:
                if entry.name in before:
                    yield FaceChange(deck.name, None, old_cards[entry.name], None, before[entry.name][0])
