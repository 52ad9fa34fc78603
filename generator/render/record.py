"""What a build puts on each page, recorded as it is drawn: text runs, filled shapes and stroked
lines at their printed size and place (every transform and form placement applied), with the YAML
element that made them (``generator.core.where``).

``recording()`` turns it on for the block; every canvas ``pdf_canvas`` opens inside is observed.
The proofreader (``generator.proof``) judges these records: they are the geometry the PDF holds,
not a second guess of it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.core import where
from generator.core.geometry import Matrix, apply, compose
from generator.render.pathcode import NUMBERS, inverse, outline, path_box, segments, subpaths
from generator.render.textout import show_text

Rect = tuple[float, float, float, float]
"""x0, y0, x1, y1 in page points."""

ASCENT, DESCENT = 0.75, 0.22
"""The share of the font size above and below the baseline that a text box covers."""
CAP = 0.7
"""The height of a capital letter, as a share of the font size (most text faces: 0.65-0.73)."""


@dataclass(slots=True, eq=False)
class TextMark:
    """A run of text: its unturned box in text space, the matrix that places it on the page, its
    font and size as set, its colour and origin; its printed size and page boxes are worked out
    as it is made (every rule reads them).

    Read-only by use, not frozen: a build records thousands of marks, and a frozen dataclass
    takes about four times as long to make."""

    text: str
    local: Rect
    matrix: Matrix
    font_size: float
    color: str
    font: str
    origin: Any
    clip: Rect | None = None
    """The clipping box in force when it was drawn (in the same space as ``box``)."""
    size: float = field(init=False)
    """The size it prints at, in points (font size times the transform's vertical scale)."""
    box: Rect = field(init=False)
    """Its box on the page."""
    shown: Rect = field(init=False)
    """The part of its box inside its clip (a tile shows only its window of the board)."""

    def __post_init__(self) -> None:
        m = self.matrix
        self.size = self.font_size * (abs(m[3]) if not m[2] else math.hypot(m[2], m[3]))
        self.box = box = _bounds(m, *self.local)
        self.shown = box if self.clip is None else intersect(box, self.clip)

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
        )


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


@dataclass(frozen=True)
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


@dataclass
class PageRecord:
    """One printed page of a kit file: its size and what was drawn on it, in drawing order."""

    file: Path
    number: int
    width: float
    height: float
    marks: list[Mark] = field(default_factory=list)
    variant: str = ""
    """The paper and layout the kit was built for (``a4 duplex``), when several are recorded."""
    origin: Any = None
    """The part that drew the page (``where.current()`` as it ended): the deck's entry in
    game.yaml for a card sheet, the part's file for a board, summary or component sheet."""

    def name(self) -> str:
        """``suitcases.pdf page 1`` (``(letter gutterfold)`` added when known)."""
        return f"{self.file.name} page {self.number}" + (f" ({self.variant})" if self.variant else "")

    def texts(self) -> list[TextMark]:
        return [m for m in self.marks if isinstance(m, TextMark)]

    def notes(self, kind: str) -> list[NoteMark]:
        return [m for m in self.marks if isinstance(m, NoteMark) and m.kind == kind]


@dataclass
class Recording:
    """Every page of every file drawn while recording, by file."""

    files: dict[Path, list[PageRecord]] = field(default_factory=dict)
    variant: str = ""
    """What the pages recorded from now on were built for (set between builds)."""
    keep: Callable[[PageRecord], bool] | None = None
    """Asked about each page as it ends: a page it turns down is not kept (its number still
    counts), so a long build holds the pages it needs, not every page (``proof.gate``)."""
    counts: dict[Path, int] = field(default_factory=dict)
    """Pages ended per file, kept or not."""

    def add(self, page: PageRecord) -> None:
        """Keep ``page`` in its file's list, unless ``keep`` turns it down."""
        if self.keep is None or self.keep(page):
            self.files.setdefault(page.file, []).append(page)

    def pages(self) -> Iterator[PageRecord]:
        for pages in self.files.values():
            yield from pages


_ACTIVE: ContextVar[Recording | None] = ContextVar("recording", default=None)


@contextmanager
def recording() -> Iterator[Recording]:
    """Record every page drawn inside the block."""
    found = Recording()
    token = _ACTIVE.set(found)
    try:
        yield found
    finally:
        _ACTIVE.reset(token)


def active() -> bool:
    """Whether a recording is running."""
    return _ACTIVE.get() is not None


def observe(canvas: Canvas, path: Path) -> None:
    """Record what ``canvas`` draws into the active recording (nothing when none is active)."""
    active = _ACTIVE.get()
    if active is not None:
        _Observer(canvas, Path(path), active)


def note(canvas: Canvas, kind: str, box: Rect = (0.0, 0.0, 0.0, 0.0)) -> None:
    """Say ``kind`` about the page being drawn (with a box in the canvas's current space)."""
    observer = getattr(canvas, "_deckwright_record", None)
    if observer is not None:
        observer.current.append(NoteMark(kind, box, observer._matrix()))


def draw_run(canvas: Canvas, x: float, y: float, text: str, width: float) -> None:
    """``canvas.drawString(x, y, text)`` for a run whose advance width the layout has measured
    (``width``, points): a recording takes it rather than measuring the text again."""
    observer = getattr(canvas, "_deckwright_record", None)
    if observer is None:
        canvas.drawString(x, y, text)
    else:
        observer.run(x, y, text, width)


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


def _hex(color: Any) -> str:
    """A ReportLab colour as '#rrggbb' (CMYK through its RGB equivalent)."""
    if color is None:
        return "#000000"
    try:
        r, g, b = color.rgb()
    except AttributeError:
        return "#000000"
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v * 255))) for v in (r, g, b)))


FILL_ARG = {"rect": 5, "roundRect": 6, "ellipse": 5, "circle": 4, "drawPath": 2}
"""The position of the ``fill`` argument of each shape method."""
STROKE_ARG = {"rect": 4, "roundRect": 5, "ellipse": 4, "circle": 3, "drawPath": 1}
"""The position of the ``stroke`` argument of each shape method (stroked unless told not)."""


class _Observer:
    """Wraps one canvas's drawing methods; keeps form contents to place them where they are used."""

    def __init__(self, canvas: Canvas, path: Path, into: Recording):
        self.c = canvas
        canvas._deckwright_record = self  # type: ignore[attr-defined]
        self.into = into
        if into.keep is None:
            into.files.setdefault(path, [])  # listed even before its first page
        self.path = path
        self.variant = into.variant
        self.forms: dict[str, list[Mark]] = {}
        self.stack: list[tuple[str, list[Mark], Rect | None, list[Rect | None]]] = []
        self.current: list[Mark] = []
        self.clip: Rect | None = None
        self.clips: list[Rect | None] = []
        self.originals: dict[str, Callable[..., Any]] = {}
        self._hexes: dict[int, tuple[Any, str]] = {}  # id of a colour object -> (it, its '#rrggbb')
        self._clip_boxes: dict[str, Rect | None] = {}  # a clipping path's code -> its local box
        for name in ("drawString", "drawCentredString", "drawRightString"):
            self._wrap_text(name)
        for name in ("rect", "roundRect", "ellipse", "circle", "drawPath"):
            self._wrap_shape(name)
        self._wrap("line", lambda x1, y1, x2, y2: self._stroke((f"{x1} {y1} m", f"{x2} {y2} l"), False))
        self._wrap("lines", lambda lines: self._stroke(tuple(segments(lines)), False))
        self._wrap("drawImage", self._image)
        self._wrap("beginForm", self._begin_form)
        self._wrap("endForm", self._end_form)
        self._wrap("doForm", self._do_form)
        self._wrap("showPage", self._show_page)
        self._wrap("saveState", lambda: self.clips.append(self.clip))
        self._wrap("restoreState", self._restore)
        self._wrap("clipPath", self._clip_path)

    def _wrap(self, name: str, before: Callable[..., Any]) -> None:
        original = self.originals[name] = getattr(self.c, name)

        def call(*args: Any, **kw: Any) -> Any:
            before(*args, **kw)
            return original(*args, **kw)

        setattr(self.c, name, call)

    def _wrap_text(self, name: str) -> None:
        share = {"drawString": 0.0, "drawCentredString": 0.5, "drawRightString": 1.0}[name]

        def note(x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
            if str(text).strip():
                c = self.c
                self._text(x, y, str(text), stringWidth(text, c._fontname, c._fontsize), share)

        self._wrap(name, note)

    def run(self, x: float, y: float, text: str, width: float) -> None:
        """Record and draw a left-aligned run of known width (see :func:`draw_run`)."""
        if text.strip():
            self._text(x, y, text, width, 0.0)
        if not show_text(self.c, x, y, text):
            self.originals["drawString"](x, y, text)

    def _text(self, x: float, y: float, text: str, width: float, share: float) -> None:
        c = self.c
        size = c._fontsize
        x0 = x - share * width
        local = (x0, y - DESCENT * size, x0 + width, y + ASCENT * size)
        self.current.append(
            TextMark(
                text,
                local,
                self._matrix(),
                size,
                self._hex(c._fillColorObj),
                c._fontname,
                where.current(),
                self.clip,
            )
        )

    def _hex(self, color: Any) -> str:
        """``_hex(color)``, worked out once per colour object (the layout's colours are shared)."""
        known = self._hexes.get(id(color))
        if known is not None and known[0] is color:
            return known[1]
        value = _hex(color)
        self._hexes[id(color)] = (color, value)
        return value

    def _wrap_shape(self, name: str) -> None:
        """A shape method: its outline recorded, then its fill (one wrapper does both)."""
        shape = {"rect": "rect", "roundRect": "rect", "ellipse": "ellipse", "circle": "ellipse"}.get(
            name, "box"
        )
        at, fill_at = STROKE_ARG[name], FILL_ARG[name]

        def note(*args: Any, **kw: Any) -> None:
            if kw.get("stroke", args[at] if len(args) > at else 1):
                filled = bool(kw.get("fill", args[fill_at] if len(args) > fill_at else 0))
                self._stroke(outline(name, args), filled)
            box = self._fill_box(name, args, kw)
            if box is not None:
                c = self.c
                alpha = float(getattr(c, "_fillAlpha", 1.0))
                colour = self._hex(c._fillColorObj)
                radius = (
                    float(args[4]) if name == "roundRect" and len(args) > 4 else float(kw.get("radius", 0))
                )
                mark = FillMark(box, self._matrix(), colour, alpha, where.current(), self.clip)
                mark.shape, mark.radius = shape, radius
                self.current.append(mark)

        self._wrap(name, note)

    def _stroke(self, path: tuple[str, ...], filled: bool) -> None:
        c = self.c
        try:
            alpha = float(c._extgstate.getValue("CA"))
        except (AttributeError, KeyError, TypeError, ValueError):
            alpha = 1.0
        colour = self._hex(c._strokeColorObj)
        width = float(c._lineWidth)
        self.current.append(
            StrokeMark(path, self._matrix(), width, colour, alpha, filled, where.current(), self.clip)
        )

    def _matrix(self) -> Matrix:
        return tuple(self.c._currentMatrix)  # type: ignore[return-value]

    @staticmethod
    def _fill_box(name: str, args: tuple, kw: dict) -> Rect | None:
        """The unturned box of a filled shape, or None when it is not filled."""
        at = FILL_ARG[name]
        if not kw.get("fill", args[at] if len(args) > at else 0):
            return None
        if name == "drawPath":
            numbers = [float(n) for n in NUMBERS.findall(" ".join(str(s) for s in args[0]._code))]
            xs, ys = numbers[0::2], numbers[1::2]
            return (min(xs), min(ys), max(xs), max(ys)) if xs and ys else None
        if name in ("rect", "roundRect"):
            x, y, w, h = args[:4]
            return (min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h))
        if name == "ellipse":
            x1, y1, x2, y2 = args[:4]
            return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        x, y, r = args[:3]
        return (x - r, y - r, x + r, y + r)

    def _image(
        self,
        image: Any,
        x: float,
        y: float,
        width: float | None = None,
        height: float | None = None,
        *args: Any,
        **kw: Any,
    ) -> None:
        if width is None or height is None:
            return
        local = (min(x, x + width), min(y, y + height), max(x, x + width), max(y, y + height))
        self.current.append(ImageMark(local, self._matrix(), where.current(), self.clip))

    def _restore(self) -> None:
        self.clip = self.clips.pop() if self.clips else None

    def _clip_path(self, path: Any, *args: Any, **kw: Any) -> None:
        code = " ".join(str(s) for s in path._code)
        if code in self._clip_boxes:
            local = self._clip_boxes[code]
        else:
            local = self._clip_boxes[code] = path_box(code)
        if local is None:
            return
        box = _bounds(self._matrix(), *local)
        self.clip = box if self.clip is None else intersect(box, self.clip)

    def _begin_form(self, name: str, *args: Any, **kw: Any) -> None:
        self.stack.append((name, self.current, self.clip, self.clips))
        self.current, self.clip, self.clips = [], None, []

    def _end_form(self, *args: Any, **kw: Any) -> None:
        name, outer, self.clip, self.clips = self.stack.pop()
        self.forms[name] = self.current
        self.current = outer

    def _do_form(self, name: str) -> None:
        m = self._matrix()
        self.current.extend(mark.placed(m, self.clip) for mark in self.forms.get(name, ()))

    def _show_page(self) -> None:
        w, h = self.c._pagesize
        n = self.into.counts[self.path] = self.into.counts.get(self.path, 0) + 1
        self.into.add(PageRecord(self.path, n, w, h, self.current, self.variant, where.current()))
        self.current, self.clip, self.clips = [], None, []
