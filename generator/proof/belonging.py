"""Rule "belonging": what belongs to a node of a map (its card place, set with ``place_at`` or
beside it; its name and the numbers it reaches, under or beside it) must read as its own: lie
nearer to it than to any other node, within ``NEAR`` of its mark, and not across a road that
does not end at it or another node's mark. Measured from the node's mark (centre less radius)
to the nearest point of the place's or label's box, as the layout draws them; reported at the
node's line, naming the nearer node.

Severity: a place or label nearer another node is an error (the player reads it as that node's:
it misleads); one that is only far, or reached across a road or a node, is a warning (the
numbering still ties it to its node, and the designer may have had no room nearer)."""

from __future__ import annotations

import math

from generator.art.fonts import FontBook
from generator.board.ops import XY
from generator.core.geometry import Box
from generator.core.units import MM, mm
from generator.load.model import Game
from generator.proof.finding import Finding, board_spot
from generator.proof.mapgeom import MapView, map_views, node_box
from generator.proof.parts import Parts
from generator.proof.settings import Settings

NEAR = mm(15)
"""The farthest a node's place or label may lie from its mark."""


def _nearest(box: Box, c: XY) -> XY:
    """The point of ``box`` nearest to ``c``."""
    return (min(max(c[0], box.x), box.right), min(max(c[1], box.y), box.top))


def _gap(box: Box, c: XY, radius: float) -> float:
    return max(0.0, math.dist(_nearest(box, c), c) - radius)


def _across(view: MapView, name: str, a: XY, b: XY) -> str | None:
    """What the tie from the node ``name`` at ``a`` to its box at ``b`` crosses: another node's
    mark or a road that does not end at ``name``."""
    for other, d in view.nodes.items():
        if other != name and d.radius and _passes(a, b, d.centre, d.radius):
            return f"node '{other}'"
    for road in view.roads:
        if name in (road.edge.from_, road.edge.to):
            continue
        for p, q in zip(road.points, road.points[1:], strict=False):
            if _cross(a, b, p, q):
                return f"road {road.name}"
    return None


def _passes(a: XY, b: XY, c: XY, r: float) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if not n else max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / n))
    return math.hypot(a[0] + t * dx - c[0], a[1] + t * dy - c[1]) < r


def _cross(a: XY, b: XY, p: XY, q: XY) -> bool:
    def side(u: XY, v: XY, w: XY) -> float:
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    return side(a, b, p) * side(a, b, q) < 0 and side(p, q, a) * side(p, q, b) < 0


def view_findings(view: MapView) -> list[Finding]:
    found = []
    for name, d in view.nodes.items():
        if not d.radius:
            continue
        owned = [("card place", b) for b in d.places] + [("label", b) for b in d.labels]
        for what, box in owned:
            gap = _gap(box, d.centre, d.radius)
            others = [
                (o, _gap(box, e.centre, e.radius)) for o, e in view.nodes.items() if o != name and e.radius
            ]
            nearer = min((o for o in others if o[1] < gap), key=lambda o: o[1], default=None)
            tip = _nearest(box, d.centre)
            edge = (d.centre[0] + (tip[0] - d.centre[0]), d.centre[1] + (tip[1] - d.centre[1]))
            across = _across(view, name, d.centre, edge) if gap > 0 else None
            if nearer is None and gap <= NEAR and across is None:
                continue
            problems = []
            if nearer is not None:
                there = view.line("nodes", nearer[0])
                problems.append(f"nearer node '{nearer[0]}' (line {there}, {nearer[1] / MM:.0f} mm)")
            if gap > NEAR:
                problems.append(f"farther than {NEAR / MM:g} mm")
            if across is not None:
                problems.append(f"reached across {across}")
            found.append(
                Finding(
                    "belonging",
                    view.at("nodes", name),
                    (
                        f"the {what} of node '{name}' lies {gap / MM:.0f} mm from it, "
                        f"{', '.join(problems)}: it may not read as its own; "
                        + ("move it next to its node (place_at)" if what == "card place" else "move the node")
                    ),
                    severity="error" if nearer is not None else "warning",
                    spots=(board_spot(view.board.name, box), board_spot(view.board.name, node_box(d))),
                )
            )
    return found


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every node of every map on every board of the game."""
    fonts = FontBook.load(game.font_dirs)
    return [f for board in parts.boards for view in map_views(board, fonts) for f in view_findings(view)]
