"""Outline features: filled shapes (a country on a map) read from a data file in board
coordinates, each ringed by bands drawn widest first under its fill (a coast's water lining)."""

from __future__ import annotations

from generator.board.context import Context
from generator.board.ops import BoardOp, PolyOp
from generator.board.zones import paint
from generator.core import paths
from generator.core.errors import DataError
from generator.core.yamlio import Loc, load_yaml
from generator.schema.board import OutlineFeature, OutlineFile
from generator.schema.messages import validate

OUTLINE_LOOK = {"fill": "#f4ecd6", "stroke": "#5b4a36", "stroke_width": 1.0, "radius": 0.0}


def outline_file(ctx: Context, f: OutlineFeature, loc: Loc) -> OutlineFile | None:
    """The outline data file named by ``f.file`` (next to the board file), validated; None after
    reporting a problem at ``loc``."""
    folder = ctx.board.path.parent
    path = folder / f.file
    try:
        paths.contained(path, paths.game_roots(folder), "outline file", f.file)
    except paths.OutsideError as exc:
        ctx.fail((*loc, "file"), str(exc))
        return None
    if not path.is_file():
        ctx.fail((*loc, "file"), f"outline file '{f.file}' not found next to the board file")
        return None
    try:
        doc = load_yaml(path)
        return validate(OutlineFile, doc.data or {}, doc)
    except DataError as exc:
        ctx.problems += exc.problems
        return None


def outline_feature(ctx: Context, f: OutlineFeature, loc: Loc) -> list[BoardOp]:
    data = outline_file(ctx, f, loc)
    if data is None:
        return []
    p = paint(f.look, OUTLINE_LOOK)
    ops: list[BoardOp] = []
    rings = [tuple(ctx.point(pt) for pt in shape.points) for shape in data.outlines]
    for band in sorted(f.halo, key=lambda b: -b.width):
        ops += [PolyOp(ring, band.color, band.width, None, True) for ring in rings]
    for ring, shape in zip(rings, data.outlines, strict=True):
        ops.append(PolyOp(ring, p.get("stroke"), p["stroke_width"], shape.fill or p.get("fill"), True))
    return ops
