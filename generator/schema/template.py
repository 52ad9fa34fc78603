"""The template schema: a card design as data (``templates/*.yaml``).

Coordinates are measured from the TOP-LEFT corner of the card's trim, x to the right, y down,
with units; negative values and sizes past the trim reach into the bleed. A ``box`` is
``[x, y, w, h]`` or one of the named areas ``bleed`` (trim plus bleed), ``trim`` or ``safe``
(trim inset by the 3 mm safe zone).
"""

from typing import Annotated, Any, Literal

from pydantic import Field, PlainValidator, StringConstraints, model_validator

from generator.schema.common import Dash, Length, SizeSpec, Strict, parse_length_value
from generator.schema.exprtext import (
    ComputedNumber,
    Condition,
    NonNegativeComputedLength,
    PositiveComputedLength,
    Templated,
)
from generator.schema.exprtext import TemplatedColor as Color
from generator.schema.imagefilter import FilterSpec
from generator.schema.inline import IconOffset, IconSize
from generator.schema.placement import FlowSpec, PlaceSpec


def _box(value: Any) -> Any:
    if isinstance(value, str):
        if value in ("bleed", "trim", "safe"):
            return value
        raise ValueError(f"expected [x, y, w, h] or one of bleed, trim, safe, found {value!r}")
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise ValueError("expected a box [x, y, w, h] with units, e.g. [3mm, 3mm, 57.5mm, 10mm]")
    box = tuple(parse_length_value(v) for v in value)
    if any(v != v or abs(v) == float("inf") for v in box):
        raise ValueError("expected a box of finite lengths")
    if box[2] < 0 or box[3] < 0:
        raise ValueError(
            f"a box's width and height are 0 or more, found {value[2]} x {value[3]}: "
            "to reach left or up, make x or y smaller instead"
        )
    return box


BoxSpec = Annotated[Any, PlainValidator(_box)]
"""[x, y, w, h] with units (a tuple of points once validated) or one of bleed, trim, safe."""


BlendMode = Literal[
    "normal", "multiply", "screen", "overlay", "darken", "lighten", "hard_light", "soft_light", "difference"
]


class ElementBase(Strict):
    """What every element has: where it goes and when it shows. ``place`` (instead of ``box``)
    anchors the element to the card or to an earlier element called ``name``."""

    name: str | None = Field(None, pattern=r"^[A-Za-z_][\w-]*$")
    box: BoxSpec = "trim"
    place: PlaceSpec | None = None
    when: Condition | None = None
    rotate: ComputedNumber = 0.0
    overlap: Literal["ok"] | None = None
    """``ok``: this element's text is meant to overlap other text (``check`` does not warn)."""
    opacity: float = Field(1.0, ge=0, le=1)
    """How opaque the element is drawn: 1 solid (the default), 0.75 as Squib's ``alpha: 0.75``."""
    blend: BlendMode = "normal"
    """How its colours mix with what lies beneath: PDF's blend modes (Squib's ``blend:``)."""


class Shape(ElementBase):
    fill: Color = "none"
    stroke: Color = "none"
    stroke_width: NonNegativeComputedLength = 0.5
    dash: Dash = None


class Clipped(Shape):
    """A shape that may show an image cut to its outline (``image``, placed by ``fit``)."""

    image: Templated | None = None
    fit: Literal["contain", "cover", "stretch"] = "cover"
    filters: FilterSpec | None = None


class RectElement(Clipped):
    """A rectangle, optionally with rounded corners."""

    type: Literal["rect"]
    radius: NonNegativeComputedLength = 0.0


class EllipseElement(Clipped):
    """An ellipse filling its box (with ``image``: a round portrait)."""

    type: Literal["ellipse"]


class PolygonElement(Clipped):
    """A regular polygon inscribed in its box (a hexagon by default), one corner at the top
    before ``rotate``; ``corner`` rounds its corners."""

    type: Literal["polygon"]
    sides: int = Field(6, ge=3, le=64)
    corner: Length = Field(0.0, ge=0)


class StarElement(Clipped):
    """A star inscribed in its box: ``points`` tips, the inner corners at ``inner`` times the
    outer radius; one tip at the top before ``rotate``."""

    type: Literal["star"]
    points: int = Field(5, ge=3, le=64)
    inner: float = Field(0.5, gt=0, lt=1)
    corner: Length = Field(0.0, ge=0)


class PathElement(Clipped):
    """A polygon (``closed``) or an open line through ``points``, each ``[x, y]`` measured from
    the box's top-left corner."""

    type: Literal["path"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=500)
    closed: bool = True
    corner: Length = Field(0.0, ge=0)


class LineElement(ElementBase):
    """A straight line from the box's top-left to its bottom-right corner (zero w or h: a straight rule)."""

    type: Literal["line"]
    stroke: Color = "#000000"
    stroke_width: Length = Field(0.5, ge=0)
    dash: Dash = None


class TextElement(ElementBase):
    """Text with field substitution, light markup and inline icons, wrapped and shrunk to fit."""

    type: Literal["text"]
    text: Templated
    font: Templated = "Lato"
    size: PositiveComputedLength = 10.0
    min_size: PositiveComputedLength | None = None
    leading: float = Field(1.2, gt=0.5, le=3)
    color: Color = "#000000"
    align: Literal["left", "center", "right", "justify"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    bold: bool = False
    italic: bool = False
    keywords: bool = True
    icon_size: IconSize | None = None
    """Inline icons' size: a multiple or percentage of the text size, or a length."""
    icon_dy: IconOffset | None = None
    """Inline icons moved down (negative: up) from their usual place."""

    @model_validator(mode="after")
    def _a_box_to_write_in(self) -> "TextElement":
        if isinstance(self.box, tuple) and (self.box[2] <= 0 or self.box[3] <= 0):
            raise ValueError("a text box needs a width and a height above 0; to hide the text, use 'when:'")
        return self


class IconElement(ElementBase):
    """An icon from the game's or the bundled icon set, scaled into its box."""

    type: Literal["icon"]
    icon: Templated
    color: Color = "#000000"


class ImageElement(ElementBase):
    """A PNG, JPEG or SVG file, fitted into its box."""

    type: Literal["image"]
    file: Templated
    fit: Literal["contain", "cover", "stretch"] = "contain"
    filters: FilterSpec | None = None


class RepeatElement(ElementBase):
    """Its elements once per item of a list field (or per key of a mapping field).

    Inside, ``{item}`` is the item (``{item.key}`` / ``{item.value}`` for mapping fields,
    ``{item.field}`` for records) and ``{index}`` its 1-based position. Each copy's box is
    ``box`` moved by ``step`` times the item's position; with ``flow``, the copies line up
    along ``box`` instead (see ``FlowSpec``).
    """

    type: Literal["repeat"]
    over: Templated
    step: tuple[Length, Length] = (0.0, 0.0)
    flow: FlowSpec | None = None
    max: int | None = Field(None, ge=1)
    elements: list["Element"]


Element = Annotated[
    RectElement
    | EllipseElement
    | PolygonElement
    | StarElement
    | PathElement
    | LineElement
    | TextElement
    | IconElement
    | ImageElement
    | RepeatElement,
    Field(discriminator="type"),
]
# RepeatElement names Element before it is defined: pydantic resolves it when the model is first
# used (``defer_build``), from this module. An explicit model_rebuild() here built its whole
# validator at import, a second time over, since TemplateSpec builds its own (about 20 ms).


class KeywordLookSpec(Strict):
    """How listed keywords look inside running text."""

    bold: bool = True
    italic: bool = False
    color: Color | None = None
    icon: bool = False


class KeywordStyling(Strict):
    """Auto-style these words (default: every keyword the game declares)."""

    words: list[str] | None = None
    look: KeywordLookSpec = KeywordLookSpec.model_construct()
    colors: dict[str, Color] | None = None
    """Per keyword, a colour that wins over the game's (``DRIVING: $driving_kw``); a ``$style``
    that a card type does not set leaves it the game's colour, so one type (a dark face) can
    carry its own."""


ValueTable = Annotated[dict[str, str], Field(min_length=1)]
"""A value-to-thing table: card value -> text (an icon name, a colour, a font, words); the key
``"*"`` is the entry for any other value."""
TABLE_NAME = r"^[A-Za-z_][\w-]*$"


class TemplateSpec(Strict):
    """A whole template file.

    ``dpi`` lets its lengths be written in pixels (``75px`` at ``dpi: 300`` is a quarter inch);
    ``origin`` moves the point its ``[x, y, w, h]`` boxes are measured from, e.g.
    ``[-37.5px, -37.5px]`` for a layout measured from a 1/8-inch bleed edge (as Squib's are).
    ``tables`` map card values to text any element property can use as
    ``{tables.NAME[field]}`` (an icon, a colour, a font, words).
    """

    name: str | None = None
    description: str | None = None
    extends: str | None = None
    dpi: float | None = Field(None, gt=0, le=10000)
    origin: tuple[Length, Length] | None = None
    size: str | SizeSpec | None = None
    styles: dict[str, dict[str, str]] = Field(default_factory=dict)
    tables: dict[Annotated[str, StringConstraints(pattern=TABLE_NAME)], ValueTable] = Field(
        default_factory=dict
    )
    keywords: KeywordStyling | None = None
    elements: list[Element] = Field(default_factory=list)
