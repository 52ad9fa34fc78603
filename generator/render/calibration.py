"""The duplex calibration sheet: a front and a back cross with millimetre rulers."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.art.fonts import FontBook
from generator.core.paths import FONTS
from generator.core.sizes import paper_size
from generator.core.units import MM
from generator.layout.calibration import LABEL_SIZE, CalibrationGeometry, calibration_page
from generator.render.paint import color
from generator.render.pdf import pdf_canvas

HOW_TO = {
    "long": (
        "Print this sheet double-sided, flipping on the LONG edge, at 100% (no 'fit to page').",
        "Hold it against a window. Read where the centre of the back cross (faint, seen through",
        "the paper) falls on the front rulers: R mm to the right and U mm up (negative for left/down).",
        "Then build with:  --duplex long --back-offset R,-U   (add it to any offset already in use).",
    ),
    "short": (
        "Print this sheet double-sided, flipping on the SHORT edge, at 100% (no 'fit to page').",
        "Hold it against a window. Read where the centre of the back cross (faint, seen through",
        "the paper) falls on the front rulers: R mm to the right and U mm up (negative for left/down).",
        "Then build with:  --duplex short --back-offset -R,U   (add it to any offset already in use).",
    ),
}


def _draw_cross(c: Canvas, geo: CalibrationGeometry, face: str, dx: float, dy: float, tint: str) -> None:
    c.saveState()
    c.translate(dx, dy)
    c.setStrokeColor(color(tint))
    c.setFillColor(color(tint))
    c.setLineWidth(0.6)
    for ln in geo.cross:
        c.line(ln.x1, ln.y1, ln.x2, ln.y2)
    c.setLineWidth(0.3)
    for ln in geo.ruler_ticks:
        c.line(ln.x1, ln.y1, ln.x2, ln.y2)
    c.setFont(face, LABEL_SIZE)
    for x, y, text in geo.tick_labels:
        c.drawCentredString(x, y, text)
    c.restoreState()


def write_calibration(path: Path, paper: str, flip: str, offset: tuple[float, float]) -> Path:
    """Write the two-page calibration PDF; the back page carries ``offset`` like card backs do."""
    geo = calibration_page(paper_size(paper))
    fonts = FontBook.load([FONTS])
    face = fonts.face("Lato")
    with pdf_canvas(path, "Duplex calibration", (geo.page_w, geo.page_h)) as c:
        _draw_cross(c, geo, face, 0, 0, "#000000")
        c.setFont(fonts.face("Lato", bold=True), 12)
        c.drawString(15 * MM, geo.page_h - 20 * MM, "Duplex calibration - front")
        c.setFont(face, 9)
        for i, line in enumerate(HOW_TO[flip]):
            c.drawString(15 * MM, geo.page_h - (28 + 5 * i) * MM, line)
        c.showPage()
        _draw_cross(c, geo, face, offset[0], offset[1], "#d0302a")
        c.setFont(fonts.face("Lato", bold=True), 12)
        c.setFillColor(color("#d0302a"))
        c.drawString(15 * MM, 15 * MM, f"Duplex calibration - back ({flip}-edge flip)")
        c.showPage()
    return path
