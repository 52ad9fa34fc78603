"""Drawing operations: what the layout stage hands the renderer. Plain data, points, y up."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core import where
from generator.core.geometry import Box, Line
from generator.text.fit import TextLayout


@dataclass(frozen=True, slots=True)
class RectOp:
    box: Box
    fill: str | None
    stroke: str | None
    stroke_width: float = 0.5
    radius: float = 0.0
    dash: tuple[float, ...] | None = None
    rotate: float = 0.0
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)


@dataclass(frozen=True, slots=True)
class EllipseOp:
    box: Box
    fill: str | None
    stroke: str | None
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None
    rotate: float = 0.0
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)


@dataclass(frozen=True, slots=True)
class LineOp:
    line: Line
    stroke: str
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)


@dataclass(frozen=True, slots=True)
class TextOp:
    """Fitted text; ``origin`` is the YAML element that made it (``where.at`` when it was made)."""

    layout: TextLayout
    box: Box
    rotate: float = 0.0
    origin: object = field(default=None, compare=False, repr=False)
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)

    def __post_init__(self) -> None:
        if self.origin is None:
            object.__setattr__(self, "origin", where.current())


_TEXT_SETTERS = tuple(
    TextOp.__dict__[f].__set__ for f in ("layout", "box", "rotate", "origin", "opacity", "blend")
)


def text_op(layout: TextLayout, box: Box, rotate: float, origin: object) -> TextOp:
    """``TextOp(layout, box, rotate, origin)`` for an ``origin`` that is not None, its slots
    filled directly (the frozen ``__init__`` sets each through ``object.__setattr__``, and a
    card's every text makes one)."""
    op = object.__new__(TextOp)
    sl, sb, sr, so, sa, sm = _TEXT_SETTERS
    sl(op, layout)
    sb(op, box)
    sr(op, rotate)
    so(op, origin)
    sa(op, 1.0)
    sm(op, "normal")
    return op


@dataclass(frozen=True, slots=True)
class IconOp:
    name: str
    path: Path
    box: Box
    color: str
    rotate: float = 0.0
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)


@dataclass(frozen=True, slots=True)
class ImageOp:
    path: Path
    box: Box
    fit: str = "contain"
    rotate: float = 0.0
    filters: tuple[tuple[str, object], ...] = ()  # (name, value) in order: see schema.imagefilter
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)


@dataclass(frozen=True, slots=True)
class GroupOp:
    """Ops that are the same for every card sharing ``key``: drawn once, reused (a PDF form)."""

    key: tuple
    ops: tuple[Op, ...]
    bounds: Box


Segment = tuple[str, tuple[float, ...]]
"""One step of an outline: ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y)), ("Z", ())."""


@dataclass(frozen=True, slots=True)
class ShapeOp:
    """An outline (polygon, star, path, or a rect or ellipse holding an image): the image cut to
    it (placed in ``box``), then its fill under the image, then its stroke."""

    segments: tuple[Segment, ...]
    box: Box
    fill: str | None
    stroke: str | None
    stroke_width: float = 0.5
    dash: tuple[float, ...] | None = None
    image: ImageOp | None = None
    opacity: float = 1.0  # see-through: drawn with this alpha, or flattened in CMYK
    blend: str = "normal"  # a PDF blend mode (schema.template.BlendMode)


Op = RectOp | EllipseOp | LineOp | TextOp | IconOp | ImageOp | GroupOp | ShapeOp


def see_through(op: object) -> bool:
    """Whether ``op`` is drawn partly transparent or blended with what lies beneath it."""
    return getattr(op, "opacity", 1.0) < 1.0 or getattr(op, "blend", "normal") != "normal"
