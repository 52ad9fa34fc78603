"""Rule "overlap": printed text that collides with other printed text, on any page of any kit
file (cards, boards, summaries, aids, components, sheets). Runs are judged by the glyphs' boxes
as drawn (ascent to descent, cut to the clip: a tile shows only its window of the board), so
element boxes that overlap but hold text that does not touch are not reported, and neither are
the runs of one line. A board's assembly
overview (tile names over the reduced board) is not judged."""

from __future__ import annotations

from collections import defaultdict

from generator.errors import clip
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import PageRecord, TextMark

SHARE = 0.2
"""Two runs collide when they overlap by more than this share of the smaller size both ways."""


def _collide(a: TextMark, b: TextMark) -> bool:
    ax0, ay0, ax1, ay1 = a.shown
    bx0, by0, bx1, by1 = b.shown
    need = SHARE * min(a.size, b.size)
    return min(ax1, bx1) - max(ax0, bx0) > need and min(ay1, by1) - max(ay0, by0) > need


def _same_line(a: TextMark, b: TextMark) -> bool:
    """Runs of one line of one element (a bold word inside a sentence) touch by design."""
    return a.origin == b.origin and a.matrix[1:4] == b.matrix[1:4] and abs(a.matrix[5] - b.matrix[5]) < 0.01


def _order(mark: TextMark) -> tuple[str, int, int]:
    o = mark.origin
    return (getattr(o, "file", ""), getattr(o, "line", 0), getattr(o, "column", 0))


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    groups: dict[tuple, list[tuple[str, str, Seen]]] = defaultdict(list)
    for page in pages:
        if page.notes("overview"):
            continue
        marks = sorted((m for m in page.texts() if m.visible), key=lambda m: m.shown[0])
        for i, a in enumerate(marks):
            right = a.shown[2]
            for b in marks[i + 1 :]:
                if b.shown[0] >= right:
                    break
                if _same_line(a, b) or not _collide(a, b):
                    continue
                first, second = sorted((a, b), key=_order)
                box = (min(a.box[0], b.box[0]), min(a.box[1], b.box[1]),
                       max(a.box[2], b.box[2]), max(a.box[3], b.box[3]))
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
