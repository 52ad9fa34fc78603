"""Fold-and-glue ("gutterfold") sheets: fronts on one half, their backs mirrored on the other.

Folding the sheet on the fold line lays every back behind its front, so no duplex printer is
needed. Every art keeps ``bleed + 2 mm`` from the fold line. Both paper orientations and both
fold directions are tried (with spacing as in SheetOptions); the most cards win, then the most
outer bleed kept (where the paper has room, the art beyond the outer cuts survives), ties going
to spaced, then the requested (or portrait) orientation, then a vertical fold.

With a vertical fold (fronts left, backs right) the fold is the card's own vertical axis, so a
back drawn upright reads upright when the card is turned over sideways: rotation 0. With a
horizontal fold (fronts top, backs bottom) the fold turns the card top-over-bottom, so an upright
back would be upside down when the card is turned sideways: backs get rotation 180.

Crop marks are made for the front half (kept CLEAR of the fold line) and mirrored onto the back
half, where they coincide after folding; a cut left with no mark (no room in the margin) gets a
cut line on both halves, and ``cut_lines`` draws one along every cut. Cut through both layers.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.geometry import Box, Line
from generator.core.options import SheetOptions
from generator.core.units import mm, to_mm
from generator.layout import CLEAR, FURNITURE_BAND, NO_BOX, Furniture, full, label_want, place_furniture
from generator.layout.imposition import (
    Slot,
    crop_marks,
    cut_lines,
    grid_slots,
    oriented,
    place_run,
    run_count,
    unmarked_cut_lines,
)

FOLD_EXTRA = mm(2)


@dataclass(frozen=True)
class GutterfoldGeometry:
    """One gutterfold sheet; ``backs[i]`` is the back of ``fronts[i]``. Label fields as in
    SheetGeometry."""

    page_w: float
    page_h: float
    printable: Box
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    fold: Line
    crop_marks: tuple[Line, ...]
    label: tuple[float, float]
    scale_bar: Box
    per_sheet: int
    label_box: Box = NO_BOX
    label_angle: int = 0
    cut_lines: tuple[Line, ...] = ()


def _grid(
    card_w: float, card_h: float, pr: Box, fold_at: float, vertical: bool, bleed: float, butted: bool
) -> tuple[int, int]:
    """(columns, rows) of fronts on the front half."""
    gap = bleed + FOLD_EXTRA
    if vertical:
        cols = run_count(fold_at - gap - pr.x, card_w, bleed, butted, hard=1)
        return cols, run_count(pr.h, card_h, bleed, butted)
    rows = run_count(pr.top - fold_at - gap, card_h, bleed, butted, hard=1)
    return run_count(pr.w, card_w, bleed, butted), rows


def plan_gutterfold(card_w: float, card_h: float, opts: SheetOptions) -> GutterfoldGeometry:
    """Lay out one gutterfold sheet of ``card_w`` x ``card_h`` cards (trim, points).

    As ``plan_sheet``: where the margins leave no room for the full scale bar and a 6 pt label,
    the sheet is laid out again with a band kept free along the top and bottom edges (the halves
    stay mirror images), used with ``make_room`` or where it costs no cards.
    """
    geo = _plan(card_w, card_h, opts, 0.0)
    if _furnished(geo, opts):
        return geo
    try:
        banded = _plan(card_w, card_h, opts, FURNITURE_BAND)
    except ValueError:
        return geo
    if opts.make_room and _furnished(banded, opts):
        return banded
    same = banded.per_sheet == geo.per_sheet and outer_bleed(banded) >= outer_bleed(geo) - 1e-6
    if _furnished(banded, opts) and same:  # the band costs neither cards nor outer bleed
        return banded
    return geo


def _furnished(geo: GutterfoldGeometry, opts: SheetOptions) -> bool:
    furniture = Furniture(geo.label, geo.label_box, geo.label_angle, geo.scale_bar)
    return full(furniture, label_want(opts.label_chars))


def _plan(card_w: float, card_h: float, opts: SheetOptions, band: float) -> GutterfoldGeometry:
    orients = ("portrait", "landscape") if opts.orientation == "auto" else (opts.orientation,)
    spacings = ("spaced", "butted") if opts.spacing == "auto" else (opts.spacing,)
    b = opts.bleed
    found: list[tuple[int, float, float, Box, bool, bool]] = []
    for spacing in spacings:
        for orient in orients:
            page_w, page_h = oriented(opts.paper, orient)
            pr = Box(0.0, 0.0, page_w, page_h).inset(opts.margin)
            pr = Box(pr.x, pr.y + band, pr.w, pr.h - 2 * band)
            for vertical in (True, False):
                fold_at = page_w / 2 if vertical else page_h / 2
                cols, rows = _grid(card_w, card_h, pr, fold_at, vertical, b, spacing == "butted")
                if cols * rows:
                    found.append((cols * rows, page_w, page_h, pr, vertical, spacing == "butted"))
    if not found:
        raise ValueError(
            f"a {to_mm(card_w):g} x {to_mm(card_h):g} mm card does not fit half of the paper"
            f" with {to_mm(b + FOLD_EXTRA):g} mm kept clear of the fold; use another paper,"
            " a smaller bleed or margin, or duplex printing"
        )
    most = max(c[0] for c in found)  # the most cards; among those the most outer bleed kept,
    plans = [_layout(card_w, card_h, opts, *c[1:]) for c in found if c[0] == most]
    return max(plans, key=outer_bleed)  # ties: the first (spaced, portrait, vertical fold)


def outer_bleed(geo: GutterfoldGeometry) -> float:
    """The bleed kept around the outside of all cards, summed over the four sides (points): how
    much of the art beyond the outer cuts survives where the paper has room for it."""
    slots = geo.fronts + geo.backs
    trims, arts = [s.trim for s in slots], [s.art for s in slots]
    return (
        min(t.x for t in trims)
        - min(a.x for a in arts)
        + max(a.right for a in arts)
        - max(t.right for t in trims)
        + min(t.y for t in trims)
        - min(a.y for a in arts)
        + max(a.top for a in arts)
        - max(t.top for t in trims)
    )


def _layout(
    card_w: float,
    card_h: float,
    opts: SheetOptions,
    page_w: float,
    page_h: float,
    pr: Box,
    vertical: bool,
    butted: bool,
) -> GutterfoldGeometry:
    """The sheet for one choice of page orientation, fold direction and spacing."""
    b = opts.bleed
    gap = b + FOLD_EXTRA
    if vertical:
        fx = page_w / 2
        cols, rows = _grid(card_w, card_h, pr, fx, True, b, butted)
        xs = place_run(pr.x, fx - gap, cols, card_w, b, butted, hard_hi=True)
        ys = place_run(pr.y, pr.top, rows, card_h, b, butted)
        fold = Line(fx, pr.y, fx, pr.top)
        region = Box(pr.x, pr.y, fx - CLEAR - pr.x, pr.h)

        def mirror(r: Box) -> Box:
            return Box(2 * fx - r.right, r.y, r.w, r.h)

        def mirror_line(ln: Line) -> Line:
            return Line(2 * fx - ln.x1, ln.y1, 2 * fx - ln.x2, ln.y2)
    else:
        fy = page_h / 2
        cols, rows = _grid(card_w, card_h, pr, fy, False, b, butted)
        xs = place_run(pr.x, pr.right, cols, card_w, b, butted)
        ys = place_run(fy + gap, pr.top, rows, card_h, b, butted, hard_lo=True)
        fold = Line(pr.x, fy, pr.right, fy)
        region = Box(pr.x, fy + CLEAR, pr.w, pr.top - fy - CLEAR)

        def mirror(r: Box) -> Box:
            return Box(r.x, 2 * fy - r.top, r.w, r.h)

        def mirror_line(ln: Line) -> Line:
            return Line(ln.x1, 2 * fy - ln.y1, ln.x2, 2 * fy - ln.y2)

    fronts = grid_slots(xs, ys)
    backs = tuple(
        Slot(
            s.index,
            s.row if vertical else rows - 1 - s.row,
            cols - 1 - s.col if vertical else s.col,
            mirror(s.trim),
            mirror(s.art),
            0 if vertical else 180,
        )
        for s in fronts
    )
    arts = [s.art for s in fronts + backs]
    marks: tuple[Line, ...] = ()
    front_marks: tuple[Line, ...] = ()
    if opts.crop_marks:
        front_marks = crop_marks([s.art for s in fronts], xs.cuts, ys.cuts, region)
        marks = front_marks + tuple(mirror_line(m) for m in front_marks)
    front_arts = [s.art for s in fronts]
    if opts.cut_lines:
        front_cuts = cut_lines(front_arts, xs.cuts, ys.cuts)
    elif opts.crop_marks:  # a cut with no room for a mark still needs showing
        front_cuts = unmarked_cut_lines(front_arts, xs.cuts, ys.cuts, front_marks)
    else:
        front_cuts = ()
    cuts = front_cuts + tuple(mirror_line(ln) for ln in front_cuts)
    paper = Box(0.0, 0.0, page_w, page_h).inset(opts.margin)
    f = place_furniture(paper, arts, (*marks, fold), label_want(opts.label_chars))
    return GutterfoldGeometry(
        page_w,
        page_h,
        paper,
        fronts,
        backs,
        fold,
        marks,
        f.label,
        f.scale_bar,
        len(fronts),
        f.label_box,
        f.label_angle,
        cuts,
    )
