"""The marks a recording keeps of what was drawn on a page (``render.record``): text runs, fills,
pictures, the renderer's notes and stroked lines, each at its printed size and place, with the
YAML element that made it."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.core.geometry import Matrix, apply, compose
from generator.render.pathcode import inverse, subpaths

Rect = tuple[float, float, float, float]
"""x0, y0, x1, y1 in page points."""

ASCENT, DESCENT = 0.75, 0.22
"""The share of the font size above and below the baseline that a text box covers."""
CAP = 0.7
"""The height of a capital letter, as a share of the font size (most text faces: 0.65-0.73)."""


class TextMark:
    """A run of text: its unturned box in text space (``local``), the ``matrix`` that places it on
    the page, its ``font_size`` as set, its ``color``, ``font`` and ``origin``, the ``clip`` box
    in force when it was drawn (page space), its opacity (``alpha``); worked out as it is made:
    ``size`` (the size it prints at: font size times the transform's vertical scale), ``box``
    (its box on the page) and ``shown`` (the part of its box inside its clip: a tile shows only
    its window of the board).

    Read-only by use, not frozen, and a plain class with slots: a build records a mark for every
    run it draws, and this is the cheapest object to make (compared by identity)."""

    __slots__ = (
        "alpha",
        "box",
        "clip",
        "color",
        "font",
        "font_size",
        "local",
        "matrix",
        "origin",
        "shown",
        "size",
        "text",
    )

    def __init__(
        self,
        text: str,
        local: Rect,
        matrix: Matrix,
        font_size: float,
        color: str,
        font: str,
        origin: Any,
        clip: Rect | None = None,
        alpha: float = 1.0,
    ) -> None:
        self.text, self.local, self.matrix, self.font_size = text, local, matrix, font_size
        self.color, self.font, self.origin, self.clip = color, font, origin, clip
        self.alpha = alpha  # its opacity (``opacity:``), as ``paint.canvas_alpha`` reads it
        a, b, c, d, e, f = matrix
        self.size = font_size * (abs(d) if not c else math.hypot(c, d))
        x0, y0, x1, y1 = local
        if not b and not c:  # upright (most runs): as _bounds works it out
            xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
            box = (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
        else:
            box = _bounds(matrix, x0, y0, x1, y1)
        self.box = box
        if clip is None:
            self.shown = box
        else:  # intersect(box, clip), written out
            self.shown = (
                max(box[0], clip[0]),
                max(box[1], clip[1]),
                min(box[2], clip[2]),
                min(box[3], clip[3]),
            )

    def __repr__(self) -> str:
        return f"TextMark({self.text!r}, {self.local}, {self.matrix}, {self.font_size}, {self.color!r})"

    @property
    def visible(self) -> bool:
        x0, y0, x1, y1 = self.shown
        return x1 > x0 and y1 > y0

    def glyphs(self) -> list[tuple[str, float, float]]:
        """Each glyph that prints (spaces left out) with the page point at the middle of its
        advance, halfway up a lower-case letter: where its background is sampled."""
        y = self.local[1] + (DESCENT + 0.25) * self.font_size
        return [
            (ch, *apply(self.matrix, (a + b) / 2, y)) for ch, a, b in self._advances() if not ch.isspace()
        ]

    def corners(self) -> list[tuple[str, tuple[tuple[float, float], ...]]]:
        """Each glyph that prints with four page points near the corners of its ink: a tenth of
        its advance in from each side, on the baseline and at cap height."""
        base = self.local[1] + DESCENT * self.font_size
        top = base + CAP * self.font_size
        out = []
        for ch, left, right in self._advances():
            if not ch.isspace():
                inner = (right - left) * 0.1
                xs = (left + inner, right - inner)
                out.append((ch, tuple(apply(self.matrix, x, y) for x in xs for y in (base, top))))
        return out

    def _advances(self) -> list[tuple[str, float, float]]:
        """Each character with the left and right end of its advance in text space."""
        x0, _, x1, _ = self.local
        widths = [_unit_width(ch, self.font) for ch in self.text]
        scale = (x1 - x0) / (sum(widths) or 1.0)
        out, at = [], x0
        for ch, w in zip(self.text, widths, strict=True):
            out.append((ch, at, at + w * scale))
            at += w * scale
        return out

    def placed(self, outer: Matrix, clip: Rect | None = None) -> TextMark:
        inner = _bounds(outer, *self.clip) if self.clip is not None else None
        both = inner if clip is None else intersect(clip, inner)
        return TextMark(
            self.text,
            self.local,
            compose(outer, self.matrix),
            self.font_size,
            self.color,
            self.font,
            self.origin,
            both,
            self.alpha,
        )


def text_marks(
    runs: Sequence[Any],
    below: float,
    above: float,
    matrix: Matrix,
    font_size: float,
    color: str,
    font: str,
    origin: Any,
    clip: Rect | None,
    alpha: float,
) -> list[TextMark]:
    """``TextMark(run.text, (run.x, run.y - below, run.x + run.width, run.y + above), matrix,
    font_size, color, font, origin, clip, alpha)`` for each run (``x``, ``y``, ``text``,
    ``width``) whose text prints: the same marks, with what they share (the matrix, the printed
    size) worked out once (a recording makes one for every run of every card)."""
    a, b, c, d, e, f = matrix
    if b or c:  # turned: each made as usual
        return [
            TextMark(
                r.text,
                (r.x, r.y - below, r.x + r.width, r.y + above),
                matrix,
                font_size,
                color,
                font,
                origin,
                clip,
                alpha,
            )
            for r in runs
            if r.text.strip()
        ]
    size = font_size * abs(d)
    new = TextMark.__new__
    out = []
    if clip is not None:
        c0, c1, c2, c3 = clip
    for run in runs:
        text = run.text
        if not text.strip():
            continue
        x, y, w = run.x, run.y, run.width
        local = (x, y - below, x + w, y + above)
        xa, xb, ya, yb = a * x + e, a * local[2] + e, d * local[1] + f, d * local[3] + f
        # min() and max() written out (min keeps the first unless a later one is less)
        box = (xb if xb < xa else xa, yb if yb < ya else ya, xb if xb > xa else xa, yb if yb > ya else ya)
        mark = new(TextMark)
        mark.text, mark.local, mark.matrix, mark.font_size = text, local, matrix, font_size
        mark.color, mark.font, mark.origin, mark.clip, mark.alpha = color, font, origin, clip, alpha
        mark.size, mark.box = size, box
        if clip is None:
            mark.shown = box
        else:  # intersect(box, clip): max() and min() written out, as for the box
            x0, y0, x1, y1 = box
            mark.shown = (
                c0 if c0 > x0 else x0,
                c1 if c1 > y0 else y0,
                c2 if c2 < x1 else x1,
                c3 if c3 < y1 else y1,
            )
        out.append(mark)
    return out


@dataclass(slots=True, eq=False)
class FillMark:
    """A filled area (rectangle, ellipse, path) by its box, its colour and opacity (read-only by
    use, like :class:`TextMark`)."""

    local: Rect
    matrix: Matrix
    color: str
    alpha: float
    origin: Any
    clip: Rect | None = None
    """The clipping box in force when it was drawn (in the same space as ``box``)."""
    shape: str = "box"
    """``rect`` or ``ellipse`` (exactly its local box), or ``box`` (a path: only its bounds are
    known)."""
    radius: float = 0.0
    """A rounded rectangle's corner radius, in its own space."""
    box: Rect = field(init=False)
    """The box it covers: its shape's bounds cut to the clip."""

    def __post_init__(self) -> None:
        self.box = intersect(_bounds(self.matrix, *self.local), self.clip)

    def placed(self, outer: Matrix, clip: Rect | None = None) -> FillMark:
        inner = _bounds(outer, *self.clip) if self.clip is not None else None
        both = inner if clip is None else intersect(clip, inner)
        m = compose(outer, self.matrix)
        return FillMark(self.local, m, self.color, self.alpha, self.origin, both, self.shape, self.radius)

    def covers(self, x: float, y: float, inset: float = 0.0) -> bool:
        """Whether the page point (x, y) lies in the shape (inside its clip), or in the shape
        shrunk by ``inset`` page points all round."""
        x0, y0, x1, y1 = self.box
        if not (x0 + inset <= x <= x1 - inset and y0 + inset <= y <= y1 - inset):
            return False
        if self.shape not in ("rect", "ellipse"):
            return True
        u, v = inverse(self.matrix, x, y)
        a, b, c, d = self.matrix[:4]
        k = inset / (math.sqrt(abs(a * d - b * c)) or 1.0)
        lx0, ly0, lx1, ly1 = self.local
        lx0, ly0, lx1, ly1 = lx0 + k, ly0 + k, lx1 - k, ly1 - k
        if self.shape == "ellipse":
            rx, ry = (lx1 - lx0) / 2, (ly1 - ly0) / 2
            if rx <= 0 or ry <= 0:
                return False
            return ((u - lx0 - rx) / rx) ** 2 + ((v - ly0 - ry) / ry) ** 2 <= 1.0 + 1e-9
        r = max(0.0, min(self.radius - k, (lx1 - lx0) / 2, (ly1 - ly0) / 2))
        if not (lx0 - 1e-6 <= u <= lx1 + 1e-6 and ly0 - 1e-6 <= v <= ly1 + 1e-6):
            return False
        cx, cy = min(max(u, lx0 + r), lx1 - r), min(max(v, ly0 + r), ly1 - r)
        return r <= 0 or (u - cx) ** 2 + (v - cy) ** 2 <= r * r + 1e-9


@dataclass(slots=True, eq=False)
class ImageMark:
    """A picture drawn by its box (its colours are not recorded: text over it is not judged)."""

    local: Rect
    matrix: Matrix
    origin: Any
    clip: Rect | None = None
    box: Rect = field(init=False)

    def __post_init__(self) -> None:
        self.box = intersect(_bounds(self.matrix, *self.local), self.clip)

    def placed(self, outer: Matrix, clip: Rect | None = None) -> ImageMark:
        inner = _bounds(outer, *self.clip) if self.clip is not None else None
        both = inner if clip is None else intersect(clip, inner)
        return ImageMark(self.local, compose(outer, self.matrix), self.origin, both)


@dataclass(frozen=True, slots=True)
class NoteMark:
    """Something the renderer says about the page: ``scale-bar`` (its box), ``back-side`` (the
    other side of a sheet whose front carries the furniture), ``reading-page`` (a page read, not
    cut or assembled: rule summary, assembly overview)."""

    kind: str
    local: Rect
    matrix: Matrix

    @property
    def box(self) -> Rect:
        return _bounds(self.matrix, *self.local)

    def placed(self, outer: Matrix, clip: Rect | None = None) -> NoteMark:
        return NoteMark(self.kind, self.local, compose(outer, self.matrix))


@dataclass(frozen=True, init=False)
class StrokeMark:
    """A stroked line or outline: its path as drawn (PDF path operators in its own space, read
    only when asked for), the matrix that places it, its line width as set, colour, opacity,
    whether the same call filled it, its origin, and whether it came placed from a form (a
    board's artwork on a tile, not the page's own furniture)."""

    path: tuple[str, ...]
    matrix: Matrix
    line_width: float
    color: str
    alpha: float
    filled: bool
    origin: Any
    clip: Rect | None = None
    """The clipping box in force when it was drawn (in the same space as ``box``)."""
    in_form: bool = False

    def __init__(
        self,
        path: tuple[str, ...],
        matrix: Matrix,
        line_width: float,
        color: str,
        alpha: float,
        filled: bool,
        origin: Any,
        clip: Rect | None = None,
        in_form: bool = False,
    ) -> None:
        # the frozen dataclass's own __init__ sets each field through object.__setattr__; its
        # fields land in the instance's dict all the same (as cached_property's values do)
        self.__dict__.update(
            path=path,
            matrix=matrix,
            line_width=line_width,
            color=color,
            alpha=alpha,
            filled=filled,
            origin=origin,
            clip=clip,
            in_form=in_form,
        )

    @functools.cached_property
    def width(self) -> float:
        """The width it prints at, in points (line width times the transform's scale)."""
        a, b, c, d = self.matrix[:4]
        return self.line_width * math.sqrt(abs(a * d - b * c))

    @functools.cached_property
    def lines(self) -> tuple[tuple[tuple[float, float], ...], ...]:
        """Its subpaths as page points (a closed one repeats its first point; a curve is taken
        through its control points, which bound it)."""
        return tuple(tuple(apply(self.matrix, x, y) for x, y in sub) for sub in subpaths(self.path))

    @functools.cached_property
    def box(self) -> Rect:
        """The box it covers: its points grown by half its width, cut to the clip."""
        xs = [x for sub in self.lines for x, _ in sub]
        ys = [y for sub in self.lines for _, y in sub]
        if not xs:
            return (0.0, 0.0, -1.0, -1.0)
        h = self.width / 2
        return intersect((min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h), self.clip)

    def placed(self, outer: Matrix, clip: Rect | None = None) -> StrokeMark:
        inner = _bounds(outer, *self.clip) if self.clip is not None else None
        both = inner if clip is None else intersect(clip, inner)
        return StrokeMark(
            self.path,
            compose(outer, self.matrix),
            self.line_width,
            self.color,
            self.alpha,
            self.filled,
            self.origin,
            both,
            True,
        )


Mark = TextMark | FillMark | ImageMark | NoteMark | StrokeMark


@functools.lru_cache(maxsize=8192)
def _unit_width(ch: str, font: str) -> float:
    """The advance of one character at size 1 (only the shares along a run matter)."""
    try:
        return stringWidth(ch, font, 1.0)
    except (KeyError, AttributeError):
        return 1.0


def intersect(a: Rect, b: Rect | None) -> Rect:
    """``a`` cut to ``b`` (None: no cut); an empty result has x1 < x0 or y1 < y0."""
    if b is None:
        return a
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _bounds(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> Rect:
    """The page box of the corners (x0, y0), (x1, y0), (x0, y1), (x1, y1) moved by ``m``: what
    ``apply`` gives for each corner, written out (it runs for every mark)."""
    a, b, c, d, e, f = m
    if not b and not c:  # upright (most marks): two corners tell
        xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
    xa, xb, xc, xd = a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e
    ya, yb, yc, yd = b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f
    return (min(xa, xb, xc, xd), min(ya, yb, yc, yd), max(xa, xb, xc, xd), max(ya, yb, yc, yd))
