"""Word wrapping and shrink-to-fit: spans in, absolutely placed runs and icons out.

The spans are measured once at size 1 (widths scale linearly), then wrapped at candidate sizes:
the preferred size first, else a binary search on a 0.25 pt grid down to ``min_size``. A
paragraph whose wrapped last line would hold one word alone (a widow) is then set a little
tighter, keeping its number of lines, so that the word keeps company (:func:`_no_widows`).
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.text.markup import Span

GRID = 0.25  # candidate sizes are multiples of this (plus min_size itself)
ICON_GAP = 0.15  # space between text and an icon right after it in one word, multiple of size
ICON_CENTER = 0.35  # icon centre above the baseline, multiple of size (about mid x-height)
EPS = 1e-6
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


# A piece: (lead, text or icon name, face ("" for an icon), colour, width, is_icon), at size 1;
# lead is the gap before it inside its word. A word: (width, gap, gap_face, pieces); gap is the
# width of the space before it, in gap_face.
_Piece = tuple[float, str, str, str, float, bool]
_Word = tuple[float, float, str, tuple[_Piece, ...]]


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
        one = len(spans) == 1 and not (spans[0].icon or spans[0].newline)
        if one and self._one_span(spans[0], style, fonts):
            return
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

    def _one_span(self, span: Span, style: TextStyle, fonts: FontBook) -> bool:
        """The common case, one span of text (no markup, or all of it one style) that the face
        can draw whole: the same words as the general loop makes, made directly. False (nothing
        done) when some character needs a fallback face."""
        face = fonts.face(style.family, span.bold, span.italic)
        text = span.text if _ODD_SPACE.search(span.text) is None else _ODD_SPACE.sub(" ", span.text)
        if not fonts.covers(face, text):
            return False
        color = span.color or style.color
        known, width = fonts.widths(face), fonts.width
        space = width(" ", face, 1.0)
        words: list[_Word] = []
        texts: list[str] = [tok for tok in text.split(" ") if tok]
        gap, gap_face, widest = 0.0, "", 0.0  # the first word of a line has no space before it
        for tok in texts:
            w = known.get(tok)
            if w is None:
                w = width(tok, face, 1.0)
            words.append((w, gap, gap_face, ((0.0, tok, face, color, w, False),)))
            gap, gap_face = space, face
            if w > widest:
                widest = w
        base = fonts.face(style.family)
        self.lines, self.ends, self.has_icons = [words], [], False
        self.asc, self.desc = fonts.ascent(base, 1.0), fonts.descent(base, 1.0)
        self.max_word = widest
        self.plain = [texts]
        return True


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


def _rewrap(li: int, words: list[_Word], starts: list[int]) -> list[tuple]:
    """``_wrap``'s lines of hard line ``li`` broken at ``starts``."""
    out = []
    for n, first in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(words)
        w = words[first][0] + sum(words[k][1] + words[k][0] for k in range(first + 1, end))
        out.append((li, first, end, w))
    return out


def _no_widows(lines: list[list[_Word]], wrapped: list[tuple], limit: float, spare: int) -> list[tuple]:
    """``wrapped`` with each paragraph ending in one word alone set tighter when that helps.

    The widest measure under ``limit`` at which the last line holds two words or more is taken
    (so as few words move as possible), when the paragraph keeps its number of lines or takes
    one more of the ``spare`` lines the box still has room for. Otherwise the paragraph is left
    as it was. Pure arithmetic on the measured widths: the same input gives the same lines.
    """
    out: list[tuple] = []
    k = 0
    while k < len(wrapped):
        li = wrapped[k][0]
        j = k
        while j < len(wrapped) and wrapped[j][0] == li:
            j += 1
        para = wrapped[k:j]
        words = lines[li]
        if len(para) > 1 and para[-1][2] - para[-1][1] == 1 and len(words) > 2:
            tighter = _tighter_lines(words, limit, len(para) + min(spare, 1))
            if tighter is not None:
                spare -= len(tighter) - len(para)
                para = [(li, *line) for line in tighter]
        out.extend(para)
        k = j
    return out


TIGHTER_KEPT = 1024
"""The most widow searches kept (let go all at once when full)."""
_TIGHTER: dict[tuple, tuple[tuple[int, int, float], ...] | None] = {}


def _tighter_lines(words: list[_Word], limit: float, most: int) -> tuple[tuple[int, int, float], ...] | None:
    """The lines (first word, end, width) of ``words`` broken where ``_tighter`` says (None where
    it finds nothing), searched once per sequence of word widths and gaps, limit and line count:
    that is all it reads, so paragraphs whose words measure alike (cards that differ in a number
    of as many digits, a name as wide) break alike."""
    key = (limit, most, *[w[0] for w in words], *[w[1] for w in words])
    if key in _TIGHTER:
        return _TIGHTER[key]
    starts = _tighter(words, limit, most)
    found = None if starts is None else tuple(line[1:] for line in _rewrap(0, words, starts))
    if len(_TIGHTER) >= TIGHTER_KEPT:
        _TIGHTER.clear()
    _TIGHTER[key] = found
    return found


def _tighter(words: list[_Word], limit: float, most: int) -> list[int] | None:
    """Line starts of ``words`` at the widest measure under ``limit`` that sets them in at
    most ``most`` lines with two words or more on the last; None when no measure does.

    Greedy breaks change only where the measure crosses the width of some run of consecutive
    words, so those widths (the ones under ``limit``, widest first) are the measures to try.
    A measure's breaks stay the same at every narrower measure that still holds its widest line
    (each line still fits, and no line could take the next word before), so those are passed
    over: the same answer as trying each of them."""
    last = len(words) - 1
    widest = max(w[0] for w in words)
    widths: list[float] = []  # negated, as a heap: the widest measure comes first
    add = widths.append
    steps = [word[1] + word[0] for word in words]  # what the next word adds to a run: its gap and width
    for i in range(len(words)):
        w = words[i][0]
        for step in steps[i + 1 :]:
            w += step
            if w >= limit:
                break
            if w >= widest:
                add(-w)
    heapq.heapify(widths)  # a few are tried, most passed over: no need to sort them all
    line = math.inf  # the widest line of the last try
    while widths:
        measure = -heapq.heappop(widths)
        if not line > measure + EPS:
            continue  # breaks as the last try did (or is that try's own width again)
        starts, line = _breaks(words, measure + EPS)
        if len(starts) > most:
            return None  # narrower measures only add lines
        if starts[-1] < last:
            return starts
    return None


def _breaks(words: list[_Word], limit: float) -> tuple[list[int], float]:
    """Where greedy wrapping at ``limit`` starts each line of one hard line (word indices), and
    the width of its widest line."""
    starts, cur = [0], words[0][0]
    wide = cur
    for k in range(1, len(words)):
        nxt = cur + words[k][1] + words[k][0]
        if nxt <= limit:
            cur = nxt
        else:
            if cur > wide:
                wide = cur
            starts.append(k)
            cur = words[k][0]
    return starts, max(wide, cur)


def fit_text(spans: Sequence[Span], box: Box, style: TextStyle, fonts: FontBook) -> TextLayout:
    """Lay ``spans`` out in ``box`` at the largest size in [min_size, size] that fits."""
    prep = _Prepared(spans, style, fonts)
    if not any(prep.lines):
        return TextLayout((), (), style.size, True, 0, 0.0, prep.missing)
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
        return _place(prep, wrapped, box, style, style.size, 0.0)
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
        return _place(prep, wrapped, box, style, s, max(over, EPS))
    lo, hi = 0, len(candidates) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        trial = attempt(candidates[mid])
        if trial is None:
            hi = mid - 1
        else:
            lo, best = mid, trial
    best = _no_widows(prep.lines, best, (box.w + EPS) / candidates[lo], spare(candidates[lo], best))
    return _place(prep, best, box, style, candidates[lo], 0.0)


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
            runs.append(PlacedRun(x, y, " ".join(plain[first:end]), piece[2], s, piece[3], w1 * s))
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
                    runs.append(PlacedRun(run_x, y, "".join(parts), run_face, s, run_color, run_end - run_x))
                    parts = []
                x += gap * s + extra
            for lead, text, face, color, w, is_icon in pieces:
                x += lead * s
                if parts and (is_icon or face != run_face or color != run_color):
                    runs.append(PlacedRun(run_x, y, "".join(parts), run_face, s, run_color, run_end - run_x))
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
            runs.append(PlacedRun(run_x, y, "".join(parts), run_face, s, run_color, run_end - run_x))
        y -= step
        if last and li < len(ends) and ends[li]:
            y -= para
    return TextLayout(tuple(runs), tuple(icons), s, overflow == 0.0, n, overflow, prep.missing)
