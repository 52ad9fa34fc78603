"""Rule "furniture": every sheet a player cuts or assembles carries the 50 mm scale bar, so a
print at the wrong scale is caught before the cutting starts (the label's size is the type-size
rule's). A duplex back page (its front carries the bar) and a page that is read, not cut (the
rule summary, a board's assembly overview) and a print shop's page need none."""

from __future__ import annotations

from generator.core.units import MM
from generator.proof.finding import Finding, Seen
from generator.proof.settings import Settings
from generator.render.record import NoteMark, PageRecord

EXEMPT = ("back-side", "reading-page", "shop-page")
"""Pages that need no bar: a duplex back, a page read rather than cut, a print shop's page."""
BAR_MM = 50.0
TOLERANCE_MM = 0.5


def _length(box: tuple[float, float, float, float]) -> float:
    return max(box[2] - box[0], box[3] - box[1]) / MM


def check(pages: list[PageRecord], settings: Settings) -> list[Finding]:
    found = []
    for page in pages:
        notes = page.of_kind(NoteMark)
        if any(n.kind in EXEMPT for n in notes):
            continue
        bars = [_length(n.box) for n in notes if n.kind == "scale-bar"]
        if any(abs(b - BAR_MM) <= TOLERANCE_MM for b in bars):
            continue
        what = f"a {max(bars):.0f} mm bar" if bars else "no scale bar"
        message = (
            f"{page.name()} carries {what} instead of "
            f"the {BAR_MM:g} mm scale bar: give the sheet room for it (a larger margin band, fewer "
            "items per sheet)"
        )
        seen = (Seen(page.file, page.number, (0.0, 0.0, page.width, page.height)),)
        found.append(Finding("furniture", page.origin, message, seen))
    return found
