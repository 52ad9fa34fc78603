"""Rule "contrast": text against what is drawn under it reaches WCAG 4.5:1 (3:1 for large text:
18 pt, or 14 pt bold), in colour and in a black-and-white print.

What is under a glyph is the paper with every fill drawn before it that covers the glyph's middle
(rectangles and ovals by their exact shape, paths by their box), blended in drawing order: every
glyph of a run is judged on its own background, so a word that runs off its oval onto the card
is judged where it prints. A glyph over a picture drawn after the last fill under it is not
judged (a picture's colours are not recorded). Translucent text (``opacity:``) is judged as the
eye sees it: its colour mixed with what is beneath by its opacity (40 % black on a dark panel
is a dark grey on it).

Severity, as WCAG weighs it: below 3:1 the text is hard to read for anyone (the large-text floor)
and is an error; between 3:1 and 4.5:1 it is a warning (readable in print, under the body-text
ratio: a designer may accept it, as a published deck's pure red on white at 4.00:1)."""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict

from generator.core.errors import clip
from generator.proof.colors import RGB, gray, hex_of, over, ratio, rgb
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import FillMark, ImageMark, PageRecord, Rect, TextMark

NORMAL, LARGE = 4.5, 3.0
FLOOR = 3.0
"""Below this a finding is an error; between it and what the text needs, a warning."""
PAPER: RGB = (1.0, 1.0, 1.0)


def needed(mark: TextMark) -> float:
    return _needed(mark.font, mark.size)


@functools.lru_cache(maxsize=4096)
def _needed(font: str, size: float) -> float:
    """The ratio text in ``font`` at ``size`` needs (few of them in a kit: worked out once)."""
    bold = "bold" in font.lower() or "black" in font.lower()
    return LARGE if size >= 18 or (bold and size >= 14) else NORMAL


@functools.lru_cache(maxsize=4096)
def _fails_on_paper(ink_hex: str, alpha: float, font: str, size: float) -> bool:
    """Whether text in ``ink_hex`` at ``alpha`` on bare paper falls short of what it needs."""
    return min(_ratios(ink_hex, PAPER, alpha)) < _needed(font, size) - 0.005


def under(marks: list[FillMark | ImageMark], x: float, y: float) -> RGB | None:
    """The colour under the page point (x, y) of ``marks`` (in drawing order) on white paper;
    None when a picture is the last thing under it."""
    colour: RGB | None = PAPER
    for f in marks:
        if isinstance(f, ImageMark):
            x0, y0, x1, y1 = f.box
            if x0 <= x <= x1 and y0 <= y <= y1:
                colour = None
        elif f.covers(x, y):
            colour = over(rgb(f.color), f.alpha, colour if colour is not None else PAPER)
    return colour


def near(marks: list[FillMark | ImageMark], box: Rect) -> list[FillMark | ImageMark]:
    """The marks whose box meets ``box`` (worked out once a run, then asked for each glyph)."""
    x0, y0, x1, y1 = box
    return [f for f in marks if f.box[0] <= x1 and f.box[2] >= x0 and f.box[1] <= y1 and f.box[3] >= y0]


@functools.lru_cache(maxsize=4096)
def _ratios(ink_hex: str, back: RGB, alpha: float = 1.0) -> tuple[float, float]:
    """(colour, grey) contrast of an ink at ``alpha`` on a background (few pairs on a page:
    worked out once)."""
    ink = rgb(ink_hex)
    if alpha < 1.0:  # what the eye sees: the ink mixed with the background by its opacity
        ink = over(ink, alpha, back)
    return ratio(ink, back), ratio(gray(ink), gray(back))


MARGIN = 1e-3
"""How far inside a fill's outline a run's whole box must lie for the fill to count as under every
glyph without asking each glyph (points; keeps rounding from deciding)."""


def _whole(f: FillMark | ImageMark, box: Rect) -> bool:
    """Whether ``f`` lies under every point of ``box`` for certain (False: ask each glyph)."""
    x0, y0, x1, y1 = box[0] - MARGIN, box[1] - MARGIN, box[2] + MARGIN, box[3] + MARGIN
    fx0, fy0, fx1, fy1 = f.box
    if not (fx0 <= x0 and fy0 <= y0 and x1 <= fx1 and y1 <= fy1):
        return False
    if isinstance(f, ImageMark) or f.shape == "box":  # judged by its box alone (``under``)
        return True
    a, b, c, d, e, g = f.matrix
    if f.shape != "rect" or b or c:  # an oval, or a turned rectangle: glyph by glyph
        return False
    if not f.radius:
        return True
    lx0, ly0, lx1, ly1 = f.local  # the rectangle on the page, uncut by the clip
    rx0, rx1 = sorted((a * lx0 + e, a * lx1 + e))
    ry0, ry1 = sorted((d * ly0 + g, d * ly1 + g))
    rx, ry = f.radius * abs(a), f.radius * abs(d)  # the rounded corners' reach
    return (rx0 + rx <= x0 and x1 <= rx1 - rx) or (ry0 + ry <= y0 and y1 <= ry1 - ry)


def _worst(mark: TextMark, fills: list[FillMark | ImageMark]) -> tuple[RGB, float, float, str] | None:
    """The background of the run's glyphs with the lowest contrast, its two ratios and the glyphs
    printed on it; None when no glyph could be judged."""
    here = near(fills, mark.box)
    if all(_whole(f, mark.box) for f in here):  # one background under every glyph (most text)
        x0, y0, x1, y1 = mark.box
        back = under(here, (x0 + x1) / 2, (y0 + y1) / 2)
        printed = "".join(mark.text.split())  # the glyphs that print: whitespace left out
        if back is None or not printed:
            return None
        return back, *_ratios(mark.color, back, mark.alpha), printed
    seen: dict[RGB, list[str]] = {}
    for ch, x, y in mark.glyphs():
        back = under(here, x, y)
        if back is not None:
            seen.setdefault(back, []).append(ch)
    if not seen:
        return None
    back = min(seen, key=lambda b: min(_ratios(mark.color, b, mark.alpha)))
    colour, grey = _ratios(mark.color, back, mark.alpha)
    return back, colour, grey, "".join(seen[back])


def _ink(mark: TextMark) -> str:
    """The text's colour as a finding names it, with its opacity when it is translucent."""
    return mark.color if mark.alpha >= 1.0 else f"{mark.color} at {round(mark.alpha * 100):g} % opacity"


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    groups: dict[tuple, list[tuple[str, Seen, float, float]]] = defaultdict(list)
    for page in pages:
        fills: list[FillMark | ImageMark] = []
        start, texts = min(page.first(FillMark), page.first(ImageMark))
        before = page.texts()[:texts]  # nothing under these: their runs alone, then the rest
        for mark in itertools.chain(before, page.marks[start:]) if start else page.marks:
            if isinstance(mark, (FillMark, ImageMark)):
                fills.append(mark)
                continue
            if not isinstance(mark, TextMark) or not mark.visible:
                continue
            if not fills and not _fails_on_paper(mark.color, mark.alpha, mark.font, mark.size):
                continue  # nothing drawn under it yet, and its ink reads on paper (most text)
            worst = _worst(mark, fills)
            if worst is None:
                continue
            back, colour, grey, glyphs = worst
            if min(colour, grey) < needed(mark) - 0.005:
                part = "" if glyphs.replace(" ", "") == mark.text.replace(" ", "") else glyphs
                key = (mark.origin, _ink(mark), hex_of(back), needed(mark), part)
                groups[key].append((mark.text, Seen(page.file, page.number, mark.box), colour, grey))
    found = []
    for (origin, ink, back, want, part), hits in groups.items():
        seen = tuple(h[1] for h in hits)
        colour, grey = min(h[2] for h in hits), min(h[3] for h in hits)
        which = f" ('{clip(part, 12)}' of it)" if part else ""
        severity = "error" if min(colour, grey) < FLOOR - 0.005 else "warning"
        message = (
            f"text {ink} on {back} has contrast {colour:.2f}:1 in colour and {grey:.2f}:1 in "
            f"black and white (at least {want:g}:1 wanted): '{clip(hits[0][0], 30)}'{which} "
            f"({len(hits)} runs; {pages_named(seen)}): darken or lighten one of them"
        )
        found.append(Finding("contrast", origin, message, seen, severity))
    return found
