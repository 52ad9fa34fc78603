"""Rule "links": on a board's map, a drawn road that passes through a node it does not join
reads as a link that does not exist, one that runs through a label strikes it out, and one that
runs under a node's card place is hidden by the card laid there; two labels that collide cannot
be read. Judged on the board's own geometry (the node centres and road bends the layout draws)
and on the label and place boxes its layout makes; located at the road's line (for collisions,
the line of the node nearest the labels), naming the node's or label's line."""

from __future__ import annotations

import math
from itertools import combinations, pairwise

from generator.art.fonts import FontBook
from generator.board.context import Context
from generator.board.layout import layout_board
from generator.board.maps import DEFAULT_KINDS, map_routes, parse_edge, place_boxes
from generator.board.model import Board
from generator.board.ops import XY
from generator.board.track import space_size
from generator.core.geometry import segment_in_box
from generator.layout.ops import TextOp
from generator.load.model import Game, Origin
from generator.proof.finding import Finding, board_spot
from generator.proof.parts import Parts
from generator.proof.settings import Settings
from generator.schema.board import MapFeature


def _distance(p: XY, a: XY, b: XY) -> float:
    """From ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _crosses(a: XY, b: XY, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment a-b passes through the inside of ``box`` (not only touches it)."""
    inside = segment_in_box(a, b, box)
    return inside is not None and inside[1] - inside[0] > 1e-6


def _disc(c: XY, r: float) -> tuple[float, float, float, float]:
    return (c[0] - r, c[1] - r, c[0] + r, c[1] + r)


def _at(board: Board, *loc) -> Origin:
    return Origin(board.doc.file, *board.doc.mark(loc))


def _text(op: TextOp) -> str:
    return "".join(r.text for r in op.layout.runs)


def _collisions(
    board: Board, i: int, f: MapFeature, centres: dict[str, XY], labels: list[TextOp]
) -> list[Finding]:
    """Pairs of the map's labels whose boxes overlap, each at the node nearest the first."""
    found = []
    for a, b in combinations(labels, 2):
        x, y = a.box, b.box
        if min(x.right, y.right) - max(x.x, y.x) <= 0.5 or min(x.top, y.top) - max(x.y, y.y) <= 0.5:
            continue
        if _text(a) == _text(b):
            continue
        mid = (x.x + x.w / 2, x.y + x.h / 2)
        near = min(centres, key=lambda n: math.hypot(centres[n][0] - mid[0], centres[n][1] - mid[1]))
        found.append(
            Finding(
                "links",
                _at(board, "features", i, "nodes", near),
                (
                    f"map labels '{_text(a)}' and '{_text(b)}' collide near node '{near}': neither reads "
                    "whole; move a label (label: above/below/left/right) or the node"
                ),
                spots=(board_spot(board.name, x), board_spot(board.name, y)),
            )
        )
    return found


def _map_findings(board: Board, i: int, f: MapFeature, ctx: Context, labels: list[TextOp]) -> list[Finding]:
    kinds = {**DEFAULT_KINDS, **f.kinds}
    centres = {name: ctx.point(n.at) for name, n in f.nodes.items()}
    places = place_boxes(ctx, f, ("features", i))
    found = _collisions(board, i, f, centres, labels)
    routes = map_routes(ctx, f, ("features", i))  # the roads as drawn, bends and all
    for j, raw in enumerate(f.edges):
        edge = parse_edge(raw)
        if edge is None or edge.from_ not in f.nodes or edge.to not in f.nodes:
            continue
        pts = routes.get(j) or [centres[edge.from_], *(ctx.point(p) for p in edge.via), centres[edge.to]]
        segments = list(pairwise(pts))
        road = _at(board, "features", i, "edges", j)
        ends = {edge.from_, edge.to}
        for name, node in f.nodes.items():
            kind = kinds.get(node.kind)
            if name in ends or kind is None or kind.shape == "none":
                continue
            if any(_distance(centres[name], a, b) < kind.size / 2 for a, b in segments):
                there = _at(board, "features", i, "nodes", name)
                found.append(
                    Finding(
                        "links",
                        road,
                        (
                            f"road {edge.from_} - {edge.to} passes through node '{name}' "
                            f"(line {there.line}), "
                            "which it does not join: it reads as a link that does not exist; bend it round "
                            "with 'via' points or move the node"
                        ),
                        spots=(board_spot(board.name, _disc(centres[name], kind.size / 2)),),
                    )
                )
        for name, box in places.items():
            inner = (box.x + 0.5, box.y + 0.5, box.right - 0.5, box.top - 0.5)
            if any(_crosses(a, b, inner) for a, b in segments):
                there = _at(board, "features", i, "nodes", name)
                found.append(
                    Finding(
                        "links",
                        road,
                        (
                            f"road {edge.from_} - {edge.to} runs under the card place of node '{name}' "
                            f"(line {there.line}): the card laid there hides it; "
                            "put the place on another side "
                            "(place: left/right/above/below) or bend the road with 'via' points"
                        ),
                        spots=(board_spot(board.name, box),),
                    )
                )
        inside = [centres[e] for e in ends]
        half = min(space_size(f.space)) / 2 if edge.labels else 0.0
        struck, spots = [], []
        for label in labels:
            b = label.box
            if any(b.x <= c[0] <= b.right and b.y <= c[1] <= b.top for c in inside):
                continue  # the node's own number, drawn over its road's end
            middle = (b.x + b.w / 2, b.y + b.h / 2)
            if half and any(_distance(middle, a, c) < half for a, c in segments):
                continue  # written in one of this road's own spaces
            box = (b.x + 0.5, b.y + 0.5, b.right - 0.5, b.top - 0.5)
            if any(_crosses(a, c, box) for a, c in segments):
                struck.append("".join(r.text for r in label.layout.runs))
                spots.append(board_spot(board.name, b))
        if struck:
            more = f" and {len(struck) - 4} more" if len(struck) > 4 else ""
            shown = ", ".join(f"'{t}'" for t in struck[:4]) + more
            found.append(
                Finding(
                    "links",
                    road,
                    (
                        f"road {edge.from_} - {edge.to} runs through {len(struck)} label(s) "
                        f"of the map: {shown}: "
                        "move the labels or bend the road with 'via' points"
                    ),
                    spots=tuple(spots),
                )
            )
    return found


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every map on every board of the game."""
    fonts = FontBook.load(game.font_dirs)
    found = []
    for board in parts.boards:
        ctx = Context(board, fonts)
        ops = layout_board(board, fonts).ops
        for i, feature in enumerate(board.spec.features):
            if isinstance(feature, MapFeature):
                origin = _at(board, "features", i)
                labels = [op for op in ops if isinstance(op, TextOp) and op.origin == origin]
                found += _map_findings(board, i, feature, ctx, labels)
    return found
