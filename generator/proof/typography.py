"""Rule "typography": what a typographer marks on a deck's text, judged on every laid-out card
face (cards of every deck, pieces of every component group, fronts and backs). Both are
judgements a designer may overrule, so both are **warnings**, one per template element, deck
and side, naming the cards.

- **Widow**: a paragraph whose last line holds one short word alone ("damage." under four full
  lines). Typesetters call such a line a widow (or a runt) and reflow or reword the paragraph
  to avoid it: it reads as a leftover and leaves a hole under a small text box. *Short* is
  at most ``SHORT_LETTERS`` (7) letters and under ``SHORT_SHARE`` (a third) of the box's width: a
  last line that runs a third of the measure reads as a line, and a longer word ("mechanism.",
  "Carburetor" under a wrapped title) is a phrase's weight on its own. Cards set narrow measures
  (30-40 letters a line), so a word of up to seven letters (the common English word with its
  stop) alone on a line is what shows. Only a line that the fitter *wrapped* is one: the word did
  not fit after the line above (its width, a space and the word's exceed the box). A line after
  a hard break (a label set a letter a line, a name over its caption) is the designer's, and a
  one-line text has no widow.
- **Uneven fitting**: the same element fitted at very different sizes across one deck (titles
  shrunk to fit: 21 pt on most cards, 12 pt on a long one), so the deck looks uneven when the
  cards lie side by side. What the eye compares across a spread is type size (cap height,
  stroke weight); a difference of one step of the usual type scale (about 10-15 %, 21 to 18 pt)
  passes for the same size, two steps do not. So the smallest fitted size under ``EVEN``
  (80 %) of the largest is uneven. The message says how each card was fitted: at the largest
  size, shrunk on as many lines as the fewest, or wrapped to more lines (the three ways the
  titles of one deck can come out). The number of lines alone is not judged: body text of
  different lengths takes different numbers of lines at one size, as a book's paragraphs do.

Text crowding the edge of the band or shape it is laid over is the ``text-shape`` rule's
(on the recorded pages); this rule judges neither edges nor shapes, so the two never report the
same thing."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from generator.art.fonts import FontBook
from generator.core.errors import clip
from generator.layout.ops import TextOp
from generator.load.model import Game
from generator.proof.faces import Face, faces, named
from generator.proof.finding import Finding, Spot, face_spot
from generator.proof.parts import Parts
from generator.proof.settings import Settings
from generator.text.words import plural

SHORT_LETTERS = 7
SHORT_SHARE = 1 / 3
"""A word alone on a last line is short with at most this many letters, or narrower than this
share of its box."""
EVEN = 0.80
"""The smallest fitted size of an element across a deck at least this share of the largest."""
JOIN = 0.05
"""Runs of one line nearer than this share of the size are parts of one word (a bold letter)."""


@dataclass(frozen=True)
class Line:
    """One printed line of a text op: its words, left and right ends, baseline and size."""

    words: tuple[str, ...]
    x0: float
    x1: float
    y: float
    size: float
    face: str
    icons: int


def lines_of(op: TextOp) -> list[Line]:
    """The lines of ``op`` top to bottom (runs and inline icons grouped by baseline)."""
    size = op.layout.size
    rows: dict[float, list] = defaultdict(list)
    for r in op.layout.runs:
        rows[round(r.y, 2)].append(r)
    icons: dict[float, int] = defaultdict(int)
    for i in op.layout.icons:
        if rows:
            icons[min(rows, key=lambda y: abs(i.y + i.size / 2 - (y + 0.35 * size)))] += 1
    out = []
    for y in sorted(rows, reverse=True):
        runs = sorted(rows[y], key=lambda r: r.x)
        text, end = "", None
        for r in runs:
            width = r.width if r.width is not None else 0.5 * r.size * len(r.text)
            glue = "" if end is not None and r.x - end < JOIN * r.size else " "
            text += glue + r.text
            end = r.x + width
        x0 = runs[0].x
        x1 = max(r.x + (r.width if r.width is not None else 0.5 * r.size * len(r.text)) for r in runs)
        out.append(Line(tuple(text.split()), x0, x1, y, runs[0].size, runs[0].face, icons[y]))
    return out


def widows(op: TextOp, fonts: FontBook) -> list[str]:
    """The short words left alone on the last line of a wrapped paragraph of ``op``."""
    if op.layout.line_count < 2:
        return []
    lines = lines_of(op)
    found = []
    for k in range(1, len(lines)):
        above, line = lines[k - 1], lines[k]
        if len(line.words) != 1 or line.icons or len(above.words) < 2:
            continue
        word = line.words[0]
        width = line.x1 - line.x0
        space = fonts.width(" ", line.face, line.size)
        wrapped = (above.x1 - above.x0) + space + width > op.box.w + 0.01
        short = sum(c.isalnum() for c in word) <= SHORT_LETTERS and width < SHORT_SHARE * op.box.w
        last = k == len(lines) - 1 or _starts_paragraph(line, lines[k + 1], op, fonts)
        if wrapped and short and last:
            found.append(word)
    return found


def _starts_paragraph(line: Line, below: Line, op: TextOp, fonts: FontBook) -> bool:
    """Whether ``below`` begins a new hard line: its first word would have fitted after ``line``."""
    if not below.words:
        return True
    first = below.words[0]
    width = fonts.width(first, below.face, below.size)
    space = fonts.width(" ", line.face, line.size)
    return (line.x1 - line.x0) + space + width <= op.box.w + 0.01


def _ways(fitted: list[tuple[float, int, str]]) -> str:
    """``21 pt on 12 cards, shrunk to 15.8-19.3 pt on 8, wrapped to 2 lines at 12 pt on 1``."""
    top = max(s for s, _, _ in fitted)
    fewest = min(n for _, n, _ in fitted)
    full = [f for f in fitted if f[0] == top]
    shrunk = [f for f in fitted if f[0] < top and f[1] == fewest]
    wrapped = [f for f in fitted if f[0] < top and f[1] > fewest]
    parts = [f"{top:g} pt on {plural(len(full), 'card')}"]
    for what, group in (("shrunk to", shrunk), ("wrapped to more lines at", wrapped)):
        if group:
            lo, hi = min(f[0] for f in group), max(f[0] for f in group)
            span = f"{lo:g} pt" if lo == hi else f"{lo:g}-{hi:g} pt"
            parts.append(f"{what} {span} on {plural(len(group), 'card')}")
    return ", ".join(parts)


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    fonts = FontBook.load(game.font_dirs)
    left: dict[tuple, list[tuple[str, str]]] = defaultdict(list)
    sizes: dict[tuple, dict[str, tuple[float, int, str]]] = defaultdict(dict)
    spots: dict[tuple, list[Spot]] = defaultdict(list)
    boxes: dict[tuple, dict[str, Spot]] = defaultdict(dict)
    for face in faces(game, parts):
        for op in face.ops:
            if not isinstance(op, TextOp) or not op.layout.runs:
                continue
            key = _key(face, op)
            spot = face_spot(face.deck, face.card, face.side, op.box)  # the cards it is seen on
            for word in widows(op, fonts):
                left[key].append((face.card.name, word))
                spots[key].append(spot)
            sizes[key].setdefault(face.card.name, (op.layout.size, op.layout.line_count, face.card.name))
            boxes[key].setdefault(face.card.name, spot)
    found = []
    for (origin, deck, side), hits in left.items():
        cards = {c for c, _ in hits}
        message = (
            f"a short word alone on the last line of a paragraph (a widow) on the {side} of "
            f"{plural(len(cards), 'card')} of '{deck}' ({_widows_named(hits)}): reword the text or "
            "widen the box so the word keeps company on its line"
        )
        seen = tuple(dict.fromkeys(spots[(origin, deck, side)]))
        found.append(Finding("typography", origin, message, severity="warning", spots=seen))
    for (origin, deck, side), by_card in sizes.items():
        fitted = list(by_card.values())
        top, low = max(f[0] for f in fitted), min(f[0] for f in fitted)
        if low >= EVEN * top - 1e-9:
            continue
        small = [f[2] for f in sorted(fitted) if f[0] < EVEN * top]
        message = (
            f"fitted at very different sizes on the {side} of '{deck}': {_ways(fitted)}; "
            f"the smallest {low:g} pt is {low / top:.0%} of the largest (under {EVEN:.0%}: "
            f"{named(small)}): shorten the longest texts or set one size the deck can keep"
        )
        seen = tuple(boxes[(origin, deck, side)][c] for c in dict.fromkeys(small))
        found.append(Finding("typography", origin, message, severity="warning", spots=seen))
    return found


def _widows_named(hits: list[tuple[str, str]], limit: int = 4) -> str:
    """``'Dud!' (card.), 'Cactus!' (damage.) and 3 more``: each card once, with its widow."""
    first: dict[str, str] = {}
    for card, word in hits:
        first.setdefault(card, word)
    shown = ", ".join(f"'{c}' ({clip(w, 16)})" for c, w in list(first.items())[:limit])
    return shown + (f" and {len(first) - limit} more" if len(first) > limit else "")


def _key(face: Face, op: TextOp) -> tuple:
    return (op.origin, face.deck.name, face.side)
