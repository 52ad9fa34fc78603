"""Draw layout ops on a ReportLab canvas: shapes, fitted text, icons, images, reusable groups."""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Mapping
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.color.convert import FILL, LINE
from generator.color.images import image_source
from generator.color.pdfx import pdf_color, retint, svg_tint
from generator.errors import BuildError, display_path
from generator.geometry import Box
from generator.layout.ops import EllipseOp, GroupOp, IconOp, ImageOp, LineOp, Op, RectOp, TextOp


def color(value: str, role: str = LINE) -> Color:
    """A colour from '#rgb', '#rrggbb', a name or 'cmyk(C, M, Y, K)', in the build's colour mode
    (``role``: FILL for areas, LINE for text, strokes and icons; see ``generator.color.convert``)."""
    try:
        return pdf_color(value, role)
    except ValueError as exc:
        raise BuildError(str(exc)) from None


class Painter:
    """Draws ops on one canvas; keeps the forms (reused drawings) it has defined."""

    def __init__(self, canvas: Canvas, icons: Mapping[str, Path]):
        self.canvas = canvas
        self.icons = icons
        self.forms: set[str] = set()
        self._svg: dict[tuple[Path, str], tuple[str, float, float]] = {}
        self._images: dict[Path, tuple[ImageReader, object]] = {}

    # -- forms ----------------------------------------------------------------------------------
    def form(self, name: str, bounds: Box, ops: tuple[Op, ...]) -> str:
        """Define a form once (its ops drawn in its own space) and return its name."""
        if name not in self.forms:
            c = self.canvas
            c.beginForm(name, bounds.x, bounds.y, bounds.right, bounds.top)
            self.draw(ops)
            c.endForm()
            self.forms.add(name)
        return name

    # -- ops --------------------------------------------------------------------------------------
    def draw(self, ops: tuple[Op, ...] | list[Op]) -> None:
        for op in ops:
            if isinstance(op, TextOp):
                self._text(op)
            elif isinstance(op, GroupOp):
                self.canvas.doForm(self.form(_form_name(op.key), op.bounds, op.ops))
            elif isinstance(op, RectOp):
                self._rect(op)
            elif isinstance(op, IconOp):
                self._icon(op)
            elif isinstance(op, LineOp):
                self._line(op)
            elif isinstance(op, EllipseOp):
                self._ellipse(op)
            elif isinstance(op, ImageOp):
                self._image(op)

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash) -> tuple[int, int]:
        c = self.canvas
        if fill:
            c.setFillColor(color(fill, FILL))
        if stroke:
            c.setStrokeColor(color(stroke))
            c.setLineWidth(width)
            c.setDash(list(dash) if dash else [])
        return (1 if fill else 0), (1 if stroke else 0)

    def _rotated(self, box: Box, angle: float) -> bool:
        if not angle:
            return False
        c = self.canvas
        c.saveState()
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        c.translate(cx, cy)
        c.rotate(-angle)
        c.translate(-cx, -cy)
        return True

    def _rect(self, op: RectOp) -> None:
        fill, stroke = self._paint(op.fill, op.stroke, op.stroke_width, op.dash)
        if not (fill or stroke):
            return
        turned = self._rotated(op.box, op.rotate)
        b = op.box
        if op.radius:
            self.canvas.roundRect(b.x, b.y, b.w, b.h, op.radius, stroke=stroke, fill=fill)
        else:
            self.canvas.rect(b.x, b.y, b.w, b.h, stroke=stroke, fill=fill)
        if turned:
            self.canvas.restoreState()

    def _ellipse(self, op: EllipseOp) -> None:
        fill, stroke = self._paint(op.fill, op.stroke, op.stroke_width, op.dash)
        if fill or stroke:
            turned = self._rotated(op.box, op.rotate)
            b = op.box
            self.canvas.ellipse(b.x, b.y, b.right, b.top, stroke=stroke, fill=fill)
            if turned:
                self.canvas.restoreState()

    def _line(self, op: LineOp) -> None:
        self._paint(None, op.stroke, op.stroke_width, op.dash)
        ln = op.line
        self.canvas.line(ln.x1, ln.y1, ln.x2, ln.y2)

    def _text(self, op: TextOp) -> None:
        c = self.canvas
        turned = self._rotated(op.box, op.rotate)
        current: tuple[str, float, str] | None = None
        for run in op.layout.runs:
            key = (run.face, run.size, run.color)
            if key != current:
                c.setFont(run.face, run.size)
                c.setFillColor(color(run.color))
                current = key
            c.drawString(run.x, run.y, run.text)
        for icon in op.layout.icons:
            self._svg_icon(icon.name, None, Box(icon.x, icon.y, icon.size, icon.size), icon.color)
        if turned:
            c.restoreState()

    def _icon(self, op: IconOp) -> None:
        turned = self._rotated(op.box, op.rotate)
        self._svg_icon(op.name, op.path, op.box, op.color)
        if turned:
            self.canvas.restoreState()

    def _svg_icon(self, name: str, path: Path | None, box: Box, tint: str) -> None:
        """Draw an icon scaled into ``box``, centred, aspect kept; SVG icons become one form each."""
        path = path or self.icons[name]
        op = ImageOp(path, box, "contain")
        if path.suffix.lower() != ".svg":
            self._image(op)
            return
        form, width, height = self._drawing(path, tint)
        self._place(op, width, height, lambda x, y, s: self._do_scaled(form, x, y, s))

    def _drawing(self, path: Path, tint: str) -> tuple[str, float, float]:
        """The form name and size of an SVG drawn in ``tint`` (its 'currentColor')."""
        key = (path, tint)
        if key not in self._svg:
            # svglib and ReportLab's graphics (which pull in platypus) load only for a game that
            # draws an SVG: about 0.1 s of start-up a card build without icons never needs
            from reportlab.graphics import renderPDF
            from svglib.svglib import svg2rlg

            try:
                text = path.read_text(encoding="utf-8").replace("currentColor", svg_tint(tint))
                drawing = svg2rlg(io.StringIO(text))
            except Exception as exc:  # svglib raises many kinds on a broken file
                raise BuildError(f"{display_path(path)}: cannot read this SVG file ({exc})") from None
            if drawing is None:
                raise BuildError(f"{display_path(path)}: cannot read this SVG file")
            retint(drawing, tint)  # a cmyk(...) tint printed as written
            # named by what is drawn, not where the file lies: the same kit from any folder
            # has the same bytes, and two copies of one drawing share a form
            name = _form_name(("svg", text, tint))
            c = self.canvas
            if name not in self.forms:
                c.beginForm(name, 0, 0, drawing.width, drawing.height)
                drawing.initialFontName = c._initialFontName  # not ReportLab's unembedded Helvetica
                renderPDF.draw(drawing, c, 0, 0)
                c.endForm()
                self.forms.add(name)
            self._svg[key] = (name, drawing.width, drawing.height)
        return self._svg[key]

    def _image(self, op: ImageOp) -> None:
        if op.path.suffix.lower() == ".svg":
            form, width, height = self._drawing(op.path, "#000000")
            self._place(op, width, height, lambda x, y, s: self._do_scaled(form, x, y, s))
            return
        found = self._images.get(op.path)
        if found is None:
            try:
                source, mask = image_source(op.path)  # converted to CMYK in a CMYK build
                found = ImageReader(source), mask
                found[0].getSize()
            except Exception as exc:  # Pillow raises many kinds on a broken file
                raise BuildError(f"{display_path(op.path)}: cannot read this image ({exc})") from None
            self._images[op.path] = found
        reader, mask = found
        iw, ih = reader.getSize()
        self._place(
            op, iw, ih, lambda x, y, s: self.canvas.drawImage(reader, x, y, iw * s, ih * s, mask=mask)
        )

    def _place(self, op: ImageOp, w: float, h: float, draw) -> None:
        b = op.box
        c = self.canvas
        c.saveState()
        turned = self._rotated(b, op.rotate)
        if op.fit == "stretch":
            c.translate(b.x, b.y)
            c.scale(b.w / w, b.h / h)
            draw(0, 0, 1.0)
        else:
            scale = (max if op.fit == "cover" else min)(b.w / w, b.h / h)
            if op.fit == "cover":
                p = c.beginPath()
                p.rect(b.x, b.y, b.w, b.h)
                c.clipPath(p, stroke=0, fill=0)
            draw(b.x + (b.w - w * scale) / 2, b.y + (b.h - h * scale) / 2, scale)
        if turned:
            c.restoreState()
        c.restoreState()

    def _do_scaled(self, form: str, x: float, y: float, scale: float) -> None:
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        c.doForm(form)
        c.restoreState()


@functools.lru_cache(maxsize=4096)
def _form_name(key: tuple) -> str:
    """A stable PDF-safe form name for a cache key (same key, same name, every run)."""
    return "F" + hashlib.sha1(repr(key).encode()).hexdigest()[:16]
