"""Translucent images in a CMYK (PDF/X-1a) file, flattened over what lies beneath them.

PDF/X-1a allows no live transparency, so a half-transparent pixel must be printed as the colour it
makes over its backdrop. Flattening over white paper is wrong wherever the image lies on art: 50 %
red over a dark blue panel would print salmon instead of dark red. Here the backdrop is drawn
again: the ops painted before the image on the same face (or page) are drawn in RGB into a
one-page PDF whose pixels are the image's own pixels (the inverse of the image's placement, at the
image's resolution), rasterised with pypdfium2, the image composited over it, and the result
converted to CMYK like any RGB image. Fully transparent pixels are cut out (a colour-key mask), so
the real vector backdrop shows there and only the image's own footprint is raster.

An SVG drawing with translucent parts (``opacity``, ``fill-opacity``...) is flattened the same
way: drawn in RGB onto a clear raster at ``SVG_DPI`` at its printed size, composited over its
backdrop and placed as a CMYK image (vector art becomes raster only where it is translucent, as
a PDF/X-1a flattener does).

Limits: the backdrop is what the same ``Painter.draw`` call drew before the image (a card face, a
board batch, a summary page), on white paper; an image inside a reused group is drawn inline in a
CMYK file so each use is flattened over its own backdrop. An icon inside a turned text box is
flattened where the turned text puts it, turned with it.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from generator.core.geometry import Matrix, compose
from generator.layout.ops import ImageOp, Op
from generator.render.forms import CompleteForms


def placement(op: ImageOp, w: float, h: float) -> Matrix:
    """The matrix taking the image's own units (0..w, 0..h, y up) to face points, as
    ``Painter._place`` places it (fit, then rotation about the box centre)."""
    b = op.box
    if op.fit == "stretch":
        m: Matrix = (b.w / w, 0.0, 0.0, b.h / h, b.x, b.y)
    else:
        s = (max if op.fit == "cover" else min)(b.w / w, b.h / h)
        m = (s, 0.0, 0.0, s, b.x + (b.w - w * s) / 2, b.y + (b.h - h * s) / 2)
    if op.rotate:
        a = math.radians(-op.rotate)
        cos, sin = math.cos(a), math.sin(a)
        cx, cy = b.x + b.w / 2, b.y + b.h / 2
        turn: Matrix = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        m = compose(turn, m)
    return m


def _inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def backdrop(
    below: Sequence[Op],
    size: tuple[int, int],
    matrix: Matrix,
    icons: Mapping[str, Path],
    painter: Callable[..., object],
) -> Image.Image:
    """What ``below`` looks like (RGB, over white) under an image of ``size`` pixels placed by
    ``matrix``: one pixel per image pixel, row 0 at the image's top."""
    import pypdfium2 as pdfium

    from generator.color import output

    w, h = size
    data = io.BytesIO()
    with output.using("rgb"):
        canvas = _Canvas(data, pagesize=(w, h), invariant=1, initialFontName=_face())
        canvas.transform(*_inverse(matrix))
        painter(canvas, icons).draw(list(below))  # type: ignore[attr-defined]
        canvas.showPage()
        canvas.save()
    document = pdfium.PdfDocument(data.getvalue())
    try:
        return document[0].render(scale=1).to_pil().convert("RGB").resize((w, h))
    finally:
        document.close()


def flatten(image: Image.Image, below: Sequence[Op], op: ImageOp, icons, painter) -> Image.Image:
    """``image`` (RGBA) composited over its backdrop, as RGB."""
    w, h = image.size
    under = backdrop(below, (w, h), placement(op, w, h), icons, painter)
    return Image.alpha_composite(under.convert("RGBA"), image).convert("RGB")


SVG_DPI = 600
MAX_PIXELS = 16_000_000


def translucent_drawing(drawing) -> bool:
    """Whether a ReportLab drawing (an SVG as read) paints anything partly transparent."""
    stack = [drawing]
    while stack:
        node = stack.pop()
        stack.extend(getattr(node, "contents", ()))
        for name in ("fillOpacity", "strokeOpacity"):
            value = getattr(node, name, None)
            if value is not None and value < 1:
                return True
        if getattr(node, "layer_opacity", 1.0) < 1:  # a translucent group (art.svglayers.Layer)
            return True
        for name in ("fillColor", "strokeColor"):
            colour = getattr(node, name, None)
            if colour is not None and getattr(colour, "alpha", 1) is not None and colour.alpha < 1:
                return True
    return False


def drawing_raster(drawing, placed: tuple[float, float]) -> Image.Image:
    """``drawing`` as RGBA (clear where it paints nothing), sized for its ``placed`` size in
    points at SVG_DPI (at most MAX_PIXELS)."""
    import pypdfium2 as pdfium

    from generator.color import output
    from generator.render.svgdraw import draw_svg

    w, h = drawing.width, drawing.height
    scale = max(placed[0] / w, placed[1] / h) * SVG_DPI / 72
    scale = min(scale, math.sqrt(MAX_PIXELS / (w * h)))
    data = io.BytesIO()
    with output.using("rgb"):
        canvas = _Canvas(data, pagesize=(w, h), invariant=1, initialFontName=_face())
        drawing.initialFontName = canvas._initialFontName
        draw_svg(drawing, canvas, 0, 0)
        canvas.showPage()
        canvas.save()
    document = pdfium.PdfDocument(data.getvalue())
    try:
        bitmap = document[0].render(scale=scale, fill_color=(255, 255, 255, 0), rev_byteorder=True)
        return bitmap.to_pil().convert("RGBA")
    finally:
        document.close()


class _Canvas(CompleteForms, Canvas):
    """The canvas art is rasterised from: its forms carry their graphics states (opacity)."""


def _face() -> str:
    from generator.art.fonts import FontBook
    from generator.core import paths

    return FontBook.load([paths.FONTS]).face("Lato")
