"""Draw a ShapeOp: follow its segments; fill, an image cut to the outline, then the stroke."""

from __future__ import annotations

from generator.color.convert import FILL
from generator.layout.ops import ShapeOp
from generator.render.paint import Surface, color


def _path(painter: Surface, op: ShapeOp):
    path = painter.canvas.beginPath()
    for kind, coords in op.segments:
        if kind == "M":
            path.moveTo(*coords)
        elif kind == "L":
            path.lineTo(*coords)
        elif kind == "C":
            path.curveTo(*coords)
        else:
            path.close()
    return path


def draw_shape(painter: Surface, op: ShapeOp) -> None:
    """The fill (under the image), the image clipped to the outline, then the stroke on top."""
    c = painter.canvas
    if op.fill:
        c.setFillColor(color(op.fill, FILL))
        c.drawPath(_path(painter, op), stroke=0, fill=1)
    if op.image is not None:
        c.saveState()
        c.clipPath(_path(painter, op), stroke=0, fill=0)
        painter._image(op.image)  # not noted as a backdrop: only the shape is
        c.restoreState()
    if op.stroke:
        c.setStrokeColor(color(op.stroke))
        c.setLineWidth(op.stroke_width)
        c.setDash(list(op.dash) if op.dash else [])
        c.setLineJoin(1)
        c.drawPath(_path(painter, op), stroke=1, fill=0)
        c.setLineJoin(0)
