"""Rule "tiling": the alignment targets of a tiled board must not print over game content that
stays visible once the tiles are assembled. Judged on the recorded tile pages: each target the
renderer notes (``tiling-mark``) is cut to the part of its tile no neighbour covers
(``stays-visible``: the window less the overlap the next tiles are glued over), and whatever is
drawn under that part (a filled shape or text of the board, not its background) is hit. One
finding per board element hit, located at its line, naming the pages."""

from __future__ import annotations

from collections import defaultdict

from generator.errors import clip
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import FillMark, PageRecord, Rect, TextMark, intersect

SLACK = 0.5
"""Points by which a target and the content under it must overlap to count (a hairline touch
does not)."""


def _overlap(a: Rect, b: Rect) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SLACK and min(a[3], b[3]) - max(a[1], b[1]) > SLACK


def _covers(a: Rect, b: Rect) -> bool:
    """Whether ``a`` covers all of ``b`` (a background under the whole visible window)."""
    return a[0] <= b[0] + SLACK and a[1] <= b[1] + SLACK and a[2] >= b[2] - SLACK and a[3] >= b[3] - SLACK


def _hits(page: PageRecord) -> list[tuple[object, str, Rect]]:
    """(origin, what, box) of the content under each visible target part on ``page``."""
    shows = page.notes("stays-visible")
    visible = shows[0].box if shows else (0.0, 0.0, page.width, page.height)
    found = []
    for target in page.notes("tiling-mark"):
        part = intersect(target.box, visible)
        if part[2] - part[0] <= SLACK or part[3] - part[1] <= SLACK:
            continue
        for mark in page.marks:
            if isinstance(mark, TextMark) and mark.visible and _overlap(mark.shown, part):
                found.append((mark.origin, f"'{clip(mark.text, 20)}'", part))
            elif (isinstance(mark, FillMark) and mark.alpha > 0 and _overlap(mark.box, part)
                  and not _covers(mark.box, visible)):
                found.append(_named(page, mark, part))
    return found


def _named(page: PageRecord, fill: FillMark, part: Rect) -> tuple[object, str, Rect]:
    """A filled shape hit: by the text drawn inside it (a cell's number, a node's label), at
    that text's element, when the shape itself was drawn without one of its own."""
    inside = [t for t in page.texts() if t.visible and t.origin != fill.origin and _covers(fill.box, t.shown)]
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
        message = (
            f"{targets} alignment target(s) of the tiled board print over {what}, "
            f"which stays visible once the tiles are assembled ({pages_named(boxes)}): move the "
            "element off the seams or the targets off the content"
        )
        found.append(Finding("tiling", origin, message, boxes))
    return found
