"""Rule "text-shape": text laid over a filled shape (an oval, a band, a badge) stays inside it with
room to spare, on every page of every kit file.

The shape a run was laid over is the last rectangle or oval drawn before it that covers the
middle of the run and is not the page's or card's ground (it does not hold the whole run with a
wide margin: a background is judged by the trim rule). Each glyph is judged by four points near
the corners of its ink (a tenth of its advance in from each side, on the baseline and at cap
height):

- a glyph with a point outside the shape on another colour prints partly on what lies beyond
  it (white on cream where a white "$1,000" is wider than its oval): an **error**, the shape
  does not hold its text (beyond it on more of its own colour, a band that goes on as a frame,
  it is not judged);
- a glyph the middle of one of whose sides is closer to the edge than the room wanted (1 mm,
  or 15 % of the type size when larger) nearly touches it: a **warning**, as a typographer
  marks a title crowding its band.

Paths (stars, polygons) are known by their box only and are not judged."""

from __future__ import annotations

from collections import defaultdict

from generator.core.errors import clip
from generator.core.units import MM
from generator.proof.contrast import near as near_marks
from generator.proof.contrast import under
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import FillMark, PageRecord, TextMark

ROOM_MM = 1.0
ROOM_SHARE = 0.15
"""Room a glyph keeps from its shape's edge: 1 mm, or this share of its size when larger."""
SHORT = 2
"""Runs of at most this many characters (a number in a badge) are not judged for room."""
GROUND = 3.0
WIDE = 10.0
"""A fill that holds the run with GROUND times the type size on every side, or is WIDE times the
type size across both ways, is its ground (a page, a card), not a shape laid under it."""


def _middle(shape: FillMark) -> tuple[float, float]:
    x0, y0, x1, y1 = shape.box
    return (x0 + x1) / 2, (y0 + y1) / 2


def room(mark: TextMark) -> float:
    return max(ROOM_MM * MM, ROOM_SHARE * mark.size)


def laid_over(mark: TextMark, fills: list[FillMark]) -> FillMark | None:
    """The shape ``mark`` was laid over (see the module), or None."""
    x0, y0, x1, y1 = mark.box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for f in reversed(fills):
        if f.alpha <= 0 or not f.covers(cx, cy):
            continue
        g = GROUND * mark.size
        fx0, fy0, fx1, fy1 = f.box
        held = fx0 <= x0 - g and fy0 <= y0 - g and fx1 >= x1 + g and fy1 >= y1 + g
        if held or min(fx1 - fx0, fy1 - fy0) >= WIDE * mark.size:
            return None  # the ground under it (the page's, the card's)
        return f if f.shape in ("rect", "ellipse") else None
    return None


MARGIN = 1e-3
"""How far beyond a run's box the room is asked for when it is judged at once (points): every
glyph point lies in its box, so rounding cannot decide."""


def roomy(mark: TextMark, shape: FillMark) -> bool:
    """Whether the shape holds the run's whole box with the room wanted all round: then no glyph
    is beyond it or near its edge. The shape shrunk by the room is convex (an oval, a rectangle
    with or without rounded corners, cut to a box), so holding the four corners of the box grown
    by ``MARGIN`` is holding all of it."""
    want = room(mark)
    x0, y0, x1, y1 = mark.box
    x0, y0, x1, y1 = x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN
    return all(shape.covers(x, y, want) for x in (x0, x1) for y in (y0, y1))


def judge(mark: TextMark, shape: FillMark, fills: list[FillMark]) -> tuple[str, str]:
    """(glyphs partly outside the shape, on another colour; glyphs nearer its edge than the room
    wanted), ``fills`` being what was drawn before the run near it."""
    if roomy(mark, shape):
        return "", ""
    own = under(fills[: fills.index(shape) + 1], *_middle(shape))
    outside, near = [], []
    want = room(mark)
    sx0, sy0, sx1, sy1 = mark.shown
    for ch, points in mark.corners():
        if not all(sx0 <= x <= sx1 and sy0 <= y <= sy1 for x, y in points):
            continue  # cut by its own clip (a board tile's window): not judged here
        beyond = [(x, y) for x, y in points if not shape.covers(x, y)]
        if any(under(fills, x, y) not in (None, own) for x, y in beyond):
            outside.append(ch)  # it prints on something else there
            continue
        if beyond:
            continue  # beyond the shape, on more of its own colour: not crowding it either
        a, b, c, d = points  # the middles of its sides: a corner of a glyph box holds little ink
        sides = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for p, q in ((a, b), (c, d), (a, c), (b, d))]
        if not all(shape.covers(x, y, want) for x, y in sides):
            near.append(ch)
    if len(mark.text.strip()) <= SHORT:
        near = []  # a digit or two filling a round badge is a design, not crowding
    return "".join(outside), "".join(near)


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    groups: dict[tuple, list[tuple[str, str, Seen]]] = defaultdict(list)
    for page in pages:
        fills: list[FillMark] = []
        start = page.first(FillMark)[0]  # no shape under any text drawn before the first fill
        for mark in page.marks[start:] if start else page.marks:
            if isinstance(mark, FillMark):
                fills.append(mark)
            elif fills and isinstance(mark, TextMark) and mark.visible:  # nothing under it: no shape
                shape = laid_over(mark, fills)
                if shape is None:
                    continue
                outside, near = judge(
                    mark, shape, [f for f in near_marks(fills, mark.box) if isinstance(f, FillMark)]
                )
                if outside or near:
                    kind = "outside" if outside else "near"
                    key = (mark.origin, kind, shape.shape, shape.origin)
                    groups[key].append((mark.text, outside or near, Seen(page.file, page.number, mark.box)))
    found = []
    for (origin, kind, shape, _), hits in groups.items():
        seen = tuple(h[2] for h in hits)
        what = "oval" if shape == "ellipse" else "shape"
        sample, glyphs = clip(hits[0][0], 30), clip(hits[0][1], 12)
        count = f"{len(hits)} runs; {pages_named(seen)}"
        if kind == "outside":
            message = (
                f"text '{sample}' runs out of the {what} it is laid over: "
                f"'{glyphs}' print partly beyond its edge ({count}): make the {what} larger or the "
                "text smaller"
            )
            found.append(Finding("text-shape", origin, message, seen, "error"))
        else:
            message = (
                f"text '{sample}' nearly touches the edge of the {what} it is laid over: "
                f"'{glyphs}' within {ROOM_MM:g} mm (or {ROOM_SHARE:.0%} of the type size) "
                f"of it ({count}): give it more room"
            )
            found.append(Finding("text-shape", origin, message, seen, "warning"))
    return found
