"""What a build puts on each page, recorded as it is drawn: text runs, filled shapes and stroked
lines at their printed size and place (every transform and form placement applied), with the YAML
element that made them (``generator.core.where``).

``recording()`` turns it on for the block; every canvas ``pdf_canvas`` opens inside is observed.
The proofreader (``generator.proof``) judges these records: they are the geometry the PDF holds,
not a second guess of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS, Canvas

from generator.core import where
from generator.core.geometry import Matrix
from generator.render.marks import (
    ASCENT,
    CAP,
    DESCENT,
    FillMark,
    ImageMark,
    Mark,
    NoteMark,
    Rect,
    StrokeMark,
    TextMark,
    _bounds,
    intersect,
    text_marks,
)
from generator.render.paint import canvas_alpha
from generator.render.pathcode import NUMBERS, outline, path_box, segments
from generator.render.textout import show_text, show_texts

__all__ = [
    "ASCENT",
    "CAP",
    "DESCENT",
    "FillMark",
    "ImageMark",
    "Mark",
    "NoteMark",
    "PageRecord",
    "Recording",
    "Rect",
    "StrokeMark",
    "TextMark",
    "active",
    "clip_and_move",
    "draw_run",
    "intersect",
    "note",
    "observe",
    "recording",
]


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

    def _kinds(self) -> tuple[int, dict[type, list[Any]], dict[type, tuple[int, int]]]:
        """The marks sorted by class in one pass when first asked (every rule asks of every
        page), and again should marks be added: (how many, the marks of each class in drawing
        order, where each class first shows: its index and the text marks before it)."""
        kept = self.__dict__.get("_by_kind")
        if kept is None or kept[0] != len(self.marks):
            kinds: dict[type, list[Any]] = {}
            firsts: dict[type, tuple[int, int]] = {}
            last, found = None, []  # the class of the mark before and its list (marks come in runs)
            for i, mark in enumerate(self.marks):
                kind = type(mark)
                if kind is last:
                    found.append(mark)
                    continue
                last, seen = kind, kinds.get(kind)
                if seen is None:
                    found = kinds[kind] = [mark]
                    firsts[kind] = (i, len(kinds.get(TextMark, ())))
                else:
                    found = seen
                    found.append(mark)
            kept = self.__dict__["_by_kind"] = (len(self.marks), kinds, firsts)
        return kept

    def of_kind(self, kind: type) -> list[Any]:
        """The marks of class ``kind``, in drawing order."""
        return self._kinds()[1].get(kind, [])

    def first(self, kind: type) -> tuple[int, int]:
        """Where the first mark of class ``kind`` is (``len(marks)`` when none is) and how many
        text marks come before it."""
        _, kinds, firsts = self._kinds()
        return firsts.get(kind) or (len(self.marks), len(kinds.get(TextMark, ())))

    def texts(self) -> list[TextMark]:
        return self.of_kind(TextMark)

    def notes(self, kind: str) -> list[NoteMark]:
        return [m for m in self.of_kind(NoteMark) if m.kind == kind]


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


def observe(canvas: Canvas, path: Path, into: Recording | None = None) -> None:
    """Record what ``canvas`` draws into the active recording (nothing when none is active), or
    into ``into``."""
    active = _ACTIVE.get() if into is None else into
    if active is not None:
        _Observer(canvas, Path(path), active)


def note(canvas: Canvas, kind: str, box: Rect = (0.0, 0.0, 0.0, 0.0)) -> None:
    """Say ``kind`` about the page being drawn (with a box in the canvas's current space)."""
    observer = getattr(canvas, "_deckwright_record", None)
    if observer is not None:
        mark = object.__new__(NoteMark)  # NoteMark(kind, box, matrix) without the frozen __init__
        set_kind, set_local, set_matrix = _NOTE_SETTERS
        set_kind(mark, kind)
        set_local(mark, box)
        set_matrix(mark, tuple(observer.c._currentMatrix))  # as observer._matrix()
        observer.current.append(mark)


_NOTE_SETTERS = tuple(NoteMark.__dict__[f].__set__ for f in ("kind", "local", "matrix"))


def draw_run(canvas: Canvas, x: float, y: float, text: str, width: float) -> None:
    """``canvas.drawString(x, y, text)`` for a run whose advance width the layout has measured
    (``width``, points): a recording takes it rather than measuring the text again."""
    observer = getattr(canvas, "_deckwright_record", None)
    if observer is None:
        canvas.drawString(x, y, text)
    else:
        observer.run(x, y, text, width)


def draw_runs(canvas: Canvas, runs: Sequence[Any]) -> None:
    """:func:`draw_run` of each run (``x``, ``y``, ``text``, ``width``), all in the canvas's
    current font, size and colour, in one go."""
    observer = getattr(canvas, "_deckwright_record", None)
    if observer is None:
        for run in runs:
            canvas.drawString(run.x, run.y, run.text)
    else:
        observer.runs(runs)


def clip_and_move(canvas: Canvas, x: float, y: float, w: float, h: float, dx: float, dy: float) -> None:
    """``canvas.saveState()``, a clip to the rectangle (``x``, ``y``, ``w``, ``h``: a path of it
    given to ``clipPath`` neither stroked nor filled) and ``canvas.translate(dx, dy)``: the
    operators ReportLab writes for them, kept per rectangle and move (every sheet's slots are
    the same), written directly, and the canvas's matrix moved as ``transform`` moves it."""
    canvas.saveState()
    observer = getattr(canvas, "_deckwright_record", None)
    kept = _moved(canvas, observer, x, y, w, h, dx, dy)
    if kept is None:
        path = canvas.beginPath()
        path.rect(x, y, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(dx, dy)
        return
    key, clip, move = kept
    if observer is not None:
        observer.clipped(key)
    code = canvas._code
    code.append(clip)
    if rl_canvas.ENABLE_TRACKING:  # transform(1, 0, 0, 1, dx, dy), its sums as it works them out
        a0, b0, c0, d0, e0, f0 = canvas._currentMatrix
        canvas._currentMatrix = (
            a0 * 1 + c0 * 0,
            b0 * 1 + d0 * 0,
            a0 * 0 + c0 * 1,
            b0 * 0 + d0 * 1,
            a0 * dx + c0 * dy + e0,
            b0 * dx + d0 * dy + f0,
        )
    code.append(move)  # after the clip's ' n': never joined to an earlier ' cm'


_MOVES: dict[tuple, tuple[tuple[str, ...], str, str]] = {}
"""Per rectangle, move and fill mode: the clipping path's operators (``PDFPathObject._code``),
the clip as ``clipPath`` writes it and the move as ``translate`` writes it."""
_PLAIN: dict[type, bool] = {}
"""Whether a canvas class clips, moves and makes paths with ``Canvas``'s own methods."""


def _moved(
    canvas: Canvas, observer: Any, x: float, y: float, w: float, h: float, dx: float, dy: float
) -> tuple[tuple[str, ...], str, str] | None:
    """What :func:`clip_and_move` writes, worked out once; None where it may differ from the
    calls: a canvas whose methods are not ``Canvas``'s (or wrapped by other than the recording),
    numbers not all non-zero floats (0.0 and -0.0 are one key but print apart)."""
    kind = type(canvas)
    plain = _PLAIN.get(kind)
    if plain is None:
        names = ("beginPath", "clipPath", "translate", "transform")
        plain = _PLAIN[kind] = all(getattr(kind, n) is getattr(Canvas, n) for n in names)
    own = canvas.__dict__
    if not plain or "translate" in own or "transform" in own or "beginPath" in own:
        return None
    wrapped = own.get("clipPath")
    if wrapped is not None and (observer is None or wrapped is not observer.clip_call):
        return None
    if not (type(x) is type(y) is type(w) is type(h) is type(dx) is type(dy) is float):
        return None
    if not (x and y and w and h and dx and dy):
        return None
    mode = canvas._fillMode
    key = (x, y, w, h, dx, dy, mode)
    kept = _MOVES.get(key)
    if kept is None:
        if len(_MOVES) >= 1024:
            _MOVES.clear()
        ops = ("n", f"{fp_str((x, y, w, h))} re")  # as PDFPathObject.rect writes it, after its 'n'
        clip = " ".join(ops) + (" W* " if mode == FILL_EVEN_ODD else " W ") + PATH_OPS[0, 0, mode]
        kept = _MOVES[key] = (ops, clip, f"{fp_str(1, 0, 0, 1, dx, dy)} cm")
    return kept


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
        self._clip_boxes: dict[tuple, Rect | None] = {}  # a clipping path's operators -> its local box
        for name in ("drawString", "drawCentredString", "drawRightString"):
            self._wrap_text(name)
        for name in ("rect", "roundRect", "ellipse", "circle", "drawPath"):
            self._wrap_shape(name)
        self._lines: dict[tuple, tuple[tuple[str, str], str]] = {}  # a line's ends -> path, code
        self._wrap_line()
        self._wrap("lines", lambda lines: self._stroke(tuple(segments(lines)), False))
        self._wrap("drawImage", self._image)
        self._wrap("beginForm", self._begin_form)
        self._wrap("endForm", self._end_form)
        self._wrap("doForm", self._do_form)
        self._wrap("showPage", self._show_page)
        self._wrap("saveState", lambda: self.clips.append(self.clip))
        self._wrap("restoreState", self._restore)
        self._wrap("clipPath", self._clip_path)
        # the wrapper, when it wraps Canvas.clipPath itself: ``clip_and_move`` may then stand for it
        plain_clip = getattr(self.originals["clipPath"], "__func__", None) is Canvas.clipPath
        self.clip_call = self.c.clipPath if plain_clip else None

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
        if name == "drawString":  # plain calls written directly, as ``run`` writes them
            original = self.originals[name]

            def draw(x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
                note(x, y, text)
                if args or kw or not show_text(self.c, x, y, text):
                    original(x, y, text, *args, **kw)

            setattr(self.c, name, draw)

    def run(self, x: float, y: float, text: str, width: float) -> None:
        """Record and draw a left-aligned run of known width (see :func:`draw_run`)."""
        if text.strip():
            self._text(x, y, text, width, 0.0)
        if not show_text(self.c, x, y, text):
            self.originals["drawString"](x, y, text)

    def runs(self, runs: Sequence[Any]) -> None:
        """:meth:`run` of each run, all in the canvas's current font, size and colour: the state
        a mark takes (matrix, colour, clip, opacity, origin) read once for them all."""
        c = self.c
        size, font = c._fontsize, c._fontname
        below, above = DESCENT * size, ASCENT * size
        fill = c._fillColorObj
        known = self._hexes.get(id(fill))
        colour = known[1] if known is not None and known[0] is fill else self._hex(fill)
        matrix, origin, alpha = tuple(c._currentMatrix), where.current(), canvas_alpha(c)
        self.current += text_marks(runs, below, above, matrix, size, colour, font, origin, self.clip, alpha)
        if not show_texts(c, runs, self.originals["drawString"]):
            for run in runs:
                self.originals["drawString"](run.x, run.y, run.text)

    def _text(self, x: float, y: float, text: str, width: float, share: float) -> None:
        c = self.c
        size = c._fontsize
        x0 = x - share * width
        local = (x0, y - DESCENT * size, x0 + width, y + ASCENT * size)
        fill = c._fillColorObj
        known = self._hexes.get(id(fill))  # as _hex, inline: every run passes here
        colour = known[1] if known is not None and known[0] is fill else self._hex(fill)
        matrix = tuple(c._currentMatrix)
        self.current.append(
            TextMark(
                text, local, matrix, size, colour, c._fontname, where.current(), self.clip, canvas_alpha(c)
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
                colour = self._hex(c._fillColorObj)
                radius = (
                    float(args[4]) if name == "roundRect" and len(args) > 4 else float(kw.get("radius", 0))
                )
                mark = FillMark(box, self._matrix(), colour, canvas_alpha(c), where.current(), self.clip)
                mark.shape, mark.radius = shape, radius
                self.current.append(mark)

        self._wrap(name, note)

    def _stroke(self, path: tuple[str, ...], filled: bool) -> None:
        c = self.c
        alpha = canvas_alpha(c, stroke=True)
        colour = self._hex(c._strokeColorObj)
        width = float(c._lineWidth)
        self.current.append(
            StrokeMark(path, self._matrix(), width, colour, alpha, filled, where.current(), self.clip)
        )

    def _wrap_line(self) -> None:
        """``line``: its path recorded, then drawn; a line drawn before (every sheet's crop marks)
        has its path and its operators (``Canvas.line``'s, written directly) kept."""
        original = self.originals["line"] = self.c.line
        plain = getattr(original, "__func__", None) is Canvas.line  # else drawn by what it is

        def line(x1: float, y1: float, x2: float, y2: float) -> None:
            kept = self._line(x1, y1, x2, y2) if plain else None
            if kept is None:
                self._stroke((f"{x1} {y1} m", f"{x2} {y2} l"), False)
                original(x1, y1, x2, y2)
                return
            self._stroke(kept[0], False)
            self.c._code.append(kept[1])

        self.c.line = line  # type: ignore[method-assign]

    def _line(self, x1: float, y1: float, x2: float, y2: float) -> tuple[tuple[str, str], str] | None:
        """(path as recorded, operators as ``Canvas.line`` writes them) of a line of float,
        non-zero ends (0.0 and -0.0 are one key but print apart), worked out once; else None."""
        if not (type(x1) is type(y1) is type(x2) is type(y2) is float and x1 and y1 and x2 and y2):
            return None
        key = (x1, y1, x2, y2)
        kept = self._lines.get(key)
        if kept is None:
            if len(self._lines) >= 4096:
                self._lines.clear()
            path = (f"{x1} {y1} m", f"{x2} {y2} l")
            kept = self._lines[key] = (path, f"n {fp_str(x1, y1)} m {fp_str(x2, y2)} l S")
        return kept

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
        self.clipped(tuple(path._code))  # its operators as drawn (the same card slot on every sheet)

    def clipped(self, key: tuple[str, ...]) -> None:
        """A clipping path of operators ``key`` (its ``_code``) drawn: the clip it sets kept,
        as ``clipPath`` keeps it."""
        local = self._clip_boxes.get(key, False)
        if local is False:
            local = self._clip_boxes[key] = path_box(" ".join(str(s) for s in key))
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
