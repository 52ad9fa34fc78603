"""Front sheets: how many cards fit on the paper, where each trim and art goes, and the marks.

Grid rules: "butted" cards touch and share cut lines, so only the grid's outer edges get bleed,
clipped to the printable area and giving way (down to none) so crop marks keep MARK_WANT of
room, except where no mark would fit anyway (then the bleed fills the margin up to the printable
edge); "spaced" cards sit 2 x bleed apart so each gets its full bleed; "auto" takes whichever
(orientation x spacing) holds more cards, preferring spaced, then portrait (or the requested
orientation). The grid is centred on the page; cards are never turned 90 degrees.

Crop marks sit outside the bounding box of all art, in line with every distinct cut: MARK_GAP from
the art, up to MARK_LEN long toward the paper edge, shortened to stay inside the printable area and
omitted on a side with less than MARK_MIN of room (e.g. poker on Letter has no room above and below
the 3 x 3 butted grid, only left and right marks); a cut left with no mark at all gets a cut line
instead. Cut lines (optional) run along every cut across the grid's art. A page that fills only
some slots draws only the marks and cut lines in line with those slots' edges (``used_marks``).
The sheet label and scale bar go in the margin strips (see ``place_furniture``).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.core.geometry import Box, Line
from generator.core.options import SheetOptions
from generator.core.units import mm, to_mm
from generator.layout import (
    FURNITURE_BAND,
    NO_BOX,
    Furniture,
    bounding_box,
    full,
    label_want,
    place_furniture,
)

EPS = 1e-6
MARK_GAP = mm(1)
MARK_LEN = mm(5)
MARK_MIN = mm(0.5)
MARK_TOL = 1e-3
"""How near (points) a mark or cut line must lie to a slot edge to be in line with it."""
MARK_WANT = mm(2.25)
"""Outer bleed gives way (never below zero) so that crop marks get at least this much room; where
even no bleed would leave no room for a mark of MARK_MIN, the bleed keeps all the free room."""


@dataclass(frozen=True)
class Slot:
    """One card position. ``index`` is row-major from the top-left; ``art`` = trim + bleed where
    there is room (clipped at shared cuts and to the printable area); ``rotation`` (0 or 180) turns
    the card drawing about the trim centre."""

    index: int
    row: int
    col: int
    trim: Box
    art: Box
    rotation: int = 0


@dataclass(frozen=True)
class SheetGeometry:
    """Everything the renderer draws on one sheet. ``label`` is the baseline-left point of the
    sheet label, drawn at font size = the thickness of ``label_box`` and turned ``label_angle``
    degrees (0, or 90 = reading upward in a side margin); ``label_box`` bounds the text (shrink
    the text to fit its length). ``scale_bar`` is the bar itself; it runs along its longer side and
    its length is a whole number of mm (50 mm where there is room). A zero-sized box means no room."""

    page_w: float
    page_h: float
    printable: Box
    slots: tuple[Slot, ...]
    crop_marks: tuple[Line, ...]
    cut_lines: tuple[Line, ...]
    label: tuple[float, float]
    scale_bar: Box
    per_sheet: int
    butted: bool
    card_w: float
    card_h: float
    label_box: Box = NO_BOX
    label_angle: int = 0
    bleed: float = 0.0
    """The bleed asked for around each card; a front's outer art may be clipped short of it to
    leave room for crop marks, which the back (carrying no marks) need not be."""


@dataclass(frozen=True)
class Axis:
    """One axis of a grid: the (start, end) of every card's trim and art, and the distinct cuts."""

    trims: tuple[tuple[float, float], ...]
    arts: tuple[tuple[float, float], ...]
    cuts: tuple[float, ...]


def oriented(paper: tuple[float, float], orientation: str) -> tuple[float, float]:
    """The page (W, H) for "portrait" (W <= H) or "landscape" (W >= H)."""
    short, long = sorted(paper)
    return (long, short) if orientation == "landscape" else (short, long)


def run_count(length: float, size: float, bleed: float, butted: bool, hard: int = 0) -> int:
    """Cards of ``size`` fitting along ``length``; ``hard`` ends need full bleed even when butted."""
    room = length - hard * bleed if butted else length
    return max(0, math.floor((room + EPS) / (size if butted else size + 2 * bleed)))


def place_run(
    lo: float,
    hi: float,
    n: int,
    size: float,
    bleed: float,
    butted: bool,
    hard_lo: bool = False,
    hard_hi: bool = False,
) -> Axis:
    """Place ``n`` cards between ``lo`` and ``hi``: the art footprint is centred when it fits,
    otherwise the outer bleed is clipped, never on a hard end (the run is pushed against it)."""
    pitch = size if butted else size + 2 * bleed
    span = n * pitch - (0.0 if butted else 2 * bleed)
    if span + 2 * bleed <= hi - lo + EPS or hard_lo == hard_hi:
        start = (lo + hi - span) / 2
    else:
        start = lo + bleed if hard_lo else hi - bleed - span
    trims, arts, cuts = [], [], []
    room_lo = _mark_room(start - lo, butted)
    room_hi = _mark_room(hi - (start + (n - 1) * pitch + size), butted)
    for k in range(n):
        t0 = start + k * pitch
        t1 = t0 + size
        # full bleed where it fits (within rounding), else clipped to the printable edge less room
        full_lo, full_hi = t0 - bleed, t1 + bleed
        edge_lo = full_lo if full_lo >= lo - EPS else lo
        edge_hi = full_hi if full_hi <= hi + EPS else hi
        outer_lo = edge_lo if hard_lo or not room_lo else min(t0, max(full_lo, lo + room_lo))
        outer_hi = edge_hi if hard_hi or not room_hi else max(t1, min(full_hi, hi - room_hi))
        a0 = t0 if butted and k > 0 else (edge_lo if k > 0 else outer_lo)
        a1 = t1 if butted and k < n - 1 else (edge_hi if k < n - 1 else outer_hi)
        trims.append((t0, t1))
        arts.append((a0, a1))
        cuts.extend((t0, t1))
    distinct = [c for i, c in enumerate(cuts) if i == 0 or abs(c - cuts[i - 1]) > EPS]
    return Axis(tuple(trims), tuple(arts), tuple(distinct))


def _mark_room(free: float, butted: bool) -> float:
    """What a butted grid keeps between its outer art and the printable edge for crop marks, given
    ``free`` room between the outer trim and that edge: MARK_GAP + MARK_WANT, or nothing where even
    a bare trim would leave no room for a mark of MARK_MIN (the bleed then takes all of ``free``
    and the cuts get cut lines)."""
    if not butted or free < MARK_GAP + MARK_MIN - EPS:
        return 0.0
    return MARK_GAP + MARK_WANT


def grid_slots(xs: Axis, ys: Axis) -> tuple[Slot, ...]:
    """Slots row-major from the top-left (row 0 is the top row)."""
    slots = []
    for row in range(len(ys.trims)):
        k = len(ys.trims) - 1 - row
        (ty0, ty1), (ay0, ay1) = ys.trims[k], ys.arts[k]
        for col, ((tx0, tx1), (ax0, ax1)) in enumerate(zip(xs.trims, xs.arts, strict=True)):
            trim, art = Box(tx0, ty0, tx1 - tx0, ty1 - ty0), Box(ax0, ay0, ax1 - ax0, ay1 - ay0)
            slots.append(Slot(len(slots), row, col, trim, art))
    return tuple(slots)


def crop_marks(
    arts: Sequence[Box], xs: Sequence[float], ys: Sequence[float], region: Box
) -> tuple[Line, ...]:
    """Marks for vertical cuts ``xs`` above and below all art, horizontal cuts ``ys`` left and
    right of it, each kept inside ``region``."""

    def length(room: float) -> float:
        return min(MARK_LEN, room) if room >= MARK_MIN - EPS else 0.0

    u = bounding_box(arts)
    up, down = length(region.top - u.top - MARK_GAP), length(u.y - MARK_GAP - region.y)
    left, right = length(u.x - MARK_GAP - region.x), length(region.right - u.right - MARK_GAP)
    marks = []
    for x in xs:
        if up:
            marks.append(Line(x, u.top + MARK_GAP, x, u.top + MARK_GAP + up))
        if down:
            marks.append(Line(x, u.y - MARK_GAP, x, u.y - MARK_GAP - down))
    for y in ys:
        if left:
            marks.append(Line(u.x - MARK_GAP, y, u.x - MARK_GAP - left, y))
        if right:
            marks.append(Line(u.right + MARK_GAP, y, u.right + MARK_GAP + right, y))
    return tuple(marks)


def cut_lines(arts: Sequence[Box], xs: Sequence[float], ys: Sequence[float]) -> tuple[Line, ...]:
    """A line along every cut, spanning the bounding box of all art (a home-cutting aid)."""
    u = bounding_box(arts)
    return tuple(Line(x, u.y, x, u.top) for x in xs) + tuple(Line(u.x, y, u.right, y) for y in ys)


def unmarked_cut_lines(
    arts: Sequence[Box], xs: Sequence[float], ys: Sequence[float], marks: Sequence[Line]
) -> tuple[Line, ...]:
    """Cut lines for the cuts that got no crop mark at all (no room in the margin)."""
    vertical = {round(m.x1, 3) for m in marks if abs(m.x1 - m.x2) < EPS}
    horizontal = {round(m.y1, 3) for m in marks if abs(m.y1 - m.y2) < EPS}
    return cut_lines(
        arts, [x for x in xs if round(x, 3) not in vertical], [y for y in ys if round(y, 3) not in horizontal]
    )


_USED: dict[tuple[int, ...], tuple] = {}
"""``used_marks`` results by the identity of their arguments (held in the entry, so each id stays
its own): a deck's sheets are alike, so each full sheet asks the same question."""


def used_marks(
    marks: Sequence[Line], cuts: Sequence[Line], used: Sequence[Slot]
) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """``_used_marks``, worked out once for the same mark, line and slot objects."""
    key = (id(marks), id(cuts), *map(id, used))
    found = _USED.get(key)
    if (
        found is not None
        and found[0] is marks
        and found[1] is cuts
        and all(map(operator.is_, found[2], used))
    ):
        return found[3]
    result = _used_marks(marks, cuts, used)
    if len(_USED) >= 64:  # a few sheet plans at a time
        _USED.clear()
    _USED[key] = (marks, cuts, tuple(used), result)
    return result


def _used_marks(
    marks: Sequence[Line], cuts: Sequence[Line], used: Sequence[Slot]
) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """The sheet's crop marks and cut lines for a page whose ``used`` slots hold something.

    A crop mark is kept where it lies in line with an edge of a used slot's trim (a vertical mark
    with a left or right edge, a horizontal one with a bottom or top edge), where the sheet put it;
    a cut line likewise, clipped to the art of the used slots. So a part-filled sheet gets no marks
    for empty slots, and a full sheet keeps every mark and line unchanged. With fold-and-glue pass
    the used fronts and their backs: the marks of both halves stay mirror images.
    """
    if not used:
        return (), ()
    xs = sorted({v for s in used for v in (s.trim.x, s.trim.right)})
    ys = sorted({v for s in used for v in (s.trim.y, s.trim.top)})

    def at(v: float, edges: list[float]) -> bool:
        return any(abs(v - e) <= MARK_TOL for e in edges)

    def vertical(ln: Line) -> bool:
        return abs(ln.x1 - ln.x2) < EPS

    kept = tuple(m for m in marks if (at(m.x1, xs) if vertical(m) else at(m.y1, ys)))
    u = bounding_box([s.art for s in used])

    def clip(v: float, lo: float, hi: float) -> float:
        return min(max(v, lo), hi)

    lines = []
    for ln in cuts:
        if vertical(ln) and at(ln.x1, xs):
            lines.append(Line(ln.x1, clip(ln.y1, u.y, u.top), ln.x2, clip(ln.y2, u.y, u.top)))
        elif not vertical(ln) and at(ln.y1, ys):
            lines.append(Line(clip(ln.x1, u.x, u.right), ln.y1, clip(ln.x2, u.x, u.right), ln.y2))
    return kept, tuple(lines)


def _mm(v: float) -> str:
    return f"{to_mm(v):g}"


def _count(
    card_w: float, card_h: float, opts: SheetOptions, orient: str, butted: bool, band: float = 0.0
) -> int:
    page_w, page_h = oriented(opts.paper, orient)
    pw, ph = page_w - 2 * opts.margin, page_h - 2 * opts.margin - band
    return run_count(pw, card_w, opts.bleed, butted) * run_count(ph, card_h, opts.bleed, butted)


def _choose(card_w: float, card_h: float, opts: SheetOptions, band: float = 0.0) -> tuple[str, bool]:
    """(orientation, butted) of the arrangement to use; raises ValueError if none fits."""
    orients = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    spacings = ("spaced", "butted") if opts.spacing == "auto" else (opts.spacing,)
    options = [(o, s == "butted") for s in spacings for o in orients]  # in order of preference
    counts = [_count(card_w, card_h, opts, o, b, band) for o, b in options]
    if max(counts) > 0:
        return options[counts.index(max(counts))]
    pw, ph = (p - 2 * opts.margin for p in oriented(opts.paper, orients[0]))
    size = f"{_mm(card_w)} x {_mm(card_h)} mm"
    where = f"the printable area {_mm(pw)} x {_mm(ph)} mm (paper less a {_mm(opts.margin)} mm margin)"
    if any(_count(card_w, card_h, opts, o, True) for o in orients):
        raise ValueError(
            f"a {size} card with {_mm(opts.bleed)} mm bleed on every side does not fit {where};"
            " use spacing 'butted' or 'auto', a smaller bleed or a larger paper"
        )
    raise ValueError(f"a {size} card does not fit {where}; use a larger paper or a smaller margin")


_PLANS: dict[tuple[float, float, SheetOptions], SheetGeometry] = {}


def plan_sheet(card_w: float, card_h: float, opts: SheetOptions) -> SheetGeometry:
    """Lay out one front sheet of ``card_w`` x ``card_h`` cards (trim, points).

    With ``make_room``, where the margins leave no room for the 50 mm scale bar and a label of at
    least 6 pt, the sheet is laid out again with a band kept free along the bottom edge for them.
    The same sizes and options give the same (frozen) geometry, worked out once: a build plans
    a deck's sheet to check it, to draw it and to write the print guide.
    """
    key = (card_w, card_h, opts)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        found = _PLANS[key] = _plan_sheet(card_w, card_h, opts)
    return found


def _plan_sheet(card_w: float, card_h: float, opts: SheetOptions) -> SheetGeometry:
    if card_w <= 0 or card_h <= 0:
        raise ValueError("card width and height must be positive")
    geo = _plan(card_w, card_h, opts, 0.0)
    if not opts.make_room or furnished(geo, opts):
        return geo
    try:
        banded = _plan(card_w, card_h, opts, FURNITURE_BAND)
    except ValueError:
        return geo
    return banded if furnished(banded, opts) else geo


def furnished(geo: SheetGeometry, opts: SheetOptions) -> bool:
    """Whether a sheet carries the full scale bar and a label box of the full type size."""
    furniture = Furniture(geo.label, geo.label_box, geo.label_angle, geo.scale_bar)
    return full(furniture, label_want(opts.label_chars))


def _plan(card_w: float, card_h: float, opts: SheetOptions, band: float) -> SheetGeometry:
    """``plan_sheet`` with ``band`` kept free of cards along the bottom of the printable area."""
    orient, butted = _choose(card_w, card_h, opts, band)
    page_w, page_h = oriented(opts.paper, orient)
    pr = Box(0.0, 0.0, page_w, page_h).inset(opts.margin)
    grid = Box(pr.x, pr.y + band, pr.w, pr.h - band)
    b = opts.bleed
    xs = place_run(grid.x, grid.right, run_count(grid.w, card_w, b, butted), card_w, b, butted)
    ys = place_run(grid.y, grid.top, run_count(grid.h, card_h, b, butted), card_h, b, butted)
    slots = grid_slots(xs, ys)
    arts = [s.art for s in slots]
    marks = crop_marks(arts, xs.cuts, ys.cuts, grid) if opts.crop_marks else ()
    if opts.cut_lines:
        cuts = cut_lines(arts, xs.cuts, ys.cuts)
    elif opts.crop_marks:  # a cut with no room for a mark still needs showing
        cuts = unmarked_cut_lines(arts, xs.cuts, ys.cuts, marks)
    else:
        cuts = ()
    geo = assemble(page_w, page_h, pr, slots, marks, cuts, butted, card_w, card_h, opts.label_chars)
    return replace(geo, bleed=b)


def assemble(
    page_w: float,
    page_h: float,
    pr: Box,
    slots: tuple[Slot, ...],
    marks: tuple[Line, ...],
    cuts: tuple[Line, ...],
    butted: bool,
    card_w: float,
    card_h: float,
    label_chars: int = 0,
) -> SheetGeometry:
    """Build a SheetGeometry, placing the label and scale bar clear of the art and marks."""
    f = place_furniture(pr, [s.art for s in slots], marks, label_want(label_chars))
    return SheetGeometry(
        page_w,
        page_h,
        pr,
        slots,
        marks,
        cuts,
        f.label,
        f.scale_bar,
        len(slots),
        butted,
        card_w,
        card_h,
        f.label_box,
        f.label_angle,
    )


def paginate(n_cards: int, per_sheet: int) -> list[range]:
    """Card index ranges, one per sheet: ``paginate(20, 9)`` -> [0..8], [9..17], [18..19]."""
    if per_sheet <= 0:
        raise ValueError("per_sheet must be positive")
    if n_cards < 0:
        raise ValueError("n_cards must not be negative")
    return [range(s, min(s + per_sheet, n_cards)) for s in range(0, n_cards, per_sheet)]
