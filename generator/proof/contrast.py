"""Rule "contrast": text against what is drawn under it reaches WCAG 4.5:1 (3:1 for large text:
18 pt, or 14 pt bold), in colour and in a black-and-white print.

What is under a run is the paper with every fill drawn before it that covers the run's centre,
blended in drawing order (images are not looked at)."""

from __future__ import annotations

import functools
from collections import defaultdict

from generator.core.errors import clip
from generator.proof.colors import RGB, gray, hex_of, over, ratio, rgb
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import FillMark, PageRecord, TextMark

NORMAL, LARGE = 4.5, 3.0
PAPER: RGB = (1.0, 1.0, 1.0)


def needed(mark: TextMark) -> float:
    bold = "bold" in mark.font.lower() or "black" in mark.font.lower()
    return LARGE if mark.size >= 18 or (bold and mark.size >= 14) else NORMAL


def _under(fills: list[FillMark], x: float, y: float) -> RGB:
    colour = PAPER
    for f in fills:
        x0, y0, x1, y1 = f.box  # cut to its clip: empty when clipped away
        if x0 <= x <= x1 and y0 <= y <= y1:
            colour = over(rgb(f.color), f.alpha, colour)
    return colour


@functools.lru_cache(maxsize=4096)
def _ratios(ink_hex: str, back: RGB) -> tuple[float, float]:
    """(colour, grey) contrast of an ink on a background (few pairs on a page: worked out once)."""
    ink = rgb(ink_hex)
    return ratio(ink, back), ratio(gray(ink), gray(back))


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    groups: dict[tuple, list[tuple[str, Seen, float, float]]] = defaultdict(list)
    for page in pages:
        fills: list[FillMark] = []
        for mark in page.marks:
            if isinstance(mark, FillMark):
                fills.append(mark)
                continue
            if not isinstance(mark, TextMark) or not mark.visible:
                continue
            x0, y0, x1, y1 = mark.box
            back = _under(fills, (x0 + x1) / 2, (y0 + y1) / 2)
            colour, grey = _ratios(mark.color, back)
            if min(colour, grey) < needed(mark) - 0.005:
                key = (mark.origin, mark.color, hex_of(back), needed(mark))
                groups[key].append((mark.text, Seen(page.file, page.number, mark.box), colour, grey))
    found = []
    for (origin, ink, back, want), hits in groups.items():
        seen = tuple(h[1] for h in hits)
        colour, grey = min(h[2] for h in hits), min(h[3] for h in hits)
        message = (
            f"text {ink} on {back} has contrast {colour:.2f}:1 in colour and {grey:.2f}:1 in "
            f"black and white (at least {want:g}:1 wanted): '{clip(hits[0][0], 30)}' "
            f"({len(hits)} runs; {pages_named(seen)}): darken or lighten one of them"
        )
        found.append(Finding("contrast", origin, message, seen))
    return found
