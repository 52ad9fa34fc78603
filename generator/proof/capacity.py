"""Rule "capacity": the pieces the rules put on one space together must all stand there. A
``stands_on`` entry says how many one cell must hold (``{cell: board.route.start, holds: 6}``:
Entenrallye's rulebook puts every car on the starting square, and lets more than one car share a
square); the cell holds as many footprints (``fit.footprint``) as fit side by side in rows,
turned if that fits more, inside it with ``proof.fit_margin`` to spare at its edge (a round
footprint counts as its square; a round cell as the rows inside its disc). Located at the
``stands_on`` entry.

A group of pieces that stand on a board (standees, counters) and say nothing about where
(no ``stands_on``; ``stands_on: []`` says they stand on no board) is never tested by the fit rule:
a warning, on a game with boards, at the group's line.

Severity: pieces that cannot all stand where the rules put them are an error (issue 31: "pieces
that cannot stand"); an undeclared group a warning, since it may stand off the board."""

from __future__ import annotations

import math

from generator.art.fonts import FontBook
from generator.core.units import MM
from generator.load.model import Game, Origin
from generator.proof.finding import Finding
from generator.proof.fit import Shape, cell_of, cell_spots, footprint, kit_groups
from generator.proof.parts import Parts
from generator.proof.settings import Settings

PIECES = ("standee", "counter")
"""Component kinds that stand on a board when a game has one."""
EPS = 1e-6


def _in_rows(w: float, h: float, room_w: float, room_h: float) -> int:
    return max(0, math.floor(room_w / w + EPS)) * max(0, math.floor(room_h / h + EPS))


def _in_disc(w: float, h: float, diameter: float) -> int:
    """Most w x h rectangles of a grid (trying its offsets) that lie inside a disc."""
    r = diameter / 2
    best = 0
    for ox in (0.0, 0.5):
        for oy in (0.0, 0.5):
            n = 0
            k = math.ceil(r / min(w, h)) + 1
            for i in range(-k, k + 1):
                for j in range(-k, k + 1):
                    x0, y0 = (i + ox) * w - w / 2, (j + oy) * h - h / 2
                    corners = ((x0, y0), (x0 + w, y0), (x0, y0 + h), (x0 + w, y0 + h))
                    n += all(math.hypot(x, y) <= r + EPS for x, y in corners)
            best = max(best, n)
    return best


def how_many(piece: Shape, cell: Shape, margin: float) -> int:
    """How many ``piece`` footprints stand in ``cell`` at once, ``margin`` to spare at its edge."""
    w, h = piece.width, piece.height
    if cell.round:
        d = min(cell.width, cell.height) - margin
        return max(_in_disc(w, h, d), _in_disc(h, w, d))
    rw, rh = cell.width - margin, cell.height - margin
    return max(_in_rows(w, h, rw, rh), _in_rows(h, w, rw, rh))


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every component group's ``stands_on`` capacity, and undeclared pieces."""
    boards = {b.name: b for b in parts.boards}
    fonts = FontBook.load(game.font_dirs)
    found = []
    for doc, i, raw, group in kit_groups(parts):
        entries = raw.get("stands_on")
        if entries is None:
            if boards and group.kind in PIECES:
                found.append(
                    Finding(
                        "capacity",
                        Origin(doc.file, *doc.mark(("groups", i))),
                        (
                            f"the {group.kind}s '{group.title}' do not say where they stand: add "
                            "stands_on (board.feature[.kind], with holds: N where the rules put N "
                            "together), or stands_on: [] when they stand on no board"
                        ),
                        severity="warning",
                    )
                )
            continue
        for k, entry in enumerate(entries):
            holds = int(entry.get("holds", 1)) if isinstance(entry, dict) else 1  # validated
            target = str(entry.get("cell", "")) if isinstance(entry, dict) else str(entry)
            name, _, rest = target.partition(".")
            board = boards.get(name)
            if holds <= 1 or board is None or not rest:
                continue  # one piece, or a target the fit rule reports
            cell = cell_of(board, rest.split("."))
            if isinstance(cell, str):
                continue
            shape, where, line = cell
            n = how_many(footprint(group), shape, settings.fit_margin)
            if n >= holds:
                continue
            found.append(
                Finding(
                    "capacity",
                    Origin(doc.file, *doc.mark(("groups", i, "stands_on", k))),
                    (
                        f"the {shape.text()} {where} (line {line}) holds {n} of the {holds} "
                        f"{footprint(group).text()} pieces of '{group.title}' that must stand there "
                        f"together (with {settings.fit_margin / MM:g} mm to spare): make the cell "
                        "larger or the pieces smaller"
                    ),
                    spots=cell_spots(board, rest.split("."), fonts),
                )
            )
    return found
