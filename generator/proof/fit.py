"""Rule "fit": a component group may say what its pieces stand on (``stands_on:`` in its
component file): a board map's squares (``board.route``), a track's cells (``board.repair``), a
map's nodes of one kind (``board.route.meet``) or the card places beside them
(``board.map.city.place``: a car parked on the place its suitcase left). Each piece's footprint
(a counter's disc or square, a marker's rectangle, a standee's folded base) must fit the cell
with at least ``proof.fit_margin`` (default 1 mm) to spare across it. Judged on the sizes the build uses;
located at the ``stands_on`` entry, naming the board feature's line."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.art.fonts import FontBook
from generator.board.maps import DEFAULT_KINDS
from generator.board.model import Board
from generator.components.model import ComponentGroup, ComponentSet
from generator.core.geometry import Box
from generator.core.sizes import card_size
from generator.core.units import MM
from generator.core.yamlio import Document, load_yaml
from generator.layout.ops import EllipseOp, RectOp
from generator.load.model import Game, Origin
from generator.proof.finding import Finding, Spot, board_spot
from generator.proof.mapgeom import node_box
from generator.proof.parts import Parts
from generator.proof.settings import Settings
from generator.schema.board import MapFeature, TrackFeature


@dataclass(frozen=True)
class Shape:
    """A footprint or a cell: a disc (``round``, width = diameter) or a width x height rectangle."""

    round: bool
    width: float
    height: float

    def text(self) -> str:
        if self.round:
            return f"{self.width / MM:g} mm disc"
        return f"{self.width / MM:g} x {self.height / MM:g} mm"


def footprint(group: ComponentGroup) -> Shape:
    """What a piece of the group covers on the board: a standee its base (the two tabs folded
    outward under the panel), a round counter its disc, anything else its rectangle."""
    if group.kind == "standee":
        return Shape(False, group.width, 2 * group.tab)
    if group.shape == "round":
        return Shape(True, group.width, group.width)
    return Shape(False, group.width, group.height)


def fits(piece: Shape, cell: Shape, margin: float) -> bool:
    """Whether ``piece`` lies inside ``cell`` (turned if that helps) with ``margin`` to spare."""
    if cell.round:
        across = piece.width if piece.round else math.hypot(piece.width, piece.height)
        return across + margin <= min(cell.width, cell.height) + 1e-6
    if piece.round:
        return piece.width + margin <= min(cell.width, cell.height) + 1e-6
    for w, h in ((piece.width, piece.height), (piece.height, piece.width)):
        if w + margin <= cell.width + 1e-6 and h + margin <= cell.height + 1e-6:
            return True
    return False


def target_of(entry) -> str:
    """The ``board.feature[.kind]`` a ``stands_on`` entry names (a string, or ``{cell: ...}``)."""
    return str(entry.get("cell", "")) if isinstance(entry, dict) else str(entry)


def _size(space) -> tuple[float, float]:
    return (space, space) if isinstance(space, int | float) else (space.width, space.height)


def cell_of(board: Board, ref: list[str]) -> tuple[Shape, str, int] | str:
    """The cell ``ref`` (feature id, optionally a node kind) names on ``board``: (shape, what it
    is, the feature's line), or why there is none."""
    for i, f in enumerate(board.spec.features):
        if f.id != ref[0]:
            continue
        line = board.doc.mark(("features", i))[0]
        if isinstance(f, TrackFeature) and len(ref) == 1:
            w, h = _size(f.space)
            return Shape(f.shape == "circle", w, h), f"cells of track '{f.id}'", line
        if isinstance(f, MapFeature) and len(ref) == 1:
            w, h = _size(f.space)
            return Shape(f.space_shape == "circle", w, h), f"squares of map '{f.id}'", line
        if isinstance(f, MapFeature) and len(ref) == 3 and ref[2] == "place":
            kind = {**DEFAULT_KINDS, **f.kinds}.get(ref[1])
            if kind is None or kind.place is None:
                return f"map '{f.id}' has no card places beside its '{ref[1]}' nodes"
            w, h = _place_size(board, kind.place.size, kind.place.padding)
            return Shape(False, w, h), f"card places of the '{ref[1]}' nodes of map '{f.id}'", line
        if isinstance(f, MapFeature) and len(ref) == 2:
            kind = {**DEFAULT_KINDS, **f.kinds}.get(ref[1])
            if kind is None or kind.shape in ("dot", "bar", "none"):
                return f"map '{f.id}' has no node kind '{ref[1]}' a piece can stand on"
            side = kind.size / math.sqrt(2) if kind.shape == "diamond" else kind.size
            high = kind.height if kind.height is not None and kind.shape in ("square", "rounded") else side
            return Shape(kind.shape == "circle", side, high), f"'{ref[1]}' nodes of map '{f.id}'", line
        return f"feature '{f.id}' is a {f.type}, not a map or a track"
    return f"board '{board.name}' has no feature with id '{ref[0]}'"


def _place_size(board: Board, ref, padding: float) -> tuple[float, float]:
    """A node place's card size (a board's deck or a named size, or ``{width, height}``) with
    its padding; turned either way, since a piece is tried both ways round."""
    if isinstance(ref, str):
        w, h = board.sizes[ref] if ref in board.sizes else card_size(ref)
    else:
        w, h = ref.width, ref.height
    return w + 2 * padding, h + 2 * padding


def _turned(box: Box, angle: float) -> tuple[float, float, float, float]:
    """The box a ``box`` turned by ``angle`` degrees about its centre covers."""
    a = math.radians(angle)
    w = abs(box.w * math.cos(a)) + abs(box.h * math.sin(a))
    h = abs(box.w * math.sin(a)) + abs(box.h * math.cos(a))
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def cell_spots(board: Board, ref: list[str], fonts: FontBook) -> tuple[Spot, ...]:
    """Where the cells ``ref`` names (as ``cell_of`` reads it) lie on the board as laid out: a
    track's spaces, a map's squares along its roads, or its nodes of one kind."""
    from generator.board.context import Context
    from generator.board.maps import map_drawn, map_feature
    from generator.board.track import place_spaces, space_size

    ctx = Context(board, fonts)
    for i, f in enumerate(board.spec.features):
        if f.id != ref[0]:
            continue
        loc = ("features", i)
        if isinstance(f, TrackFeature) and len(ref) == 1:
            return tuple(board_spot(board.name, _turned(s.box, s.angle)) for s in place_spaces(ctx, f, loc))
        if isinstance(f, MapFeature) and len(ref) == 1:
            sw, sh = space_size(f.space)
            ops = [op for op in map_feature(ctx, f, loc) if isinstance(op, RectOp | EllipseOp)]
            squares = [op for op in ops if abs(op.box.h - sh) < 0.01 and op.box.w <= sw + 0.01]
            return tuple(board_spot(board.name, _turned(op.box, op.rotate or 0.0)) for op in squares)
        if isinstance(f, MapFeature) and len(ref) == 3:
            _, drawn = map_drawn(ctx, f, loc)
            kind = [n for n, node in f.nodes.items() if node.kind == ref[1] and n in drawn]
            return tuple(board_spot(board.name, box) for n in kind for box in drawn[n].places)
        if isinstance(f, MapFeature) and len(ref) == 2:
            _, drawn = map_drawn(ctx, f, loc)
            kind = [n for n, node in f.nodes.items() if node.kind == ref[1] and n in drawn]
            return tuple(board_spot(board.name, node_box(drawn[n])) for n in kind)
    return ()


def _group_findings(
    group: ComponentGroup,
    targets: list[str],
    at: list[Origin],
    boards: dict[str, Board],
    margin: float,
    fonts: FontBook,
) -> list[Finding]:
    piece = footprint(group)
    what = "base" if group.kind == "standee" else "footprint"
    found = []
    for target, origin in zip(targets, at, strict=True):
        name, _, rest = str(target).partition(".")
        board = boards.get(name)
        cell = (
            cell_of(board, rest.split("."))
            if board and rest
            else (
                f"no board named '{name}' (boards: {', '.join(sorted(boards)) or 'none'})"
                if not board
                else "name a feature: 'board.feature' or 'board.map.kind'"
            )
        )
        if isinstance(cell, str):
            found.append(Finding("fit", origin, f"stands_on '{target}': {cell}"))
            continue
        shape, where, line = cell
        if fits(piece, shape, margin):
            continue
        found.append(
            Finding(
                "fit",
                origin,
                (
                    f"the {piece.text()} {what} of '{group.title}' does not fit the {shape.text()} {where} "
                    f"({Path(board.path).name} line {line}) with {margin / MM:g} mm to spare: make the cells "
                    "larger or the pieces smaller"
                ),
                spots=cell_spots(board, rest.split("."), fonts),
            )
        )
    return found


def kit_groups(parts: Parts) -> Iterator[tuple[Document, int, dict, ComponentGroup]]:
    """Each component group of the kit with where it is written: its file's document, its index
    in ``groups`` and its entry as written (for ``stands_on`` and the lines to report at)."""
    for path, value in parts.components:
        if not isinstance(value, ComponentSet):
            continue
        doc = load_yaml(path)
        groups = {g.name: g for g in value.groups}
        for i, raw in enumerate((doc.data or {}).get("groups") or []):
            group = groups.get(raw.get("name"))
            if group is not None:
                yield doc, i, raw, group


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for every component group that says what it stands on."""
    boards = {b.name: b for b in parts.boards}
    fonts = FontBook.load(game.font_dirs)
    found = []
    for doc, i, raw, group in kit_groups(parts):
        targets = [target_of(t) for t in raw.get("stands_on") or []]
        if not targets:
            continue
        at = [Origin(doc.file, *doc.mark(("groups", i, "stands_on", k))) for k in range(len(targets))]
        found += _group_findings(group, targets, at, boards, settings.fit_margin, fonts)
    return found
