"""Rule "tiling": the alignment targets of a tiled board must not print over game content that
stays visible once the tiles are assembled. Judged on the recorded tile pages: each target the
renderer notes (``tiling-mark``) is cut to the part of its tile no neighbour covers
(``stays-visible``: the window less the overlap the next tiles are glued over), and whatever is
drawn under that part is hit: text, filled shapes up to ``LARGEST`` across (spaces, cells,
nodes, swatches: what a target is taken for part of, or hides), and the board's stroked lines a
player follows (roads, paths, arrows: ``generator.core.strokes.content_stroke``, 1 pt to 4 mm
wide, not a filled shape's outline, drawn as the board's artwork and not the tile's own cut
lines or targets). Larger plain areas (the background, a card place, a panel) are not: a target
there marks no space, and a card laid on the place covers it. The play surface is hit too: a
filled and outlined shape of the board's artwork that is no rectangle and over 40 mm across
(``generator.core.strokes.surface_ring``: a map's land, where a target reads as part of the
map), judged by its outline, not its bounds. One finding per board element hit, located at its
line, naming the pages; a target on the play surface only is a warning (a paper whose seams
cross nothing but the surface has no better place for it)."""

from __future__ import annotations

from collections import defaultdict

from generator.core.errors import clip
from generator.core.geometry import apply
from generator.core.strokes import box_on_surface, content_stroke, stroke_meets, surface_ring
from generator.core.units import MM
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import FillMark, PageRecord, Rect, StrokeMark, intersect

LARGEST = 40 * MM
"""A filled shape wider and taller than this is an area (background, card place), not content."""
SLACK = 0.5
SURFACE = "the play surface"
"""Points by which a target and the content under it must overlap to count (a hairline touch
does not)."""


def _overlap(a: Rect, b: Rect) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def _covers(a: Rect, b: Rect) -> bool:
    """Whether ``a`` covers all of ``b``."""
    return a[0] <= b[0] + SLACK and a[1] <= b[1] + SLACK and a[2] >= b[2] - SLACK and a[3] >= b[3] - SLACK


def _area(fill: FillMark) -> bool:
    """Whether a filled shape is a plain area rather than content (see ``LARGEST``): judged whole,
    not cut to the tile's window."""
    x0, y0, x1, y1 = fill.local
    corners = [apply(fill.matrix, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return max(xs) - min(xs) > LARGEST and max(ys) - min(ys) > LARGEST


def _hits(page: PageRecord) -> list[tuple[object, str, Rect]]:
    """(origin, what, box) of the content under each visible target part on ``page``."""
    targets = page.notes("tiling-mark")
    if not targets:  # a page of no tiled board (every card sheet)
        return []
    shows = page.notes("stays-visible")
    visible = shows[0].box if shows else (0.0, 0.0, page.width, page.height)
    fills = [m for m in page.marks if isinstance(m, FillMark) and m.alpha > 0 and not _area(m)]
    strokes = [m for m in page.marks if isinstance(m, StrokeMark) and _line(m)]
    surfaces = [m for m in page.marks if isinstance(m, StrokeMark) and _surface(m)]
    found = []
    for target in targets:
        part = intersect(target.box, visible)
        if part[2] - part[0] <= SLACK or part[3] - part[1] <= SLACK:
            continue
        for text in page.texts():
            if text.visible and _overlap(text.shown, part):
                found.append((text.origin, f"'{clip(text.text, 20)}'", part))
        for fill in fills:
            if _overlap(fill.box, part):
                found.append(_named(page, fill, part))
        for stroke in strokes:
            if _overlap(stroke.box, part) and _crossed(stroke, part):
                found.append((stroke.origin, f"a {stroke.color} line", part))
        for area in surfaces:
            if _overlap(area.box, part) and box_on_surface(area.lines, part):
                found.append((area.origin, f"{SURFACE} (the area outlined {area.color})", part))
    return found


def _surface(stroke: StrokeMark) -> bool:
    """Whether a stroke outlines play surface (see the module's docstring), as board artwork."""
    if not (stroke.in_form and stroke.alpha > 0 and stroke.filled):
        return False
    return any(surface_ring(line, True, True) for line in stroke.lines)


def _line(stroke: StrokeMark) -> bool:
    """Whether a stroke is a line of the board's content (see the module's docstring): drawn as
    the board's artwork (placed from its form) and ``content_stroke`` by its printed width."""
    return stroke.in_form and stroke.alpha > 0 and content_stroke(stroke.width, stroke.filled)


def _crossed(stroke: StrokeMark, part: Rect) -> bool:
    """Whether the stroke, at its printed width, reaches more than ``SLACK`` into ``part``."""
    half = stroke.width / 2 - SLACK
    return any(stroke_meets(points, half, part) for points in stroke.lines)


def _named(page: PageRecord, fill: FillMark, part: Rect) -> tuple[object, str, Rect]:
    """A filled shape hit: by the text drawn inside it (a cell's number, a node's label), at
    that text's element, unless the text is the page's own furniture drawn on furniture."""
    furniture = fill.origin == page.origin
    texts = [t for t in page.texts() if t.visible and (t.origin != fill.origin or not furniture)]
    inside = [t for t in texts if _covers(fill.box, t.shown)]
    if inside:
        return inside[0].origin, f"'{clip(inside[0].text, 20)}'", part
    return fill.origin, f"a {fill.color} area", part


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    hits: dict[object, list[tuple[str, Seen]]] = defaultdict(list)
    for page in pages:
        for origin, what, box in _hits(page):
            hits[origin].append((what, Seen(page.file, page.number, box)))
    found = []
    for origin, seen in hits.items():
        texts = sorted({w for w, _ in seen if w.startswith("'")})
        areas = sorted({w for w, _ in seen if not w.startswith("'")})
        what = ", ".join((texts or areas)[:4]) + (" ..." if len(texts or areas) > 4 else "")
        boxes = tuple(dict.fromkeys(s for _, s in seen))
        targets = len({(s.file, s.page, s.box) for s in boxes})
        if all(w.startswith(SURFACE) for w, _ in seen):
            message = (
                f"{targets} alignment target(s) of the tiled board sit on its play surface, where a "
                f"player takes them for part of the map ({pages_named(boxes)}): give the seam room "
                "off it (a sea, a margin) or a paper whose seams have some"
            )
            found.append(Finding("tiling", origin, message, boxes, "warning"))
            continue
        message = (
            f"{targets} alignment target(s) of the tiled board print over {what}, "
            f"which stays visible once the tiles are assembled ({pages_named(boxes)}): move the "
            "element off the seams or the targets off the content"
        )
        found.append(Finding("tiling", origin, message, boxes))
    return found
