"""Plain geometry shared by the layout stages. Points, origin bottom-left, y up (PDF convention)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: (x, y) is the bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Box:
        """Shrink by ``d`` on every side (grow when negative)."""
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def contains(self, other: Box, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.top <= self.top + tol
        )

    def intersects(self, other: Box, tol: float = 1e-6) -> bool:
        """True when the two boxes share area (touching edges do not count)."""
        return (
            self.x < other.right - tol
            and other.x < self.right - tol
            and self.y < other.top - tol
            and other.y < self.top - tol
        )


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float

    def bounds(self) -> Box:
        x, y = min(self.x1, self.x2), min(self.y1, self.y2)
        return Box(x, y, abs(self.x2 - self.x1), abs(self.y2 - self.y1))


Matrix = tuple[float, float, float, float, float, float]
"""An affine transform (a, b, c, d, e, f) as PDF writes it: x' = a x + c y + e, y' = b x + d y + f."""


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix that applies ``inner`` and then ``outer``."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    """The point (x, y) moved by ``m``."""
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def segment_in_box(
    a: tuple[float, float], b: tuple[float, float], box: tuple[float, float, float, float]
) -> tuple[float, float] | None:
    """The part of the segment a-b inside ``box`` (x0, y0, x1, y1), as the interval (t0, t1) of
    its parameter from a (0) to b (1), or None when it misses (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return t0, t1
