"""Rule "colour-only": items of one kind (cards of a deck, pieces of a component group) whose
faces are drawn the same except for colour must still be told apart in a black-and-white print
(a lightness margin) and by a viewer with a colour-vision deficiency (deuteranopia, protanopia,
tritanopia: simulated): an error when two colours are nearly one (below half the margin
wanted), a warning when they keep some margin. Faces that differ in anything else (a letter, a
number, an icon, a pattern) carry a mark and are not judged. Judged on the laid-out faces the
build draws.

On a board, features of one kind are judged the same way: the paths through its grids, and
zones of one size (a zone, a zone beside a grid's rows). Two that differ in a mark (a path's
dash or the prefix of its step numbers; a zone's label, icon or dashed outline) are not judged;
otherwise the widest paint that differs (a zone's fill, else its outline, else its text; a
path's line) must print apart. A zone's note and a path's start label are not marks: they
explain, they do not name the feature where it is seen."""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from typing import NamedTuple

from generator.art.fonts import FontBook
from generator.core.errors import clip
from generator.core.units import mm
from generator.layout.deck import DeckFaces
from generator.layout.kept import deck_faces
from generator.layout.ops import EllipseOp, GroupOp, IconOp, ImageOp, LineOp, Op, RectOp, TextOp
from generator.load.model import Deck, Game
from generator.proof.colors import CVD, RGB, distance, gray, lab, simulate
from generator.proof.finding import Finding, board_spot, points_box
from generator.proof.parts import Parts
from generator.proof.settings import Settings

LIGHTNESS = 20.0
"""Two colours print apart in grey when their L* differs by at least this much."""
APART = 12.0
"""Two colours stay apart for a viewer when their simulated Delta E is at least this much."""


def _flat(ops: tuple[Op, ...]) -> list[Op]:
    out: list[Op] = []
    for op in ops:
        out += _flat(op.ops) if isinstance(op, GroupOp) else [op]
    return out


def _r(box) -> tuple[float, ...]:
    return tuple(round(v, 1) for v in (box.x, box.y, box.w, box.h))


def _shape(op: Op) -> tuple:
    """What an op draws, colour left out."""
    if isinstance(op, TextOp):
        return ("text", tuple((r.text, round(r.x, 1), round(r.y, 1)) for r in op.layout.runs))
    if isinstance(op, LineOp):
        return ("line", op.line)
    if isinstance(op, IconOp):
        return ("icon", op.name, _r(op.box))
    if isinstance(op, ImageOp):
        return ("image", str(op.path), _r(op.box))
    return (type(op).__name__, _r(op.box), bool(op.fill), bool(op.stroke))  # type: ignore[union-attr]


def _inks(op: Op) -> tuple[str | None, ...]:
    if isinstance(op, TextOp):
        return tuple(r.color for r in op.layout.runs)
    if isinstance(op, LineOp):
        return (op.stroke,)
    if isinstance(op, IconOp):
        return (op.color,)
    if isinstance(op, RectOp | EllipseOp):
        return (op.fill, op.stroke)
    return ()


def _rgb(value: str) -> RGB:
    from generator.render.draw import color

    return color(value).rgb()


def _why(a: RGB, b: RGB) -> tuple[str, bool] | None:
    """How two colours fail to be told apart, and whether they are nearly one (below half the
    margin wanted: an error; with some margin left, a warning), or None."""
    la, lb = lab(gray(a))[0], lab(gray(b))[0]
    if abs(la - lb) < LIGHTNESS:
        text = f"in grey their lightness differs by {abs(la - lb):.0f} (at least {LIGHTNESS:g} wanted)"
        return text, abs(la - lb) < LIGHTNESS / 2
    for kind in CVD:
        d = distance(simulate(a, kind), simulate(b, kind))
        if d < APART:
            return f"with {kind} they differ by Delta E {d:.0f} (at least {APART:g} wanted)", d < APART / 2
    return None


def _severity(near: bool) -> str:
    return "error" if near else "warning"


def _deck_findings(deck: Deck, faces: DeckFaces) -> list[Finding]:
    kinds: dict[tuple, dict[tuple, list[str]]] = defaultdict(lambda: defaultdict(list))
    for card in deck.cards:
        front, _ = faces.faces(card)
        if front is None:
            continue
        ops = _flat(front.ops)
        inks = tuple(i for op in ops for i in _inks(op))
        kinds[tuple(_shape(op) for op in ops)][inks].append(card.name)
    pairs: list[str] = []
    near = False
    for variants in kinds.values():
        for (inks_a, names_a), (inks_b, names_b) in combinations(variants.items(), 2):
            for x, y in zip(inks_a, inks_b, strict=True):
                why = _why(_rgb(x), _rgb(y)) if x and y and x != y else None
                if why:
                    pairs.append(
                        f"'{clip(names_a[0], 30)}' ({x}) and '{clip(names_b[0], 30)}' ({y}): {why[0]}"
                    )
                    near = near or why[1]
                    break
    if not pairs:
        return []
    shown = "; ".join(pairs[:3]) + (f"; and {len(pairs) - 3} more pairs" if len(pairs) > 3 else "")
    message = (
        f"{len(pairs)} pairs of '{clip(deck.title, 30)}' differ only by colour and cannot be told apart: "
        f"{shown}: give each a letter, number or pattern, or colours further apart"
    )
    return [Finding("colour-only", deck.origin, message, severity=_severity(near))]


class _Feature(NamedTuple):
    """A board feature as the rule compares it: what it is, its kind (features of one kind are
    compared), its marks, its colours widest first, and where it is written."""

    name: str
    kind: tuple
    marks: tuple
    inks: tuple[str | None, ...]
    loc: tuple
    boxes: tuple = ()
    """Where it is drawn on the board (x0, y0, x1, y1 in board points), for the proof's outlines."""


def _dash(dash) -> tuple | None:
    return tuple(round(d, 2) for d in dash) if dash else None


def _zone(ctx, z, loc: tuple, what: str, rows=None) -> _Feature:
    """A zone feature, or a grid's zone beside its rows (``rows``: the grid's geometry)."""
    from generator.board.zones import ZONE_LOOK, paint

    p = paint(z.look, ZONE_LOOK)
    w, h = ctx.size(z.size, z.orientation, z.padding, loc)
    name = f"{what} '{clip(z.label, 30)}'" if z.label else what
    marks = (z.label, z.icon, _dash(p.get("dash")))
    if rows is None:
        b = ctx.anchored(z.at, w, h, z.anchor)
        boxes = ((b.x, b.y, b.right, b.top),)
    else:  # as the grid lays them out: one beside each row
        x = rows.box.x - z.gap - w if z.side == "left" else rows.box.right + z.gap
        mids = [rows.cell(r, 1).y + rows.cell(r, 1).h / 2 for r in range(1, rows.rows + 1)]
        boxes = tuple((x, m - h / 2, x + w, m + h / 2) for m in mids)
    inks = (p.get("fill"), p.get("stroke"), z.text.color)
    return _Feature(name, ("zone", round(w, 1), round(h, 1)), marks, inks, loc, boxes)


def _board_features(board, fonts: FontBook) -> list[_Feature]:
    from generator.board.context import Context
    from generator.board.grid import GridGeometry, path_cells
    from generator.schema.board import GridFeature, ZoneFeature

    ctx = Context(board, fonts)
    out = []
    for i, f in enumerate(board.spec.features):
        if isinstance(f, ZoneFeature):
            out.append(_zone(ctx, f, ("features", i), "zone"))
        elif isinstance(f, GridFeature):
            g = GridGeometry(ctx, f, ("features", i))
            for k, z in enumerate(f.beside_rows):
                out.append(_zone(ctx, z, ("features", i, "beside_rows", k), "zone beside the rows", g))
            for k, p in enumerate(f.paths):
                marks = (_dash(p.dash), p.prefix if p.numbers else None)
                centres = [g.centre(*rc) for rc in path_cells(g.rows, g.columns, p)]
                boxes = (points_box(centres, p.width),) if centres else ()
                out.append(
                    _Feature(
                        f"path '{clip(p.name, 30)}'",
                        ("path",),
                        marks,
                        (p.color,),
                        ("features", i, "paths", k),
                        boxes,
                    )
                )
    return out


HOW = {
    "path": "give one a dash, a prefix to its step numbers (R1, B1, ...), or colours further apart",
    "zone": "give each its own label or icon, a dashed outline, or fills further apart",
}


def _board_findings(board, fonts: FontBook) -> list[Finding]:
    from generator.load.model import Origin

    found = []
    for a, b in combinations(_board_features(board, fonts), 2):
        if a.kind != b.kind or a.marks != b.marks:
            continue
        differ = [(x, y) for x, y in zip(a.inks, b.inks, strict=True) if x and y and x != y]
        if not differ:
            continue
        x, y = differ[0]  # the widest paint that differs is what a viewer tells them apart by
        why = _why(_rgb(x), _rgb(y))
        if why is None:
            continue
        first = board.doc.mark(a.loc)[0]
        message = (
            f"{b.name} ({y}) and {a.name} (line {first}, {x}) of '{clip(board.title, 30)}' differ only "
            f"by colour and cannot be told apart: {why[0]}: {HOW[a.kind[0]]}"
        )
        at = Origin(board.doc.file, *board.doc.mark(b.loc))
        spots = tuple(board_spot(board.name, box) for box in a.boxes + b.boxes)
        found.append(Finding("colour-only", at, message, severity=_severity(why[1]), spots=spots))
    return found


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for the game's card decks, the decks of its component groups and its boards."""
    from generator.components.notes import groups_of

    decks = list(game.decks) + [g.deck for _, value in parts.components for g in groups_of(value)]
    boards = list(parts.boards)
    fonts = FontBook.load(game.font_dirs)
    found = [f for board in boards for f in _board_findings(board, fonts)]
    for deck in decks:
        found += _deck_findings(deck, deck_faces(game, deck, fonts, mm(3)))  # kept in a check
    return found
