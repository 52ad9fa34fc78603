"""Road routing round obstacles: a road between two map nodes bends round every other node and
every label and card place it would cross, so it never reads as a link it is not.

Obstacles are convex polygons (a node with its labels and place as one hull, or a box), grown by
a clearance. A road starts as the straight line (or the line through its ``via`` points); while a
leg crosses an obstacle, the bend at that obstacle's corner that makes the shortest detour and
lies clear of the others is inserted; finally bends that are no longer needed are dropped. Pure
geometry, deterministic, no drawing."""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.board.ops import XY
from generator.core.geometry import Box

Polygon = tuple[XY, ...]
TRIES = 24
APART_STEPS = 6
EPS = 1e-6


@dataclass(frozen=True)
class Obstacle:
    """A convex polygon (counter-clockwise, y up) a road keeps out of; ``owner`` is the node it
    belongs to ('' for none): a road is not kept off its own ends' node hulls."""

    shape: Polygon
    owner: str = ""


def hull(points: list[XY]) -> Polygon:
    """The convex hull, counter-clockwise (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return tuple(pts)

    def half(seq: list[XY]) -> list[XY]:
        out: list[XY] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return tuple(lower[:-1] + upper[:-1])


def _cross(o: XY, a: XY, b: XY) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def box_points(box: Box, grow: float) -> list[XY]:
    """The corners of ``box`` grown by ``grow`` on every side."""
    x0, y0, x1, y1 = box.x - grow, box.y - grow, box.right + grow, box.top + grow
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def circle_points(c: XY, r: float) -> list[XY]:
    """A regular octagon round the circle of radius ``r`` about ``c``."""
    out = r / math.cos(math.pi / 8)
    angles = [k * math.pi / 4 + math.pi / 8 for k in range(8)]
    return [(c[0] + out * math.cos(a), c[1] + out * math.sin(a)) for a in angles]


def entry(a: XY, b: XY, shape: Polygon) -> float | None:
    """Where (0-1 along a-b) the segment enters the inside of the convex ``shape``; None if it
    does not pass through it (Cyrus-Beck clipping)."""
    if len(shape) < 3:
        return None
    t0, t1 = 0.0, 1.0
    d = (b[0] - a[0], b[1] - a[1])
    for p, q in zip(shape, shape[1:] + shape[:1], strict=True):
        n = (q[1] - p[1], p[0] - q[0])  # outward for counter-clockwise
        s = n[0] * (a[0] - p[0]) + n[1] * (a[1] - p[1])
        e = n[0] * d[0] + n[1] * d[1]
        if abs(e) < EPS:
            if s > 0:
                return None
        elif e > 0:
            t1 = min(t1, -s / e)
        else:
            t0 = max(t0, -s / e)
        if t1 - t0 <= EPS:
            return None
    return t0


def inside(p: XY, shape: Polygon) -> bool:
    """Whether ``p`` lies strictly inside the convex ``shape``."""
    edges = zip(shape, shape[1:] + shape[:1], strict=True)
    return len(shape) >= 3 and all(_cross(a, b, p) > EPS for a, b in edges)


def _first_hit(path: list[XY], obstacles: list[Polygon]) -> tuple[int, Polygon] | None:
    for i in range(len(path) - 1):
        hits = [(t, o) for o in obstacles if (t := entry(path[i], path[i + 1], o)) is not None]
        if hits:
            return i, min(hits, key=lambda h: h[0])[1]
    return None


def _corners(shape: Polygon, push: float) -> list[XY]:
    """The shape's corners pushed ``push`` further out from its centre."""
    cx = sum(p[0] for p in shape) / len(shape)
    cy = sum(p[1] for p in shape) / len(shape)
    out = []
    for x, y in shape:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * push, y + (y - cy) / d * push))
    return out


def _touch(p: Polygon, q: Polygon, push: float) -> bool:
    """Whether two convex shapes overlap or leave no room between them for a bend."""
    return (
        any(inside(v, q) for v in _corners(p, push * 2))
        or any(inside(v, p) for v in _corners(q, push * 2))
        or any(entry(a, b, q) is not None for a, b in zip(p, p[1:] + p[:1], strict=True))
    )


def _cluster(
    shape: Polygon, obstacles: list[Polygon], ends: tuple[XY, XY], push: float
) -> tuple[Polygon, list[Polygon]]:
    """``shape`` grown to the hull of every obstacle overlapping it (no way through between
    them), unless that would swallow an end of the road; and the obstacles left outside it."""
    merged, rest = shape, [o for o in obstacles if o is not shape]
    grown = True
    while grown:
        grown = False
        for o in rest:
            if _touch(merged, o, push):
                bigger = hull([*merged, *o])
                if not any(inside(e, bigger) for e in ends):
                    merged, grown = bigger, True
                    rest = [r for r in rest if r is not o]
                    break
    return merged, rest


def clear(a: XY, b: XY, obstacles: list[Polygon]) -> bool:
    return all(entry(a, b, o) is None for o in obstacles)


def route(
    waypoints: list[XY],
    obstacles: list[Polygon],
    push: float = 0.5,
    taken: tuple[XY, ...] = (),
    spacing: float = 0.0,
) -> list[XY]:
    """A polyline through ``waypoints`` (ends and ``via`` points) bent round ``obstacles``; when no
    way round is found within a few bends the path is left as it stands (the links check then
    reports it). A bend within ``spacing`` of a ``taken`` one (another road's bend round the same
    corner) moves further out from the obstacle until it is ``spacing`` clear, so two roads
    round one corner run side by side instead of along one line."""
    path = list(waypoints)
    fixed = set(range(len(path)))
    for _ in range(TRIES):
        hit = _first_hit(path, obstacles)
        if hit is None:
            break
        i, shape = hit
        a, b = path[i], path[i + 1]
        shape, others = _cluster(shape, obstacles, (path[0], path[-1]), push)
        options = [
            c
            for c in _corners(shape, push)
            if not any(inside(c, o) for o in others)
            and entry(a, c, shape) is None
            and min(math.dist(c, p) for p in path) > EPS * 1e3
        ]
        if not options:
            break
        best = min(options, key=lambda c: math.dist(a, c) + math.dist(c, b))
        if spacing and taken:
            best = _apart(best, shape, others, taken, spacing)
        path.insert(i + 1, best)
        fixed = {k + 1 if k > i else k for k in fixed}
    return _tighten(path, obstacles, fixed)


def _apart(c: XY, shape: Polygon, others: list[Polygon], taken: tuple[XY, ...], spacing: float) -> XY:
    """``c`` moved out from ``shape``'s centre in steps of ``spacing`` until it lies ``spacing``
    from every taken bend (at most ``APART_STEPS`` steps, never into another obstacle)."""
    cx = sum(p[0] for p in shape) / len(shape)
    cy = sum(p[1] for p in shape) / len(shape)
    d = math.hypot(c[0] - cx, c[1] - cy) or 1.0
    u = ((c[0] - cx) / d, (c[1] - cy) / d)
    for _ in range(APART_STEPS):
        if all(math.dist(c, t) >= spacing - EPS for t in taken):
            break
        nxt = (c[0] + u[0] * spacing, c[1] + u[1] * spacing)
        if any(inside(nxt, o) for o in others):
            break
        c = nxt
    return c


def _tighten(path: list[XY], obstacles: list[Polygon], fixed: set[int]) -> list[XY]:
    """Drop bends whose neighbours see each other clear of every obstacle."""
    keep = list(range(len(path)))
    changed = True
    while changed:
        changed = False
        for j in range(1, len(keep) - 1):
            k = keep[j]
            if k in fixed:
                continue
            if clear(path[keep[j - 1]], path[keep[j + 1]], obstacles):
                del keep[j]
                changed = True
                break
    return [path[k] for k in keep]
