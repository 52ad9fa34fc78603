"""Rule "shared-links": two roads of a map drawn along the same stretch read as one road (or as a
junction that is not there). A stretch is shared where the roads' centre lines come closer than
half their two stroke widths plus ``GAP`` of clear ground, heading within ``ALONG`` of each
other, outside the marks of the nodes (a
card or a node's disc hides what is under it), for more than ``SHARED``: roads that leave a node
at too shallow an angle share the stretch until they part, so both cases are one measure.
Judged on the roads as the layout draws them (bends, ``routing: around`` detours); reported
at the first road's line, naming the second's, with the length shared.

An error from ``ONE_ROAD`` shared: two links that read as one mislead the player about which
nodes join (issue 31 lists it with a road through a node); a shorter shared stretch, a fork at a
shallow angle, is a warning."""

from __future__ import annotations

import math
from itertools import combinations, pairwise

from generator.art.fonts import FontBook
from generator.board.ops import XY
from generator.core.units import mm
from generator.load.model import Game
from generator.proof.finding import Finding, board_spot, points_box
from generator.proof.mapgeom import MapView, Road, distance, map_views, mm_text, samples
from generator.proof.parts import Parts
from generator.proof.settings import Settings

GAP = mm(1)
"""Clear ground a reader needs between two strokes to see two lines."""
SHARED = mm(5)
"""A shared stretch this short is where two roads part or cross: no finding."""
ONE_ROAD = mm(15)
"""A shared stretch this long is an error: the two roads read as one. Shorter, it is a warning:
two roads leaving a node at a shallow angle read as a fork, which a designer may accept."""
ALONG = math.radians(25)
"""Roads closer than this in direction run alongside each other; at a wider angle they cross."""
STEP = mm(0.5)


def _alongside(p: XY, u: XY, other: tuple[XY, ...], reach: float) -> bool:
    """Whether the road ``other`` runs within ``reach`` of ``p`` in about the direction ``u``."""
    for a, b in pairwise(other):
        if distance(p, a, b) >= reach:
            continue
        d = math.dist(a, b)
        if d and abs(u[0] * (b[0] - a[0]) + u[1] * (b[1] - a[1])) / d >= math.cos(ALONG):
            return True
    return False


def _bounds(r: Road, grow: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in r.points], [p[1] for p in r.points]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def shared_length(view: MapView, a: Road, b: Road) -> float:
    """How far ``a`` runs within reach of ``b`` in stretches longer than ``SHARED``, outside the
    nodes' marks."""
    return sum(length for length, _ in shared_stretches(view, a, b))


def shared_stretches(view: MapView, a: Road, b: Road) -> list[tuple[float, list[XY]]]:
    """Each stretch longer than ``SHARED`` where ``a`` runs within reach of ``b`` outside the
    nodes' marks: its length and its points along ``a``."""
    reach = (a.kind.width + b.kind.width) / 2 + GAP
    marks = [(d.centre, d.radius) for d in view.nodes.values() if d.radius]
    out: list[tuple[float, list[XY]]] = []
    start, last, points = None, 0.0, []
    for at, p, u in samples(a.points, STEP):
        hidden = any((p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 < r * r for c, r in marks)
        close = not hidden and _alongside(p, u, b.points, reach)
        if close and start is None:
            start, points = at, []
        if close:
            points.append(p)
        if not close and start is not None:
            if last - start > SHARED:
                out.append((last - start, points))
            start = None
        last = at
    if start is not None and last - start > SHARED:
        out.append((last - start, points))
    return out


def view_findings(view: MapView) -> list[Finding]:
    found = []
    for a, b in combinations(view.roads, 2):
        grow = (a.kind.width + b.kind.width) / 2 + GAP
        ba, bb = _bounds(a, grow), _bounds(b, grow)
        if ba[0] > bb[2] or bb[0] > ba[2] or ba[1] > bb[3] or bb[1] > ba[3]:
            continue
        stretches = shared_stretches(view, a, b)
        length = sum(n for n, _ in stretches)
        if not length:
            continue
        grow = max(a.kind.width, b.kind.width)
        spots = tuple(board_spot(view.board.name, points_box(pts, grow)) for _, pts in stretches)
        severity = "error" if length >= ONE_ROAD else "warning"
        found.append(
            Finding(
                "shared-links",
                view.at("edges", a.index),
                (
                    f"road {a.name} and road {b.name} (line {view.line('edges', b.index)}) are drawn "
                    f"along the same {mm_text(length)}: they read as one road; bend one away with 'via' "
                    "points or move a node"
                ),
                severity=severity,
                spots=spots,
            )
        )
    return found


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every map on every board of the game."""
    fonts = FontBook.load(game.font_dirs)
    return [f for board in parts.boards for view in map_views(board, fonts) for f in view_findings(view)]
