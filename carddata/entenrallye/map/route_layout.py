"""Lay Entenrallye's route out square by square (run by hand, not by the build).

The board's squares must touch along the road (the pieces stand on them), so every road is laid
on a grid of ``PITCH`` (a 20 mm square and 1 mm of road between squares). Each road is written as
the headings of its steps: the first from its start node to its first square, one per square
after that, the last onto its end node (``R`` right, ``L`` left, ``U`` up, ``D`` down). A road
bends only at the centre of a square, so the squares of a corner touch. A node takes the road
length of its ``span`` (board.yaml's kinds): a junction one square, a meet two.

    .venv/bin/python carddata/entenrallye/map/route_layout.py          # the grid and the checks
    .venv/bin/python carddata/entenrallye/map/route_layout.py --yaml   # nodes' at and edges' via
    .venv/bin/python carddata/entenrallye/map/route_layout.py --seasons  # seasons.yaml

The output is copied into board.yaml (its nodes' ``at`` and edges' ``via``); the board file stays
the one source the printed board and the rules read. ``tests/test_entenrallye_board.py`` checks
that every square of the board touches its neighbours.
"""

from __future__ import annotations

import math
import sys

PITCH = 21.0  # mm: square 20 mm + 1 mm
X0, Y0 = 24.0, 38.0  # mm: grid column 0, row 0 (rows run from -1 to 17)
SPAN = {
    "junction": 1.0,
    "meet": 2.0,
    "start": 2.0,
    "workshop": 42 / PITCH,
    "station": 42 / PITCH,
    "dead-end": 10 / PITCH,
}  # road length a node takes, in squares (board.yaml's span or size + 2 mm)
UPRIGHT = {"workshop": 30 / PITCH, "station": 30 / PITCH}
"""The span of a 40 x 28 mm rectangle (stations, workshops) for a road that leaves it up or down:
its height + 2 mm (board.yaml's ``height``; issue 32: room for six 18 x 9 mm car bases)."""
HEAD = {"R": (1, 0), "L": (-1, 0), "U": (0, -1), "D": (0, 1)}

KIND = {
    "start": "start",
    "meet1": "meet",
    "meet2": "meet",
    "meet3": "meet",
    "meet4": "meet",
    "tuev": "station",
    "asu": "station",
    "tuev-workshop": "workshop",
    "asu-workshop": "workshop",
    "tuev-minus": "dead-end",
    "asu-minus": "dead-end",
}
# Where the first nodes stand (grid units); the others follow from the roads.
FIXED = {
    "start": (0.0, 4.5),
    "tuev-minus": (17.0 + 15.5 / PITCH, -1.0),  # the 40 mm wide workshop keeps its road's squares
    # the ASU workshop and its minus squares under the route's first row, 79 mm and two roads
    # away from the ASU station (they stood 16 mm above it; issue 32); its minus squares 22 mm
    # apart, so that no tile seam (A4 x = 146 mm) cuts a label in half
    "asu-workshop": (10.0, 6.0 - 4.5 / PITCH),
    "asu-minus": (10.0 - (21 + 6 * 22 + 5) / PITCH, 6.0 - 4.5 / PITCH),
}

# (from, to, squares, headings; None: a straight road, its squares spread: the short cuts and the
# ASU minus squares) in board.yaml's order
ROADS: list[tuple[str, str, int, str | None]] = [
    ("start", "meet1", 8, "URRRRRRRR"),
    ("meet1", "tuev-turn", 5, "RRRRRR"),
    ("tuev-turn", "tuev", 2, "DDD"),
    ("tuev-turn", "tuev-join", 3, "RRRR"),
    ("tuev-join", "meet2-split", 2, "RDD"),
    ("meet2-split", "meet2", 4, "LLDDD"),
    ("meet2", "meet2-join", 4, "DDDRR"),
    ("meet2-split", "meet2-join", 5, None),
    ("meet2-join", "meet3-split", 3, "DDLL"),
    ("meet3-split", "meet3", 5, "DDDLLL"),
    ("meet3", "meet3-join", 4, "LLUUU"),
    ("meet3-split", "meet3-join", 5, None),
    ("meet3-join", "asu-turn", 5, "LLLLLL"),
    ("asu-turn", "asu", 2, "UUU"),
    ("asu-turn", "asu-join", 4, "LLLLL"),
    ("asu-join", "meet4", 6, "DDDRRRR"),
    ("tuev-minus", "tuev-workshop", 6, "LLLLLLL"),
    ("tuev-workshop", "tuev-join", 32, "L" * 10 + "DD" + "R" * 19 + "DD"),
    ("asu-minus", "asu-workshop", 6, None),
    ("asu-workshop", "asu-join", 28, "D" + "RRR" + "DDDDD" + "LLLLL" + "UUU" + "L" * 7 + "DDDD" + "D"),
]


def kind(name: str) -> str:
    return KIND.get(name, "junction")


def span(name: str, heading: str = "R") -> float:
    """The road length node ``name`` takes (squares) for a road leaving it along ``heading``."""
    if heading in "UD" and kind(name) in UPRIGHT:
        return UPRIGHT[kind(name)]
    return SPAN[kind(name)]


def lay(fixed: dict[str, tuple[float, float]], roads: list[tuple[str, str, int, str | None]]):
    """Node centres, each road's squares and bends (grid units), and the problems found."""
    at = dict(fixed)
    squares: list[list[tuple[float, float]]] = []
    bends: list[list[tuple[float, float]]] = []
    problems = []
    for a, b, count, moves in roads:
        if a not in at:
            problems.append(f"{a}: not placed before the road {a} - {b}")
            squares.append([])
            bends.append([])
            continue
        if moves is None:  # a straight lane: spread along the line
            p, q = at[a], at[b]
            d = math.dist(p, q)
            free = d - span(a) / 2 - span(b) / 2
            if free < count - 1e-6:
                problems.append(f"lane {a} - {b}: {count} squares need {count}, found {free:.2f}")
            u = ((q[0] - p[0]) / d, (q[1] - p[1]) / d)
            step = free / count
            s0 = span(a) / 2
            squares.append(
                [
                    (p[0] + u[0] * (s0 + (i + 0.5) * step), p[1] + u[1] * (s0 + (i + 0.5) * step))
                    for i in range(count)
                ]
            )
            bends.append([])
            continue
        if len(moves) != count + 1:
            problems.append(f"{a} - {b}: {count} squares need {count + 1} headings, found {len(moves)}")
        x, y = at[a]
        pts, turns = [], []
        for i, h in enumerate(moves):
            dx, dy = HEAD[h]
            step = span(a, h) / 2 + 0.5 if i == 0 else 1.0
            if i == len(moves) - 1:
                step = (0.5 if i else span(a, h) / 2) + span(b, h) / 2
            if i > 0 and h != moves[i - 1]:
                turns.append((x, y))
            x, y = x + dx * step, y + dy * step
            if i < len(moves) - 1:
                pts.append((x, y))
        squares.append(pts)
        bends.append(turns)
        if b in at:
            if math.dist(at[b], (x, y)) > 1e-6:
                problems.append(f"{a} - {b} ends at ({x:g}, {y:g}), but {b} is at {at[b]}")
        else:
            at[b] = (x, y)
    return at, squares, bends, problems


def crowding(at, squares) -> list[str]:
    """Squares and nodes of different roads less than about 9 mm apart (so two roads never read as
    one), with the gap; a junction's own squares may meet at their corners round it."""
    items = [(n, p, (span(n), span(n, "D")), {n}) for n, p in at.items() if kind(n) != "junction"]
    for (a, b, _, _), pts in zip(ROADS, squares, strict=True):
        items += [(f"road {a}-{b} square {i + 1}", p, (1.0, 1.0), {a, b}) for i, p in enumerate(pts)]
    out = []
    for i, (na, pa, sa, ea) in enumerate(items):
        for nb, pb, sb, eb in items[i + 1 :]:
            if na.split(" square")[0] == nb.split(" square")[0] or (ea & eb and (na in eb or nb in ea)):
                continue
            gap = max(
                abs(pa[0] - pb[0]) - (sa[0] + sb[0]) / 2 * (20 / 21),
                abs(pa[1] - pb[1]) - (sa[1] + sb[1]) / 2 * (20 / 21),
            )
            near = [
                j
                for j in ea & eb
                if kind(j) == "junction" and max(math.dist(pa, at[j]), math.dist(pb, at[j])) < 1.5
            ]
            if gap < 0.45 and not near:
                out.append(f"{na} {pa} and {nb} {pb}: {gap * PITCH:.1f} mm apart")
    return out


def mm(p: tuple[float, float]) -> str:
    return f"[{X0 + p[0] * PITCH:g}mm, {Y0 + p[1] * PITCH:g}mm]"


def picture(at, squares) -> str:
    cells = {}
    for k, pts in enumerate(squares):
        for p in pts:
            cells[(round(p[0] * 2), round(p[1] * 2))] = "0123456789abcdefghijklmnop"[k]
    for n, p in at.items():
        mark = {"junction": "+", "dead-end": "|"}.get(kind(n), n[0].upper())
        cells[(round(p[0] * 2), round(p[1] * 2))] = mark
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        row = (cells.get((x, y), " " if (x % 2 or y % 2) else ".") for x in range(min(xs), max(xs) + 1))
        rows.append("".join(row))
    return "\n".join(rows)


def main(args: list[str]) -> None:
    at, squares, bends, problems = lay(FIXED, ROADS)
    if "--seasons" in args:
        from pathlib import Path

        write_seasons(Path(__file__).parent)
        return
    if "--yaml" in args:
        for n, p in at.items():
            print(f"{n}: at {mm(p)}")
        for (a, b, _, _), turns in zip(ROADS, bends, strict=True):
            print(f"{a} -> {b}: via [{', '.join(mm(t) for t in turns)}]")
        return
    print(picture(at, squares))
    for p in problems + crowding(at, squares):
        print(p)


# The seasons under the route (board mm): a rounded patch round the months each part of the
# route is driven in, its edge gently waved; written to seasons.yaml by --seasons.
SEASONS = {  # name: (fill, patches as centre x, y and half-axes a, b)
    "winter": ("#e3ebf3", [(138, 90, 134, 86), (60, 362, 56, 54)]),  # January-February; December
    "spring": ("#e1eed5", [(372, 96, 84, 92)]),  # March-May: the TöV
    "summer": ("#f5ecc4", [(382, 306, 74, 110)]),  # June-August: meets 2 and 3
    "autumn": ("#f4dfc8", [(196, 282, 104, 122)]),  # September-November: the ASU
}


def patch(cx: float, cy: float, a: float, b: float, n: int = 72) -> list[tuple[float, float]]:
    """A superellipse (power 4) about (cx, cy) with half-axes a, b, its edge waved by 2 %, kept
    on the route's part of the board (x 3-457 mm, y 3-417 mm)."""
    out = []
    for k in range(n):
        t = 2 * math.pi * k / n
        c, s = math.cos(t), math.sin(t)
        wave = 1 + 0.02 * math.sin(5 * t + cx / 40)
        x = cx + a * wave * math.copysign(abs(c) ** 0.5, c)
        y = cy + b * wave * math.copysign(abs(s) ** 0.5, s)
        out.append((round(min(max(x, 3.0), 457.0), 1), round(min(max(y, 3.0), 417.0), 1)))
    return out


def write_seasons(folder) -> None:
    lines = ["# The seasons under Entenrallye's route, written by route_layout.py --seasons.", "outlines:"]
    for name, (fill, patches) in SEASONS.items():
        for i, p in enumerate(patches):
            pts = ", ".join(f"[{x:g}mm, {y:g}mm]" for x, y in patch(*p))
            lines += [f"  - name: {name}-{i + 1}", f'    fill: "{fill}"', f"    points: [{pts}]"]
    (folder / "seasons.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
