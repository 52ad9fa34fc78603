"""The simple features: free text, legends, icons, images, rectangles, ellipses and lines."""

from __future__ import annotations

from generator.board.context import Context
from generator.board.ops import BoardOp, PolyOp, arrowhead, unit
from generator.board.zones import paint, rect_op
from generator.core.geometry import Box
from generator.core.units import mm
from generator.core.yamlio import Loc
from generator.layout.ops import EllipseOp, ImageOp
from generator.layout.resolution import within_limit
from generator.schema.board import (
    IconFeature,
    ImageFeature,
    LegendEntry,
    LegendFeature,
    LineFeature,
    ShapeFeature,
    TextFeature,
    TextLook,
)

LEGEND_LOOK = {"fill": "#ffffff", "stroke": "#9a9a9a", "stroke_width": 0.8, "radius": mm(2)}
SHAPE_LOOK = {"fill": None, "stroke": "#1a1a1a", "stroke_width": 1.0, "radius": 0.0}


def text_feature(ctx: Context, f: TextFeature, loc: Loc) -> list[BoardOp]:
    box = ctx.box(f.box)
    r = ctx.reading(box, f.toward)
    ops: list[BoardOp] = [rect_op(box, paint(f.frame, LEGEND_LOOK))] if f.frame is not None else []
    inner = r.box.inset(mm(3)) if f.frame is not None else r.box
    text = f"*{f.text}*" if f.italic else f.text
    look = TextLook(font=f.font, size=f.size, min_size=f.min_size, color=f.color)
    laid = ctx.fit(
        text, inner, look, f.size, (*loc, "text"), bold=f.bold, align=f.align, valign=f.valign, shrink=1.0
    )
    return [*ops, r.text(laid, inner)] if laid is not None else ops


def legend_feature(ctx: Context, f: LegendFeature, loc: Loc) -> list[BoardOp]:
    box = ctx.box(f.box)
    r = ctx.reading(box, f.toward)
    ops: list[BoardOp] = [rect_op(box, paint(f.look, LEGEND_LOOK))]
    inner = r.box.inset(mm(3))
    look, size = f.text, f.text.size or 9.0
    top = inner.top
    if f.title:
        tb = Box(inner.x, inner.y, inner.w, top - inner.y)
        laid = ctx.fit(
            f.title, tb, look, size * 1.25, (*loc, "title"), bold=True, align="left", valign="top", shrink=1.0
        )
        if laid is None:
            return ops
        ops.append(r.text(laid, tb))
        top -= ctx.height(laid, tb.top) + mm(2)
    sw = size * 1.6
    for i, entry in enumerate(f.entries):
        eloc = (*loc, "entries", i)
        tall = inner.h * 10  # measure unbounded, then check the room left
        tb = Box(inner.x + sw + mm(2), top - tall, inner.w - sw - mm(2), tall)
        laid = ctx.fit(entry.text, tb, look, size, (*eloc, "text"), align="left", valign="top", shrink=1.0)
        if laid is None:
            return ops
        h = ctx.height(laid, tb.top)
        if top - max(h, sw) < inner.y - 0.5:
            ctx.fail(
                eloc, "the legend's entries do not fit in its box: make the box taller or the text smaller"
            )
            return ops
        ops.append(r.text(laid, tb))
        line_mid = top - size * 0.6
        ops += _swatch(ctx, r, Box(inner.x, line_mid - sw / 2, sw, sw), entry, eloc)
        top -= max(h, sw * 0.9) + mm(1.5)
    return ops


def _swatch(ctx: Context, r, box: Box, e: LegendEntry, loc: Loc) -> list[BoardOp]:
    color = e.stroke or e.fill or ctx.spec.color
    dash = tuple(e.dash) if e.dash else None
    if e.icon:
        path = ctx.icon(e.icon, (*loc, "icon"))
        return [r.icon(e.icon, path, box, color)] if path is not None else []
    if e.shape in ("line", "arrow"):
        a = r.point((box.x, box.y + box.h / 2))
        b = r.point((box.right - (box.w * 0.3 if e.shape == "arrow" else 0), box.y + box.h / 2))
        ops: list[BoardOp] = [PolyOp((a, b), color, max(box.h * 0.15, 1.0), dash=dash)]
        if e.shape == "arrow":
            ops.append(arrowhead(r.point((box.right, box.y + box.h / 2)), unit(a, b), box.w * 0.4, color))
        return ops
    moved = r.moved(box.inset(box.w * 0.08))
    if e.shape == "circle":
        return [EllipseOp(moved, e.fill, e.stroke or ("#555555" if not e.fill else None), 0.8, dash)]
    look = {"fill": e.fill, "stroke": e.stroke or "#555555", "stroke_width": 0.8, "dash": dash}
    return [rect_op(moved, look)]


def icon_feature(ctx: Context, f: IconFeature, loc: Loc) -> list[BoardOp]:
    path = ctx.icon(f.icon, (*loc, "icon"))
    if path is None:
        return []
    r = ctx.reading(ctx.box(f.box), f.toward)
    return [r.icon(f.icon, path, r.box, f.color or ctx.spec.color)]


def image_feature(ctx: Context, f: ImageFeature, loc: Loc) -> list[BoardOp]:
    path = ctx.image(f.file, (*loc, "file"))
    if path is None:
        return []
    r = ctx.reading(ctx.box(f.box), f.toward)
    op = ImageOp(path, r.moved(r.box), f.fit, r.angle)
    try:
        return [within_limit(op)]
    except ValueError as exc:  # more pixels than Deckwright decodes: with the dpi it would print at
        ctx.fail((*loc, "file"), f"image {exc}")
        return []


def shape_feature(ctx: Context, f: ShapeFeature, loc: Loc) -> list[BoardOp]:
    p = paint(f.look, SHAPE_LOOK)
    box = ctx.box(f.box)
    if f.type == "ellipse":
        dash = tuple(p["dash"]) if p.get("dash") else None
        return [EllipseOp(box, p.get("fill"), p.get("stroke"), p["stroke_width"], dash)]
    return [rect_op(box, p)]


def line_feature(ctx: Context, f: LineFeature, loc: Loc) -> list[BoardOp]:
    pts = [ctx.point(p) for p in f.points]
    color = f.color or ctx.spec.color
    head = max(f.width * 4, mm(3))
    ends = [(len(pts) - 1, len(pts) - 2)] if f.arrow in ("end", "both") else []
    ends += [(0, 1)] if f.arrow in ("start", "both") else []
    heads: list[BoardOp] = []
    for tip, before in ends:
        u = unit(pts[before], pts[tip])
        heads.append(arrowhead(pts[tip], u, head, color))
        pts[tip] = (pts[tip][0] - u[0] * head * 0.6, pts[tip][1] - u[1] * head * 0.6)
    dash = tuple(f.dash) if f.dash else None
    return [PolyOp(tuple(pts), color, f.width, dash=dash), *heads]
