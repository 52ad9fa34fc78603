"""The cards whose printed faces changed between two versions: every design of both drawn the
way the build draws it (``export.faces.render_faces``) and compared pixel by pixel, so a changed
template, picture or font shows as surely as a changed field; where they differ is found as boxes
on a coarse grid, for the comparison sheets to mark."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from PIL import Image, ImageChops

from generator.art.fonts import FontBook
from generator.core.errors import Problem
from generator.load.model import Card, Deck, Game
from generator.versions.compare import DeckDiff, GameDiff, keyed

SCALE = 100 / 72
"""Pixels per point the faces are compared at (100 dpi: a 0.25 mm line still shows)."""
THRESHOLD = 12
"""Least difference of a channel (0-255) that counts: a picture printed as a light tint changes
by some 20-40 (the same drawing rasterised again differs by nothing at all)."""
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
    new_back: Image.Image | None = None  # the backs, kept when they changed
    old_back: Image.Image | None = None
    back_boxes: list[tuple[int, int, int, int]] = field(default_factory=list)

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
    r, g, b = ImageChops.difference(old.convert("RGB"), new.convert("RGB")).split()
    mask = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v >= THRESHOLD else 0)
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
    faces = render_faces(game, deck, fonts, scale, False, warnings)  # in the deck's order
    return {key: (f.front, f.back) for key, f in zip(keyed(deck.cards), faces, strict=True)}


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
        old_cards = keyed(before_deck.cards) if before_deck is not None else {}
        renamed = _old_names(diffs[deck.name]) if deck.name in diffs else {}
        for key, card in keyed(deck.cards).items():
            front, back = after[key]
            was = renamed.get(key, key)
            if was not in before:
                yield FaceChange(deck.name, card, None, front, None, [(0, 0, *front.size)], back is not None)
                continue
            old_front, old_back = before[was]
            boxes = changed_boxes(old_front, front)
            back_changed = not _same(old_back, back)
            if boxes or back_changed:
                change = FaceChange(deck.name, card, old_cards[was], front, old_front, boxes, back_changed)
                if back_changed:
                    change.new_back, change.old_back = back, old_back
                    change.back_boxes = changed_boxes(old_back, back) if old_back and back else []
                yield change
        if removed:
            kept = {renamed.get(k, k) for k in after}
            for key, card in old_cards.items():
                if key not in kept:
                    yield FaceChange(deck.name, None, card, None, before[key][0])


@dataclass
class Pair:
    """One old/new picture pair to show: a card's front, or a back some cards share."""

    face: FaceChange  # its ``old_front``/``new_front``/``front_boxes`` are what is drawn
    title: str
    side: str = "front"


def pairs(faces: Iterable[FaceChange]) -> list[Pair]:
    """What a comparison shows: each card whose front changed (new and removed ones too), then each
    different change of a back once, naming the cards printed with it."""
    out: list[Pair] = []
    backs: dict[bytes, Pair] = {}
    for face in faces:
        if face.front_boxes or face.status in ("new", "removed"):
            name = face.name if face.status != "renamed" else f"{face.old.name} -> {face.name}"  # type: ignore[union-attr]
            out.append(Pair(face, name))
        if face.back_changed and face.status not in ("new", "removed"):
            key = hashlib.sha256(_bytes(face.old_back) + b"|" + _bytes(face.new_back)).digest()
            if key not in backs:
                drawn = replace(
                    face, old_front=face.old_back, new_front=face.new_back, front_boxes=face.back_boxes
                )
                backs[key] = Pair(drawn, "", "back")
            backs[key].title += ("" if not backs[key].title else ", ") + face.name
    for pair in backs.values():
        names = pair.title.split(", ")
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        pair.title = f"the back of {len(names)} card{'s' if len(names) != 1 else ''}: {shown}"
    return out + list(backs.values())


def _bytes(image: Image.Image | None) -> bytes:
    return b"" if image is None else image.tobytes()
