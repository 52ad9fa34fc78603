"""Word wrapping and shrink-to-fit: spans in, absolutely placed runs and icons out.

The spans are measured once at size 1 (widths scale linearly), then wrapped at candidate sizes:
the preferred size first, else a binary search on a 0.25 pt grid down to ``min_size``. A
paragraph whose wrapped last line would hold one word alone (a widow) is then set a little
tighter, keeping its number of lines, so that the word keeps company (``text.widows``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.text.markup import Span
from generator.text.widows import EPS, Piece, Word
from generator.text.widows import no_widows as _no_widows  # by this name: tests turn it off here

GRID = 0.25  # candidate sizes are multiples of this (plus min_size itself)
ICON_GAP = 0.15  # space between text and an icon right after it in one word, multiple of size
ICON_CENTER = 0.35  # icon centre above the baseline, multiple of size (about mid x-height)
ALIGNS = ("left", "center", "right", "justify")
VALIGNS = ("top", "middle", "bottom")

_ODD_SPACE = re.compile(r"[\t\n\r\f\v]")  # breakable whitespace other than " "


@dataclass(frozen=True)
class TextStyle:
    """How a text box is set. Sizes in points; ``leading`` and spaces are multiples of size."""

    family: str
    size: float
    min_size: float
    leading: float = 1.2
    color: str = "#000000"
    align: str = "left"  # left | center | right | justify (all lines but a paragraph's last)
    valign: str = "top"  # top | middle | bottom
    icon_scale: float = 1.0  # inline icon square = size * icon_scale
    paragraph_space: float = 0.4  # extra space after a paragraph
    icon_rise: float = 0.0  # inline icons raised above their usual place, multiple of size
    icon_looks: tuple[tuple[str, float, float], ...] = ()
    """Per icon name, its own (scale, rise) in place of ``icon_scale`` and ``icon_rise``."""

    def __post_init__(self) -> None:
        if not (self.size > 0 and self.min_size > 0):
            raise ValueError(f"sizes must be > 0, got {self.size} and {self.min_size}")
        if self.min_size > self.size:  # a min above the size means a fixed size
            object.__setattr__(self, "min_size", self.size)
        scales = [self.icon_scale, *(look[1] for look in self.icon_looks)]
        if self.leading <= 0 or min(scales) <= 0 or self.paragraph_space < 0:
            raise ValueError("leading and icon_scale must be > 0, paragraph_space >= 0")
        if self.align not in ALIGNS or self.valign not in VALIGNS:
            raise ValueError(f"bad alignment {self.align!r}/{self.valign!r}")


@dataclass(frozen=True, slots=True)
class PlacedRun:
    """Same-style text on one line; (x, y) is the left end of its baseline, absolute points.
    ``width`` is its advance width as the layout measured it (points; None where not known):
    the page recording takes it rather than measuring the text again."""

    x: float
    y: float
    text: str
    face: str
    size: float
    color: str
    width: float | None = field(default=None, compare=False)


_SETTERS = tuple(PlacedRun.__dict__[f].__set__ for f in ("x", "y", "text", "face", "size", "color", "width"))


def _placed_run(x: float, y: float, text: str, face: str, size: float, color: str, width: float) -> PlacedRun:
    """``PlacedRun(x, y, text, face, size, color, width)``, its slots filled directly (a frozen
    dataclass's own ``__init__`` sets each through ``object.__setattr__``: a card's every line
    makes one)."""
    run = object.__new__(PlacedRun)
    sx, sy, st, sf, ss, sc, sw = _SETTERS
    sx(run, x)
    sy(run, y)
    st(run, text)
    sf(run, face)
    ss(run, size)
    sc(run, color)
    sw(run, width)
    return run


@dataclass(frozen=True, slots=True)
class PlacedIcon:
    """An inline icon; (x, y) is the bottom-left of its square, absolute points."""

    x: float
    y: float
    size: float
    name: str
    color: str


@dataclass(frozen=True)
class TextLayout:
    """The result of fitting: what to draw, at which size, and whether it fitted."""

    runs: tuple[PlacedRun, ...]
    icons: tuple[PlacedIcon, ...]
    size: float
    fits: bool  # False when even min_size overflows (the min_size layout is returned)
    line_count: int
    overflow: float  # points too tall or too wide at min_size; 0 when it fits
    missing: str = ""  # characters no font of the fallback chain can draw (each once)


_Piece = Piece
_Word = Word


class _Prepared:
    """Spans broken into hard lines of unbreakable words, measured at size 1.

    ``plain[i]`` is hard line i's word texts when every word of it is one piece of text in one
    face and colour with that face's space between them (then a wrapped piece of it is a single
    run, its words joined by spaces); otherwise None.
    """

    __slots__ = ("asc", "desc", "ends", "has_icons", "lines", "max_word", "missing", "plain", "rises")

    def __init__(self, spans: Sequence[Span], style: TextStyle, fonts: FontBook):
        self.missing = ""
        self.rises: dict[str, float] = {}  # icon name -> rise (multiple of size)
        width = fonts.width
        faces: dict[tuple[bool, bool], str] = {}
        space = {"": 0.0}  # face -> width of a space; "" = no space (start of a line)
        looks = {name: (scale, rise) for name, scale, rise in style.icon_looks}
        asc = desc = 0.0  # the highest icon top and lowest icon bottom, at size 1
        icon_gap = 0.0  # the gap between the last icon and text right after it
        lines: list[list[_Word]] = []
        line: list[_Word] = []
        ends: list[bool] = []  # ends[i]: the break after hard line i is a paragraph break
        pieces: list[_Piece] | None = None  # the word being built
        word_w = 0.0
        gap_face = pending = ""  # face of the space before the word / of the last space seen
        has_icons = False
        missing: dict[str, None] = {}  # ordered set
        for s in spans:
            if s.newline:
                if pieces:
                    line.append((word_w, space[gap_face], gap_face, tuple(pieces)))
                pieces, pending = None, ""
                lines.append(line)
                line = []
                ends.append(s.paragraph)
                continue
            color = s.color or style.color
            if s.icon:
                scale, rise = looks.get(s.icon, (style.icon_scale, style.icon_rise))
                self.rises[s.icon] = rise
                bottom = ICON_CENTER - scale / 2 + rise
                asc, desc = max(asc, bottom + scale), min(desc, bottom)
                has_icons = True
                if pieces is None:
                    pieces, word_w, gap_face, pending = [], 0.0, pending if line else "", ""
                lead = ICON_GAP if pieces and not pieces[-1][5] else 0.0  # none after an icon
                pieces.append((lead, s.icon, "", color, scale, True))
                icon_gap = ICON_GAP if s.spaced else 0.0
                word_w += lead + scale
                continue
            face = faces.get((s.bold, s.italic))
            if face is None:
                face = faces[s.bold, s.italic] = fonts.face(style.family, s.bold, s.italic)
                space[face] = width(" ", face, 1.0)
            text = s.text if _ODD_SPACE.search(s.text) is None else _ODD_SPACE.sub(" ", s.text)
            covered = fonts.covers(face, text)  # else some words are cut into fallback faces
            for k, tok in enumerate(text.split(" ")):
                if k:  # a space came before tok: the word so far is complete
                    if pieces:
                        line.append((word_w, space[gap_face], gap_face, tuple(pieces)))
                    pieces, pending = None, face
                if not tok:
                    continue
                if pieces is None:
                    pieces, word_w, gap_face, pending = [], 0.0, pending if line else "", ""
                lead = icon_gap if pieces and pieces[-1][5] else 0.0  # none after an inline icon
                if covered or fonts.covers(face, tok):
                    w = width(tok, face, 1.0)
                    pieces.append((lead, tok, face, color, w, False))
                    word_w += lead + w
                    continue
                segments, lacking = fonts.split(tok, face, s.bold, s.italic)
                missing.update(dict.fromkeys(lacking))
                for part, part_face in segments:
                    w = width(part, part_face, 1.0)
                    pieces.append((lead, part, part_face, color, w, False))
                    word_w += lead + w
                    lead = 0.0
        if pieces:
            line.append((word_w, space[gap_face], gap_face, tuple(pieces)))
        lines.append(line)
        while len(lines) > 1 and not lines[-1]:  # trailing breaks (YAML block scalars) add nothing
            lines.pop()
            ends.pop()
        base = fonts.face(style.family)
        if has_icons:
            asc, desc = max(asc, fonts.ascent(base, 1.0)), min(desc, fonts.descent(base, 1.0))
        else:
            asc, desc = fonts.ascent(base, 1.0), fonts.descent(base, 1.0)
        self.lines, self.ends, self.has_icons = lines, ends, has_icons
        self.asc, self.desc = asc, desc
        self.max_word = max((w[0] for line in lines for w in line), default=0.0)
        self.plain = [_plain(line) for line in lines]
        self.missing = "".join(missing)

    @classmethod
    def of_words(cls, words: _Words, space: float, asc: float, desc: float) -> _Prepared:
        """One hard line of words of one face and colour (``_words``), as the loop in
        ``__init__`` makes it of a single span of such text."""
        face, color, texts, widths = words
        prep = cls.__new__(cls)
        prep.missing, prep.rises = "", {}
        line: list[_Word] = [(widths[0], 0.0, "", ((0.0, texts[0], face, color, widths[0], False),))]
        for tok, w in zip(texts[1:], widths[1:], strict=True):
            line.append((w, space, face, ((0.0, tok, face, color, w, False),)))
        prep.lines, prep.ends, prep.has_icons = [line], [], False
        prep.asc, prep.desc = asc, desc
        prep.max_word = max(widths)
        prep.plain = [texts]
        return prep


_Words = tuple[str, str, list[str], list[float]]
"""A text of one face and colour: (face, colour, its words, their widths at size 1)."""


def _words(span: Span, style: TextStyle, fonts: FontBook) -> _Words | None:
    """The words of one span of text (no icon, no break) and their widths at size 1, when its
    face can draw all of it; None when some character needs a fallback face."""
    face = fonts.face(style.family, span.bold, span.italic)
    text = span.text
    if "\t" in text or "\n" in text or "\r" in text or "\f" in text or "\v" in text:  # _ODD_SPACE's
        text = _ODD_SPACE.sub(" ", text)
    texts = text.split(" ")
    if "" in texts:  # spaces at an end or side by side
        texts = [tok for tok in texts if tok]
    if not fonts.covers(face, text):
        return None
    widths = list(map(fonts.widths(face).get, texts))  # measured before: most words of a deck
    if None in widths:  # the words not measured yet (a card's number, its name), in order
        width, k = fonts.width, widths.index(None)
        while k >= 0:
            widths[k] = width(texts[k], face, 1.0)
            k = _next_none(widths, k + 1)
    return face, span.color or style.color, texts, widths


def _next_none(widths: list[float | None], start: int) -> int:
    """The place of the first None in ``widths`` from ``start`` on, or -1."""
    try:
        return widths.index(None, start)
    except ValueError:
        return -1


def _plain(words: list[_Word]) -> list[str] | None:
    """The word texts of a hard line that is plain (see :class:`_Prepared`), else None."""
    if not words:
        return None
    _, _, face, color, _, _ = words[0][3][0]
    texts = []
    for k, (_, _, gap_face, pieces) in enumerate(words):
        if len(pieces) != 1:
            return None
        lead, text, piece_face, piece_color, _, is_icon = pieces[0]
        if is_icon or lead or piece_face != face or piece_color != color or (k and gap_face != face):
            return None
        texts.append(text)
    return texts


def _wrap(lines: list[list[_Word]], limit: float, max_lines: int) -> list[tuple] | None:
    """Greedy wrap at width ``limit`` (size-1 units): (hard line, first, end, width) per line.

    None once more than ``max_lines`` lines are needed.
    """
    out: list[tuple] = []
    for li, words in enumerate(lines):
        if not words:
            out.append((li, 0, 0, 0.0))
            if len(out) > max_lines:
                return None
            continue
        first, cur = 0, words[0][0]
        for k in range(1, len(words)):
            w = words[k]
            nxt = cur + w[1] + w[0]
            if nxt <= limit:
                cur = nxt
            else:
                out.append((li, first, k, cur))
                if len(out) >= max_lines:
                    return None
                first, cur = k, w[0]
        out.append((li, first, len(words), cur))
        if len(out) > max_lines:
            return None
    return out


def fit_text(spans: Sequence[Span], box: Box, style: TextStyle, fonts: FontBook) -> TextLayout:
    """Lay ``spans`` out in ``box`` at the largest size in [min_size, size] that fits."""
    if len(spans) == 1 and not (spans[0].icon or spans[0].newline):
        words = _words(spans[0], style, fonts)
        if words is not None:
            return _fit_words(words, box, style, fonts)
    prep = _Prepared(spans, style, fonts)
    if not any(prep.lines):
        return TextLayout((), (), style.size, True, 0, 0.0, prep.missing)
    s, wrapped, overflow = _choose(prep, box, style)
    return _place(prep, wrapped, box, style, s, overflow)


CHOSEN_KEPT = 2048
"""The most sizes and breaks kept by word widths (let go all at once when full)."""
_CHOSEN: dict[tuple, tuple[float, tuple[tuple, ...], float]] = {}


def _fit_words(words: _Words, box: Box, style: TextStyle, fonts: FontBook) -> TextLayout:
    """``fit_text`` of one span of text its face draws whole (``_words``). Its size and line
    breaks depend on nothing but the widths of its words, its space and its face's height, the
    box and the style's sizes: they are worked out once per such key (cards whose texts differ
    in a number of as many digits, or a name as wide, break alike) and the lines placed from
    them, as ``_place`` places a plain line."""
    face, color, texts, widths = words
    if not texts:
        return TextLayout((), (), style.size, True, 0, 0.0, "")
    known = _METRICS.get((id(fonts), face, style.family))
    if known is not None and known[0] is fonts:  # the font book held: its id stays its own
        _, space, asc, desc = known
    else:
        space, asc, desc = _metrics(fonts, face, style.family)
    key = (_no_widows, box.w, box.h, style.size, style.min_size, style.leading, style.paragraph_space)
    key += (asc, desc, space, *widths)
    chosen = _CHOSEN.get(key)
    prep = None
    if chosen is None:
        prep = _Prepared.of_words(words, space, asc, desc)
        s, wrapped, overflow = _choose(prep, box, style)
        chosen = (s, tuple(wrapped), overflow)
        if len(_CHOSEN) >= CHOSEN_KEPT:
            _CHOSEN.clear()
        _CHOSEN[key] = chosen
    s, lines, overflow = chosen
    runs = _plain_runs(texts, face, color, lines, box, style, s, asc, desc)
    if runs is None:  # a justified line spread out: word by word, as _place sets it
        prep = prep or _Prepared.of_words(words, space, asc, desc)
        return _place(prep, list(lines), box, style, s, overflow)
    laid = object.__new__(TextLayout)  # TextLayout(runs, (), s, ...) without the frozen __init__
    laid.__dict__.update(runs=runs, icons=(), size=s, fits=overflow == 0.0, line_count=len(lines))
    laid.__dict__.update(overflow=overflow, missing="")
    return laid


_METRICS: dict[tuple[int, str, str], tuple[FontBook, float, float, float]] = {}
"""Per font book, face and family: the face's space and the family's ascent and descent at
size 1 (``_metrics``)."""


def _metrics(fonts: FontBook, face: str, family: str) -> tuple[float, float, float]:
    """The width of a space in ``face`` and the ascent and descent of ``family``'s regular face,
    at size 1: what a span's lines are set with (kept per font book, face and family)."""
    space = fonts.widths(face).get(" ")
    if space is None:
        space = fonts.width(" ", face, 1.0)
    base = fonts.face(family)
    asc, desc = fonts.ascent(base, 1.0), fonts.descent(base, 1.0)
    if len(_METRICS) >= 256:
        _METRICS.clear()
    _METRICS[id(fonts), face, family] = (fonts, space, asc, desc)
    return space, asc, desc


def _plain_runs(
    texts: list[str],
    face: str,
    color: str,
    wrapped: tuple[tuple, ...],
    box: Box,
    style: TextStyle,
    s: float,
    asc: float,
    desc: float,
) -> tuple[PlacedRun, ...] | None:
    """What ``_place`` makes of one plain hard line (``_Prepared.of_words``) broken into
    ``wrapped`` at size ``s``: a run a line, the same numbers worked out the same way. None
    where a justified line is spread out (``_place`` then sets it word by word)."""
    n = len(wrapped)
    height = (asc - desc + (n - 1) * style.leading) * s
    height += 0 * style.paragraph_space * s  # no paragraph ends: as _place adds them
    top = box.top
    if style.valign == "middle":
        top -= (box.h - height) / 2
    elif style.valign == "bottom":
        top -= box.h - height
    y = top - asc * s
    step, align, box_x, box_w, count = style.leading * s, style.align, box.x, box.w, len(texts)
    runs = []
    new, (sx, sy, st, sf, ss, sc, sw) = object.__new__, _SETTERS  # _placed_run, written out
    for _, first, end, w1 in wrapped:
        free = box_w - w1 * s
        if align == "justify" and end != count and end - first > 1 and free > 0:
            return None
        x = box_x + (free / 2 if align == "center" else free if align == "right" else 0.0)
        run = new(PlacedRun)
        sx(run, x)
        sy(run, y)
        st(run, " ".join(texts[first:end]))
        sf(run, face)
        ss(run, s)
        sc(run, color)
        sw(run, w1 * s)
        runs.append(run)
        y -= step
    return tuple(runs)


def _choose(prep: _Prepared, box: Box, style: TextStyle) -> tuple[float, list[tuple], float]:
    """The size ``prep`` is set at in ``box``, its lines (``_wrap``'s, widows seen to) and how
    far it overflows at ``min_size`` (0.0 when it fits)."""
    fixed = prep.asc - prep.desc + sum(prep.ends) * style.paragraph_space

    def spare(s: float, wrapped: list[tuple]) -> int:
        """Lines the box has room for at size ``s`` beyond those ``wrapped`` takes."""
        return int(((box.h + EPS) / s - fixed) / style.leading) + 1 - len(wrapped)

    def attempt(s: float) -> list[tuple] | None:
        if prep.max_word * s > box.w + EPS:
            return None
        room = (box.h + EPS) / s - fixed
        if room < 0:
            return None
        return _wrap(prep.lines, (box.w + EPS) / s, int(room / style.leading) + 1)

    wrapped = attempt(style.size)
    if wrapped is not None:
        wrapped = _no_widows(prep.lines, wrapped, (box.w + EPS) / style.size, spare(style.size, wrapped))
        return style.size, wrapped, 0.0
    lo_k = math.floor(style.min_size / GRID) + 1
    hi_k = math.ceil(style.size / GRID) - 1
    if prep.max_word > 0:
        hi_k = min(hi_k, math.floor((box.w + EPS) / prep.max_word / GRID))
    candidates = [style.min_size, *(k * GRID for k in range(lo_k, hi_k + 1))]
    best = attempt(candidates[0])
    if best is None:
        s = style.min_size
        wrapped = _wrap(prep.lines, (box.w + EPS) / s, len(prep.lines) + 10**9)
        assert wrapped is not None
        height = (fixed + (len(wrapped) - 1) * style.leading) * s
        over = max(height - box.h, prep.max_word * s - box.w, 0.0)
        return s, wrapped, max(over, EPS)
    lo, hi = 0, len(candidates) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        trial = attempt(candidates[mid])
        if trial is None:
            hi = mid - 1
        else:
            lo, best = mid, trial
    best = _no_widows(prep.lines, best, (box.w + EPS) / candidates[lo], spare(candidates[lo], best))
    return candidates[lo], best, 0.0


def _place(
    prep: _Prepared,
    wrapped: list[tuple],
    box: Box,
    style: TextStyle,
    s: float,
    overflow: float,
) -> TextLayout:
    """Turn wrapped lines into absolutely placed runs and icons at size ``s``."""
    runs: list[PlacedRun] = []
    icons: list[PlacedIcon] = []
    lines, ends, align = prep.lines, prep.ends, style.align
    n = len(wrapped)
    height = (prep.asc - prep.desc + (n - 1) * style.leading) * s
    height += sum(ends) * style.paragraph_space * s
    top = box.top
    if style.valign == "middle":
        top -= (box.h - height) / 2
    elif style.valign == "bottom":
        top -= box.h - height
    y = top - prep.asc * s
    step, para = style.leading * s, style.paragraph_space * s
    rises = prep.rises
    box_x, box_w, plains, n_ends = box.x, box.w, prep.plain, len(ends)

    for li, first, end, w1 in wrapped:
        words = lines[li]
        last = end == len(words)
        free = box_w - w1 * s
        x = box_x + (free / 2 if align == "center" else free if align == "right" else 0.0)
        extra = 0.0
        if align == "justify" and not last and end - first > 1 and free > 0:
            extra = free / (end - first - 1)
        plain = plains[li]
        if plain is not None and not extra:  # one run: what the loop below makes of such a line
            piece = words[first][3][0]  # (lead, text, face, colour, width, is_icon)
            runs.append(_placed_run(x, y, " ".join(plain[first:end]), piece[2], s, piece[3], w1 * s))
            y -= step
            if last and li < n_ends and ends[li]:
                y -= para
            continue
        parts: list[str] = []
        run_x, run_end, run_face, run_color = x, x, "", ""  # run_end: after its last piece
        for wi in range(first, end):
            _, gap, gap_face, pieces = words[wi]
            if wi > first:
                _, _, face, color, _, _ = pieces[0]
                if parts and not extra and gap_face == run_face == face and color == run_color:
                    parts.append(" ")  # the next word joins this run, space and all
                elif parts:
                    runs.append(
                        _placed_run(run_x, y, "".join(parts), run_face, s, run_color, run_end - run_x)
                    )
                    parts = []
                x += gap * s + extra
            for lead, text, face, color, w, is_icon in pieces:
                x += lead * s
                if parts and (is_icon or face != run_face or color != run_color):
                    runs.append(
                        _placed_run(run_x, y, "".join(parts), run_face, s, run_color, run_end - run_x)
                    )
                    parts = []
                if is_icon:
                    rise = (ICON_CENTER - w / 2 + rises[text]) * s
                    icons.append(PlacedIcon(x, y + rise, w * s, text, color))
                elif parts:
                    parts.append(text)
                else:
                    parts, run_x, run_face, run_color = [text], x, face, color
                x += w * s
                run_end = x
        if parts:
            runs.append(_placed_run(run_x, y, "".join(parts), run_face, s, run_color, run_end - run_x))
        y -= step
        if last and li < len(ends) and ends[li]:
            y -= para
    return TextLayout(tuple(runs), tuple(icons), s, overflow == 0.0, n, overflow, prep.missing)
