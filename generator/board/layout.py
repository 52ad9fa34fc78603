"""Board layout: every feature of a board turned into drawing ops, in order (pure: no canvas)."""

from __future__ import annotations

from collections.abc import Callable

from generator.art.fonts import FontBook, UnknownFontError
from generator.board.bounds import overshoot
from generator.board.context import Context
from generator.board.features import (
    icon_feature,
    image_feature,
    legend_feature,
    line_feature,
    shape_feature,
    text_feature,
)
from generator.board.grid import grid_feature
from generator.board.maps import map_feature
from generator.board.model import Board, BoardLayout
from generator.board.ops import BoardOp
from generator.board.outline import outline_feature
from generator.board.track import track_feature
from generator.board.zones import paint, rect_op, zone_feature
from generator.core import where
from generator.core.errors import DataError
from generator.core.geometry import Box
from generator.layout import memo as kept
from generator.layout.ops import RectOp
from generator.load.model import Origin

FEATURES: dict[str, Callable] = {
    "zone": zone_feature,
    "grid": grid_feature,
    "track": track_feature,
    "map": map_feature,
    "text": text_feature,
    "legend": legend_feature,
    "icon": icon_feature,
    "image": image_feature,
    "rect": shape_feature,
    "ellipse": shape_feature,
    "line": line_feature,
    "outline": outline_feature,
}
FRAME_LOOK = {"fill": None, "stroke": "#1a1a1a", "stroke_width": 1.0, "radius": 0.0}


def layout_board(board: Board, fonts: FontBook) -> BoardLayout:
    """Lay out every feature; raise DataError listing every problem (file:line) found. Inside
    ``layout.memo.reusing()`` a board is laid out once (same board and fonts, same ops)."""
    memo = kept.table("board")
    if memo is None:
        return _layout(board, fonts)
    # what the layout reads of the board (not the type sizes found once it is laid out); the
    # objects named by id are held by the entry, so no other object takes their id meanwhile
    held = (board.spec, board.doc, board.icons, fonts)
    key = (
        *map(id, held),
        board.width,
        board.height,
        board.path,
        board.image_dirs,
        tuple(board.sizes.items()),
    )
    found = memo.get(key)
    if found is None:
        found = memo[key] = (held, _layout(board, fonts))
    return found[1]


def _layout(board: Board, fonts: FontBook) -> BoardLayout:
    ctx = Context(board, fonts)
    if not fonts.has_family(board.spec.font):
        ctx.fail(("font",), str(UnknownFontError(board.spec.font, fonts.families())), rank=20)
        raise DataError(ctx.problems)
    ops: list[BoardOp] = []
    if board.spec.background != "none":
        ops.append(RectOp(Box(0, 0, board.width, board.height), board.spec.background, None, 0.0))
    for i, feature in enumerate(board.spec.features):
        loc = ("features", i)
        before = len(ctx.problems)
        with where.at(Origin(board.doc.file, *board.doc.mark(loc))):
            made = FEATURES[feature.type](ctx, feature, loc)
        if len(ctx.problems) == before:
            beyond = overshoot(made, fonts, board.width, board.height)
            if beyond:
                name = f"'{feature.id}' " if feature.id else ""
                ctx.fail(loc, f"this {feature.type} {name}{beyond}: move it or make it smaller", rank=45)
        ops += made
    if board.spec.frame is not None:
        p = paint(board.spec.frame, FRAME_LOOK)
        ops.append(rect_op(Box(0, 0, board.width, board.height).inset(p["stroke_width"] / 2), p))
    if ctx.problems:
        raise DataError(ctx.problems)
    return BoardLayout(board.width, board.height, tuple(ops))
