"""Rule "type size": no glyph prints below the game's minimum (``proof.min_size``, default 6 pt),
measured at the size it prints: a board reduced to one sheet counts reduced, an assembly
overview counts too. One finding per element and printed size."""

from __future__ import annotations

from collections import defaultdict

from generator.core.errors import clip
from generator.proof.finding import Finding, Seen, pages_named
from generator.proof.settings import Settings
from generator.render.record import PageRecord

TOLERANCE = 0.05
"""Sizes within this of the minimum pass (the reference tool rounds the same way)."""


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    groups: dict[object, list[tuple[str, float, Seen]]] = defaultdict(list)
    for page in pages:
        for mark in page.texts():
            size = mark.size
            if size < settings.min_size - TOLERANCE:
                groups[mark.origin].append((mark.text, size, Seen(page.file, page.number, mark.box)))
    found = []
    for origin, hits in groups.items():
        seen = tuple(s for _, _, s in hits)
        glyphs = sum(len(t.replace(" ", "")) for t, _, _ in hits)
        low, high = min(h[1] for h in hits), max(h[1] for h in hits)
        sizes = f"{low:.1f}" if round(low, 1) == round(high, 1) else f"{low:.1f}-{high:.1f}"
        sample = clip(min(hits, key=lambda h: h[1])[0], 40)
        message = (
            f"type prints at {sizes} pt, below the {settings.min_size:g} pt minimum: '{sample}' "
            f"({glyphs} glyphs in {len(hits)} runs; {pages_named(seen)}): make it larger, or print "
            "this part larger"
        )
        found.append(Finding("type-size", origin, message, seen))
    return found
