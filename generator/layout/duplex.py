"""Back sheets for duplex printing: where the back of every front slot goes.

A duplex printer turns the sheet over about an axis parallel to the paper edge it is told to
flip on. In page coordinates that axis is vertical (the columns mirror, A B C -> C B A) for a
long-edge flip of portrait paper, and horizontal (the rows mirror) for a long-edge flip of
landscape paper, whose long edges are the top and bottom ones (the printer's auto-rotation turns
front and back pages alike, so it does not change this). A short-edge flip is the long-edge back
page turned 180 degrees, so its axis is the other one.

Backs are drawn so they read upright when the cut card is turned over sideways (about its own
vertical axis), as with a book's pages: after a horizontal-axis flip every back gets rotation 180
(so a short-edge flip of portrait paper gives rotation 180, a long-edge flip of landscape too;
turning a page by 180 also toggles the rotation, which keeps "short = long turned 180" true).
"""

from __future__ import annotations

from generator.core.geometry import Box
from generator.layout.imposition import SheetGeometry, Slot, assemble

FLIPS = ("long", "short")


def flips_columns(page_w: float, page_h: float, flip: str) -> bool:
    """True when the flip axis is vertical on the page (columns mirror), False when horizontal."""
    if flip not in FLIPS:
        raise ValueError(f"flip must be one of {', '.join(FLIPS)}, not {flip!r}")
    portrait = page_w <= page_h
    return (flip == "long") == portrait


def _clip(box: Box, to: Box) -> Box:
    x0, y0 = max(box.x, to.x), max(box.y, to.y)
    x1, y1 = min(box.right, to.right), min(box.top, to.top)
    return Box(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _full_bleed(slot: Slot, bleed: float, sides: tuple[str, ...]) -> Box:
    """``slot``'s art with each of ``sides`` that runs past the trim run on to ``bleed`` past it."""
    t, a = slot.trim, slot.art
    eps = 1e-6
    x0 = min(a.x, t.x - bleed) if "left" in sides and a.x < t.x - eps else a.x
    y0 = min(a.y, t.y - bleed) if "bottom" in sides and a.y < t.y - eps else a.y
    x1 = max(a.right, t.right + bleed) if "right" in sides and a.right > t.right + eps else a.right
    y1 = max(a.top, t.top + bleed) if "top" in sides and a.top > t.top + eps else a.top
    return Box(x0, y0, x1 - x0, y1 - y0)


def back_sheet(
    front: SheetGeometry, flip: str = "long", offset: tuple[float, float] = (0.0, 0.0)
) -> SheetGeometry:
    """The back sheet of ``front``: slot i is where the back of front slot i goes.

    ``offset`` (x, y in points, on the back page) moves every back to correct a printer's drift;
    art moved past the printable area is clipped to it. Backs carry no crop marks or cut lines, so
    every side where the front's art runs past its trim (an outer or spaced side, not a butted
    cut) gets the sheet's whole bleed on the back, as far as the printable area allows: a front
    clips its outer bleed to leave room for its marks, and a duplex that drifts more than that
    would show a white sliver on the back. The label and scale bar are placed afresh, clear of
    the back art; where the longer bleed would leave the label less room than the front's art
    did, only the left and right sides (the ones a duplex drifts along most) get it, or none.
    """
    plain = _backs(front, flip, offset, ())
    for sides in (("left", "right", "bottom", "top"), ("left", "right")):
        roomy = _backs(front, flip, offset, sides)
        if all(a >= b - 1e-3 for a, b in zip(_label_room(roomy), _label_room(plain), strict=True)):
            return roomy
    return plain


def _label_room(geo: SheetGeometry) -> tuple[float, float]:
    """The sheet label's (thickness, length)."""
    b = geo.label_box
    return (b.h, b.w) if geo.label_angle == 0 else (b.w, b.h)


def _backs(
    front: SheetGeometry, flip: str, offset: tuple[float, float], sides: tuple[str, ...]
) -> SheetGeometry:
    """The back sheet with the whole bleed on the outer ``sides`` of the art (before the flip)."""
    cols = flips_columns(front.page_w, front.page_h, flip)
    dx, dy = offset
    n_rows = max((s.row for s in front.slots), default=0) + 1
    n_cols = max((s.col for s in front.slots), default=0) + 1

    def move(b: Box) -> Box:
        if cols:
            return Box(front.page_w - b.right + dx, b.y + dy, b.w, b.h)
        return Box(b.x + dx, front.page_h - b.top + dy, b.w, b.h)

    backs = tuple(
        Slot(
            s.index,
            s.row if cols else n_rows - 1 - s.row,
            n_cols - 1 - s.col if cols else s.col,
            move(s.trim),
            _clip(move(_full_bleed(s, front.bleed, sides)), front.printable),
            (s.rotation + (0 if cols else 180)) % 360,
        )
        for s in front.slots
    )
    return assemble(
        front.page_w,
        front.page_h,
        front.printable,
        backs,
        (),
        (),
        front.butted,
        front.card_w,
        front.card_h,
    )
