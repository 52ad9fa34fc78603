"""The layout stage: pure geometry (no ReportLab) for sheets, backs, gutterfold and print shops.

Modules: ``sizes`` (named card and paper sizes), ``imposition`` (front sheets), ``duplex`` (back
sheets), ``gutterfold`` (fold-and-glue sheets), ``printshop`` (one card per page) and
``calibration`` (duplex calibration page). All lengths are PDF points, origin bottom-left, y up.

This module holds what every sheet kind shares: the margin "furniture" (sheet label and scale
bar) placed in the strips between the art and the printable edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.core.geometry import Box, Line
from generator.core.units import mm

EPS = 1e-6
NO_BOX = Box(0.0, 0.0, 0.0, 0.0)
CLEAR = mm(1)
"""Gap kept between the label or scale bar and any art, mark or fold line."""
LABEL_SIZE = 6.0
"""Font size (pt) of the sheet label where the strip is thick enough."""
LABEL_WANT, LABEL_MAX = mm(40), mm(120)
BAR_LEN, BAR_H = mm(50), mm(2)
FURNITURE_BAND = LABEL_SIZE + 2 * CLEAR + mm(0.5)
"""A band along the sheet's bottom edge kept free for the label and bar where margins are full."""


def bounding_box(boxes: Sequence[Box]) -> Box:
    """The smallest box containing every box."""
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.right for b in boxes), max(b.top for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Furniture:
    """Where the sheet label and the scale bar go (see SheetGeometry)."""

    label: tuple[float, float]
    label_box: Box
    label_angle: int
    scale_bar: Box


_PRIORITY = {"bottom": 3, "top": 2, "left": 1, "right": 0}


def _runs(
    pr: Box, arts: Sequence[Box], obstacles: Sequence[Line], beyond: bool = False
) -> list[tuple[str, Box]]:
    """Free runs of the four margin strips around the art, cut where an obstacle crosses.

    With ``beyond``, each strip crossed by obstacles also offers its uncut part between the
    obstacles and the paper edge, where that is thick enough for the label."""
    u, c = bounding_box(arts), CLEAR
    strips = {
        "bottom": Box(pr.x, pr.y, pr.w, u.y - c - pr.y),
        "top": Box(pr.x, u.top + c, pr.w, pr.top - u.top - c),
        "left": Box(pr.x, u.y, u.x - c - pr.x, u.h),
        "right": Box(u.right + c, u.y, pr.right - u.right - c, u.h),
    }
    runs = []
    for name, s in strips.items():
        if s.w <= EPS or s.h <= EPS:
            continue
        horiz = name in ("bottom", "top")
        free = [(s.x, s.right) if horiz else (s.y, s.top)]
        crossing = [o for o in (ob.bounds().inset(-c) for ob in obstacles) if o.intersects(s)]
        for o in crossing:
            lo, hi = (o.x, o.right) if horiz else (o.y, o.top)
            free = [p for a, b in free for p in ((a, min(b, lo)), (max(a, hi), b)) if p[1] - p[0] > EPS]
        runs += [(name, Box(a, s.y, b - a, s.h) if horiz else Box(s.x, a, s.w, b - a)) for a, b in free]
        if beyond and crossing:
            edge = _beyond(name, s, crossing)
            if min(edge.w, edge.h) >= LABEL_SIZE - EPS:
                runs.append((name, edge))
    return runs


def _beyond(name: str, s: Box, crossing: Sequence[Box]) -> Box:
    """The part of strip ``s`` between the obstacles crossing it and the paper edge."""
    if name == "bottom":
        return Box(s.x, s.y, s.w, min(o.y for o in crossing) - s.y)
    if name == "top":
        top = max(o.top for o in crossing)
        return Box(s.x, top, s.w, s.top - top)
    if name == "left":
        return Box(s.x, s.y, min(o.x for o in crossing) - s.x, s.h)
    right = max(o.right for o in crossing)
    return Box(right, s.y, s.right - right, s.h)


def _take(
    runs: list[tuple[str, Box]],
    pr: Box,
    thick: float,
    want: float,
    at_end: bool,
    fit: Callable[[float], float],
) -> tuple[Box, bool]:
    """Take the best run for an item ``thick`` x ``want`` (length ``fit(run length)``), at the
    paper-edge side of the strip, at the run's start or end; remove it from ``runs``. With no
    run at all: a zero-sized box at the printable corner."""

    def score(r: tuple[str, Box]) -> tuple:
        name, b = r
        h = name in ("bottom", "top")
        t, n, pos = (b.h, b.w, b.x) if h else (b.w, b.h, b.y)
        ok = t >= thick - EPS and n >= want - EPS
        return (ok, min(t / thick, 1) + min(n / want, 1), h, _PRIORITY[name], pos if at_end else -pos)

    if not runs:
        return Box(pr.x, pr.y, 0.0, 0.0), True
    name, b = max(runs, key=score)
    runs.remove((name, b))
    h = name in ("bottom", "top")
    t, n = (min(b.h, thick), fit(b.w)) if h else (min(b.w, thick), fit(b.h))
    lo, hi = (b.x, b.right) if h else (b.y, b.top)
    a = hi - n if at_end else lo
    r0, r1 = (lo, a - CLEAR) if at_end else (a + n + CLEAR, hi)
    if r1 - r0 > EPS:  # what is left of the run stays free for the next item
        runs.append((name, Box(r0, b.y, r1 - r0, b.h) if h else Box(b.x, r0, b.w, r1 - r0)))
    if h:
        return Box(a, b.y if name == "bottom" else b.top - t, n, t), True
    return Box(b.x if name == "left" else b.right - t, a, t, n), False


def _label_length(room: float) -> float:
    """Up to LABEL_MAX, leaving the rest of the run room for the full scale bar where it can."""
    share = room - BAR_LEN - 2 * CLEAR
    return min(room, LABEL_MAX, share if share >= LABEL_WANT else room)


def _bar_length(room: float) -> float:
    """50 mm, else the longest whole 10 mm (or 1 mm) that fits."""
    step = mm(10) if room >= mm(10) else mm(1)
    return min(BAR_LEN, math.floor((room + EPS) / step) * step)


def label_want(chars: int) -> float:
    """The label length to look for: LABEL_WANT, or about what ``chars`` characters need at 6 pt."""
    return max(LABEL_WANT, chars * LABEL_SIZE * 0.5)


def place_furniture(
    pr: Box, arts: Sequence[Box], obstacles: Sequence[Line], want: float = LABEL_WANT
) -> Furniture:
    """Put the label (bottom strip, leftmost run first) and the scale bar (bottom strip,
    rightmost run first) in the margin strips, CLEAR away from all art and obstacles.

    Where no run is thick or long enough the best one is used and the item shrinks to fit
    (label: thinner box = smaller font; bar: 10 mm steps, then 1 mm steps). Where the art
    leaves no margin strip at all (e.g. 18 mini-euro cards on Letter) the box has zero size at
    the printable corner: the renderer then draws nothing."""
    first = _furnish(pr, arts, obstacles, beyond=False, want=want)
    if full(first, want) or not arts:
        return first
    second = _furnish(pr, arts, obstacles, beyond=True, want=want)
    return second if full(second, want) else first


def full(f: Furniture, want: float = LABEL_WANT) -> bool:
    """Whether the furniture has the whole scale bar and a label box of full size and length."""
    thick, length = (f.label_box.h, f.label_box.w) if f.label_angle == 0 else (f.label_box.w, f.label_box.h)
    bar = max(f.scale_bar.w, f.scale_bar.h) >= BAR_LEN - EPS
    return bar and thick >= LABEL_SIZE - EPS and length >= min(want, LABEL_MAX) - EPS


def _furnish(pr: Box, arts: Sequence[Box], obstacles: Sequence[Line], beyond: bool, want: float) -> Furniture:
    runs = _runs(pr, arts, obstacles, beyond) if arts else []
    box, horiz = _take(runs, pr, LABEL_SIZE, min(want, LABEL_MAX), False, _label_length)
    point = (box.x, box.y + 0.25 * box.h) if horiz else (box.right - 0.25 * box.w, box.y)
    bar, _ = _take(runs, pr, BAR_H, BAR_LEN, True, _bar_length)
    return Furniture(point, box, 0 if horiz else 90, bar)
