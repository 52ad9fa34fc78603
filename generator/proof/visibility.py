"""Rule "visibility": a map's road must show what it is. A dashed road says it differs from the
solid ones (a lane, a long road), so its dashes must show: not more than ``HIDDEN`` of it under the filled
shapes drawn over it (its own and other roads' squares, nodes, places), and not every visible
dash (its length plus the round caps, less what is hidden) shorter than ``SHORTEST``. A road with no spaces of
its own that lies under other filled shapes for more than ``HIDDEN`` of its length is not seen
either (a road with spaces is carried by its squares). Judged on the roads and the filled shapes
drawn after them as the board's layout orders them; reported at the road's line.

Errors: a dash pattern the reader cannot see, or a road hidden for most of its length, prints a
different map from the one the rules describe (issue 31: Entenrallye's short cuts past meets 2
and 3 show their dashes only as 1-2 mm fragments between touching squares)."""

from __future__ import annotations

from generator.art.fonts import FontBook
from generator.board.ops import PolyOp
from generator.core.units import MM, mm
from generator.load.model import Game
from generator.proof.finding import Finding, board_spot, points_box
from generator.proof.mapgeom import MapView, Road, covers, map_views, samples
from generator.proof.parts import Parts
from generator.proof.settings import Settings

SHORTEST = mm(3)
"""A dash that shows less than this reads as a speck, not as a dash."""
HIDDEN = 0.5
"""The share of a road's length (outside its end nodes) that may lie under other shapes."""
STEP = mm(0.2)


def _over(view: MapView, road: Road) -> list:
    """The filled shapes drawn after the road's own stroke (which would hide it)."""
    ops = view.ops
    mine = next(
        (
            k
            for k, op in enumerate(ops)
            if isinstance(op, PolyOp) and op.points == road.points and not op.closed
        ),
        None,
    )
    if mine is None:
        return []
    return [op for op in ops[mine + 1 :] if getattr(op, "fill", None) not in (None, "none")]


def _on(at: float, dash: tuple[float, ...]) -> bool:
    """Whether the pen is down ``at`` along a line stroked with the dash pattern ``dash``."""
    pattern = dash if len(dash) % 2 == 0 else dash * 2
    t = at % sum(pattern)
    for k, part in enumerate(pattern):
        if t < part:
            return k % 2 == 0
        t -= part
    return True


def _runs(flags: list[tuple[float, bool]]) -> list[float]:
    """Lengths of the stretches where the flag holds."""
    out, start, last = [], None, 0.0
    for at, shown in flags:
        if shown and start is None:
            start = at
        if not shown and start is not None:
            out.append(last - start)
            start = None
        last = at
    if start is not None:
        out.append(last - start)
    return out


def road_findings(view: MapView, road: Road) -> list[Finding]:
    over = _over(view, road)
    dash = tuple(road.kind.dash) if road.kind.dash else None
    ends = [view.nodes[n] for n in (road.edge.from_, road.edge.to)]
    # the road runs into its own end nodes by design: judged outside their marks
    points = [
        s
        for s in samples(road.points, STEP)
        if not any((s[1][0] - d.centre[0]) ** 2 + (s[1][1] - d.centre[1]) ** 2 < d.radius**2 for d in ends)
    ]
    if not points:
        return []
    hidden = [any(covers(op, p) for op in over) for _, p, _ in points]
    share = sum(hidden) / len(hidden)
    at = view.at("edges", road.index)
    spots = (board_spot(view.board.name, points_box(road.points, road.kind.width)),)
    if dash:
        flags = [(d, _on(d, dash) and not h) for (d, _, _), h in zip(points, hidden, strict=True)]
        dashes = [r + road.kind.width for r in _runs(flags)]
        short = [d for d in dashes if d < SHORTEST]
        if share <= HIDDEN and len(short) < len(dashes):
            return []
        shown = f"{min(dashes) / MM:.1f}-{max(dashes) / MM:.1f} mm" if dashes else "nothing"
        return [
            Finding(
                "visibility",
                at,
                (
                    f"dashed road {road.name} lies {share:.0%} under squares or nodes drawn over it and "
                    f"{len(short)} of its {len(dashes)} visible dashes are shorter than "
                    f"{SHORTEST / MM:g} mm (they show {shown}): its dashes do not read; lengthen the "
                    "dash, give the road room between its squares, or mark it another way"
                ),
                spots=spots,
            )
        ]
    if not road.edge.spaces and share > HIDDEN:
        return [
            Finding(
                "visibility",
                at,
                (
                    f"road {road.name} lies under other shapes for {share:.0%} of its length outside "
                    "its end nodes: it cannot be seen; route it round them with 'via' points"
                ),
                spots=spots,
            )
        ]
    return []


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every road of every map on every board of the game."""
    fonts = FontBook.load(game.font_dirs)
    return [
        f
        for board in parts.boards
        for view in map_views(board, fonts)
        for road in view.roads
        for f in road_findings(view, road)
    ]
