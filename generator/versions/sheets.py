"""``diff --pdf``: every card whose face changed drawn old beside new, the regions that differ
outlined in red on both, and under each pair what changed in its data, four pairs to a landscape
A4 page (a card never drawn above its real size)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfgen.canvas import Canvas

from generator.art.fonts import FontBook
from generator.core.paths import FONTS
from generator.core.units import mm
from generator.render.pdf import pdf_canvas
from generator.versions.compare import GameDiff
from generator.versions.faces import FaceChange, Pair, pairs
from generator.versions.report import change_line, field_name

PAGE = landscape(A4)
MARGIN = mm(12)
HEAD = mm(12)
COLS, ROWS = 2, 2
GAP = mm(5)
LABEL = mm(5)  # 'before' / 'after' above the cards
CAPTION = mm(16)  # the card's name and what changed, under the pair
SCALE = 150 / 72
"""Pixels per point the faces are drawn at (150 dpi: sharp at the sizes shown)."""
RED, INK, MUTED = (0.85, 0.1, 0.1), (0.13, 0.13, 0.13), (0.42, 0.42, 0.42)
STATUS = {"new": "new card", "removed": "removed", "renamed": "renamed", "changed": "changed"}


class Sheet:
    """Pages of pairs, filled in order."""

    def __init__(self, canvas: Canvas, fonts: FontBook, diff: GameDiff, pages: int, scale: float) -> None:
        self.c, self.diff, self.pages, self.scale = canvas, diff, pages, scale
        self.regular, self.bold = fonts.face("Lato"), fonts.face("Lato", bold=True)
        self.page = 0

    def head(self) -> None:
        self.page += 1
        c, d = self.c, self.diff
        c.setFillColorRGB(*INK)
        c.setFont(self.bold, 12)
        c.drawString(MARGIN, PAGE[1] - MARGIN - mm(4), f"{d.title}: changed cards")
        c.setFont(self.regular, 8)
        c.setFillColorRGB(*RED)
        c.drawString(MARGIN, PAGE[1] - MARGIN - mm(8.5), "red outlines: where the two faces differ")
        c.setFont(self.regular, 9)
        c.setFillColorRGB(*MUTED)
        c.drawRightString(
            PAGE[0] - MARGIN,
            PAGE[1] - MARGIN - mm(4),
            f"before: {d.old_label}   after: {d.new_label}   page {self.page} of {self.pages}",
        )

    def pair(self, slot: int, shown: Pair, lines: list[str]) -> None:
        face = shown.face
        cell_w = (PAGE[0] - 2 * MARGIN - (COLS - 1) * GAP * 2) / COLS
        cell_h = (PAGE[1] - 2 * MARGIN - HEAD - (ROWS - 1) * GAP) / ROWS
        col, row = slot % COLS, slot // COLS
        x0 = MARGIN + col * (cell_w + 2 * GAP)
        top = PAGE[1] - MARGIN - HEAD - row * (cell_h + GAP)
        image = face.new_front or face.old_front
        assert image is not None
        w, h = image.width / self.scale, image.height / self.scale  # points at full size
        k = min(1.0, (cell_w - GAP) / 2 / w, (cell_h - LABEL - CAPTION) / h)
        cw, ch = w * k, h * k
        for i, (label, img) in enumerate((("before", face.old_front), ("after", face.new_front))):
            x = x0 + i * (cw + GAP)
            y = top - LABEL - ch
            self.c.setFont(self.regular, 8)
            self.c.setFillColorRGB(*MUTED)
            self.c.drawString(x, top - LABEL + mm(1.2), label if shown.side == "front" else f"{label} (back)")
            if img is None:
                self._empty(x, y, cw, ch, "(not in this version)")
                continue
            self.c.drawImage(ImageReader(img), x, y, cw, ch)
            self.c.setStrokeColorRGB(*MUTED)
            self.c.setLineWidth(0.3)
            self.c.rect(x, y, cw, ch)
            self._marks(face, x, y, ch, k)
        self.c.setFillColorRGB(*INK)
        self.c.setFont(self.bold, 9)
        title = f"{shown.title} ({STATUS[face.status]}, deck {face.deck})"
        if shown.side == "back":
            title = f"{shown.title[0].upper()}{shown.title[1:]} (deck {face.deck})"
        title = simpleSplit(title, self.bold, 9, cell_w)[0]
        self.c.drawString(x0, top - LABEL - ch - mm(4), title)
        self.c.setFont(self.regular, 7.5)
        y = top - LABEL - ch - mm(7.5)
        for line in lines[:3]:
            self.c.drawString(x0, y, line)
            y -= mm(3)

    def _marks(self, face: FaceChange, x: float, y: float, ch: float, k: float) -> None:
        if face.status in ("new", "removed"):
            return
        self.c.setStrokeColorRGB(*RED)
        self.c.setLineWidth(1.2)
        f, pad = k / self.scale, mm(0.6)
        for left, upper, right, lower in face.front_boxes:
            self.c.rect(
                x + left * f - pad,
                y + ch - lower * f - pad,
                (right - left) * f + 2 * pad,
                (lower - upper) * f + 2 * pad,
            )

    def _empty(self, x: float, y: float, w: float, h: float, text: str) -> None:
        self.c.setStrokeColorRGB(*MUTED)
        self.c.setDash(2, 2)
        self.c.rect(x, y, w, h)
        self.c.setDash()
        self.c.setFont(self.regular, 8)
        self.c.drawCentredString(x + w / 2, y + h / 2, text)


def _lines(shown: Pair, diff: GameDiff, width: float, font: str) -> list[str]:
    """What changed in a card's data, wrapped to the pair's width."""
    face = shown.face
    if shown.side == "back":
        return ["a back template, or a picture or setting it uses, changed"]
    deck = next((d for d in diff.decks if d.name == face.deck), None)
    said: list[str] = []
    if deck is not None and face.card is not None:
        change = next((c for c in deck.changed if c.name == face.card.name), None)
        said += [change_line(c, field_name) for c in (change.changes if change else ())]
        said += [
            f"card design {n}: {change_line(c)}" for n, changes in deck.templates.items() for c in changes
        ]
    if face.back_changed:
        said.append("its back changed too (shown after the fronts)")
    if not said and face.status == "renamed":
        said.append("only its name changed")
    elif not said and face.status == "changed":
        said.append("no field of its own changed: a picture, font or setting it uses did")
    return [part for line in said for part in simpleSplit(line, font, 7.5, width)]


def write_comparison(
    path: Path, diff: GameDiff, faces: Iterable[FaceChange], scale: float
) -> tuple[Path, int]:
    """Write the comparison sheets; return the file and the number of old/new pairs drawn."""
    fonts = FontBook.load([FONTS])
    chosen = pairs(faces)
    per_page = COLS * ROWS
    pages = max(1, -(-len(chosen) // per_page))
    cell_w = (PAGE[0] - 2 * MARGIN - (COLS - 1) * GAP * 2) / COLS
    with pdf_canvas(path, f"{diff.title}: changed cards", PAGE) as canvas:
        sheet = Sheet(canvas, fonts, diff, pages, scale)
        sheet.head()
        if not chosen:
            canvas.setFont(sheet.regular, 11)
            canvas.drawString(MARGIN, PAGE[1] / 2, "No card's face changed between these versions.")
        for i, face in enumerate(chosen):
            if i and i % per_page == 0:
                canvas.showPage()
                sheet.head()
            sheet.pair(i % per_page, face, _lines(face, diff, cell_w, sheet.regular))
    return path, len(chosen)
