"""Where a map's roads run: through their ``via`` points, and with ``routing: around`` bent
round every node they do not join and every label and card place (route.py's geometry)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from generator.board.context import Context
from generator.board.ops import XY, BoardOp
from generator.board.route import box_points, circle_points, hull, route
from generator.core.geometry import Box
from generator.schema.board import MapEdge, MapFeature, RoadKind


@dataclass(frozen=True)
class Drawn:
    """A node as drawn: its ops, centre and radius, and the boxes of its labels and place."""

    ops: tuple[BoardOp, ...]
    centre: XY
    radius: float
    labels: tuple[Box, ...]
    places: tuple[Box, ...]


def parallel(pts: list[XY], offset: float) -> list[XY]:
    """The polyline ``pts`` moved ``offset`` to its right (y up), each point along the mean of
    the normals of the legs that meet there, so a lane keeps its distance round a bend."""
    normals = []
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        d = math.hypot(bx - ax, by - ay) or 1.0
        normals.append(((by - ay) / d, -(bx - ax) / d))
    out = []
    for k, (x, y) in enumerate(pts):
        near = normals[max(0, k - 1) : k + 1]
        nx, ny = sum(n[0] for n in near), sum(n[1] for n in near)
        length = math.hypot(nx, ny) or 1.0
        leg = normals[min(k, len(normals) - 1)]
        # at a bend the mitre point lies 1/cos(half the turn) out, so both legs keep the offset
        cos = max(0.3, (nx * leg[0] + ny * leg[1]) / length)
        out.append((x + nx / length * offset / cos, y + ny / length * offset / cos))
    return out


def road_paths(
    ctx: Context,
    f: MapFeature,
    edges: list[tuple[int, MapEdge]],
    centres: dict[str, XY],
    roads: dict[str, RoadKind],
    drawn: dict[str, Drawn],
) -> dict[int, list[XY]]:
    """Each edge's polyline, by index: ends and ``via`` points, bent round obstacles when routed."""
    out: dict[int, list[XY]] = {}
    bends: list[XY] = []  # every routed road's bends so far: the next keeps its own apart
    for i, edge in edges:
        pts = [centres[edge.from_], *(ctx.point(p) for p in edge.via), centres[edge.to]]
        if edge.offset:
            pts = parallel(pts, edge.offset)
        if f.routing == "around":
            grow = roads[edge.road].width / 2 + f.clearance
            obstacles = []
            for name, d in drawn.items():
                # a node's words and (unless the road ends there) its mark as one shape; its place apart
                words = [p for b in d.labels for p in box_points(b, grow)]
                if name not in (edge.from_, edge.to) and d.radius:  # twice the room: a road
                    words += circle_points(d.centre, d.radius + grow + f.clearance)  # near a city joins it
                obstacles += [hull(words)] + [hull(box_points(b, grow)) for b in d.places]
            fixed = len(pts)
            spacing = max(r.width for r in roads.values()) + f.clearance
            pts = route(pts, [o for o in obstacles if len(o) >= 3], taken=tuple(bends), spacing=spacing)
            if len(pts) > fixed or edge.via:
                bends += pts[1:-1]
        out[i] = pts
    return out
