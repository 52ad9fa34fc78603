"""Grids of places: cells, labels, zones beside the rows, and named paths drawn as arrows."""

from __future__ import annotations

import itertools

from generator.board.context import Context
from generator.board.ops import XY, BoardOp, PolyOp, arrowhead, offset_polyline, unit
from generator.board.zones import paint, rect_op, stack, zone
from generator.core.geometry import Box
from generator.core.units import mm
from generator.core.yamlio import Loc
from generator.schema.board import GridFeature, GridPath, TextLook

PLACE_LOOK = {"fill": "#ffffff", "stroke": "#9a9a9a", "stroke_width": 0.8, "radius": mm(3)}
BADGE_H, BADGE_GAP = mm(8), mm(1.5)


def path_cells(rows: int, columns: int, path: GridPath) -> list[tuple[int, int]]:
    """(row, column) pairs, 1-based from the top-left, in the order the path visits them.

    ``lawnmower``/``serpentine`` snakes from ``start`` along rows (or columns), turning back at
    each end; ``rows`` and ``columns`` restart every line from the start side.
    """
    if path.pattern == "custom":
        return [tuple(c) for c in path.cells or ()]  # type: ignore[misc]
    top, left = path.start.startswith("top"), path.start.endswith("left")
    row_order = list(range(1, rows + 1)) if top else list(range(rows, 0, -1))
    col_order = list(range(1, columns + 1)) if left else list(range(columns, 0, -1))
    along = {"rows": "rows", "columns": "columns"}.get(path.pattern, path.along)
    outer, inner = (row_order, col_order) if along == "rows" else (col_order, row_order)
    snake = path.pattern in ("lawnmower", "serpentine")
    out = []
    for i, a in enumerate(outer):
        line = inner[::-1] if snake and i % 2 else inner
        out += [(a, b) if along == "rows" else (b, a) for b in line]
    return out


class GridGeometry:
    """Where a grid's cells are (points, y up)."""

    def __init__(self, ctx: Context, f: GridFeature, loc: Loc):
        self.rows, self.columns = f.rows, f.columns
        self.cw, self.ch = ctx.size(f.cell, f.orientation, f.padding, (*loc, "cell"))
        self.gx, self.gy = (f.gap, f.gap) if isinstance(f.gap, float) else f.gap
        w = self.columns * self.cw + (self.columns - 1) * self.gx
        h = self.rows * self.ch + (self.rows - 1) * self.gy
        self.box = ctx.anchored(f.at, w, h, f.anchor)

    def cell(self, row: int, column: int) -> Box:
        b = self.box
        return Box(
            b.x + (column - 1) * (self.cw + self.gx),
            b.top - row * self.ch - (row - 1) * self.gy,
            self.cw,
            self.ch,
        )

    def centre(self, row: int, column: int) -> XY:
        c = self.cell(row, column)
        return (c.x + c.w / 2, c.y + c.h / 2)


def grid_feature(ctx: Context, f: GridFeature, loc: Loc) -> list[BoardOp]:
    g = GridGeometry(ctx, f, loc)
    ops: list[BoardOp] = []
    look = paint(f.look, PLACE_LOOK)
    for r in range(1, f.rows + 1):
        for c in range(1, f.columns + 1):
            ops.append(rect_op(g.cell(r, c), look))
    for i, z in enumerate(f.beside_rows):
        zl = (*loc, "beside_rows", i)
        zw, zh = ctx.size(z.size, z.orientation, z.padding, (*zl, "size"))
        for r in range(1, f.rows + 1):
            cell = g.cell(r, 1)
            x = g.box.x - z.gap - zw if z.side == "left" else g.box.right + z.gap
            box = Box(x, cell.y + cell.h / 2 - zh / 2, zw, zh)
            ops += zone(ctx, box, z.look, z.toward, zl, label=z.label, note=z.note, icon=z.icon, text=z.text)
    for i, path in enumerate(f.paths):
        ops += _path(ctx, g, path, (*loc, "paths", i))
    if f.label:
        ops += _labels(ctx, g, f, loc)
    return ops


def _labels(ctx: Context, g: GridGeometry, f: GridFeature, loc: Loc) -> list[BoardOp]:
    ops: list[BoardOp] = []
    for r in range(1, f.rows + 1):
        for c in range(1, f.columns + 1):
            values = {"row": r, "column": c, "n": (r - 1) * f.columns + c, "letter": _letters(r)}
            try:
                text = str(f.label).format(**values)
            except (KeyError, IndexError, ValueError) as exc:
                what = f"unknown name {exc}" if isinstance(exc, KeyError) else str(exc)
                ctx.fail(
                    (*loc, "label"),
                    f"cannot fill the label ({what}): use {{row}}, {{column}}, {{n}} or {{letter}}",
                )
                return []
            ops += stack(ctx, g.cell(r, c), f.toward, (*loc, "label"), label=text, text=f.text, label_size=12)
    return ops


def _letters(n: int) -> str:
    out = ""
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


def _path(ctx: Context, g: GridGeometry, path: GridPath, loc: Loc) -> list[BoardOp]:
    if (path.pattern == "custom") != (path.cells is not None):
        ctx.fail(loc, "'cells' ([row, column] pairs) goes with 'pattern: custom', and only with it")
        return []
    cells = path_cells(g.rows, g.columns, path)
    bad = [rc for rc in cells if not (1 <= rc[0] <= g.rows and 1 <= rc[1] <= g.columns)]
    if bad:
        ctx.fail((*loc, "cells"), f"cell {list(bad[0])} is outside the {g.rows} x {g.columns} grid")
        return []
    pts = offset_polyline([g.centre(*rc) for rc in cells], path.offset)
    dash = tuple(path.dash) if path.dash else None
    ops: list[BoardOp] = [PolyOp(tuple(pts), path.color, path.width, dash=dash)] if len(pts) > 1 else []
    for a, b in itertools.pairwise(pts):
        u = unit(a, b)
        gap = g.gx if abs(u[0]) > abs(u[1]) else g.gy
        head = min(max(gap * 0.75, mm(2.5)), mm(4.5))
        mid = ((a[0] + b[0]) / 2 + u[0] * head / 2, (a[1] + b[1]) / 2 + u[1] * head / 2)
        ops.append(arrowhead(mid, u, head, path.color))
    if path.numbers:
        for k, rc in enumerate(cells, 1):
            r = ctx.reading(g.cell(*rc), path.toward)
            nb = Box(r.box.x + mm(1.5), r.box.y + mm(1.2), mm(10), mm(5))
            laid = ctx.fit(
                f"{path.prefix}{k}",
                nb,
                TextLook(),
                10.0,
                loc,
                bold=True,
                align="left",
                valign="bottom",
                color=path.color,
            )
            if laid is not None:
                ops.append(r.text(laid, nb))
    if cells and (path.start_label or path.start_icon):
        ops += _badge(ctx, g.cell(*cells[0]), path, loc)
    return ops


def _badge(ctx: Context, cell: Box, path: GridPath, loc: Loc) -> list[BoardOp]:
    """A filled label just outside the first cell, on its reader's side."""
    r = ctx.reading(cell, path.toward)
    box = Box(r.box.x, r.box.y - BADGE_GAP - BADGE_H, r.box.w, BADGE_H)
    ops: list[BoardOp] = [r.rect(box, path.color, None, 0.0, BADGE_H / 2)]
    x = box.x + mm(2.5)
    if path.start_icon:
        icon = ctx.icon(path.start_icon, (*loc, "start_icon"))
        if icon is not None:
            ops.append(r.icon(path.start_icon, icon, Box(x, box.y + mm(1), mm(6), mm(6)), "#ffffff"))
            x += mm(7)
    if path.start_label:
        tb = Box(x, box.y, box.right - x - mm(2.5), box.h)
        laid = ctx.fit(
            path.start_label, tb, TextLook(), 10.0, (*loc, "start_label"), bold=True, color="#ffffff"
        )
        if laid is not None:
            ops.append(r.text(laid, tb))
    return ops
