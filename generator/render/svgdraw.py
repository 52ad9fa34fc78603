"""SVG drawings (as ``art.svgfile.read_svg`` reads them) drawn on a canvas.

ReportLab's own drawing renderer, except for a translucent group (``art.svglayers.Layer``): its
content is drawn into a form of its own, made a PDF transparency group (``render.forms``), and
the form is placed with the group's opacity in the graphics state (``/ca``, ``/CA``). A viewer
or RIP composites the group first, so shapes overlapping inside it hide one another, and lays
the result over the backdrop at that opacity, as SVG defines group opacity.

PDF/X-1a allows no transparency group: a CMYK file flattens every translucent drawing to an
image (``render.backdrop``) before it would come here; should one reach a PDF/X canvas anyway,
its shapes are drawn one by one at the group's opacity (mixed with the paper by the canvas).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.renderPDF import _PDFRenderer
from reportlab.graphics.shapes import getRectsBounds

from generator.color.pdfx import PdfxCanvas
from generator.render.forms import transparency_group

_ALPHAS = ("setFillAlpha", "setStrokeAlpha")
_EVERYWHERE = (-100_000.0, -100_000.0, 100_000.0, 100_000.0)


def draw_svg(drawing: Any, canvas: Any, x: float = 0.0, y: float = 0.0) -> None:
    """Draw ``drawing`` with its lower left corner at (``x``, ``y``), as ``renderPDF.draw``, at
    its own opacities (an element's opacity is the caller's to apply when it places the form)."""
    with _unscaled(canvas):
        _Renderer().draw(renderScaledDrawing(drawing), canvas, x, y)


class _Renderer(_PDFRenderer):
    """ReportLab's PDF renderer; a ``Layer`` becomes a transparency group."""

    def drawGroup(self, group: Any) -> None:
        opacity = getattr(group, "layer_opacity", None)
        if opacity is None:
            super().drawGroup(group)
            return
        c = self._canvas
        if isinstance(c, PdfxCanvas):
            with _scaled(c, opacity):
                super().drawGroup(group)
            return
        count = c.__dict__.get("_deckwright_layers", 0)
        c.__dict__["_deckwright_layers"] = count + 1
        name = f"Layer{count}"  # in drawing order: the same file, the same names
        c.beginForm(name, *_bounds(group))
        with _unscaled(c):  # the group starts at full opacity inside (PDF resets its alpha)
            super().drawGroup(group)
        c.endForm()
        transparency_group(c, name)
        c.setFillAlpha(opacity)  # the outer element's own opacity, if any, multiplies in
        c.setStrokeAlpha(opacity)
        c.doForm(name)


def _bounds(group: Any) -> tuple[float, float, float, float]:
    """The form's box, in the group's own units: its contents' bounds, grown for strokes and
    miters (a box too small would cut the group; a larger one costs nothing)."""
    try:
        box = getRectsBounds([e.getBounds() for e in group.contents])
    except Exception:  # a shape ReportLab cannot measure (an empty path, an odd string)
        box = None
    if box is None:
        return _EVERYWHERE
    x0, y0, x1, y1 = box
    pad = max(x1 - x0, y1 - y0) / 4 + 10 * _widest_stroke(group) + 1
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _widest_stroke(group: Any) -> float:
    widest, stack = 0.0, [group]
    while stack:
        node = stack.pop()
        stack.extend(getattr(node, "contents", ()))
        width = getattr(node, "strokeWidth", 0) or 0
        widest = max(widest, float(width))
    return widest


@contextmanager
def _unscaled(canvas: Any) -> Iterator[None]:
    """Inside the block the canvas's alpha setters are its own (not an outer element's opacity,
    ``render.blend.live``, which the form is placed with)."""
    kept = {name: canvas.__dict__.pop(name) for name in _ALPHAS if name in canvas.__dict__}
    try:
        yield
    finally:
        canvas.__dict__.update(kept)


@contextmanager
def _scaled(canvas: Any, opacity: float) -> Iterator[None]:
    """Inside the block every alpha the canvas sets is taken times ``opacity``."""
    own = {name: canvas.__dict__.get(name) for name in _ALPHAS}
    fill, stroke = canvas.setFillAlpha, canvas.setStrokeAlpha
    canvas.setFillAlpha = lambda a: fill(a * opacity)
    canvas.setStrokeAlpha = lambda a: stroke(a * opacity)
    try:
        fill(opacity)
        stroke(opacity)
        yield
    finally:
        for name, before in own.items():
            if before is None:
                canvas.__dict__.pop(name, None)
            else:
                canvas.__dict__[name] = before
