"""The geometry the map rules share: every map of a board as its layout draws it (roads, nodes,
their labels and places, the board's ops in drawing order), and the measures they take on it
(points along a polyline, distances, whether a point lies under a filled shape)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from generator.art.fonts import FontBook
from generator.board.context import Context
from generator.board.layout import layout_board
from generator.board.maps import DEFAULT_KINDS, map_drawn, parse_edge
from generator.board.model import Board
from generator.board.ops import XY, BoardOp, PolyOp
from generator.board.roads import Drawn
from generator.core.units import MM
from generator.layout.ops import EllipseOp, RectOp
from generator.load.model import Origin
from generator.schema.board import MapEdge, MapFeature, NodeKind, RoadKind


@dataclass(frozen=True)
class Road:
    """One drawn edge: its index in the map's ``edges``, the edge, its road kind and polyline."""

    index: int
    edge: MapEdge
    kind: RoadKind
    points: tuple[XY, ...]

    @property
    def name(self) -> str:
        return f"{self.edge.from_} - {self.edge.to}"


@dataclass(frozen=True)
class MapView:
    """A map feature as laid out on its board: roads, nodes as drawn, and the board's ops."""

    board: Board
    index: int
    feature: MapFeature
    roads: tuple[Road, ...]
    nodes: dict[str, Drawn]
    kinds: dict[str, NodeKind]
    ops: tuple[BoardOp, ...]

    def at(self, *loc) -> Origin:
        """The origin of ``features[index]`` followed by ``loc`` in the board file."""
        return Origin(self.board.doc.file, *self.board.doc.mark(("features", self.index, *loc)))

    def line(self, *loc) -> int:
        return self.at(*loc).line


def map_views(board: Board, fonts: FontBook) -> Iterator[MapView]:
    """Every map feature of ``board``, as drawn."""
    ctx = Context(board, fonts)
    ops = layout_board(board, fonts).ops
    for i, f in enumerate(board.spec.features):
        if not isinstance(f, MapFeature):
            continue
        routes, drawn = map_drawn(ctx, f, ("features", i))
        kinds = {**DEFAULT_KINDS, **f.kinds}
        road_kinds = {"road": RoadKind(), **f.roads}
        roads = []
        for j, pts in sorted(routes.items()):
            edge = parse_edge(f.edges[j])
            assert edge is not None  # map_drawn keeps only well-formed edges
            roads.append(Road(j, edge, road_kinds[edge.road], tuple(pts)))
        yield MapView(board, i, f, tuple(roads), drawn, kinds, ops)


def node_box(d: Drawn) -> tuple[float, float, float, float]:
    """The box of a node's mark as drawn (its centre and radius)."""
    (x, y), r = d.centre, d.radius
    return (x - r, y - r, x + r, y + r)


def samples(points: tuple[XY, ...], step: float) -> list[tuple[float, XY, XY]]:
    """Points every ``step`` along a polyline (and its end): (distance from the start, point,
    unit direction there)."""
    out: list[tuple[float, XY, XY]] = []
    done, u = 0.0, (1.0, 0.0)
    for a, b in pairwise(points):
        seg = math.dist(a, b)
        if not seg:
            continue
        u = ((b[0] - a[0]) / seg, (b[1] - a[1]) / seg)
        n = max(1, math.ceil(seg / step))
        for k in range(n):
            t = k / n
            out.append((done + seg * t, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), u))
        done += seg
    if points:
        out.append((done, points[-1], u))
    return out


def distance(p: XY, a: XY, b: XY) -> float:
    """From ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def to_polyline(p: XY, points: tuple[XY, ...]) -> float:
    return min(distance(p, a, b) for a, b in pairwise(points)) if len(points) > 1 else math.dist(p, points[0])


def _filled(op: BoardOp) -> bool:
    fill = getattr(op, "fill", None)
    return fill is not None and fill != "none"


def covers(op: BoardOp, p: XY) -> bool:
    """Whether the filled shape ``op`` (a rectangle, an ellipse, a closed polygon) lies over ``p``."""
    if not _filled(op):
        return False
    if isinstance(op, RectOp | EllipseOp):
        b = op.box
        cx, cy = b.x + b.w / 2, b.y + b.h / 2
        x, y = p[0] - cx, p[1] - cy
        if op.rotate:  # the renderer turns the shape clockwise by ``rotate`` about its centre
            a = math.radians(op.rotate)
            x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
        if isinstance(op, RectOp):
            return abs(x) <= b.w / 2 and abs(y) <= b.h / 2
        return b.w > 0 and b.h > 0 and (x / (b.w / 2)) ** 2 + (y / (b.h / 2)) ** 2 <= 1
    if isinstance(op, PolyOp) and op.closed and len(op.points) >= 3:
        inside, pts = False, op.points
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside
    return False


def mm_text(value: float) -> str:
    """A length in points as ``12 mm``."""
    return f"{value / MM:.0f} mm"
