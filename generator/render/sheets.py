"""Draw imposed sheets: card faces in their slots, crop marks, cut lines, label and scale bar."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.core.geometry import Box, Line
from generator.core.units import MM
from generator.layout.card import CardFace
from generator.layout.imposition import Slot
from generator.load.model import Deck
from generator.render import record
from generator.render.draw import Painter
from generator.render.paint import color
from generator.render.placing import place_face

MARK_WIDTH = 0.3
MARK_COLOR = "#000000"
CUT_COLOR = "#9a9a9a"
SOLID_CUT_COLOR = "#4a4a4a"
BAR_NOTE = " - bar = 50 mm at 100%"
"""What a sheet label says of a full scale bar (the longest a label gets)."""


FACE_NOTE = "face:"
"""What the note of a card face placed in a slot starts with (``face_note``)."""


def face_note(deck: Deck, design: int, side: str) -> str:
    """The note of ``side`` of the deck's ``design``-th card design (1-based): ``face:`` with the
    file the deck is written in (a component group may share a deck's name), the deck's name,
    the design and the side."""
    return f"{face_notes(deck)}{design}/{side}"


def face_notes(deck: Deck) -> str:
    """What every :func:`face_note` of the deck starts with (the design and side follow)."""
    return f"{FACE_NOTE}{deck.origin.file}:{deck.name}/"


def draw_card(
    painter: Painter, face: CardFace, slot: Slot, card_w: float, card_h: float, note: str = ""
) -> None:
    """A face in its slot: clipped to the slot's art box, turned when the slot says so. With
    ``note`` (``face_note``), tell the recording where the face lands (the art box in face points,
    with the matrix from face to page), for the proofreader's outlines."""
    c = painter.canvas
    known = _SLOTS.get(id(slot))
    if known is None or known[0] is not slot:  # the slot held: its id stays its own
        known = _slot_numbers(slot)
    _, (x, y, w, h, dx, dy), window = known
    record.clip_and_move(c, x, y, w, h, dx, dy)
    if slot.rotation == 180:
        c.translate(card_w, card_h)
        c.rotate(180)
        window = (card_w - window[2], card_h - window[3], card_w - window[0], card_h - window[1])
    if not place_face(painter, face):  # drawn, unless a check only records it (``placing``)
        painter.draw(face.ops)
    if note:
        record.note(c, note, window)
    c.restoreState()


_SLOTS: dict[int, tuple[Slot, tuple[float, ...], tuple[float, float, float, float]]] = {}
"""Per slot (by id, the slot held): its art box and the move to its trim as ``draw_card`` enters
it, and the art box in face points (every sheet of a plan has the same slots)."""


def _slot_numbers(slot: Slot) -> tuple[Slot, tuple[float, ...], tuple[float, float, float, float]]:
    art, trim = slot.art, slot.trim
    window = (art.x - trim.x, art.y - trim.y, art.right - trim.x, art.top - trim.y)
    if len(_SLOTS) >= 1024:
        _SLOTS.clear()
    found = _SLOTS[id(slot)] = (slot, (art.x, art.y, art.w, art.h, trim.x, trim.y), window)
    return found


def draw_lines(c: Canvas, lines: tuple[Line, ...], stroke: str, width: float, dash: list[float]) -> None:
    if not lines:
        return
    c.saveState()
    c.setStrokeColor(color(stroke))
    c.setLineWidth(width)
    c.setDash(dash)
    for ln in lines:
        c.line(ln.x1, ln.y1, ln.x2, ln.y2)
    c.restoreState()


def draw_marks(
    c: Canvas, crop_marks: tuple[Line, ...], cut_lines: tuple[Line, ...], solid_cuts: bool = False
) -> None:
    """Crop marks in the margin; optional cut lines (dashed, light) along the trims. On a sheet
    whose dashed lines are folds (standees) the cut lines are ``solid_cuts``: thin and unbroken,
    so that no cut reads as a fold."""
    if solid_cuts:
        draw_lines(c, cut_lines, SOLID_CUT_COLOR, 0.3, [])
    else:
        draw_lines(c, cut_lines, CUT_COLOR, 0.25, [2, 2])
    draw_lines(c, crop_marks, MARK_COLOR, MARK_WIDTH, [])


def draw_label(c: Canvas, text: str, origin: tuple[float, float], box: Box, angle: int, face: str) -> None:
    """The sheet label, sized to the label box's thickness and shrunk to its length."""
    thick, length = (box.h, box.w) if angle == 0 else (box.w, box.h)
    if thick <= 0 or length <= 0:
        return
    size = min(7.0, thick)
    width = stringWidth(text, face, size)
    if width > length:
        size *= length / width
    c.saveState()
    c.setFillColor(color("#555555"))
    c.setFont(face, size)
    c.translate(*origin)
    c.rotate(angle)
    c.drawString(0, 0, text)
    c.restoreState()


def draw_scale_bar(c: Canvas, bar: Box) -> None:
    """A bar of a whole number of millimetres in 10 mm blocks; the sheet label states its length."""
    if bar.w <= 0 or bar.h <= 0:
        return
    horizontal = bar.w >= bar.h
    length = bar.w if horizontal else bar.h
    record.note(c, "scale-bar", (bar.x, bar.y, bar.right, bar.top))
    c.saveState()
    c.setStrokeColor(color("#000000"))
    c.setFillColor(color("#000000"))
    c.setLineWidth(0.3)
    c.rect(bar.x, bar.y, bar.w, bar.h, stroke=1, fill=0)
    steps = round(length / (10 * MM))
    for i in range(steps):
        if i % 2 == 0:
            if horizontal:
                c.rect(
                    bar.x + i * 10 * MM,
                    bar.y,
                    min(10 * MM, bar.right - bar.x - i * 10 * MM),
                    bar.h,
                    stroke=0,
                    fill=1,
                )
            else:
                c.rect(
                    bar.x,
                    bar.y + i * 10 * MM,
                    bar.w,
                    min(10 * MM, bar.top - bar.y - i * 10 * MM),
                    stroke=0,
                    fill=1,
                )
    c.restoreState()


def finish_sheet(c: Canvas, geo, text: str, face: str, with_bar: bool = True) -> None:
    """Scale bar (named in the label) and sheet label, then the next page.

    ``geo`` is any sheet geometry with ``label``, ``label_box``, ``label_angle``, ``scale_bar``.
    """
    bar = geo.scale_bar
    length = max(bar.w, bar.h) if with_bar and bar.w > 0 and bar.h > 0 else 0.0
    if length:
        draw_scale_bar(c, bar)
        text += f" - bar = {round(length / MM)} mm at 100%"
    elif not with_bar:
        record.note(c, "back-side")
    draw_label(c, text, geo.label, geo.label_box, geo.label_angle, face)
    c.showPage()
