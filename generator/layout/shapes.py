"""Outlines of shapes as plain segments (card points, y up): regular polygons, stars, paths
from points, rounded rects and ellipses, with rounded corners and rotation applied here, so
the renderer only follows segments and the outline can be checked against expected geometry.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from generator.core.geometry import Box
from generator.layout.ops import Segment
from generator.schema.template import EllipseElement, PathElement, PolygonElement, RectElement, StarElement

XY = tuple[float, float]
KAPPA = 4 * (math.sqrt(2) - 1) / 3
"""Control-point distance of a cubic Bézier quarter circle, as a fraction of the radius."""


def regular(box: Box, count: int, inner: float | None = None) -> list[XY]:
    """Corners of a regular polygon (or, with ``inner``, a star of ``count`` tips) inscribed in
    the ellipse of ``box``, the first corner straight up, clockwise."""
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    rx, ry = box.w / 2, box.h / 2
    steps = count * 2 if inner is not None else count
    out = []
    for n in range(steps):
        radius = inner if inner is not None and n % 2 else 1.0
        angle = math.pi / 2 - 2 * math.pi * n / steps
        out.append((cx + rx * radius * math.cos(angle), cy + ry * radius * math.sin(angle)))
    return out


def from_points(box: Box, points: Sequence[tuple[float, float]]) -> list[XY]:
    """``[x, y]`` points measured from the box's top-left corner (y down) -> card points."""
    return [(box.x + x, box.top - y) for x, y in points]


def turned(points: list[XY], box: Box, angle: float) -> list[XY]:
    """``points`` turned clockwise by ``angle`` degrees about the box's centre."""
    if not angle:
        return points
    a = math.radians(-angle)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    cos, sin = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in points]


def polyline(points: list[XY], closed: bool, corner: float = 0.0) -> tuple[Segment, ...]:
    """Segments through ``points``; ``corner`` rounds each corner (of an open line: the inner
    ones) with an arc of that radius, shortened where the sides are too short for it."""
    count = len(points)
    rounded = range(count) if closed else range(1, count - 1)
    if corner <= 0 or count < 3:
        segs: list[Segment] = [("M", points[0]), *(("L", p) for p in points[1:])]
        return (*segs, ("Z", ())) if closed else tuple(segs)
    arcs: dict[int, tuple[XY, XY, XY, XY]] = {}
    for i in rounded:
        arcs[i] = _corner(points[i - 1], points[i], points[(i + 1) % count], corner)
    segs = []
    for i in range(count):
        if i in arcs:
            start, c1, c2, end = arcs[i]
            segs.append(("L" if segs else "M", start))
            segs.append(("C", (*c1, *c2, *end)))
        else:
            segs.append(("L" if segs else "M", points[i]))
    return (*segs, ("Z", ())) if closed else tuple(segs)


def _corner(a: XY, p: XY, b: XY, radius: float) -> tuple[XY, XY, XY, XY]:
    """Where a rounded corner at ``p`` (between sides to ``a`` and ``b``) starts and ends, and
    the two control points of its cubic arc."""
    ua, la = _unit(p, a)
    ub, lb = _unit(p, b)
    cos = max(-1.0, min(1.0, ua[0] * ub[0] + ua[1] * ub[1]))
    theta = math.acos(cos)  # the interior angle
    if theta < 1e-6 or math.pi - theta < 1e-6:
        return p, p, p, p
    cut = min(radius / math.tan(theta / 2), la / 2, lb / 2)
    r = cut * math.tan(theta / 2)
    handle = 4 / 3 * math.tan((math.pi - theta) / 4) * r
    start = (p[0] + ua[0] * cut, p[1] + ua[1] * cut)
    end = (p[0] + ub[0] * cut, p[1] + ub[1] * cut)
    c1 = (start[0] - ua[0] * handle, start[1] - ua[1] * handle)
    c2 = (end[0] - ub[0] * handle, end[1] - ub[1] * handle)
    return start, c1, c2, end


def _unit(p: XY, q: XY) -> tuple[XY, float]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1e-9
    return (dx / length, dy / length), length


def ellipse(box: Box) -> tuple[Segment, ...]:
    """The ellipse filling ``box`` as four cubic arcs."""
    cx, cy, rx, ry = box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2
    kx, ky = rx * KAPPA, ry * KAPPA
    return (
        ("M", (cx, cy + ry)),
        ("C", (cx + kx, cy + ry, cx + rx, cy + ky, cx + rx, cy)),
        ("C", (cx + rx, cy - ky, cx + kx, cy - ry, cx, cy - ry)),
        ("C", (cx - kx, cy - ry, cx - rx, cy - ky, cx - rx, cy)),
        ("C", (cx - rx, cy + ky, cx - kx, cy + ry, cx, cy + ry)),
        ("Z", ()),
    )


def _turned_segments(segments: tuple[Segment, ...], box: Box, angle: float) -> tuple[Segment, ...]:
    if not angle:
        return segments
    out = []
    for kind, coords in segments:
        pts = [(coords[n], coords[n + 1]) for n in range(0, len(coords), 2)]
        out.append((kind, tuple(v for xy in turned(pts, box, angle) for v in xy)))
    return tuple(out)


def outline(element: Any, box: Box) -> tuple[Segment, ...]:
    """The outline of a shape element laid out in ``box``, its ``rotate`` applied."""
    if isinstance(element, EllipseElement):
        return _turned_segments(ellipse(box), box, element.rotate)
    if isinstance(element, RectElement):
        corners = [(box.x, box.top), (box.right, box.top), (box.right, box.y), (box.x, box.y)]
        return _turned_segments(polyline(corners, True, element.radius), box, element.rotate)
    if isinstance(element, PolygonElement):
        points, closed = regular(box, element.sides), True
    elif isinstance(element, StarElement):
        points, closed = regular(box, element.points, element.inner), True
    elif isinstance(element, PathElement):
        points, closed = from_points(box, element.points), element.closed
    else:
        raise TypeError(f"not a shape: {type(element).__name__}")
    return polyline(turned(points, box, element.rotate), closed, element.corner)


def is_shape(element: Any) -> bool:
    """True for the elements laid out as a ShapeOp: polygons, stars, paths, and a rect or
    ellipse that holds an image."""
    if isinstance(element, PolygonElement | StarElement | PathElement):
        return True
    return isinstance(element, RectElement | EllipseElement) and element.image is not None
