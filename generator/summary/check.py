"""Problems only a layout can find: aid text that does not fit a card, a reference too long."""

from __future__ import annotations

from generator.art.fonts import FontBook
from generator.core.errors import Problem
from generator.core.sizes import paper_size
from generator.core.units import to_mm
from generator.summary.aids import layout_aids
from generator.summary.flow import Overflow
from generator.summary.model import Summary
from generator.summary.pages import BODY_SIZES, layout_reference

CHECKED_PAPERS = ("a4", "letter")
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "a5": "A5", "legal": "Legal", "tabloid": "Tabloid"}


def _mm(points: float) -> str:
    return f"{to_mm(points):.1f} mm"


def aid_message(summary: Summary, o: Overflow) -> str:
    """Why an aid section does not fit, worded for the author."""
    a = summary.aids
    what = f"{a.size_name} player aid" if a.size_name != "custom" else "player aid card"
    section = f"section '{o.section.section.title}'" if o.section.section.title else "this section"
    if o.room <= 0:
        detail = f"a word in {o.unit} is {_mm(o.need)} too wide"
    else:
        detail = f"{o.unit} needs {_mm(o.need)} of height but a card has {_mm(o.room)} for text"
    return (
        f"{section} is too long for a {what} at {a.text_size:g} pt: {detail}; "
        "shorten it, split it into smaller items or choose a larger 'aids.size'"
    )


def fit_problems(
    summary: Summary, fonts: FontBook, papers: tuple[str, ...] = CHECKED_PAPERS
) -> list[Problem]:
    """Lay out the aids and the reference on each paper; report what does not fit."""
    doc = summary.doc
    problems = []
    aids = layout_aids(summary, fonts)
    for o in aids.overflows:
        loc = ("sections", o.section.section.index)
        problems.append(doc.problem(loc, aid_message(summary, o), rank=60))
    if aids.faces and not aids.title_fits:
        msg = f"aid title '{summary.aids.title}' does not fit the banner of a card: shorten it"
        problems.append(doc.problem(("aids", "title"), msg, rank=60))
    for paper in papers:
        shown = PAPER_NAMES.get(paper, paper)
        ref = layout_reference(summary, fonts, paper_size(paper))
        for o in ref.overflows:
            msg = f"{o.unit} of this section does not fit a column on {shown} paper: shorten it"
            problems.append(doc.problem(("sections", o.section.section.index), msg, rank=60))
        if not ref.fits:
            msg = (
                f"the rule summary needs {len(ref.pages)} pages on {shown} paper even at "
                f"{BODY_SIZES[-1]:g} pt; the limit is {summary.max_pages} ('pages'): shorten or drop sections"
            )
            problems.append(doc.problem(("sections",), msg, rank=60))
    return problems
