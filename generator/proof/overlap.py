"""Rule "overlap": printed text that collides with other printed text, on any page of any kit
file (cards, boards, summaries, aids, components, sheets). Runs are judged by the glyphs' boxes
as drawn (ascent to descent, cut to the clip: a tile shows only its window of the board), so
element boxes that overlap but hold text that does not touch are not reported, and neither are
the runs of one line. A board's assembly
overview (tile names over the reduced board) is not judged."""

from __future__ import annotations

from collections import defaultdict

from generator.core.errors import clip
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import PageRecord, TextMark

SHARE = 0.2
"""Two runs collide when they overlap by more than this share of the smaller size both ways."""


Placed = tuple[TextMark, tuple[float, float, float, float], float]
"""A visible run with its shown box and printed size, worked out once."""


def _collide(a: Placed, b: Placed) -> bool:
    ax0, ay0, ax1, ay1 = a[1]
    bx0, by0, bx1, by1 = b[1]
    need = SHARE * min(a[2], b[2])
    return min(ax1, bx1) - max(ax0, bx0) > need and min(ay1, by1) - max(ay0, by0) > need


def _same_line(a: TextMark, b: TextMark) -> bool:
    """Runs of one line of one element (a bold word inside a sentence) touch by design."""
    return a.origin == b.origin and a.matrix[1:4] == b.matrix[1:4] and abs(a.matrix[5] - b.matrix[5]) < 0.01


def _order(mark: TextMark) -> tuple[str, int, int]:
    o = mark.origin
    return (getattr(o, "file", ""), getattr(o, "line", 0), getattr(o, "column", 0))


def _pairs(marks: list[Placed]) -> list[tuple[int, int]]:
    """(i, j), i < j, of the runs in ``marks`` (sorted by their left edge) that collide, in the
    order a sweep along x meets them. Found by a sweep along y (lines of text stack up a page,
    so far fewer runs share a height than share a left edge), then put in that order."""
    boxes = [m[1] for m in marks]
    sizes = [m[2] for m in marks]
    down = sorted(range(len(marks)), key=lambda k: boxes[k][1])
    found = []
    count = len(down)
    for n in range(count):
        i = down[n]
        ax0, ay0, ax1, ay1 = boxes[i]
        size = sizes[i]
        for m in range(n + 1, count):
            j = down[m]
            bx0, by0, bx1, by1 = boxes[j]
            if by0 >= ay1:  # this and every later run start above a's top: no overlap
                break
            if bx1 <= ax0 or ax1 <= bx0:  # side by side (another card of the row): no overlap
                continue
            need = SHARE * min(size, sizes[j])  # as _collide judges
            if min(ax1, bx1) - max(ax0, bx0) > need and min(ay1, by1) - max(ay0, by0) > need:
                found.append((i, j) if i < j else (j, i))
    return sorted(found)


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    groups: dict[tuple, list[tuple[str, str, Seen]]] = defaultdict(list)
    for page in pages:
        if page.notes("overview"):
            continue
        marks = sorted(((m, m.shown, m.size) for m in page.texts() if m.visible), key=lambda p: p[1][0])
        for i, j in _pairs(marks):
            a, b = marks[i], marks[j]
            if _same_line(a[0], b[0]):
                continue
            first, second = sorted((a[0], b[0]), key=_order)
            box = (min(a[1][0], b[1][0]), min(a[1][1], b[1][1]), max(a[1][2], b[1][2]), max(a[1][3], b[1][3]))
            seen = Seen(page.file, page.number, box)
            groups[(first.origin, second.origin)].append((first.text, second.text, seen))
    found = []
    for (here, there), hits in groups.items():
        seen = tuple(h[2] for h in hits)
        where = "another text of the same element" if here == there else f"the text made at {there}"
        message = (
            f"printed text '{clip(hits[0][0], 30)}' collides with '{clip(hits[0][1], 30)}', "
            f"{where} ({len(hits)} times; {pages_named(seen)}): move one, or make room"
        )
        found.append(Finding("overlap", here, message, seen))
    return found
