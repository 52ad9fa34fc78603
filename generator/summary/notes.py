"""What the kit's print guide says about the rule summary and the player aids."""

from __future__ import annotations

from generator.art.fonts import FontBook
from generator.core.options import SheetOptions
from generator.core.say import say
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
    how = say("summary.one_page" if pages == 1 else "summary.pages")
    page_word = say("summary.page", pages)
    notes = [say("summary.file", file=SUMMARY_FILE, pages=pages, paper=shown, page_word=page_word, how=how)]
    aids = layout_aids(summary, fonts)
    if aids.faces:
        a = summary.aids
        per_set, copies = len(aids.faces), a.copies
        per_sheet = plan_sheet(a.width, a.height, aid_sheet_options(paper)).per_sheet
        sheets = -(-(per_set * copies) // per_sheet)
        cards = say("summary.cards", per_set, size=a.size_name)
        notes.append(
            say(
                "summary.aids",
                file=AIDS_FILE,
                copies=copies,
                set_word=say("summary.set", copies),
                cards=cards,
                sheets=sheets,
                paper=shown,
                sheet_word=say("summary.sheet", sheets),
            )
        )
    return notes
