"""PDF path code as the page recording reads it: the box of a clipping path, the outline a shape
method strokes, the subpaths of a path (``generator.render.record``)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

Rect = tuple[float, float, float, float]
NUMBERS = re.compile(r"-?\d+(?:\.\d+)?")


def inverse(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    """The point that ``m`` moves to (x, y)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return (math.inf, math.inf)
    x, y = x - e, y - f
    return ((d * x - c * y) / det, (a * y - b * x) / det)


def path_box(code: str) -> Rect | None:
    """The local box of a clipping path from its PDF code: a rectangle's (``re``), else the
    bounds of its points; None when it has no point."""
    numbers = [float(n) for n in NUMBERS.findall(code)]
    if " re" in code and len(numbers) >= 4:
        x, y, w, h = numbers[:4]
        return (x, y, x + w, y + h)
    if len(numbers) >= 2:
        return (min(numbers[0::2]), min(numbers[1::2]), max(numbers[0::2]), max(numbers[1::2]))
    return None


def outline(name: str, args: tuple) -> tuple[str, ...]:
    """The path a shape method strokes, as PDF path operators (an ellipse as a 16-sided polygon)."""
    if name == "drawPath":
        return tuple(str(s) for s in args[0]._code)
    if name in ("rect", "roundRect"):
        x, y, w, h = args[:4]
        return (f"{x} {y} {w} {h} re",)
    if name == "ellipse":
        x1, y1, x2, y2 = args[:4]
        cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1) / 2, abs(y2 - y1) / 2
    else:
        cx, cy, rx, ry = args[0], args[1], args[2], args[2]
    pts = [(cx + rx * math.cos(k * math.pi / 8), cy + ry * math.sin(k * math.pi / 8)) for k in range(16)]
    return (f"{pts[0][0]} {pts[0][1]} m", *(f"{x} {y} l" for x, y in pts[1:]), "h")


def segments(lines: Any) -> Iterator[str]:
    for x1, y1, x2, y2 in lines:
        yield f"{x1} {y1} m"
        yield f"{x2} {y2} l"


def subpaths(path: tuple[str, ...]) -> list[tuple[tuple[float, float], ...]]:
    """The point lists of a path's subpaths (curves through their control points; ``h`` closes)."""
    subs: list[list[tuple[float, float]]] = []
    for op in path:
        *nums, code = op.split() or ["n"]
        try:
            v = [float(n) for n in nums]
        except ValueError:
            continue
        if code == "m" and len(v) == 2:
            subs.append([(v[0], v[1])])
        elif code in ("l", "c", "v", "y") and len(v) >= 2 and subs:
            subs[-1] += list(zip(v[0::2], v[1::2], strict=False))
        elif code == "h" and subs and subs[-1]:
            subs[-1].append(subs[-1][0])
        elif code == "re" and len(v) == 4:
            x, y, w, h = v
            subs.append([(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)])
    return [tuple(sub) for sub in subs]
