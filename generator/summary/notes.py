"""What the kit's print guide says about the rule summary and the player aids."""

from __future__ import annotations

from generator.art.fonts import FontBook
from generator.core.options import SheetOptions
from generator.core.sizes import paper_size
from generator.layout.imposition import plan_sheet
from generator.summary.aids import BLEED, layout_aids
from generator.summary.check import PAPER_NAMES
from generator.summary.model import Summary
from generator.summary.pages import layout_reference

SUMMARY_FILE = "rules-summary.pdf"
AIDS_FILE = "player-aids.pdf"


def aid_sheet_options(paper: str) -> SheetOptions:
    """How aid cards are imposed: fronts only, crop marks, bleed."""
    return SheetOptions(paper=paper_size(paper), bleed=BLEED, crop_marks=True)


def summary_print_notes(summary: Summary, paper: str = "a4") -> list[str]:
    """Print-guide lines: pages and sidedness of the reference, sheets and copies of the aids."""
    fonts = FontBook.load(summary.font_dirs)
    shown = PAPER_NAMES.get(paper, paper)
    pages = len(layout_reference(summary, fonts, paper_size(paper)).pages)
    if pages == 1:
        how = "print one copy, single-sided"
    else:
        how = "print one copy double-sided (flip on the long edge) for a single sheet, or single-sided"
    notes = [f"{SUMMARY_FILE}: the rule summary, {pages} {shown} page{'s' * (pages > 1)} - {how}."]
    aids = layout_aids(summary, fonts)
    if aids.faces:
        a = summary.aids
        per_set, copies = len(aids.faces), a.copies
        per_sheet = plan_sheet(a.width, a.height, aid_sheet_options(paper)).per_sheet
        sheets = -(-(per_set * copies) // per_sheet)
        cards = f"{per_set} {a.size_name} card{'s' * (per_set > 1)}"
        notes.append(
            f"{AIDS_FILE}: player aids, {copies} set{'s' * (copies > 1)} of {cards} (one set per "
            f"player) on {sheets} {shown} sheet{'s' * (sheets > 1)} - print single-sided at 100 % "
            "(check the scale bar), ideally on card stock, and cut on the crop marks."
        )
    return notes
