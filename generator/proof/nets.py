"""Rule "nets": a folding net (a die, a box) must close and carry exactly one glue tab per seam.

A net is recognised on a laid-out face by its geometry: rectangles joined edge to edge along
whole edges (the panels; four or more, joined without loops) with at least one glue tab, a
smaller rectangle lying against a panel's free edge from outside. The panels are folded in 3D,
every joint by 90 degrees to the same side, as a box folds; two free edges that then meet form
a seam. The net closes when every free edge meets exactly one other and no two panels land on
each other. Located at the template element of the tab (two on one seam) or of the panel (a
seam without a tab, an edge left open)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from itertools import combinations

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.core.units import mm
from generator.layout.ops import RectOp
from generator.load.model import Deck, Game
from generator.proof.finding import Finding, face_spot, points_box
from generator.proof.parts import Parts
from generator.proof.settings import Settings

EPS = 0.05
"""Points within this are the same (template lengths in mm land on fractions of a point)."""
Vec = tuple[float, float, float]
Panel = tuple[Box, object]


def _eq(a: float, b: float) -> bool:
    return abs(a - b) <= EPS


def _joint(a: Box, b: Box) -> tuple[str, float] | None:
    """The whole edge ``a`` and ``b`` share: ('x', c) for the line x = c, ('y', c), or None."""
    for lo, hi in ((a, b), (b, a)):
        if _eq(lo.right, hi.x) and _eq(lo.y, hi.y) and _eq(lo.h, hi.h):
            return ("x", hi.x)
        if _eq(lo.top, hi.y) and _eq(lo.x, hi.x) and _eq(lo.w, hi.w):
            return ("y", hi.y)
    return None


def _edges(b: Box) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    return {
        "bottom": ((b.x, b.y), (b.right, b.y)),
        "top": ((b.x, b.top), (b.right, b.top)),
        "left": ((b.x, b.y), (b.x, b.top)),
        "right": ((b.right, b.y), (b.right, b.top)),
    }


def _touches(tab: Box, face: Box, side: str) -> bool:
    """Whether ``tab`` lies against ``face``'s ``side`` edge from outside, along part of it."""
    if side in ("top", "bottom"):
        line = _eq(tab.y, face.top) if side == "top" else _eq(tab.top, face.y)
        return line and min(tab.right, face.right) - max(tab.x, face.x) > EPS and tab.h < face.h
    line = _eq(tab.x, face.right) if side == "right" else _eq(tab.right, face.x)
    return line and min(tab.top, face.top) - max(tab.y, face.y) > EPS and tab.w < face.w


def _add(a: Vec, b: Vec, k: float = 1.0) -> Vec:
    return (a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2])


def _scale(a: Vec, k: float) -> Vec:
    return (k * a[0], k * a[1], k * a[2])


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def fold(boxes: list[Box], joints: dict[int, list[tuple[int, str, float]]]) -> list[tuple[Vec, Vec, Vec]]:
    """Each panel's place in 3D, as (origin, x axis, y axis): a sheet point (x, y) of panel i
    lands at origin + x * ax + y * ay. Panel 0 stays flat; every joint folds by 90 degrees
    toward the inside (ax x ay), as a box folds with its printed side out."""
    placed: dict[int, tuple[Vec, Vec, Vec]] = {0: ((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0))}
    todo = [0]
    while todo:
        i = todo.pop(0)
        o, ax, ay = placed[i]
        inward = _cross(ax, ay)
        for j, axis, c in joints[i]:
            if j in placed:
                continue
            if axis == "x":
                s = 1.0 if boxes[j].x >= c - EPS else -1.0
                placed[j] = (_add(_add(o, ax, c), inward, -s * c), _scale(inward, s), ay)
            else:
                s = 1.0 if boxes[j].y >= c - EPS else -1.0
                placed[j] = (_add(_add(o, ay, c), inward, -s * c), ax, _scale(inward, s))
            todo.append(j)
    return [placed[i] for i in range(len(boxes))]


def _key(points: list[Vec]) -> tuple:
    return tuple(sorted(tuple(round(v / 0.5) for v in p) for p in points))


def _at(frame: tuple[Vec, Vec, Vec], p: tuple[float, float]) -> Vec:
    o, ax, ay = frame
    return _add(_add(o, ax, p[0]), ay, p[1])


_AXIS = {"left": "x", "right": "x", "bottom": "y", "top": "y"}
_SIDE = {"left": "x", "right": "right", "bottom": "y", "top": "top"}


def _line(origin) -> str:
    return f"line {getattr(origin, 'line', '?')}"


def net_findings(panels: list[Panel], tabs: list[Panel], title: str) -> list[Finding]:
    """Findings for one net: its panels (boxes joined edge to edge) and every tab candidate."""
    boxes = [b for b, _ in panels]
    joints: dict[int, list[tuple[int, str, float]]] = defaultdict(list)
    for i, j in combinations(range(len(boxes)), 2):
        joint = _joint(boxes[i], boxes[j])
        if joint:
            joints[i].append((j, *joint))
            joints[j].append((i, *joint))
    frames = fold(boxes, joints)
    found: list[Finding] = []
    places = {
        _key([_at(f, c) for c in ((b.x, b.y), (b.right, b.top), (b.x, b.top))])
        for f, b in zip(frames, boxes, strict=True)
    }
    if len(places) < len(boxes):
        message = f"the net '{title}' does not fold: two panels land on each other"
        found.append(Finding("nets", panels[0][1], message))
    free: dict[tuple, list[tuple[int, str]]] = defaultdict(list)
    for i, b in enumerate(boxes):
        for side, (p, q) in _edges(b).items():
            if any(a == _AXIS[side] and _eq(c, getattr(b, _SIDE[side])) for _, a, c in joints[i]):
                continue
            free[_key([_at(frames[i], p), _at(frames[i], q)])].append((i, side))
    for edges in free.values():
        named = " and ".join(f"the {side} edge of the panel at {_line(panels[i][1])}" for i, side in edges)
        if len(edges) != 2:
            found.append(
                Finding(
                    "nets",
                    panels[edges[0][0]][1],
                    (f"the net '{title}' does not close: {named} meets no other edge when folded"),
                )
            )
            continue
        on = [t for t in tabs if any(_touches(t[0], boxes[i], side) for i, side in edges)]
        if len(on) == 1:
            continue
        if not on:
            found.append(
                Finding(
                    "nets",
                    panels[edges[0][0]][1],
                    (
                        f"the net '{title}': the seam where {named} meet has no glue tab: "
                        "add one on either edge"
                    ),
                )
            )
        else:
            lines = ", ".join(_line(o) for _, o in on)
            found.append(
                Finding(
                    "nets",
                    on[1][1],
                    (
                        f"the net '{title}': the seam where {named} meet has {len(on)} glue tabs ({lines}): "
                        "keep one"
                    ),
                )
            )
    return found


def face_nets(rects: list[Panel]) -> list[tuple[list[Panel], list[Panel]]]:
    """The nets among a face's rectangles: (panels, tab candidates) per net, panels in the
    order drawn. A group of panels joined in a loop (a table's cells) or with no tab is no net."""
    n = len(rects)
    links = {i: [j for j in range(n) if j != i and _joint(rects[i][0], rects[j][0])] for i in range(n)}
    seen: set[int] = set()
    nets = []
    for start in range(n):
        if start in seen or not links[start]:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            for j in links[i]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        edges = sum(len(links[i]) for i in group) // 2
        if len(group) < 4 or edges != len(group) - 1:
            continue
        group.sort()
        panels = [rects[i] for i in group]
        others = [rects[i] for i in range(n) if i not in group]
        tabs = [
            t
            for t in others
            if any(_touches(t[0], b, s) for b, _ in panels for s in ("top", "bottom", "left", "right"))
        ]
        if tabs:
            nets.append((panels, tabs))
    return nets


def _deck_findings(game: Game, deck: Deck, fonts: FontBook) -> list[Finding]:
    from generator.layout.card import LayoutProblem
    from generator.layout.deck import DeckFaces

    layouter = DeckFaces(game, deck, fonts, mm(3)).front
    origins = layouter.template.element_origins
    found: list[Finding] = []
    for card in deck.cards:
        values = card.values()
        rects: list[Panel] = []
        for i in range(len(layouter.template.elements)):
            try:
                ops = layouter.element_ops(i, values, card.type)
            except LayoutProblem:  # reported by check's own layout of the faces
                continue
            rects += [(op.box, origins[i]) for op in ops if isinstance(op, RectOp) and not op.rotate]
        for panels, tabs in face_nets(rects):
            corners = [c for b, _ in panels for c in ((b.x, b.y), (b.right, b.top))]
            spot = face_spot(deck, card, "front", points_box(corners))
            found += [
                replace(f, spots=(spot,)) for f in net_findings(panels, tabs, card.name) if f not in found
            ]
    return found


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every net drawn on a component group's faces."""
    from generator.components.notes import groups_of

    fonts = FontBook.load(game.font_dirs)
    found: list[Finding] = []
    for _, value in parts.components:
        for group in groups_of(value):
            found += _deck_findings(game, group.deck, fonts)
    return found
