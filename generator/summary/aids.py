"""Card-size player aids: the sections marked ``aid`` flowed through as many cards as needed.

The text is set at the summary's ``text_size`` and then as much larger (up to ``GROW`` times,
in quarter points) as keeps the same number of cards and every one-line table row on one line, so a
set whose sections leave the lower half of its cards empty is set in bigger type instead.

Each card has a background running into the bleed, a frame and banner inside the safe zone and
the body below; the banner also numbers the cards of a set ("2/3"). Coordinates are card-local:
origin at the bottom-left of the trim, y up, as :func:`generator.render.sheets.draw_card` expects.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.core.units import mm
from generator.layout import memo
from generator.layout.card import CardFace
from generator.layout.ops import Op, RectOp, TextOp
from generator.summary.blocks import Laid, Setting, Typesetter, shifted
from generator.summary.flow import Flowed, Overflow, flow
from generator.summary.model import Summary
from generator.text.fit import fit_text
from generator.text.markup import Span

FRAME = mm(2.5)  # frame inset from the trim
SIDE = mm(4.5)  # body inset from the trim, left and right
BANNER = mm(7.5)  # banner height
FOOT = mm(2)  # space above the bottom frame
NUMBER = mm(8)  # room at each end of the banner (the card number sits at the right)
BLEED = mm(3)
GROW = 1.35  # the text may be set up to this much larger than ``text_size`` to fill the cards
STEP = 0.25  # in steps of a quarter point


@dataclass(frozen=True)
class AidSet:
    """One player's set of aid cards, and any text that did not fit."""

    faces: tuple[CardFace, ...]
    body: Box
    overflows: tuple[Overflow, ...]
    title_fits: bool = True


def body_box(width: float, height: float) -> Box:
    """Where aid text goes on a card of ``width`` x ``height``."""
    top = height - FRAME - BANNER - mm(1.2)
    bottom = FRAME + FOOT
    return Box(SIDE, bottom, width - 2 * SIDE, top - bottom)


@memo.per_scope("summary")  # laid out once per build or check (write, checks, notes)
def layout_aids(summary: Summary, fonts: FontBook) -> AidSet:
    """Lay out one set of aid cards (empty when no section is marked ``aid``)."""
    a = summary.aids
    sections = summary.aid_sections()
    body = body_box(a.width, a.height)
    if not sections or body.w <= 0 or body.h <= 0:
        return AidSet((), body, ())
    title_fits = True

    def attempt(size: float) -> tuple[Typesetter, Flowed, tuple[int, ...]]:
        setting = Setting(body=size, heading=1.45 * size, leading=1.2, gap=0.35)
        ts = Typesetter(summary.theme, setting, fonts, summary.inline_icons)
        laid = [ts.section(s, body.w, continued="cont.") for s in sections]
        flowed = flow(laid, lambda i: body, gap=0.7 * size, keep=1.0, repeat_heading=True, backfill=True)
        return ts, flowed, _row_lines(laid)

    ts, flowed, rows = attempt(a.text_size)
    if not flowed.overflows:  # set larger while the cards stay as many: no half-empty card
        steps = int((GROW - 1) * a.text_size / STEP + 1e-9)
        lo, hi = 0, steps  # lo fits; find the most steps up that do
        while lo < hi:
            mid = (lo + hi + 1) // 2
            _, trial, trial_rows = attempt(a.text_size + mid * STEP)
            if trial.frames == flowed.frames and not trial.overflows and _kept(rows, trial_rows):
                lo = mid
            else:
                hi = mid - 1
        if lo:
            ts, flowed, _ = attempt(a.text_size + lo * STEP)
    faces = []
    for n in range(flowed.frames):
        ops, title_fits = _card(summary, ts, n, flowed.frames)
        for placed in flowed.placed:
            if placed.frame == n:
                ops.extend(shifted(placed.block.ops, placed.x, placed.y))
        faces.append(CardFace(tuple(ops)))
    return AidSet(tuple(faces), body, flowed.overflows, title_fits)


def _kept(rows: tuple[int, ...], trial: tuple[int, ...]) -> bool:
    """Whether every table row set on one line still is (a row already wrapped may wrap more)."""
    return all(t == 1 for r, t in zip(rows, trial, strict=True) if r == 1)


def _row_lines(laid: list[Laid]) -> tuple[int, ...]:
    """The lines of each table row of the sections: growing the type must not wrap a row set on
    one line (a table of one line a row stays one)."""
    return tuple(
        max((op.layout.line_count for op in unit.ops if isinstance(op, TextOp)), default=0)
        for section in laid
        if section.section.table is not None
        for unit in section.units
    )


def _card(summary: Summary, ts: Typesetter, n: int, total: int) -> tuple[list[Op], bool]:
    """Background, frame, banner and footer of aid card ``n`` (0-based) of ``total``."""
    t, a = summary.theme, summary.aids
    w, h = a.width, a.height
    ops: list[Op] = [
        RectOp(Box(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED), t.paper, None),
        RectOp(Box(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME), None, t.accent, 1.2, radius=mm(2.5)),
    ]
    banner = Box(FRAME, h - FRAME - BANNER, w - 2 * FRAME, BANNER)
    ops.append(RectOp(banner, t.accent, None, radius=mm(2.5)))
    ops.append(RectOp(Box(banner.x, banner.y, banner.w, banner.h / 2), t.accent, None))
    style = ts.style(
        12.0, min_size=6.0, family=t.heading_font, color=t.paper, align="center", valign="middle"
    )
    box = Box(banner.x + NUMBER, banner.y + mm(0.6), banner.w - 2 * NUMBER, banner.h - mm(1.2))
    title = fit_text((Span(a.title),), box, style, ts.fonts)
    ops.append(TextOp(title, box))
    if total > 1:  # "2/3" at the right end of the banner
        style = ts.style(6.5, family=t.font, color=t.paper, align="right", valign="middle")
        box = Box(banner.right - NUMBER, banner.y, NUMBER - mm(2), banner.h)
        ops.append(TextOp(fit_text((Span(f"{n + 1}/{total}"),), box, style, ts.fonts), box))
    return ops, title.fits
