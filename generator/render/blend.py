"""Text and shapes drawn see-through (``opacity:``) or blended (``blend: multiply``...).

In an RGB file an element is drawn with the PDF's own transparency: an alpha for its fills and
strokes and the blend mode, in its graphics state (each part of the element on its own: where a
translucent shape's stroke crosses its fill, the fill shows through the stroke, as in most design
programs' "object opacity" when strokes are not grouped).

PDF/X-1a (a CMYK file) allows no live transparency, so there the element is flattened as a
translucent image is (``render.backdrop``): drawn alone in RGB onto a clear raster at ``DPI``,
mixed with its backdrop (what the face drew beneath it) by the blend mode and the opacity, and
placed as a CMYK image over its footprint; pixels it does not touch are keyed out, so the vector
art beneath shows there. Soft light uses Pillow's formula, close to but not exactly PDF's.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageChops
from reportlab.lib.utils import ImageReader

from generator.core.geometry import Box, Matrix
from generator.layout.ops import EllipseOp, IconOp, ImageOp, LineOp, Op, RectOp, ShapeOp, TextOp
from generator.render.backdrop import _Canvas, _face, _inverse, backdrop

PDF_NAMES = {
    "normal": "Normal",
    "multiply": "Multiply",
    "screen": "Screen",
    "overlay": "Overlay",
    "darken": "Darken",
    "lighten": "Lighten",
    "hard_light": "HardLight",
    "soft_light": "SoftLight",
    "difference": "Difference",
}
_MIX: dict[str, Callable[[Image.Image, Image.Image], Image.Image]] = {
    "multiply": ImageChops.multiply,
    "screen": ImageChops.screen,
    "overlay": ImageChops.overlay,  # Pillow's: by the backdrop, as PDF's overlay
    "darken": ImageChops.darker,
    "lighten": ImageChops.lighter,
    "hard_light": ImageChops.hard_light,  # by the source, as PDF's hard light
    "soft_light": ImageChops.soft_light,
    "difference": ImageChops.difference,
}
DPI = 600
MAX_PIXELS = 16_000_000
KEPT = 4
"""Flattened images kept per file: enough for the elements every card repeats over the same art;
text that differs per card is flattened anew each time and not kept."""


@contextmanager
def live(canvas, op: Op) -> Iterator[None]:
    """Inside the block the canvas draws at ``op``'s opacity and in its blend mode (RGB files).
    ReportLab sets a colour's own alpha (1) with every colour: that alpha is taken times ours."""
    opacity = op.opacity  # type: ignore[union-attr]
    own = {name: canvas.__dict__.get(name) for name in ("setFillAlpha", "setStrokeAlpha")}
    fill, stroke = canvas.setFillAlpha, canvas.setStrokeAlpha
    canvas.saveState()
    canvas.setFillAlpha = lambda a: fill(a * opacity)
    canvas.setStrokeAlpha = lambda a: stroke(a * opacity)
    try:
        fill(opacity)
        stroke(opacity)
        if op.blend != "normal":  # type: ignore[union-attr]
            canvas.setBlendMode(PDF_NAMES[op.blend])  # type: ignore[union-attr]
        yield
    finally:
        for name, before in own.items():
            if before is None:
                del canvas.__dict__[name]
            else:
                canvas.__dict__[name] = before
        canvas.restoreState()


def flat(
    canvas,
    op: Op,
    below: Sequence[Op],
    icons: Mapping[str, Path],
    painter: Callable[..., object],
    limit: float,
    cache: dict | None = None,
) -> None:
    """Draw ``op`` flattened over ``below`` as a CMYK image (see the module's notes); ``cache``
    keeps each image by the op and its backdrop, so the same element over the same art on many
    cards is flattened once (and embedded once)."""
    bounds = footprint(op)
    if bounds.w <= 0 or bounds.h <= 0:
        return
    key = (op, tuple(below), limit)
    found = cache.pop(key, None) if cache is not None else None
    if found is None:
        found = _flattened(op, below, icons, painter, limit, bounds)
    if cache is not None:
        cache[key] = found  # the most recently used last
        while len(cache) > KEPT:
            del cache[next(iter(cache))]
    reader, mask = found
    canvas.drawImage(reader, bounds.x, bounds.y, bounds.w, bounds.h, mask=mask)


def _flattened(
    op: Op,
    below: Sequence[Op],
    icons: Mapping[str, Path],
    painter: Callable[..., object],
    limit: float,
    bounds: Box,
) -> tuple[ImageReader, object]:
    from generator.color.images import KEY_MASK, flattened_cmyk

    scale = min(DPI / 72, math.sqrt(MAX_PIXELS / (bounds.w * bounds.h)))
    size = (max(1, math.ceil(bounds.w * scale)), max(1, math.ceil(bounds.h * scale)))
    matrix: Matrix = (bounds.w / size[0], 0.0, 0.0, bounds.h / size[1], bounds.x, bounds.y)
    source = _alone(replace(op, opacity=1.0, blend="normal"), size, matrix, icons, painter)  # type: ignore[type-var]
    under = backdrop(below, size, matrix, icons, painter)
    composite = mix(under, source, op.opacity, op.blend)  # type: ignore[union-attr]
    cmyk, keyed = flattened_cmyk(composite, source.getchannel("A"), limit)
    return ImageReader(cmyk), (KEY_MASK if keyed else None)


def mix(under: Image.Image, source: Image.Image, opacity: float, blend: str) -> Image.Image:
    """``source`` (RGBA) over ``under`` (RGB) in ``blend`` at ``opacity``, as RGB: where the
    source covers a pixel with alpha a, (1 - a) x backdrop + a x blend(backdrop, source)."""
    colour = source.convert("RGB")
    mixed = colour if blend == "normal" else _MIX[blend](under, colour)
    alpha = source.getchannel("A").point(lambda a: round(a * opacity))
    return Image.composite(mixed, under, alpha)


def footprint(op: Op) -> Box:
    """Where ``op`` may paint, in face points (its box, grown by its stroke, turned)."""
    grow = 0.0
    angle = getattr(op, "rotate", 0.0)
    if isinstance(op, LineOp):
        ln, half = op.line, op.stroke_width
        x0, x1 = sorted((ln.x1, ln.x2))
        y0, y1 = sorted((ln.y1, ln.y2))
        return Box(x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half)
    box = op.box  # type: ignore[union-attr]
    if isinstance(op, RectOp | EllipseOp | ShapeOp) and op.stroke:
        grow = op.stroke_width
    elif isinstance(op, TextOp):
        grow = op.layout.size  # descenders, icons and text that overflows its box
    elif not isinstance(op, IconOp | ImageOp):
        grow = 0.0
    box = Box(box.x - grow, box.y - grow, box.w + 2 * grow, box.h + 2 * grow)
    if not angle:
        return box
    a = math.radians(-angle)
    cx, cy = op.box.x + op.box.w / 2, op.box.y + op.box.h / 2  # type: ignore[union-attr]
    xs, ys = [], []
    for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.top), (box.right, box.top)):
        dx, dy = x - cx, y - cy
        xs.append(cx + dx * math.cos(a) - dy * math.sin(a))
        ys.append(cy + dx * math.sin(a) + dy * math.cos(a))
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _alone(
    op: Op, size: tuple[int, int], matrix: Matrix, icons: Mapping[str, Path], painter: Callable[..., object]
) -> Image.Image:
    """``op`` drawn alone in RGB onto a clear raster of ``size`` pixels placed by ``matrix``."""
    import pypdfium2 as pdfium

    from generator.color import output

    w, h = size
    data = io.BytesIO()
    with output.using("rgb"):
        canvas = _Canvas(data, pagesize=(w, h), invariant=1, initialFontName=_face())
        canvas.transform(*_inverse(matrix))
        painter(canvas, icons).draw([op])  # type: ignore[attr-defined]
        canvas.showPage()
        canvas.save()
    document = pdfium.PdfDocument(data.getvalue())
    try:
        bitmap = document[0].render(scale=1, fill_color=(255, 255, 255, 0), rev_byteorder=True)
        return bitmap.to_pil().convert("RGBA").resize((w, h))
    finally:
        document.close()
