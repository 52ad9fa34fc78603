"""Which stroked lines are content a tiling target keeps off (roads, paths, arrows), and whether
a stroke reaches into a box: pure geometry, points, y up. On the low floor: the board's tile
planning (``generator.board.tiling``) and the proofreader's ``tiling`` rule both read it, and a
build of cards alone imports no board code."""

from __future__ import annotations

from generator.units import PT, mm

EPS = 1e-6
THINNEST = 1.0 * PT
"""A stroke thinner than this is drawing (a coastline, a place's outline), not a line to follow."""
WIDEST = mm(4)
"""A stroke wider than this is a band of colour (a coast's water lining): ground, like an area."""

XY = tuple[float, float]
Stroke = tuple[tuple[XY, ...], float]
"""A stroked line the targets keep off: its points (a closed outline repeats its first) and width."""


def content_stroke(width: float, filled: bool) -> bool:
    """Whether a stroke is game content a tiling target keeps off: a line a player follows
    (road, path, arrow, route), from ``THINNEST`` to ``WIDEST`` wide. The outline of a filled
    shape is not (the shape's fill decides, as an area or as content)."""
    return not filled and THINNEST - EPS <= width <= WIDEST + EPS


def stroke_meets(points: tuple[XY, ...], half: float, box: tuple[float, float, float, float]) -> bool:
    """Whether a polyline stroked ``half`` either side of its points reaches into ``box``
    (x0, y0, x1, y1): some segment crosses the box grown by ``half`` (square caps and joins, a
    little generous at the corners)."""
    x0, y0, x1, y1 = box[0] - half, box[1] - half, box[2] + half, box[3] + half
    if x1 <= x0 or y1 <= y0:
        return False
    return any(_crosses(points[i], points[i + 1], x0, y0, x1, y1) for i in range(len(points) - 1)) or (
        len(points) == 1 and x0 <= points[0][0] <= x1 and y0 <= points[0][1] <= y1
    )


def _crosses(a: XY, b: XY, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment a-b meets the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
