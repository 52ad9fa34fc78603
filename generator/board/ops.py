"""Board drawing ops: the shared card ops plus polylines and polygons (roads, arrows, paths)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.core import where
from generator.layout.ops import Op

XY = tuple[float, float]


@dataclass(frozen=True, slots=True)
class PolyOp:
    """A polyline (``closed`` False) or polygon through ``points``; round caps and joins.
    ``origin`` is the board element that made it (``where.at`` when it was made), for what the
    printed page records (a road under a tiling target is reported at its map's line)."""

    points: tuple[XY, ...]
    stroke: str | None
    stroke_width: float = 1.0
    fill: str | None = None
    closed: bool = False
    dash: tuple[float, ...] | None = None
    origin: object = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.origin is None:
            object.__setattr__(self, "origin", where.current())


BoardOp = Op | PolyOp


def unit(a: XY, b: XY) -> XY:
    """The unit vector from ``a`` to ``b`` ((0, 0) when they coincide)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    return (dx / d, dy / d) if d > 1e-9 else (0.0, 0.0)


def right_of(u: XY) -> XY:
    """The normal to the right of travel along ``u`` (y up)."""
    return (u[1], -u[0])


def arrowhead(tip: XY, u: XY, length: float, color: str) -> PolyOp:
    """A filled triangle with its tip at ``tip``, pointing along ``u``."""
    n = right_of(u)
    half = length * 0.45
    base = (tip[0] - u[0] * length, tip[1] - u[1] * length)
    left = (base[0] + n[0] * half, base[1] + n[1] * half)
    pts = (tip, left, (base[0] - n[0] * half, base[1] - n[1] * half))
    return PolyOp(pts, None, 0.0, color, True)


def offset_polyline(points: list[XY], d: float) -> list[XY]:
    """The polyline moved ``d`` to the right of travel, with mitred corners."""
    if d == 0 or len(points) < 2:
        return list(points)
    out: list[XY] = []
    for i, p in enumerate(points):
        u_in = unit(points[i - 1], p) if i > 0 else None
        u_out = unit(p, points[i + 1]) if i < len(points) - 1 else None
        n1 = right_of(u_in or u_out)  # type: ignore[arg-type]
        n2 = right_of(u_out or u_in)  # type: ignore[arg-type]
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        m = math.hypot(mx, my)
        if m < 1e-9:  # a U-turn: no mitre, keep the incoming side
            out.append((p[0] + n1[0] * d, p[1] + n1[1] * d))
            continue
        mx, my = mx / m, my / m
        k = d / max(mx * n1[0] + my * n1[1], 0.2)
        out.append((p[0] + mx * k, p[1] + my * k))
    return out


def polyline_length(points: list[XY]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_along(points: list[XY], distance: float) -> tuple[XY, XY]:
    """The point ``distance`` along the polyline and the unit direction there."""
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        seg = math.dist(a, b)
        if distance <= seg or i == len(points) - 2:
            t = min(max(distance / seg, 0.0), 1.0) if seg else 0.0
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), unit(a, b)
        distance -= seg
    return points[-1], (1.0, 0.0)


def angle_of(u: XY) -> float:
    """Clockwise degrees (the ops' ``rotate``) that turn +x onto ``u``."""
    return -math.degrees(math.atan2(u[1], u[0]))
