"""Component sheets, pure: which item copy goes where on which page, front and back.

Every kind goes through the card imposition engine (``plan_sheet``, ``back_sheet``,
``plan_gutterfold``, ``paginate``). Each group starts on a new sheet. Two-sided groups get a
back page after each front page (duplex), or fronts and backs on one fold-and-glue sheet.

A standee is one strip, bottom to top: base tab, front panel, back panel (turned 180 degrees),
base tab. Folding on the middle line puts the two panels back to back, both upright; the tabs
fold outward in opposite directions to make the base.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.core.errors import DataError, Problem
from generator.core.geometry import Box, Line
from generator.core.options import SheetOptions
from generator.layout.duplex import back_sheet
from generator.layout.gutterfold import plan_gutterfold
from generator.layout.imposition import (
    MARK_GAP,
    MARK_LEN,
    SheetGeometry,
    Slot,
    assemble,
    paginate,
    plan_sheet,
    used_marks,
)
from generator.load.model import CardCopy

from .model import ComponentGroup


@dataclass(frozen=True)
class PlanOptions:
    """How component sheets are imposed: the sheet options and the duplex settings."""

    sheet: SheetOptions
    layout: str = "duplex"  # duplex | gutterfold (two-sided groups only)
    flip: str = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    backs: bool = True

    @classmethod
    def from_build(cls, options) -> PlanOptions:
        """From a ``build.BuildOptions``."""
        sheet = replace(options.sheet_options(), make_room=True)  # a full scale bar on every sheet
        return cls(sheet, options.layout, options.duplex, options.back_offset, options.backs)


@dataclass(frozen=True)
class Placement:
    """One face of one item copy in a slot; ``side`` is 'front' or 'back'."""

    copy: CardCopy
    side: str
    slot: Slot


@dataclass(frozen=True)
class PagePlan:
    """One printed page: faces in slots, marks, dashed fold lines, standee tabs, label furniture.
    ``side`` is 'front', 'back' (of the page before) or 'both' (fold-and-glue)."""

    page_w: float
    page_h: float
    placements: tuple[Placement, ...]
    crop_marks: tuple[Line, ...]
    cut_lines: tuple[Line, ...]
    folds: tuple[Line, ...]
    tabs: tuple[Box, ...]
    label: tuple[float, float]
    label_box: Box
    label_angle: int
    scale_bar: Box
    sheet: int
    sheets: int
    side: str = "front"


@dataclass(frozen=True)
class StandeeParts:
    """One standee strip cut up: panels as slots (back turned 180), tabs, folds bottom to top."""

    front: Slot
    back: Slot
    tabs: tuple[Box, Box]
    folds: tuple[Line, Line, Line]


def strip_size(group: ComponentGroup) -> tuple[float, float]:
    """What one item occupies on the sheet: a standee's whole strip, else the item's trim."""
    w, h = group.width, group.height
    return (w, 2 * h + 2 * group.tab) if group.kind == "standee" else (w, h)


def standee_parts(slot: Slot, panel_h: float, tab: float) -> StandeeParts:
    """Split a strip slot into tab, front panel, back panel, tab (bottom to top)."""
    t, a = slot.trim, slot.art
    y1, y2, y3 = t.y + tab, t.y + tab + panel_h, t.y + tab + 2 * panel_h
    front = Slot(slot.index, slot.row, slot.col, Box(t.x, y1, t.w, panel_h), Box(a.x, y1, a.w, panel_h))
    back = Slot(
        slot.index,
        slot.row,
        slot.col,
        Box(t.x, y2, t.w, panel_h),
        Box(a.x, y2, a.w, panel_h),
        (slot.rotation + 180) % 360,
    )
    tabs = (Box(a.x, a.y, a.w, y1 - a.y), Box(a.x, y3, a.w, a.top - y3))
    folds = tuple(Line(t.x, y, t.right, y) for y in (y1, y2, y3))
    return StandeeParts(front, back, tabs, folds)  # type: ignore[arg-type]


def plan_group(group: ComponentGroup, opts: PlanOptions) -> tuple[PagePlan, ...]:
    """Every page of one group; DataError (at the group's size) when an item cannot fit the paper."""
    copies = list(group.deck.copies())
    w, h = strip_size(group)
    try:
        # the label: game title, group title, sheet n of N, a hint, the bar (see render.components)
        opts = replace(opts, sheet=replace(opts.sheet, label_chars=len(group.title) + 90))
        if group.two_sided and opts.backs and opts.layout == "gutterfold":
            return _gutterfold(copies, w, h, opts)
        front = marked_sheet(w, h, opts.sheet, len(copies))
    except ValueError as exc:
        where = group.size_origin
        what = f"{group.kind} '{group.name}' ({'strip with tabs' if group.kind == 'standee' else 'trim'})"
        message = f"the {what} does not fit the paper: {exc}".replace(" card ", f" {group.kind} ")
        raise DataError([Problem(20, where.file, where.line, where.column, "size", message)]) from None
    back = back_sheet(front, opts.flip, opts.offset) if group.two_sided and opts.backs else None
    spans = paginate(len(copies), front.per_sheet)
    pages: list[PagePlan] = []
    for n, span in enumerate(spans, start=1):
        mine = [copies[i] for i in span]
        if group.kind == "standee":
            pages.append(_standee_page(front, mine, group, n, len(spans)))
            continue
        pages.append(
            _page(
                front,
                [Placement(c, "front", s) for c, s in zip(mine, front.slots, strict=False)],
                len(mine),
                n,
                len(spans),
            )
        )
        if back is not None:
            placed = [Placement(c, "back", s) for c, s in zip(mine, back.slots, strict=False)]
            pages.append(_page(back, placed, len(mine), n, len(spans), "back"))
    return tuple(pages)


def marked_sheet(w: float, h: float, sheet: SheetOptions, n: int) -> SheetGeometry:
    """``plan_sheet`` for ``n`` pieces of ``w`` x ``h``; where its grid fills the printable area
    so that some cuts get no crop mark (counters butted edge to edge), the sheet laid out again
    with room in the margin for full marks, when the pieces still take as many sheets: a piece
    is cut on marks, not on lines printed across its art."""
    geo = plan_sheet(w, h, sheet)
    if not sheet.crop_marks or sheet.cut_lines or not geo.cut_lines:
        return geo
    try:
        roomy = plan_sheet(w, h, replace(sheet, margin=sheet.margin + MARK_GAP + MARK_LEN))
    except ValueError:
        return geo
    if roomy.cut_lines or len(paginate(n, roomy.per_sheet)) > len(paginate(n, geo.per_sheet)):
        return geo
    # the printer's margin is still the sheet's: the label and scale bar keep all of it
    placed = assemble(
        roomy.page_w,
        roomy.page_h,
        geo.printable,
        roomy.slots,
        roomy.crop_marks,
        roomy.cut_lines,
        roomy.butted,
        w,
        h,
        sheet.label_chars,
    )
    return replace(placed, bleed=roomy.bleed)


def _page(
    geo: SheetGeometry,
    placed: list[Placement],
    filled: int,
    n: int,
    total: int,
    side: str = "front",
    **extra,
) -> PagePlan:
    """One page of ``geo`` whose first ``filled`` slots hold something (a standee's two panels
    share one strip slot): marks and cut lines only in line with those slots' edges."""
    marks, cuts = used_marks(geo.crop_marks, geo.cut_lines, geo.slots[:filled])
    return PagePlan(
        geo.page_w,
        geo.page_h,
        tuple(placed),
        marks,
        cuts,
        extra.get("folds", ()),
        extra.get("tabs", ()),
        geo.label,
        geo.label_box,
        geo.label_angle,
        geo.scale_bar,
        n,
        total,
        side,
    )


def _standee_page(
    geo: SheetGeometry, copies: list[CardCopy], group: ComponentGroup, n: int, total: int
) -> PagePlan:
    placed: list[Placement] = []
    folds: list[Line] = []
    tabs: list[Box] = []
    for copy, slot in zip(copies, geo.slots, strict=False):
        parts = standee_parts(slot, group.height, group.tab)
        placed += [Placement(copy, "front", parts.front), Placement(copy, "back", parts.back)]
        folds += parts.folds
        tabs += parts.tabs
    return _page(geo, placed, len(copies), n, total, folds=tuple(folds), tabs=tuple(tabs))


def _gutterfold(copies: list[CardCopy], w: float, h: float, opts: PlanOptions) -> tuple[PagePlan, ...]:
    geo = plan_gutterfold(w, h, opts.sheet)
    spans = paginate(len(copies), geo.per_sheet)
    pages = []
    for n, span in enumerate(spans, start=1):
        placed: list[Placement] = []
        for i, front, back in zip(span, geo.fronts, geo.backs, strict=False):
            placed += [Placement(copies[i], "front", front), Placement(copies[i], "back", back)]
        filled = geo.fronts[: len(span)] + geo.backs[: len(span)]
        marks, cuts = used_marks(geo.crop_marks, geo.cut_lines, filled)
        pages.append(
            PagePlan(
                geo.page_w,
                geo.page_h,
                tuple(placed),
                marks,
                cuts,
                (geo.fold,),
                (),
                geo.label,
                geo.label_box,
                geo.label_angle,
                geo.scale_bar,
                n,
                len(spans),
                "both",
            )
        )
    return tuple(pages)
