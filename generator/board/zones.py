"""Zones: a card-sized outline with an icon, a label and a note stacked upright for its reader."""

from __future__ import annotations

from generator.board.context import Context, Reading, shifted
from generator.board.ops import BoardOp
from generator.core.geometry import Box
from generator.core.units import mm
from generator.core.yamlio import Loc
from generator.layout.ops import RectOp
from generator.schema.board import Look, TextLook, ZoneFeature

ZONE_LOOK = {"fill": "#ffffff", "stroke": "#8c8c8c", "stroke_width": 0.8, "dash": [4.0, 2.5], "radius": mm(3)}
PAD = mm(2.5)
NO_LOOK = TextLook()
GAP = mm(1.5)


def paint(look: Look, defaults: dict) -> dict:
    """The look's keys over the defaults; 'none' switches fill or stroke off."""
    out = {**defaults, **look.model_dump(exclude_none=True)}
    for key in ("fill", "stroke"):
        if out.get(key) == "none":
            out[key] = None
    return out


def rect_op(box: Box, p: dict, rotate: float = 0.0) -> RectOp:
    dash = tuple(p["dash"]) if p.get("dash") else None
    return RectOp(
        box, p.get("fill"), p.get("stroke"), p.get("stroke_width", 0.8), p.get("radius", 0.0), dash, rotate
    )


def stack(
    ctx: Context,
    box: Box,
    toward: str,
    loc: Loc,
    *,
    label: str | None,
    note: str | None = None,
    icon: str | None = None,
    text: TextLook = NO_LOOK,
    label_size: float = 18.0,
    note_size: float = 10.0,
    icon_share: float = 0.3,
    pad: float = PAD,
    align: str = "center",
    valign: str = "middle",
    frame: Reading | None = None,
    label_bold: bool = True,
) -> list[BoardOp]:
    """Icon, label and note as one block in ``box``, turned to read from ``toward``.

    With ``frame``, ``box`` is already in that reading frame (so a label can sit beside a node).
    """
    r = frame or ctx.reading(box, toward)
    inner = (box if frame else r.box).inset(pad)
    if inner.w <= 0 or inner.h <= 0:
        return []
    color = text.color or ctx.spec.color
    icon_h = min(inner.h * icon_share, inner.w * 0.6, mm(16)) if icon else 0.0
    room = inner.h - icon_h - (GAP if icon else 0.0)
    parts: list[tuple[str, object, float]] = []
    if icon_h:
        parts.append(("icon", icon, icon_h))
    for kind, words, size, share in (("label", label, label_size, 0.55), ("note", note, note_size, 1.0)):
        if not words:
            continue
        fit_box = Box(inner.x, inner.top - room * share, inner.w, room * share)
        laid = ctx.fit(
            words,
            fit_box,
            text,
            size,
            loc,
            bold=(kind == "label" and label_bold),
            valign="top",
            align=align,
            shrink=0.4 if kind == "label" else 0.6,
        )
        if laid is None:
            return []
        used = ctx.height(laid, fit_box.top)
        room -= used + GAP
        parts.append((kind, laid, used))
    total = sum(h for _, _, h in parts) + GAP * (len(parts) - 1)
    top = {"top": inner.top, "bottom": inner.y + total}.get(valign, inner.y + inner.h / 2 + total / 2)
    ops: list[BoardOp] = []
    for kind, item, h in parts:
        if kind == "icon":
            path = ctx.icon(str(item), loc)
            if path is not None:
                ops.append(r.icon(str(item), path, Box(inner.x + inner.w / 2 - h / 2, top - h, h, h), color))
        else:
            laid = shifted(item, 0.0, top - inner.top)  # type: ignore[arg-type]
            ops.append(r.text(laid, Box(inner.x, top - h, inner.w, h)))
        top -= h + GAP
    return ops


def zone(ctx: Context, box: Box, look: Look, toward: str, loc: Loc, **content) -> list[BoardOp]:
    """The outline (defaults: white, dashed grey, rounded) and its stacked content."""
    return [rect_op(box, paint(look, ZONE_LOOK)), *stack(ctx, box, toward, loc, **content)]


def zone_feature(ctx: Context, f: ZoneFeature, loc: Loc) -> list[BoardOp]:
    w, h = ctx.size(f.size, f.orientation, f.padding, (*loc, "size"))
    box = ctx.anchored(f.at, w, h, f.anchor)
    return zone(ctx, box, f.look, f.toward, loc, label=f.label, note=f.note, icon=f.icon, text=f.text)
