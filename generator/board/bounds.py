"""How far each op reaches, to tell a user when a feature sticks out of the board."""

from __future__ import annotations

import math
from collections.abc import Iterable

from generator.art.fonts import FontBook
from generator.board.ops import BoardOp, PolyOp
from generator.core.geometry import Box
from generator.core.units import MM
from generator.layout import bounding_box
from generator.layout.ops import EllipseOp, IconOp, ImageOp, LineOp, RectOp, TextOp


def _turned(box: Box, angle: float, pivot: tuple[float, float]) -> Box:
    if not angle:
        return box
    t = math.radians(angle)
    c, s = math.cos(t), math.sin(t)
    px, py = pivot
    pts = [(x - px, y - py) for x in (box.x, box.right) for y in (box.y, box.top)]
    xs = [px + dx * c + dy * s for dx, dy in pts]
    ys = [py - dx * s + dy * c for dx, dy in pts]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _centre(box: Box) -> tuple[float, float]:
    return (box.x + box.w / 2, box.y + box.h / 2)


def op_bounds(op: BoardOp, fonts: FontBook) -> Box | None:
    """The area an op paints (near enough: stroke half-widths included), or None."""
    if isinstance(op, PolyOp):
        half = op.stroke_width / 2 if op.stroke else 0.0
        return bounding_box([Box(x - half, y - half, 2 * half, 2 * half) for x, y in op.points])
    if isinstance(op, LineOp):
        return op.line.bounds().inset(-op.stroke_width / 2)
    if isinstance(op, TextOp):
        parts = [
            Box(
                r.x,
                r.y + fonts.descent(r.face, r.size),
                fonts.width(r.text, r.face, r.size),
                fonts.ascent(r.face, r.size) - fonts.descent(r.face, r.size),
            )
            for r in op.layout.runs
        ]
        parts += [Box(i.x, i.y, i.size, i.size) for i in op.layout.icons]
        return _turned(bounding_box(parts), op.rotate, _centre(op.box)) if parts else None
    if isinstance(op, RectOp | EllipseOp):
        grow = op.stroke_width / 2 if op.stroke else 0.0
        return _turned(op.box.inset(-grow), op.rotate, _centre(op.box))
    if isinstance(op, IconOp | ImageOp):
        return _turned(op.box, op.rotate, _centre(op.box))
    return None


def overshoot(ops: Iterable[BoardOp], fonts: FontBook, width: float, height: float) -> str | None:
    """'reaches 3.2 mm past the right edge ...' when the ops leave the board, else None."""
    boxes = [b for b in (op_bounds(op, fonts) for op in ops) if b is not None]
    if not boxes:
        return None
    u = bounding_box(boxes)
    sides = {"left": -u.x, "right": u.right - width, "top": u.top - height, "bottom": -u.y}
    side, over = max(sides.items(), key=lambda kv: kv[1])
    if over <= 0.5:
        return None
    return (
        f"reaches {over / MM:.1f} mm past the {side} edge of the board "
        f"({width / MM:.0f} x {height / MM:.0f} mm)"
    )
