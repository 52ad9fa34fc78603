"""The reference: sections flowed through two columns on one or two pages of A4 or Letter.

The summary takes the fewest pages it fits (up to its page limit) with body text between 9 and
11.5 pt, at the largest size on a quarter-point grid that still fits them: a summary that would
leave its last page half empty at 10 pt is set larger and fills it (a bigger, easier read than
white paper). If it never fits, the layout at 9 pt is returned with ``fits`` False.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.art.fonts import FontBook
from generator.core.geometry import Box, Line
from generator.core.say import say
from generator.core.units import mm
from generator.layout import memo
from generator.layout.ops import LineOp, Op, RectOp
from generator.summary.blocks import Laid, Setting, Typesetter, shifted
from generator.summary.flow import Flowed, Overflow, flow
from generator.summary.model import Summary
from generator.text.markup import Span

BODY_SIZES = tuple(11.5 - 0.25 * k for k in range(11))  # 11.5 down to 9 pt
MARGIN = mm(12)
GUTTER = mm(7)
BAND = mm(17)  # title band on the first page
RUNNING = mm(8)  # running head on later pages
FOOTER = mm(6)
KEEP = 0.45  # sections up to this share of a column are kept together


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    ops: tuple[Op, ...]


@dataclass(frozen=True)
class Reference:
    """The laid-out reference: its pages, the body size used and whether it met the page limit."""

    pages: tuple[Page, ...]
    body_size: float
    fits: bool
    overflows: tuple[Overflow, ...]


def _columns(page_w: float) -> tuple[float, float]:
    """(column width, column x of the second column)."""
    width = (page_w - 2 * MARGIN - GUTTER) / 2
    return width, MARGIN + width + GUTTER


def _frame(page_w: float, page_h: float, index: int, last_page: int = -1, cap: float = 0.0) -> Box:
    """Column ``index`` (two a page); on ``last_page`` columns may be ``cap`` high at most."""
    width, x2 = _columns(page_w)
    top = page_h - MARGIN - (BAND if index < 2 else RUNNING)
    bottom = MARGIN + FOOTER
    if index // 2 == last_page:
        bottom = max(bottom, top - cap)
    return Box(MARGIN if index % 2 == 0 else x2, bottom, width, top - bottom)


@memo.per_scope("summary")  # laid out once per build or check (write, checks, notes)
def layout_reference(summary: Summary, fonts: FontBook, paper: tuple[float, float]) -> Reference:
    """Lay the summary out on portrait ``paper`` (W, H in points)."""
    page_w, page_h = sorted(paper)
    col_w, _ = _columns(page_w)
    sections = summary.reference_sections()

    def attempt(size: float) -> tuple[list[Laid], Flowed]:
        ts = Typesetter(summary.theme, Setting(body=size, heading=1.5 * size), fonts, summary.inline_icons)
        laid = [ts.section(s, col_w) for s in sections]
        return laid, flow(laid, lambda i: _frame(page_w, page_h, i), gap=1.0 * size, keep=KEEP)

    # the fewest pages at the largest size that fits them: one page at 9 pt beats 1.1 at 10 pt.
    # Pages grow with the size, so the largest size fitting a page count is found by bisection.
    tried: dict[float, tuple[list[Laid], Flowed]] = {}

    def pages_at(k: int) -> int:
        if BODY_SIZES[k] not in tried:
            tried[BODY_SIZES[k]] = attempt(BODY_SIZES[k])
        return -(-tried[BODY_SIZES[k]][1].frames // 2)

    size = BODY_SIZES[-1]
    for limit in range(1, summary.max_pages + 1):
        if pages_at(len(BODY_SIZES) - 1) > limit:
            continue
        lo, hi = 0, len(BODY_SIZES) - 1  # hi fits; find the first (largest size) that does
        while lo < hi:
            mid = (lo + hi) // 2
            if pages_at(mid) <= limit:
                hi = mid
            else:
                lo = mid + 1
        size = BODY_SIZES[hi]
        break
    laid, flowed = tried.get(size) or attempt(size)
    assert flowed is not None
    flowed = _balanced(laid, flowed, page_w, page_h, size)
    n = -(-flowed.frames // 2)
    pages = []
    for p in range(n):
        ops: list[Op] = list(_furniture(summary, fonts, page_w, page_h, p, n))
        for placed in flowed.placed:
            if placed.frame // 2 == p:
                ops.extend(shifted(placed.block.ops, placed.x, placed.y))
        pages.append(Page(page_w, page_h, tuple(ops)))
    return Reference(tuple(pages), size, n <= summary.max_pages, flowed.overflows)


def _balanced(laid: list[Laid], flowed: Flowed, page_w: float, page_h: float, size: float) -> Flowed:
    """Shorten the last page's columns as far as the content allows, so both get a fair share."""
    last = (flowed.frames - 1) // 2
    if not laid or flowed.overflows:
        return flowed
    lo, hi, best = 0.0, _frame(page_w, page_h, 2 * last).h, flowed
    while hi - lo > 2.0:
        cap = (lo + hi) / 2
        frames = partial(_frame, page_w, page_h, last_page=last, cap=cap)
        trial = flow(laid, frames, gap=1.0 * size, keep=KEEP)
        if (trial.frames - 1) // 2 == last and not trial.overflows:
            hi, best = cap, trial
        else:
            lo = cap
    return best


def _furniture(summary: Summary, fonts: FontBook, w: float, h: float, page: int, pages: int) -> list[Op]:
    """Title band (first page) or running head, the column rule and the page footer."""
    t = summary.theme
    ts = Typesetter(t, Setting(body=9.0, heading=13.0), fonts, summary.inline_icons)
    inner = w - 2 * MARGIN
    ops: list[Op] = []
    if page == 0:
        band = Box(MARGIN, h - MARGIN - BAND + mm(4), inner, BAND - mm(4))
        ops.append(RectOp(band, t.accent, None, radius=mm(2)))
        title = ts.text(
            (Span(summary.title),), inner * 0.6, ts.style(26.0, family=t.heading_font, color=t.paper)
        )
        ops.extend(shifted(title.ops, band.x + mm(4), band.top - (band.h - title.height) / 2 + mm(0.6)))
        spans: tuple[Span, ...] = (Span(summary.subtitle, bold=True),)
        if summary.tagline:
            spans += (Span(newline=True), Span(summary.tagline))
        side = ts.text(spans, inner * 0.35, ts.style(9.5, color=t.paper, align="right"))
        ops.extend(
            shifted(side.ops, band.right - mm(4) - inner * 0.35, band.top - (band.h - side.height) / 2)
        )
    else:
        head = ts.text(
            (Span(f"{summary.title} - {summary.subtitle} (continued)"),),
            inner,
            ts.style(11.0, family=t.heading_font, color=t.accent),
        )
        ops.extend(shifted(head.ops, MARGIN, h - MARGIN))
        y = h - MARGIN - head.height - mm(1)
        ops.append(LineOp(Line(MARGIN, y, w - MARGIN, y), t.accent, 0.6))
    frame = _frame(w, h, 2 * page)
    x = MARGIN + (inner - GUTTER) / 2 + GUTTER / 2
    ops.append(LineOp(Line(x, frame.y, x, frame.top), t.tint, 0.6))
    foot = say(
        "summary.footer", title=summary.title, subtitle=summary.subtitle.lower(), page=page + 1, pages=pages
    )
    text = ts.text((Span(foot),), inner, ts.style(7.5, color="#6e6e6e", align="center"))  # 5:1 on white
    ops.extend(shifted(text.ops, MARGIN, MARGIN + text.height))
    return ops
