"""The board schema: a board description (``boards: [board.yaml]`` in game.yaml).

Coordinates are measured from the board's TOP-LEFT corner, x to the right, y down, with units
(as in templates). ``features`` are drawn in order, each a layer above the ones before. The
language reference with examples is ``docs/boards.md``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from generator.core.units import mm
from generator.schema.common import Color, Dash, Length, NonNegativeLength, PositiveLength, SizeSpec, Strict

Point = tuple[Length, Length]
BoxSpec = tuple[Length, Length, Length, Length]
Toward = Literal["bottom", "top", "left", "right", "outward"]
Anchor = Literal[
    "top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right"
]
Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]
Direction = Literal["right", "left", "up", "down"]
Orientation = Literal["portrait", "landscape"]
SizeRef = str | SizeSpec
"""A card size name (``poker``), a deck of this game (its card size), or ``{width, height}``."""
NAME = r"^[a-z0-9][a-z0-9_-]*$"
Number = Annotated[int | str, BeforeValidator(lambda v: int(v) if isinstance(v, str) and v.isdigit() else v)]
"""A node number: digits make a whole number (so maps can list neighbours), anything else is text."""


class Look(Strict):
    """How a shape is painted; keys left out take the feature's defaults."""

    fill: Color | None = None
    stroke: Color | None = None
    stroke_width: NonNegativeLength | None = None
    dash: Dash = None
    radius: Length | None = None


class TextLook(Strict):
    """How a feature's text is set; keys left out take the board's defaults."""

    font: str | None = None
    size: PositiveLength | None = None
    min_size: PositiveLength | None = None
    color: Color | None = None
    bold: bool | None = None


class Feature(Strict):
    """What every feature has: an optional id (named in messages) and the reader's side."""

    id: str | None = None
    toward: Toward = "bottom"


class ZoneContent(Feature):
    """A card-sized outline (plus padding) with an icon, a label and a note."""

    size: SizeRef = "poker"
    orientation: Orientation | None = None
    padding: Length = mm(1.5)
    label: str | None = None
    note: str | None = None
    icon: str | None = None
    look: Look = Look()
    text: TextLook = TextLook()


class ZoneFeature(ZoneContent):
    """A place for a card or a pile, e.g. a draw pile."""

    type: Literal["zone"]
    at: Point
    anchor: Anchor = "top-left"


class RowZone(ZoneContent):
    """A zone beside every row of a grid (e.g. an omen slot), ``gap`` away from the grid."""

    side: Literal["left", "right"]
    gap: Length = mm(5)


class GridPath(Strict):
    """A named way through a grid's places, drawn as a line with arrowheads between places."""

    name: str
    pattern: Literal["lawnmower", "serpentine", "rows", "columns", "custom"] = "lawnmower"
    start: Corner = "top-left"
    along: Literal["rows", "columns"] = "rows"
    cells: list[tuple[int, int]] | None = None
    color: Color = "#333333"
    width: NonNegativeLength = 1.5
    offset: Length = 0.0
    dash: Dash = None
    """A dashed line, so two paths differ by more than colour in black-and-white print."""
    numbers: bool = False
    prefix: str = ""
    """Printed before each step number (``R`` gives R1, R2, ...): a mark that survives grey."""
    toward: Toward = "bottom"
    start_label: str | None = None
    start_icon: str | None = None


class GridFeature(Feature):
    """Rows x columns of places, with optional labels, paths and zones beside the rows."""

    type: Literal["grid"]
    at: Point
    anchor: Anchor = "top-left"
    rows: int = Field(ge=1, le=100)
    columns: int = Field(ge=1, le=100)
    cell: SizeRef = "poker"
    orientation: Orientation | None = None
    padding: Length = 0.0
    gap: Length | tuple[Length, Length] = 0.0
    label: str | None = None
    look: Look = Look()
    text: TextLook = TextLook()
    paths: list[GridPath] = Field(default_factory=list)
    beside_rows: list[RowZone] = Field(default_factory=list)


class SpaceStyle(Strict):
    """Overrides for some spaces of a track: those numbered ``at`` and/or multiples of ``every``."""

    at: int | list[int] | None = None
    every: int | None = Field(None, ge=1)
    fill: Color | None = None
    stroke: Color | None = None
    color: Color | None = None
    label: str | None = None
    icon: str | None = None


class TrackFeature(Feature):
    """Numbered spaces: straight, serpentine (rows that snake), around an edge, or along a polyline."""

    type: Literal["track"]
    layout: Literal["straight", "serpentine", "edge", "polyline"] = "straight"
    first: int = 1
    count: int | None = Field(None, ge=1, le=1000)
    labels: list[str] | None = None
    space: Length | SizeSpec = mm(10)
    gap: Length = 0.0
    shape: Literal["rect", "rounded", "circle"] = "rect"
    numbers: bool = True
    look: Look = Look()
    text: TextLook = TextLook()
    special: list[SpaceStyle] = Field(default_factory=list)
    arrows: bool = False
    at: Point | None = None
    anchor: Anchor = "top-left"
    direction: Direction = "right"
    per_row: int | None = Field(None, ge=1)
    turn: Direction | None = None
    snake: bool = True
    box: BoxSpec | None = None
    start: Corner = "top-left"
    clockwise: bool = True
    points: list[Point] | None = Field(None, min_length=2)


class NodePlace(ZoneContent):
    """A card-sized place beside every node of a kind (e.g. a face-down card on each city)."""

    side: Literal["left", "right", "above", "below"] = "right"
    gap: Length = mm(2)
    numbered: bool = False
    """Print the node's number and name in its place, so a place set apart (``place_at``) is found."""


class NodeKind(Strict):
    """How a kind of map node looks: shape and size, paint, number text, where its name goes."""

    shape: Literal["circle", "square", "rounded", "diamond", "dot", "bar", "none"] = "circle"
    size: Length = mm(10)
    look: Look = Look()
    text: TextLook = TextLook()
    name_text: TextLook = TextLook()
    label: Literal["below", "above", "left", "right", "center", "none"] = "below"
    links_size: Length = 7.0
    """Text size of the reach numbers under the name (``links: true``)."""
    label_backing: Color | None = None
    """A patch of this colour behind the name and reach numbers (e.g. the land's colour), so an
    outline or coastline drawn beneath does not strike them out."""
    place: NodePlace | None = None
    height: Length | None = None
    """A ``square`` or ``rounded`` node this high and ``size`` wide (a rectangle: room for pieces
    beside each other where the road leaves no room for a taller node); default ``size``."""
    span: Length | None = None
    """The length of road the node takes between the spaces on either side of it (default its
    size + 2 mm, its height + 2 mm for a road that leaves it up or down): a junction given one
    space's pitch keeps the spaces of a route evenly apart."""

    @model_validator(mode="after")
    def _rectangle(self) -> NodeKind:
        if self.height is not None and self.shape not in ("square", "rounded"):
            raise ValueError(
                f"height makes a rectangle of a square or rounded node; a {self.shape} node has one "
                "size: remove height, or set shape: square or rounded"
            )
        return self


class RoadKind(Strict):
    """How a kind of map edge looks; ``spaces`` is painted over the look of every space on a road
    of this kind (a dashed outline that marks a short cut's squares, whatever their kind)."""

    color: Color = "#5d5d5d"
    width: NonNegativeLength = mm(1.2)
    dash: Dash = None
    spaces: Look | None = None


class SpaceLook(Look):
    """How a kind of route space looks; ``mark`` (text, ``:icon:`` markup allowed) or ``mark_icon``
    is printed in every space of the kind that has no label, so kinds differ in black and white."""

    mark: str | None = None
    mark_icon: str | None = None
    mark_color: Color | None = None


class MapNode(Strict):
    """A place on a map: where, its number, name and kind; ``data`` is not drawn (for rules)."""

    at: Point
    number: Number | None = None
    name: str | None = None
    kind: str = "place"
    label: Literal["below", "above", "left", "right", "center", "none"] | None = None
    icon: str | None = None
    place: Literal["left", "right", "above", "below", "none"] | None = None
    """Which side of this node its kind's place goes (``none``: no place here)."""
    place_at: Point | None = None
    """Where the centre of this node's place goes instead (a crowded corner of the map)."""
    label_at: Point | None = None
    """Where the centre of this node's name goes instead of beside it (a crowded map, or off the
    seam of a tiled print); the proofreader's ``belonging`` rule still judges it."""
    place_orientation: Orientation | None = None
    """This node's place turned (e.g. ``landscape`` along a coast) instead of its kind's."""
    data: dict[str, str] = Field(default_factory=dict)


class MapEdge(Strict):
    """A road between two nodes, optionally bent through ``via`` points and divided into spaces."""

    from_: str = Field(alias="from")
    to: str
    via: list[Point] = Field(default_factory=list)
    offset: Length = 0.0
    """The road shifted sideways (to the right going from ``from`` to ``to``; negative: left), its
    ends and ``via`` points alike: roads that share a corridor run side by side as parallel lanes."""
    road: str = "road"
    one_way: bool = False
    spaces: int | list[str] | None = None
    pattern: list[str] | None = None
    labels: list[str] | None = None


class MapFeature(Feature):
    """Nodes at coordinates joined by edges: cities and roads, or a route of spaces."""

    type: Literal["map"]
    kinds: dict[str, NodeKind] = Field(default_factory=dict)
    roads: dict[str, RoadKind] = Field(default_factory=dict)
    spaces: dict[str, SpaceLook] = Field(default_factory=dict)
    space: Length | SizeSpec = mm(9)
    space_shape: Literal["rect", "rounded", "circle"] = "rect"
    nodes: dict[str, MapNode] = Field(min_length=1)
    edges: list[str | MapEdge] = Field(default_factory=list)
    links: bool = False
    routing: Literal["straight", "around"] = "straight"
    """``around``: every road bends round the nodes it does not join and round labels and places."""
    clearance: Length = mm(1.5)
    """With ``routing: around``, the room kept between a road's edge and what it goes round."""
    arrows: Literal["first-space", "junctions"] = "first-space"
    """Where a one-way road of spaces shows its arrowhead: between its first two spaces, or
    (``junctions``) on the free road next to each junction or dead end it touches, where spaces
    touch along the road."""
    arrow_every: int | None = Field(None, ge=1, le=100)
    """Also an arrowhead over the seam between two spaces of every one-way road, after its first
    space when it leaves a place (not a junction or dead end) and after every ``arrow_every``-th:
    direction shown along roads whose spaces touch."""


class TextFeature(Feature):
    """Free text with markup (``**bold**``, ``*italic*``, ``:icon:``), wrapped and shrunk into ``box``."""

    type: Literal["text"]
    text: str
    box: BoxSpec
    font: str | None = None
    size: PositiveLength = 12.0
    min_size: PositiveLength | None = None
    color: Color | None = None
    align: Literal["left", "center", "right", "justify"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    bold: bool = False
    italic: bool = False
    frame: Look | None = None


class LegendEntry(Strict):
    """One legend line: a swatch (colour, shape, icon or line) and what it means; ``dash`` draws
    a line or arrow, or a shape's outline, dashed (dash and gap lengths, as for roads and lines)."""

    text: str
    fill: Color | None = None
    stroke: Color | None = None
    shape: Literal["rect", "circle", "line", "arrow"] = "rect"
    icon: str | None = None
    dash: Dash = Field(None, min_length=1)


class LegendFeature(Feature):
    """A box of swatches and explanations, with an optional title."""

    type: Literal["legend"]
    box: BoxSpec
    title: str | None = None
    entries: list[LegendEntry] = Field(min_length=1)
    text: TextLook = TextLook()
    look: Look = Look()


class IconFeature(Feature):
    type: Literal["icon"]
    icon: str
    box: BoxSpec
    color: Color | None = None


class ImageFeature(Feature):
    type: Literal["image"]
    file: str
    box: BoxSpec
    fit: Literal["contain", "cover", "stretch"] = "contain"


class ShapeFeature(Feature):
    """A plain rectangle or ellipse."""

    type: Literal["rect", "ellipse"]
    box: BoxSpec
    look: Look = Look()


class LineFeature(Feature):
    """A polyline, optionally with arrowheads."""

    type: Literal["line"]
    points: list[Point] = Field(min_length=2)
    color: Color | None = None
    width: NonNegativeLength = 1.0
    dash: Dash = None
    arrow: Literal["none", "end", "start", "both"] = "none"


class OutlineHalo(Strict):
    """One band drawn round an outline's edge, under its fill (a coast's water lining)."""

    width: Length
    color: Color


class OutlineFeature(Feature):
    """Filled outlines (a country, a coast) read from a data file of ``outlines: [{name, points}]``
    in board coordinates, with bands round their edges drawn widest first."""

    type: Literal["outline"]
    file: str
    look: Look = Look()
    halo: list[OutlineHalo] = Field(default_factory=list)


BoardFeature = Annotated[
    ZoneFeature
    | GridFeature
    | TrackFeature
    | MapFeature
    | TextFeature
    | LegendFeature
    | IconFeature
    | ImageFeature
    | ShapeFeature
    | LineFeature
    | OutlineFeature,
    Field(discriminator="type"),
]


class BoardSpec(Strict):
    """A whole board file."""

    name: str | None = Field(None, pattern=NAME)
    title: str | None = None
    size: str | SizeSpec
    orientation: Orientation | None = None
    background: Color = "#ffffff"
    frame: Look | None = None
    font: str = "Lato"
    color: Color = "#1a1a1a"
    overlap: Length = mm(10)
    features: list[BoardFeature] = Field(default_factory=list)

    @field_validator("overlap")
    @classmethod
    def _overlap(cls, value: float) -> float:
        if not mm(5) < value <= mm(50):
            raise ValueError(
                f"overlap must be wider than the 5 mm printer margin and at most 50 mm, "
                f"found {value / mm(1):.4g} mm"
            )
        return value


class OutlineShape(Strict):
    """One closed outline of an outline data file; ``fill`` paints this one instead of the
    feature's fill (patches of several colours in one file)."""

    name: str
    points: list[Point] = Field(min_length=3)
    fill: Color | None = None


class OutlineFile(Strict):
    """An outline data file (``type: outline``'s ``file``)."""

    outlines: list[OutlineShape] = Field(min_length=1)
