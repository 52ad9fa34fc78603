"""Rule "trim": what a miscut would spoil, judged on every laid-out card face (cards of every deck
and pieces of every component group, fronts and backs).

Cutters drift: a printer's guide puts the safe zone 3 mm inside the trim and wants every
background that touches the trim to run on to the bleed's edge, because a cut may land anywhere
in that band (the same 3 mm the templates name ``safe`` and the build's default bleed). So:

- text whose glyphs cross the trim is cut off (**error**), and text inside the 3 mm band is at
  risk of it (**error**);
- a shape or picture that runs past the trim but stops inside the bleed is cut by the trim
  without running off (**error**: content laid out for a larger card, as a poker layout on a
  bridge card); one that ends within a cutter's drift of the trim (1.5 mm: a cost badge's tip)
  is likely cut (**error**); one elsewhere in the band (a panel 2.5 mm in) makes an uneven
  border when the cut drifts (**warning**: many frames are drawn so by choice);
- a background that stops at the trim with a different colour behind it in the bleed shows a
  hairline of that colour when the cut lands outside the trim (**error**).

A shape that reaches the bleed's edge is a background meant to run off. Outlines drawn without a
fill (frames) are not judged."""

from __future__ import annotations

import math
import re
from collections import defaultdict

from generator.core.geometry import Box
from generator.core.units import MM
from generator.layout.card import SAFE_ZONE, turned_box
from generator.layout.ops import EllipseOp, IconOp, ImageOp, Op, RectOp, ShapeOp, TextOp
from generator.load.model import Game
from generator.proof.faces import BLEED, Face, faces, named
from generator.proof.finding import Finding, Spot, face_spot
from generator.proof.parts import Parts
from generator.proof.settings import Settings

_NUMBER = re.compile(r"\d+\.\d+ mm")
_SAMPLE = re.compile(r"'[^']*'")
DRIFT = 1.5 * MM
"""How far a guillotine or die may drift: a shape nearer the trim than this is likely cut."""
TOUCH = 0.25
"""An edge this close to the trim (points) ends at it."""
SIDES = ("left", "bottom", "right", "top")


def ink(op: TextOp) -> Box | None:
    """The box of a text op's runs (ascent to descent), turned as it prints."""
    runs = op.layout.runs
    if not runs:
        return None
    x0 = min(r.x for r in runs)
    x1 = max(r.x + (r.width if r.width is not None else 0.5 * r.size * len(r.text)) for r in runs)
    y0 = min(r.y - 0.22 * r.size for r in runs)
    y1 = max(r.y + 0.75 * r.size for r in runs)
    if not op.rotate:
        return Box(x0, y0, x1 - x0, y1 - y0)
    cx, cy = op.box.x + op.box.w / 2, op.box.y + op.box.h / 2
    a = math.radians(op.rotate)
    pts = [
        (
            cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
            cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a),
        )
        for x in (x0, x1)
        for y in (y0, y1)
    ]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def painted(op: Op) -> tuple[Box, str | None] | None:
    """(the box a filled shape, picture or icon covers, its fill colour or None), or None for
    text and for outlines drawn without a fill."""
    if isinstance(op, (RectOp, EllipseOp)):
        return (turned_box(op.box, op.rotate), op.fill) if op.fill else None
    if isinstance(op, ShapeOp):
        return (op.box, op.fill if op.image is None else None) if (op.fill or op.image) else None
    if isinstance(op, (ImageOp, IconOp)):
        return (turned_box(op.box, op.rotate), None)
    return None


def _gaps(b: Box, w: float, h: float) -> tuple[float, ...]:
    """How far inside the trim each side of ``b`` lies (negative: past it), left bottom right top."""
    return (b.x, b.y, w - b.right, h - b.top)


def _behind(ops: list[Op], upto: int, x: float, y: float) -> str | None:
    """The fill colour drawn before ``ops[upto]`` at (x, y); None when a picture or nothing is."""
    colour = None
    for op in ops[:upto]:
        p = painted(op)
        if p is not None and p[0].x <= x <= p[0].right and p[0].y <= y <= p[0].top:
            colour = p[1]
    return colour


def _judge(face: Face) -> list[tuple[object, str, Box]]:
    """(origin, what is wrong, the box of what is wrong on the face) for each thing a miscut spoils."""
    w, h = face.deck.width, face.deck.height
    out: list[tuple[object, str, Box]] = []
    ops = list(face.ops)
    where = getattr(face.template, "origin", None)
    for i, op in enumerate(ops):
        if isinstance(op, TextOp):
            box = ink(op)
            if box is None:
                continue
            gaps = _gaps(box, w, h)
            text = " ".join(r.text for r in op.layout.runs)[:24]
            side = SIDES[gaps.index(min(gaps))]
            if min(gaps) < -TOUCH:
                out.append((op.origin, f"text '{text}' is cut by the trim at the {side}", box))
            elif min(gaps) < SAFE_ZONE - TOUCH:
                out.append(
                    (
                        op.origin,
                        f"text '{text}' lies {min(gaps) / MM:.1f} mm from the trim at the {side}",
                        box,
                    )
                )
            continue
        p = painted(op)
        if p is None:
            continue
        box, fill = p
        what = (
            f"a {fill} {type(op).__name__[:-2].lower()}" if fill else f"an {type(op).__name__[:-2].lower()}"
        )
        stops: list[str] = []
        for side, gap in zip(SIDES, _gaps(box, w, h), strict=True):
            if gap < -BLEED + TOUCH:
                continue  # runs off: a background
            if gap < -TOUCH:
                short = f"{-gap / MM:.1f} mm short of the bleed"
                out.append((where, f"{what} is cut by the trim at the {side}, {short}", box))
            elif gap <= TOUCH and fill:
                x = {"left": -BLEED / 2, "right": w + BLEED / 2}.get(side, box.x + box.w / 2)
                y = {"bottom": -BLEED / 2, "top": h + BLEED / 2}.get(side, box.y + box.h / 2)
                under = _behind(ops, i, x, y)
                if under is not None and under.lower() != fill.lower():
                    stops.append(f"{side} ({under} behind it)")
            elif gap < SAFE_ZONE - TOUCH and box.w < w - 2 * SAFE_ZONE and box.h < h - 2 * SAFE_ZONE:
                risk = "within a cutter's drift: " if gap <= DRIFT + 0.01 else ""
                out.append((where, f"{what} lies {risk}{gap / MM:.1f} mm from the trim at the {side}", box))
        if stops:
            out.append((where, f"{what} stops at the trim, not in the bleed, at the {', '.join(stops)}", box))
    return out


HOW = {
    "cut": "keep it inside the card, or run it on to the bleed's edge",
    "from": f"keep it {SAFE_ZONE / MM:g} mm inside the trim (the safe zone)",
    "stops": "run it on to the bleed's edge (a miscut shows a hairline)",
}


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    groups: dict[tuple, list[str]] = defaultdict(list)
    first: dict[tuple, str] = {}
    spots: dict[tuple, list[Spot]] = defaultdict(list)
    for face in faces(game, parts):
        for origin, message, box in dict.fromkeys(_judge(face)):
            kind = _SAMPLE.sub("'...'", _NUMBER.sub("#", message))  # one finding per element and kind
            key = (origin, face.deck.name, face.side, kind)
            groups[key].append(face.card.name)
            first.setdefault(key, message)
            spots[key].append(face_spot(face.deck, face.card, face.side, box))
    found = []
    for key, cards in groups.items():
        origin, deck, side, _ = key
        message = first[key]
        how = next(v for k, v in HOW.items() if f" {k} " in message)
        text = f"{message} on the {side} of {len(set(cards))} cards of '{deck}' ({named(cards)}): {how}"
        plain = " mm from the trim" in message and not message.startswith("text") and "drift" not in message
        severity = "warning" if plain else "error"
        found.append(Finding("trim", origin, text, severity=severity, spots=tuple(dict.fromkeys(spots[key]))))
    return found
