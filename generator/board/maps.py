"""Maps: nodes (places, junctions, dead ends) at coordinates, joined by roads that may be bent
through ``via`` points and divided into spaces (a route)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from generator.board.context import Context, Reading
from generator.board.ops import (
    XY,
    BoardOp,
    PolyOp,
    angle_of,
    arrowhead,
    point_along,
    polyline_length,
    right_of,
    unit,
)
from generator.board.roads import Drawn, road_paths
from generator.board.track import space_size
from generator.board.zones import paint, stack, zone
from generator.core.geometry import Box
from generator.core.units import mm
from generator.core.yamlio import Loc
from generator.layout.ops import EllipseOp, RectOp, TextOp
from generator.schema.board import MapEdge, MapFeature, MapNode, NodeKind, NodePlace, RoadKind, TextLook

DEFAULT_KINDS = {
    "place": NodeKind(),
    "junction": NodeKind(shape="dot", size=mm(3), label="none"),
    "dead-end": NodeKind(shape="bar", size=mm(8), label="none"),
}
NODE_LOOK = {"fill": "#ffffff", "stroke": "#333333", "stroke_width": 1.2, "radius": 0.0}
SPACE_LOOK = {"fill": "#ffffff", "stroke": "#4a4a4a", "stroke_width": 0.8, "radius": 0.0}
_EDGE = re.compile(r"^\s*(\S+)\s+(-|->)\s+(\S+)\s*$")


def parse_edge(edge: str | MapEdge) -> MapEdge | None:
    """``"a - b"`` (two-way) or ``"a -> b"`` (one way) as a MapEdge; None when malformed."""
    if isinstance(edge, MapEdge):
        return edge
    m = _EDGE.match(edge)
    if not m:
        return None
    return MapEdge.model_validate({"from": m[1], "to": m[3], "one_way": m[2] == "->"})


def edge_spaces(f: MapFeature, edge: MapEdge) -> list[str]:
    """The space kinds along a road, from ``from`` to ``to`` ('' for a plain space)."""
    if isinstance(edge.spaces, list):
        return list(edge.spaces)
    count = edge.spaces or 0
    return [(edge.pattern[i % len(edge.pattern)] if edge.pattern else "") for i in range(count)]


def ranges(numbers: Iterable[int]) -> str:
    """``[1, 2, 6, 7, 8, 9, 16]`` -> ``'1-2, 6-9, 16'``."""
    out: list[str] = []
    for n in sorted(set(numbers)):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def map_feature(ctx: Context, f: MapFeature, loc: Loc) -> list[BoardOp]:
    kinds = {**DEFAULT_KINDS, **f.kinds}
    roads = {"road": RoadKind(), **f.roads}
    centres = {name: ctx.point(n.at) for name, n in f.nodes.items()}
    for name, node in f.nodes.items():
        if node.kind not in kinds:
            ctx.fail((*loc, "nodes", name, "kind"), _unknown("node kind", node.kind, kinds))
    edges: list[tuple[int, MapEdge]] = []
    for i, raw in enumerate(f.edges):
        edge = parse_edge(raw)
        if edge is None:
            ctx.fail((*loc, "edges", i), f"expected 'a - b' (two-way) or 'a -> b' (one way), found {raw!r}")
            continue
        bad = [end for end in (edge.from_, edge.to) if end not in f.nodes]
        if bad:
            ctx.fail((*loc, "edges", i), _unknown("node", bad[0], f.nodes))
        elif edge.road not in roads:
            ctx.fail((*loc, "edges", i, "road"), _unknown("road kind", edge.road, roads))
        else:
            edges.append((i, edge))
    if ctx.problems:
        return []
    drawn = _nodes(ctx, f, edges, kinds, centres, loc)
    paths = road_paths(ctx, f, edges, centres, roads, drawn)
    ops: list[BoardOp] = []
    for i, edge in edges:
        ops += _edge(ctx, f, edge, paths[i], kinds, roads[edge.road], (*loc, "edges", i))
    for d in drawn.values():
        ops += d.ops
    return ops


def map_routes(ctx: Context, f: MapFeature, loc: Loc) -> dict[int, list[XY]]:
    """Each well-formed edge's drawn polyline (ends, bends), by its index in ``f.edges``: what the
    layout draws, for the checks."""
    return map_drawn(ctx, f, loc)[0]


def map_drawn(ctx: Context, f: MapFeature, loc: Loc) -> tuple[dict[int, list[XY]], dict[str, Drawn]]:
    """The roads' drawn polylines by edge index (as ``map_routes``) and each node as drawn (its
    centre, radius, label and place boxes), by name: what the layout draws, for the checks."""
    kinds = {**DEFAULT_KINDS, **f.kinds}
    roads = {"road": RoadKind(), **f.roads}
    centres = {name: ctx.point(n.at) for name, n in f.nodes.items()}
    edges = [
        (i, e)
        for i, raw in enumerate(f.edges)
        if (e := parse_edge(raw)) is not None and e.from_ in f.nodes and e.to in f.nodes and e.road in roads
    ]
    drawn = _nodes(ctx, f, edges, kinds, centres, loc)
    return road_paths(ctx, f, edges, centres, roads, drawn), drawn


def _nodes(
    ctx: Context,
    f: MapFeature,
    edges: list[tuple[int, MapEdge]],
    kinds: dict[str, NodeKind],
    centres: dict[str, XY],
    loc: Loc,
) -> dict[str, Drawn]:
    neighbours: dict[str, list[int]] = {name: [] for name in f.nodes}
    for _, e in edges:
        for a, b in ((e.from_, e.to), (e.to, e.from_)):
            if isinstance(f.nodes[b].number, int):
                neighbours[a].append(f.nodes[b].number)  # type: ignore[arg-type]
    drawn = {}
    for name, node in f.nodes.items():
        direction = next(
            (_leaving(ctx, e, name, centres) for _, e in edges if name in (e.from_, e.to)), (1.0, 0.0)
        )
        links = ranges(neighbours[name]) if f.links and node.number is not None else None
        drawn[name] = _node(
            ctx, f, node, kinds[node.kind], centres[name], direction, links, (*loc, "nodes", name)
        )
    return drawn


def _leaving(ctx: Context, edge: MapEdge, name: str, centres: dict[str, XY]) -> XY:
    """The direction a road leaves a node in (for a dead end's bar)."""
    pts = [centres[edge.from_], *(ctx.point(p) for p in edge.via), centres[edge.to]]
    return unit(pts[0], pts[1]) if name == edge.from_ else unit(pts[-1], pts[-2])


def _unknown(what: str, name: str, known: Iterable[str]) -> str:
    from generator.schema.messages import suggest

    known = list(known)
    return f"unknown {what} '{name}'{suggest(name, known)}; known: {', '.join(known) or 'none defined'}"


def _edge(
    ctx: Context,
    f: MapFeature,
    edge: MapEdge,
    pts: list[XY],
    kinds: dict[str, NodeKind],
    road: RoadKind,
    loc: Loc,
) -> list[BoardOp]:
    dash = tuple(road.dash) if road.dash else None
    ops: list[BoardOp] = [PolyOp(tuple(pts), road.color, road.width, dash=dash)]
    length = polyline_length(pts)
    count = edge.spaces if isinstance(edge.spaces, int) else len(edge.spaces or ())
    head = max(road.width * 3, mm(3.5))
    if edge.one_way:
        for at in _arrows_at(f, edge, kinds, pts, length, count, head):
            p, u = point_along(pts, at)
            ops.append(arrowhead((p[0] + u[0] * head / 2, p[1] + u[1] * head / 2), u, head, road.color))
    if count:
        ops += _spaces(ctx, f, edge, pts, kinds, count, road, loc)
    if edge.one_way and count and f.arrow_every:
        big = max(road.width * 4, mm(5.5))  # over the squares: larger than a junction's arrow
        for at in _seams(f, edge, kinds, pts, length, count):
            p, u = point_along(pts, at)
            tip = (p[0] + u[0] * big / 2, p[1] + u[1] * big / 2)
            edge_tip = (tip[0] + u[0] * mm(0.7), tip[1] + u[1] * mm(0.7))
            ops.append(arrowhead(edge_tip, u, big + mm(1.4), "#ffffff"))  # a white edge on any square
            ops.append(arrowhead(tip, u, big, road.color))
    return ops


def _seams(
    f: MapFeature, edge: MapEdge, kinds: dict[str, NodeKind], pts: list[XY], length: float, count: int
) -> list[float]:
    """Where along the road the seams carrying ``arrow_every`` arrowheads lie (each drawn over
    the squares either side, with a white edge): after the first space when the road leaves a
    place, and after every ``arrow_every``-th space, never after the last."""
    start, end = _ends(f, edge, kinds, pts)
    step = (length - start - end) / count
    every = f.arrow_every or count
    after = {k for k in range(every, count, every)}
    if kinds[f.nodes[edge.from_].kind].shape not in OPEN and count > 1:
        after.add(1)
    return [start + k * step for k in sorted(after)]


def _ends(f: MapFeature, edge: MapEdge, kinds: dict[str, NodeKind], pts: list[XY]) -> tuple[float, float]:
    """The road each end node takes before the first space and after the last: half its span
    (along the road ``pts``: a rectangle's height where the road leaves it up or down)."""
    a, b = kinds[f.nodes[edge.from_].kind], kinds[f.nodes[edge.to].kind]
    return (_span(a, pts[0], pts[1]) / 2, _span(b, pts[-1], pts[-2]) / 2)


def _span(kind: NodeKind, at: XY, towards: XY) -> float:
    if kind.span is not None:
        return kind.span
    upright = abs(towards[1] - at[1]) > abs(towards[0] - at[0])
    return (kind.height if upright and kind.height is not None else kind.size) + mm(2)


def node_size(kind: NodeKind) -> tuple[float, float]:
    """A node's width and height: ``size`` square, or ``size`` x ``height``."""
    return kind.size, kind.height if kind.height is not None else kind.size


OPEN = ("dot", "bar", "none")
"""Node shapes a road runs up to in the open (junctions, dead ends): room for an arrowhead."""


def _arrows_at(
    f: MapFeature,
    edge: MapEdge,
    kinds: dict[str, NodeKind],
    pts: list[XY],
    length: float,
    count: int,
    head: float,
) -> list[float]:
    """Where along the road (the arrowhead's middle) a one-way road shows its direction: in the
    middle of a road without spaces; between its first two spaces; or with ``arrows: junctions``
    on the free road beside each junction or dead end it touches (between touching spaces it
    would hide under one): none where it touches neither, as between two meets of a route."""
    if not count:
        return [length / 2]
    if f.arrows == "junctions":
        start, end = _ends(f, edge, kinds, pts)
        step = (length - start - end) / count
        w = min(space_size(f.space)[0], step - mm(0.8))
        out = []
        for node, free, from_end in (
            (edge.from_, start + (step - w) / 2, False),
            (edge.to, end + (step - w) / 2, True),
        ):
            kind = kinds[f.nodes[node].kind]
            near = kind.size / 2 if kind.shape == "dot" else 0.0  # where the node's mark ends
            if kind.shape in OPEN and free - near >= head + mm(1):
                mid = (near + free) / 2
                out.append(length - mid if from_end else mid)
        return out
    return [_gap_after(f, edge, kinds, pts, length, count)]


def _gap_after(
    f: MapFeature, edge: MapEdge, kinds: dict[str, NodeKind], pts: list[XY], length: float, count: int
) -> float:
    """Where a one-way arrow goes on a road of spaces: between the first two spaces."""
    start, end = _ends(f, edge, kinds, pts)
    step = (length - start - end) / count
    return start + step * (1 if count > 1 else 0.5)


def _spaces(
    ctx: Context,
    f: MapFeature,
    edge: MapEdge,
    pts: list[XY],
    kinds: dict[str, NodeKind],
    count: int,
    road: RoadKind,
    loc: Loc,
) -> list[BoardOp]:
    start, end = _ends(f, edge, kinds, pts)
    step = (polyline_length(pts) - start - end) / count
    sw, sh = space_size(f.space)
    if step < mm(2):
        ctx.fail((*loc, "spaces"), f"{count} spaces do not fit on this road: it is too short")
        return []
    names = edge_spaces(f, edge)
    ops: list[BoardOp] = []
    for i, kind in enumerate(names):
        if kind and kind not in f.spaces:
            ctx.fail((*loc, "spaces"), _unknown("space kind", kind, f.spaces))
            return []
        p = paint(f.spaces[kind], SPACE_LOOK) if kind else dict(SPACE_LOOK)
        if road.spaces is not None:
            p = paint(road.spaces, p)
        c, u = point_along(pts, start + (i + 0.5) * step)
        w = min(sw, step - mm(0.8))
        box = Box(c[0] - w / 2, c[1] - sh / 2, w, sh)
        angle = angle_of(u)
        dash = tuple(p["dash"]) if p.get("dash") else None
        if f.space_shape == "circle":
            ops.append(EllipseOp(box, p.get("fill"), p.get("stroke"), p["stroke_width"], dash, angle))
        else:
            radius = p.get("radius") or (min(w, sh) * 0.18 if f.space_shape == "rounded" else 0.0)
            ops.append(RectOp(box, p.get("fill"), p.get("stroke"), p["stroke_width"], radius, dash, angle))
        look = f.spaces.get(kind)
        if edge.labels and i < len(edge.labels) and edge.labels[i]:
            ops += stack(
                ctx,
                box,
                f.toward,
                (*loc, "labels"),
                label=edge.labels[i],
                label_size=min(w, sh) * 0.4,
                pad=min(w, sh) * 0.08,
            )
        elif look is not None and look.mark_icon:
            path = ctx.icon(look.mark_icon, (*loc, "spaces"))
            if path is not None:
                r = ctx.reading(box, f.toward)
                ops.append(
                    r.icon(
                        look.mark_icon, path, r.box.inset(min(w, sh) * 0.2), look.mark_color or ctx.spec.color
                    )
                )
        elif look is not None and look.mark:
            text = TextLook(color=look.mark_color)
            ops += stack(
                ctx,
                box,
                f.toward,
                (*loc, "spaces"),
                label=look.mark,
                text=text,
                label_size=min(w, sh) * 0.4,
                pad=min(w, sh) * 0.08,
            )
    return ops


def _node(
    ctx: Context,
    f: MapFeature,
    node: MapNode,
    kind: NodeKind,
    c: XY,
    direction: XY,
    links: str | None,
    loc: Loc,
) -> Drawn:
    w, h = node_size(kind)
    s = min(w, h)
    box = Box(c[0] - w / 2, c[1] - h / 2, w, h)
    p = paint(kind.look, NODE_LOOK)
    ops: list[BoardOp] = []
    if kind.shape in ("circle", "dot"):
        fill = p.get("fill") if kind.shape == "circle" or kind.look.fill else p.get("stroke")
        ops.append(EllipseOp(box, fill, p.get("stroke"), p["stroke_width"]))
    elif kind.shape in ("square", "rounded"):
        radius = p.get("radius") or (s * 0.2 if kind.shape == "rounded" else 0.0)
        ops.append(RectOp(box, p.get("fill"), p.get("stroke"), p["stroke_width"], radius))
    elif kind.shape == "diamond":
        pts = ((c[0], c[1] + s / 2), (c[0] + s / 2, c[1]), (c[0], c[1] - s / 2), (c[0] - s / 2, c[1]))
        ops.append(PolyOp(pts, p.get("stroke"), p["stroke_width"], p.get("fill"), True))
    elif kind.shape == "bar":
        n = right_of(direction)
        a, b = (c[0] + n[0] * s / 2, c[1] + n[1] * s / 2), (c[0] - n[0] * s / 2, c[1] - n[1] * s / 2)
        ops.append(PolyOp((a, b), p.get("stroke") or "#333333", max(s * 0.25, 2.0)))
    icon_color = kind.text.color or ctx.spec.color
    r = ctx.reading(box, f.toward)
    if node.icon:
        path = ctx.icon(node.icon, (*loc, "icon"))
        if path is not None:
            ops.append(r.icon(node.icon, path, r.box.inset(s * 0.18), icon_color))
    elif node.number is not None and kind.shape not in ("bar", "none"):
        ops += stack(
            ctx,
            r.box,
            f.toward,
            loc,
            label=str(node.number),
            text=kind.text,
            label_size=s * 0.5,
            pad=s * 0.12,
            frame=r,
        )
    side = node.label or kind.label
    labels: list[Box] = []
    places: list[Box] = []
    if side != "none" and (node.name or links):
        named = _name(ctx, r, node, kind, side, links, loc)
        if kind.label_backing:
            pad = mm(2)  # 1.3 mm round every glyph still on the 67 % one-sheet map
            ops += [
                RectOp(op.box.inset(-pad), kind.label_backing, None, 0.0, mm(0.8))
                for op in named
                if isinstance(op, TextOp)
            ]
        ops += named
        labels += [op.box for op in named if isinstance(op, TextOp)]
    if kind.place is not None and node.place != "none":
        placed = _place(ctx, f, kind.place, node, box, (*loc, "place"))
        ops += placed
        places += [op.box for op in placed[:1] if isinstance(op, RectOp)]
    radius = s / 2 if kind.shape not in ("bar", "none") else 0.0
    return Drawn(tuple(ops), c, radius, tuple(labels), tuple(places))


def place_boxes(ctx: Context, f: MapFeature, loc: Loc) -> dict[str, Box]:
    """The card place beside each node that has one, as the layout draws it (``loc``: the feature's)."""
    kinds = {**DEFAULT_KINDS, **f.kinds}
    out = {}
    for name, node in f.nodes.items():
        kind = kinds.get(node.kind)
        if kind is None or kind.place is None or node.place == "none":
            continue
        (cx, cy), (w, h) = ctx.point(node.at), node_size(kind)
        nb = Box(cx - w / 2, cy - h / 2, w, h)
        ops = _place(ctx, f, kind.place, node, nb, (*loc, "nodes", name, "place"))
        if ops:
            out[name] = ops[0].box
    return out


def _place(ctx: Context, f: MapFeature, place: NodePlace, node: MapNode, nb: Box, loc: Loc) -> list[BoardOp]:
    """A card-sized zone ``place.gap`` beside the node's box, centred on that side, or centred on
    the node's ``place_at``."""
    w, h = ctx.size(place.size, node.place_orientation or place.orientation, place.padding, loc)
    cx, cy, g = nb.x + nb.w / 2, nb.y + nb.h / 2, place.gap
    if node.place_at is not None:
        px, py = ctx.point(node.place_at)
        x, y = px - w / 2, py - h / 2
    else:
        x, y = {
            "right": (nb.right + g, cy - h / 2),
            "left": (nb.x - g - w, cy - h / 2),
            "above": (cx - w / 2, nb.top + g),
            "below": (cx - w / 2, nb.y - g - h),
        }[node.place or place.side]
    label, note, sizes = place.label, place.note, {}
    if place.numbered and node.number is not None:
        label, note = str(node.number), node.name or note
        # the name kept 1 mm further in than a plain place's text: a long name ("SALT LAKE
        # CITY") fitted to the width would otherwise touch the place's edge
        sizes = {"label_size": min(w, h) * 0.36, "note_size": min(w, h) * 0.2, "pad": mm(3.5)}
    return zone(
        ctx,
        Box(x, y, w, h),
        place.look,
        place.toward if "toward" in place.model_fields_set else f.toward,
        loc,
        label=label,
        note=note,
        icon=place.icon,
        text=place.text,
        **sizes,
    )


def _name(
    ctx: Context, r: Reading, node: MapNode, kind: NodeKind, side: str, links: str | None, loc: Loc
) -> list[BoardOp]:
    nb, gap = r.box, mm(1)
    name_size = kind.name_text.size or 9.0
    lines = (node.name or "").count("\n") + 1
    # a name on several lines keeps its size (stack() gives a label 55 % of the room)
    words = name_size * 1.3 * (1 if lines == 1 else lines / 0.55)
    width, height = max(nb.w * 3, mm(34)), max(mm(14), words + kind.links_size * 1.5)
    cx, cy = nb.x + nb.w / 2, nb.y + nb.h / 2
    region, align, valign = {
        "below": (Box(cx - width / 2, nb.y - gap - height, width, height), "center", "top"),
        "above": (Box(cx - width / 2, nb.top + gap, width, height), "center", "bottom"),
        "left": (Box(nb.x - gap - width, cy - height / 2, width, height), "right", "middle"),
        "right": (Box(nb.right + gap, cy - height / 2, width, height), "left", "middle"),
        "center": (nb, "center", "middle"),
    }[side]
    if node.label_at is not None:
        lx, ly = ctx.point(node.label_at)
        region, align, valign = Box(lx - width / 2, ly - height / 2, width, height), "center", "middle"
    laid = stack(
        ctx,
        region,
        "bottom",
        loc,
        label=node.name,
        note=links,
        text=kind.name_text,
        label_size=kind.name_text.size or 9.0,
        note_size=kind.links_size,
        pad=0.0,
        align=align,
        valign=valign,
        frame=r,
    )
    return [tight(ctx, op) if isinstance(op, TextOp) and not op.rotate else op for op in laid]


def tight(ctx: Context, op: TextOp) -> TextOp:
    """The text op with its box narrowed to the ink's width (what a road must keep off)."""
    runs = op.layout.runs
    if not runs:
        return op
    x0 = min(r.x for r in runs)
    x1 = max(r.x + ctx.fonts.width(r.text, r.face, r.size) for r in runs)
    return replace(op, box=Box(x0 - mm(0.5), op.box.y, x1 - x0 + mm(1), op.box.h))
