"""``check --printshop SHOP``: what a shop would refuse or cut, found before the files are sent.

Three checks, each located at the line to change:

- a deck whose card size the shop does not make (at the deck in game.yaml, naming the nearest
  size it does make);
- content outside the shop's safe zone (at the template element): text (the ink of its laid-out
  lines, not its box), icons, and images that stay clear of the trim line. Shapes (rect, ellipse,
  line) are decoration, and an image whose box runs to the trim line or past it into the bleed is
  background art meant to be cut through: neither is checked;
- images below 300 dpi (a warning; below 150 dpi an error) and text that no longer fits, at the
  size the shop prints (the same checks as plain ``check``, rerun at the shop's size).
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from generator.art.fonts import FontBook
from generator.core.errors import Problem, clip
from generator.core.geometry import Box
from generator.core.units import MM, mm
from generator.layout.card import CardLayouter, LayoutProblem
from generator.layout.deck import OVERFLOW_RANK, RESOLUTION_RANK, DeckFaces
from generator.layout.ops import IconOp, ImageOp, Op, ShapeOp, TextOp
from generator.layout.resolution import pixel_size
from generator.load.model import Deck, Game
from generator.printshop.preset import Preset, nearest_size, print_size, shop_size

SIZE_RANK = 25
SAFE_RANK = 55
TOLERANCE = mm(0.05)
"""Content may touch the safe-zone line; beyond this it is reported."""


def check_printshop(
    game: Game, preset: Preset, fonts: FontBook, known: list[Problem] | None = None, bleed: float = mm(3)
) -> list[Problem]:
    """Every problem sending ``game`` to ``preset``'s shop would meet (see the module docstring);
    a resolution or fit problem that is among the ``known`` (plain check's) is not repeated."""
    seen = set(known or ())
    problems = size_problems(game, preset)
    for deck in game.decks:
        size = print_size(preset, deck.width, deck.height, bleed)
        shop_deck = replace(deck, width=size.width, height=size.height)
        faces = DeckFaces(game, shop_deck, fonts, size.bleed)
        for card in deck.cards:
            faces.faces(card)
        at = f" (at {_owner(preset.title)} card size)"
        problems += [
            replace(p, message=p.message + at)
            for p in faces.problems
            if p.rank in (OVERFLOW_RANK, RESOLUTION_RANK) and p not in seen
        ]
        problems += _safe_zone(shop_deck, faces, preset, fonts)
    return problems


def size_problems(game: Game, preset: Preset, severity: str = "error") -> list[Problem]:
    """A problem at each deck whose card size the shop does not make, naming the nearest one."""
    problems = []
    for i, deck in enumerate(game.decks):
        if not preset.sizes or shop_size(preset, deck.width, deck.height) is not None:
            continue
        near = nearest_size(preset, deck.width, deck.height)
        assert near is not None
        made = ", ".join(s.name for s in preset.sizes)
        message = (
            f"{preset.title} does not make {_mm(deck.width)} x {_mm(deck.height)} mm cards (it makes: "
            f"{made}); the nearest is {near.name}, {_mm(near.width)} x {_mm(near.height)} mm: set the "
            f"deck's size to {{width: {_mm(near.width)}mm, height: {_mm(near.height)}mm}} and check the "
            f"templates, or choose another shop"
        )
        where = deck.origin
        path = f"decks[{i}] ('{deck.name}')"
        found = Problem(SIZE_RANK, where.file, where.line, where.column, path, message)
        problems.append(replace(found, severity=severity))
    return problems


def _owner(name: str) -> str:
    """``The Game Crafter's``, ``DriveThruCards'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _mm(points: float) -> str:
    return f"{points / MM:.2f}".rstrip("0").rstrip(".")


def _safe_zone(deck: Deck, faces: DeckFaces, preset: Preset, fonts: FontBook) -> list[Problem]:
    """Content outside the safe zone: once per template element, at its worst card."""
    safe = Box(0, 0, deck.width, deck.height).inset(preset.safe_zone)
    trim = Box(0, 0, deck.width, deck.height)
    worst: dict[tuple[str, int], tuple[float, str, str, list[str], object, object]] = {}
    for card in deck.cards:
        values = card.values()
        sides = [("front", faces.front)]
        back = faces.back(card)
        if back is not None:
            sides.append(("back", back))
        for side, layouter in sides:
            for i, element in enumerate(layouter.template.elements):
                for op in _ops(layouter, i, values, card.type):
                    extent = _extent(op, fonts, trim)
                    if extent is None:
                        continue
                    over, edges = _outside(extent, safe)
                    key = (layouter.template.name, i)
                    if over > TOLERANCE and over > worst.get(key, (0.0,))[0]:
                        worst[key] = (over, side, card.name, edges, layouter.template, element)
    problems = []
    for (_, i), (over, side, name, edges, template, element) in sorted(worst.items(), key=lambda kv: kv[0]):
        origins = template.element_origins  # type: ignore[attr-defined]
        where = origins[i] if i < len(origins) else template.origin  # type: ignore[attr-defined]
        kind, box = element.type, element.box  # type: ignore[attr-defined]
        move = math.ceil(over / MM * 10) / 10
        message = (
            f"template '{template.name}': this {kind} reaches {over / MM:.1f} mm past {_owner(preset.title)} "  # type: ignore[attr-defined]
            f"safe zone ({preset.safe_zone / MM:.2f} mm inside the trim) at the {' and '.join(edges)} on "
            f"the {side} of '{clip(name)}', where the cut may take it: move it {move:g} mm inward or make "
            f"its box smaller (box: {_box_text(box)})"
        )
        problems.append(Problem(SAFE_RANK, where.file, where.line, where.column, f"elements[{i}]", message))
    return problems


def _box_text(box: object) -> str:
    """A template box as written: a name, or [x, y, w, h] in mm."""
    if isinstance(box, str):
        return box
    return "[" + ", ".join(f"{_mm(v)}mm" for v in box) + "]"  # type: ignore[attr-defined]


def _ops(layouter: CardLayouter, i: int, values: dict, card_type: str) -> list[Op]:
    try:
        return layouter.element_ops(i, values, card_type)
    except LayoutProblem:
        return []  # plain check reports it


def _extent(op: Op, fonts: FontBook, trim: Box) -> Box | None:
    """What of ``op`` must stay in the safe zone, card-local; None for decoration and bleed art."""
    if isinstance(op, TextOp):
        return _turned(_text_ink(op, fonts), op.box, op.rotate)
    if isinstance(op, IconOp):
        return _turned(op.box, op.box, op.rotate)
    if isinstance(op, ImageOp):
        if not trim.inset(TOLERANCE).contains(op.box, tol=0.0):
            return None  # background art: runs to the trim line or past it into the bleed
        return _turned(_image_area(op), op.box, op.rotate)
    if isinstance(op, ShapeOp) and op.image is not None:  # a portrait or tile: the outline's extent
        if not trim.inset(TOLERANCE).contains(op.box, tol=0.0):
            return None
        xs = [c[n] for _, c in op.segments for n in range(0, len(c), 2)]
        ys = [c[n] for _, c in op.segments for n in range(1, len(c), 2)]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return None


def _text_ink(op: TextOp, fonts: FontBook) -> Box | None:
    """The ink of laid-out text: each run from its font's descent to its cap height (the font's
    ascent also holds room for accents, which would report text that stays clear)."""
    boxes = []
    for r in op.layout.runs:
        if r.text.strip():
            bottom = r.y + fonts.descent(r.face, r.size)
            top = r.y + _cap_height(r.face) * r.size
            boxes.append(Box(r.x, bottom, fonts.width(r.text, r.face, r.size), top - bottom))
    boxes += [Box(ic.x, ic.y, ic.size, ic.size) for ic in op.layout.icons]
    return _union(boxes)


@lru_cache(maxsize=64)
def _cap_height(face: str) -> float:
    """Cap height of a registered face, per point of size (its ascent if the font gives none)."""
    metrics = pdfmetrics.getFont(face).face
    return (getattr(metrics, "capHeight", 0) or metrics.ascent) / 1000.0


def _image_area(op: ImageOp) -> Box:
    """Where a raster image is drawn inside its box ('contain' leaves margins); else the box."""
    size = pixel_size(op.path)
    b = op.box
    if op.fit != "contain" or size is None or min(size) <= 0:
        return b
    scale = min(b.w / size[0], b.h / size[1])
    w, h = size[0] * scale, size[1] * scale
    return Box(b.x + (b.w - w) / 2, b.y + (b.h - h) / 2, w, h)


def _turned(box: Box | None, around: Box, angle: float) -> Box | None:
    """The bounds of ``box`` turned by ``angle`` degrees about the centre of ``around``."""
    if box is None or not angle:
        return box
    cx, cy = around.x + around.w / 2, around.y + around.h / 2
    a = math.radians(-angle)
    cos, sin = math.cos(a), math.sin(a)
    points = [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x in (box.x, box.right)
        for y in (box.y, box.top)
    ]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x, y, max(b.right for b in boxes) - x, max(b.top for b in boxes) - y)


def _outside(extent: Box, safe: Box) -> tuple[float, list[str]]:
    """How far ``extent`` reaches past ``safe`` (points, worst edge) and which edges it crosses."""
    past = {
        "left": safe.x - extent.x,
        "right": extent.right - safe.right,
        "bottom": safe.y - extent.y,
        "top": extent.top - safe.top,
    }
    edges = [name for name, d in past.items() if d > TOLERANCE]
    return max(past.values()), edges
