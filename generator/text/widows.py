"""Widow control: a paragraph whose wrapped last line holds one word alone is set a little
tighter, keeping its number of lines (or taking one more the box has room for), so that the word
keeps company. Pure arithmetic on the widths ``text.fit`` measured: the same input, the same
lines."""

from __future__ import annotations

import heapq
import math

EPS = 1e-6

# A piece: (lead, text or icon name, face ("" for an icon), colour, width, is_icon), at size 1;
# lead is the gap before it inside its word. A word: (width, gap, gap_face, pieces); gap is the
# width of the space before it, in gap_face.
Piece = tuple[float, str, str, str, float, bool]
Word = tuple[float, float, str, tuple[Piece, ...]]


def _rewrap(li: int, words: list[Word], starts: list[int]) -> list[tuple]:
    """``_wrap``'s lines of hard line ``li`` broken at ``starts``."""
    out = []
    for n, first in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(words)
        w = words[first][0] + sum(words[k][1] + words[k][0] for k in range(first + 1, end))
        out.append((li, first, end, w))
    return out


def no_widows(lines: list[list[Word]], wrapped: list[tuple], limit: float, spare: int) -> list[tuple]:
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
_NOT_KEPT = object()


def _tighter_lines(words: list[Word], limit: float, most: int) -> tuple[tuple[int, int, float], ...] | None:
    """The lines (first word, end, width) of ``words`` broken where ``_tighter`` says (None where
    it finds nothing), searched once per sequence of word widths and gaps, limit and line count:
    that is all it reads, so paragraphs whose words measure alike (cards that differ in a number
    of as many digits, a name as wide) break alike."""
    key = (limit, most, *[w[0] for w in words], *[w[1] for w in words])
    kept = _TIGHTER.get(key, _NOT_KEPT)  # one lookup: another thread may let them all go
    if kept is not _NOT_KEPT:
        return kept  # type: ignore[return-value]
    starts = _tighter(words, limit, most)
    found = None if starts is None else tuple(line[1:] for line in _rewrap(0, words, starts))
    if len(_TIGHTER) >= TIGHTER_KEPT:
        _TIGHTER.clear()
    _TIGHTER[key] = found
    return found


def _tighter(words: list[Word], limit: float, most: int) -> list[int] | None:
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


def _breaks(words: list[Word], limit: float) -> tuple[list[int], float]:
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
