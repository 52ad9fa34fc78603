"""Tracks of numbered spaces: where each space goes (straight, serpentine, edge, polyline) and
how it is drawn (shape, colour, number or label, icon, special spaces)."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from generator.board.context import Context
from generator.board.ops import XY, BoardOp, angle_of, arrowhead, point_along, polyline_length, unit
from generator.board.zones import paint, stack
from generator.core.geometry import Box
from generator.core.yamlio import Loc
from generator.layout.ops import EllipseOp, RectOp
from generator.schema.board import SpaceStyle, TrackFeature
from generator.schema.common import SizeSpec

SPACE_LOOK = {"fill": "#ffffff", "stroke": "#4a4a4a", "stroke_width": 0.8, "radius": 0.0}
VECTORS: dict[str, XY] = {"right": (1.0, 0.0), "left": (-1.0, 0.0), "up": (0.0, 1.0), "down": (0.0, -1.0)}


@dataclass(frozen=True)
class Space:
    """One space: centre, size (w along x before turning, h), clockwise turn in degrees."""

    centre: XY
    w: float
    h: float
    angle: float = 0.0

    @property
    def box(self) -> Box:
        return Box(self.centre[0] - self.w / 2, self.centre[1] - self.h / 2, self.w, self.h)


def space_size(value: float | SizeSpec) -> tuple[float, float]:
    """A square side or a {width, height} as (w, h)."""
    return (value, value) if isinstance(value, float) else (value.width, value.height)


def check_track(ctx: Context, f: TrackFeature, loc: Loc) -> int:
    """The number of spaces, or 0 (problem recorded) when the track is not fully described."""
    n = f.count if f.count is not None else len(f.labels or ())
    need = {"straight": ("at",), "serpentine": ("at", "per_row"), "polyline": ("points",)}
    missing = [k for k in need.get(f.layout, ()) if getattr(f, k) is None]
    if not n:
        ctx.fail(loc, "give 'count' (how many spaces) or 'labels' (one per space)")
    elif f.count is not None and f.labels and len(f.labels) != f.count:
        ctx.fail((*loc, "labels"), f"'labels' has {len(f.labels)} entries but 'count' is {f.count}")
    elif missing:
        ctx.fail(loc, f"a {f.layout} track needs '{missing[0]}'")
    else:
        for i, st in enumerate(f.special):
            if st.at is None and st.every is None:
                ctx.fail((*loc, "special", i), "say which spaces: 'at' (a number or a list) and/or 'every'")
                return 0
        return n
    return 0


def place_spaces(ctx: Context, f: TrackFeature, loc: Loc) -> list[Space]:
    """Every space of the track, in number order (none when the track is incomplete)."""
    n, (sw, sh) = check_track(ctx, f, loc), space_size(f.space)
    if not n:
        return []
    if f.layout in ("straight", "serpentine"):
        return _rows(ctx, f, n, sw, sh, loc)
    if f.layout == "edge":
        box = ctx.box(f.box) if f.box else Box(0, 0, ctx.w, ctx.h)
        return _edge(box, n, sw, sh, f.gap, f.start, f.clockwise, ctx, loc)
    pts = [ctx.point(p) for p in f.points or ()]
    step = polyline_length(pts) / n
    if sw > step + 1e-6:
        ctx.fail(
            (*loc, "points"),
            f"{n} spaces of {sw / (72 / 25.4):.1f} mm do not fit along the "
            f"polyline ({step * n / (72 / 25.4):.0f} mm long)",
        )
    out = []
    for i in range(n):
        p, u = point_along(pts, (i + 0.5) * step)
        out.append(Space(p, max(sw - f.gap, 0.1), sh, angle_of(u)))
    return out


def _rows(ctx: Context, f: TrackFeature, n: int, sw: float, sh: float, loc: Loc) -> list[Space]:
    along = VECTORS[f.direction]
    per_row = n if f.layout == "straight" else int(f.per_row or n)
    turn = VECTORS[f.turn or ("down" if along[1] == 0 else "right")]
    if abs(along[0] * turn[0] + along[1] * turn[1]) > 1e-9:
        ctx.fail((*loc, "turn"), f"'turn: {f.turn}' must be at right angles to 'direction: {f.direction}'")
        return []
    step_a = (sw if along[1] == 0 else sh) + f.gap
    step_t = (sw if turn[1] == 0 else sh) + f.gap
    centres = []
    for i in range(n):
        row, j = divmod(i, per_row)
        if f.snake and row % 2:
            j = per_row - 1 - j
        centres.append(
            (along[0] * j * step_a + turn[0] * row * step_t, along[1] * j * step_a + turn[1] * row * step_t)
        )
    x0, y0 = min(c[0] for c in centres) - sw / 2, min(c[1] for c in centres) - sh / 2
    x1, y1 = max(c[0] for c in centres) + sw / 2, max(c[1] for c in centres) + sh / 2
    box = ctx.anchored(f.at or (0.0, 0.0), x1 - x0, y1 - y0, f.anchor)
    return [Space((box.x + cx - x0, box.y + cy - y0), sw, sh) for cx, cy in centres]


def _edge(
    box: Box, n: int, sw: float, sh: float, gap: float, start: str, clockwise: bool, ctx: Context, loc: Loc
) -> list[Space]:
    """Spaces around ``box``'s edge, ``sh`` deep; top and bottom rows own the corners."""
    d = sh
    inner_h = box.h - 2 * d
    if n < 4 or inner_h <= 0:
        ctx.fail(loc, "an edge track needs at least 4 spaces and a box more than two spaces tall")
        return []
    ideal = (2 * box.w + 2 * inner_h) / n
    top = bottom = max(1, round(box.w / ideal))
    side = max(1, (n - 2 * top) // 2)
    counts = [top, side, bottom, side]  # top, right, bottom, left
    rest = n - sum(counts)
    k = 0
    while rest:
        step = 1 if rest > 0 else -1
        if counts[k % 4] + step >= 1:
            counts[k % 4] += step
            rest -= step
        k += 1
    t, r, b, left = counts
    cycle: list[Space] = []
    lt, ls, lb = box.w / t, inner_h / r, box.w / b
    cycle += [Space((box.x + (i + 0.5) * lt, box.top - d / 2), lt - gap, d) for i in range(t)]
    cycle += [Space((box.right - d / 2, box.top - d - (i + 0.5) * ls), d, ls - gap) for i in range(r)]
    cycle += [Space((box.right - (i + 0.5) * lb, box.y + d / 2), lb - gap, d) for i in range(b)]
    ls = inner_h / left
    cycle += [Space((box.x + d / 2, box.y + d + (i + 0.5) * ls), d, ls - gap) for i in range(left)]
    s = {"top-left": 0, "top-right": t - 1, "bottom-right": t + r, "bottom-left": t + r + b - 1}[start]
    sign = 1 if clockwise else -1
    return [cycle[(s + sign * i) % n] for i in range(n)]


def _styles(f: TrackFeature, number: int) -> dict:
    out: dict = {}
    for st in f.special:
        if _matches(st, number):
            out.update(st.model_dump(exclude_none=True, exclude={"at", "every"}))
    return out


def _matches(st: SpaceStyle, number: int) -> bool:
    at = [st.at] if isinstance(st.at, int) else (st.at or [])
    return number in at or bool(st.every and number % st.every == 0)


def track_feature(ctx: Context, f: TrackFeature, loc: Loc) -> list[BoardOp]:
    spaces = place_spaces(ctx, f, loc)
    base = paint(f.look, {**SPACE_LOOK, "radius": 0.0})
    ops: list[BoardOp] = []
    for i, sp in enumerate(spaces):
        number = f.first + i
        extra = _styles(f, number)
        p = {**base, **{k: extra[k] for k in ("fill", "stroke") if k in extra}}
        p = {k: (None if v == "none" else v) for k, v in p.items()}
        dash = tuple(p["dash"]) if p.get("dash") else None
        if f.shape == "circle":
            ops.append(EllipseOp(sp.box, p.get("fill"), p.get("stroke"), p["stroke_width"], dash, sp.angle))
        else:
            radius = p.get("radius") or (min(sp.w, sp.h) * 0.18 if f.shape == "rounded" else 0.0)
            ops.append(
                RectOp(sp.box, p.get("fill"), p.get("stroke"), p["stroke_width"], radius, dash, sp.angle)
            )
        label = extra.get("label") or (f.labels[i] if f.labels else (str(number) if f.numbers else None))
        if label or extra.get("icon"):
            look = f.text.model_copy(update={"color": extra["color"]}) if "color" in extra else f.text
            small = min(sp.w, sp.h)
            ops += stack(
                ctx,
                sp.box,
                f.toward,
                (*loc, "special") if extra else loc,
                label=label,
                icon=extra.get("icon"),
                text=look,
                label_size=min(small * 0.42, 14.0),
                icon_share=0.5,
                pad=small * 0.08,
            )
    if f.arrows:
        for a, b in itertools.pairwise(spaces):
            u = unit(a.centre, b.centre)
            gap = math.dist(a.centre, b.centre) - (a.w + b.w) / 2 if abs(u[0]) > abs(u[1]) else f.gap
            head = max(min(gap * 0.8, 8.0), 4.0)
            mx, my = (a.centre[0] + b.centre[0]) / 2, (a.centre[1] + b.centre[1]) / 2
            mid = (mx + u[0] * head / 2, my + u[1] * head / 2)
            ops.append(arrowhead(mid, u, head, base.get("stroke") or ctx.spec.color))
    return ops
