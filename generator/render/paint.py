"""What the op drawers beside the painter share: the colour of a value, and the part of the
painter (``generator.render.draw.Painter``) they draw with, as a Protocol so they need not import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from reportlab.lib.colors import Color

from generator.color.convert import LINE
from generator.color.pdfx import pdf_color
from generator.core.errors import BuildError

if TYPE_CHECKING:
    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

    from generator.layout.ops import ImageOp


def color(value: str, role: str = LINE) -> Color:
    """A colour from '#rgb', '#rrggbb', a name or 'cmyk(C, M, Y, K)', in the build's colour mode
    (``role``: FILL for areas, LINE for text, strokes and icons; see ``generator.color.convert``)."""
    try:
        return pdf_color(value, role)
    except ValueError as exc:
        raise BuildError(str(exc)) from None


def canvas_alpha(canvas: Canvas, stroke: bool = False) -> float:
    """The opacity the canvas fills (and sets text) at now, or strokes at: its graphics state's
    ``ca`` (``CA``), or what a PDF/X canvas mixes with the paper (``color.pdfx``)."""
    opacity = getattr(canvas, "_opacity", None)
    if opacity is not None:
        return float(opacity[1 if stroke else 0])
    try:
        return float(canvas._extgstate.getValue("CA" if stroke else "ca"))  # type: ignore[attr-defined]
    except (AttributeError, KeyError, TypeError, ValueError):
        return 1.0


class Surface(Protocol):
    """The painter as ``shapes`` and ``filters`` use it: its canvas and how it places an image."""

    canvas: Canvas

    def _image(self, op: ImageOp) -> None: ...

    def _flat_image(self, op: ImageOp, image: Image.Image | None = None) -> None: ...

    def _place(
        self, op: ImageOp, w: float, h: float, draw: Callable[[float, float, float], None]
    ) -> None: ...
