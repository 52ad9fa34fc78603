"""The stroked lines of a board's ops that are content the tiling targets keep off (the rule
itself, pure geometry, is ``generator.core.strokes``), and the areas that are its play surface."""

from __future__ import annotations

from collections.abc import Iterable

from generator.board.ops import PolyOp
from generator.core.strokes import Ring, Stroke, content_stroke, surface_ring
from generator.layout.ops import LineOp


def content_strokes(ops: Iterable[object]) -> tuple[Stroke, ...]:
    """The stroked lines among a board's ops that are content (``content_stroke``), in board
    points, for ``plan_tiles(keep_off=...)``."""
    out = []
    for op in ops:
        if isinstance(op, PolyOp) and op.stroke and content_stroke(op.stroke_width, bool(op.fill)):
            pts = op.points + (op.points[:1] if op.closed else ())
            out.append((pts, op.stroke_width))
        elif isinstance(op, LineOp) and content_stroke(op.stroke_width, False):
            ln = op.line
            out.append((((ln.x1, ln.y1), (ln.x2, ln.y2)), op.stroke_width))
    return tuple(out)


def surface_rings(ops: Iterable[object]) -> tuple[Ring, ...]:
    """The board's play surface (``surface_ring``: a land mass), as closed rings in board points,
    for ``plan_tiles(keep_out=...)``."""
    return tuple(
        op.points
        for op in ops
        if isinstance(op, PolyOp) and op.closed and surface_ring(op.points, bool(op.stroke), bool(op.fill))
    )
