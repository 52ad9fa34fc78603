"""Which stroked lines are content a tiling target keeps off (roads, paths, arrows), and whether
a stroke reaches into a box: pure geometry, points, y up. On the low floor: the board's tile
planning (``generator.board.tiling``) and the proofreader's ``tiling`` rule both read it, and a
build of cards alone imports no board code."""

from __future__ import annotations

from itertools import pairwise

from generator.core.geometry import segment_in_box
from generator.core.units import PT, mm

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
    grown = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
    if grown[2] <= grown[0] or grown[3] <= grown[1]:
        return False
    if len(points) == 1:
        (x, y) = points[0]
        return grown[0] <= x <= grown[2] and grown[1] <= y <= grown[3]
    return any(segment_in_box(a, b, grown) is not None for a, b in pairwise(points))


SURFACE = mm(40)
"""A filled, outlined polygon wider and taller than this (a land mass on a map) is the play
surface: tiling targets keep off it, not only off the words and lines on it."""

Ring = tuple[XY, ...]


def surface_ring(points: tuple[XY, ...], stroked: bool, filled: bool) -> bool:
    """Whether a closed path is play surface (see ``SURFACE``): filled and outlined, not a plain
    rectangle (a background, a panel, a card place), larger than ``SURFACE`` both ways."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if not (stroked and filled) or len(set(points)) < 3 or (len(set(xs)) <= 2 and len(set(ys)) <= 2):
        return False
    return max(xs) - min(xs) > SURFACE and max(ys) - min(ys) > SURFACE


def box_on_surface(rings: tuple[Ring, ...], box: tuple[float, float, float, float]) -> bool:
    """Whether ``box`` (x0, y0, x1, y1) reaches into the area the closed ``rings`` enclose (even-
    odd: a lake inside a country is outside): an edge crosses the box, or its centre is inside."""
    closed = [r + r[:1] if r and r[0] != r[-1] else r for r in rings]
    if any(stroke_meets(r, 0.0, box) for r in closed):
        return True
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    inside = False
    for ring in closed:
        for (ax, ay), (bx, by) in pairwise(ring):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
    return inside
