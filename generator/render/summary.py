"""Write a rule summary: the reference pages and the imposed sheets of player aid cards."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.art.fonts import FontBook
from generator.core.errors import DataError
from generator.core.sizes import paper_size
from generator.core.units import MM
from generator.layout.imposition import paginate, plan_sheet, used_marks
from generator.load.model import Game
from generator.render import record
from generator.render.draw import Painter
from generator.render.pdf import pdf_canvas
from generator.render.sheets import draw_card, draw_label, draw_marks, draw_scale_bar
from generator.summary import AIDS_FILE, SUMMARY_FILE, Summary, layout_aids, layout_reference
from generator.summary.check import fit_problems
from generator.summary.notes import aid_sheet_options, summary_print_notes

__all__ = ["summary_print_notes", "write_summary"]


def write_summary(summary: Summary, game: Game, fonts: FontBook, out_dir: Path, paper: str) -> list[Path]:
    """Write ``rules-summary.pdf`` and (when a section is marked ``aid``) ``player-aids.pdf``.

    Raises DataError when something does not fit this paper; nothing is written then. ``game``
    is the game the summary was loaded for (its icons travel with the summary).
    """
    problems = fit_problems(summary, fonts, (paper,))
    if problems:
        raise DataError(problems)
    icons = summary.icons  # the game's icon set, as loaded with the summary
    written = [_write_reference(summary, fonts, icons, out_dir / SUMMARY_FILE, paper)]
    aids = layout_aids(summary, fonts)
    if aids.faces:
        written.append(_write_aids(summary, aids.faces, fonts, icons, out_dir / AIDS_FILE, paper))
    return written


def _write_reference(summary: Summary, fonts: FontBook, icons, path: Path, paper: str) -> Path:
    ref = layout_reference(summary, fonts, paper_size(paper))
    first = ref.pages[0]
    with pdf_canvas(path, f"{summary.title} - {summary.subtitle}", (first.width, first.height)) as c:
        painter = Painter(c, icons)
        for page in ref.pages:
            painter.draw(page.ops)
            record.note(c, "reading-page")  # read, not cut: no scale bar wanted
            c.showPage()
    return path


def _write_aids(summary: Summary, faces, fonts: FontBook, icons, path: Path, paper: str) -> Path:
    a = summary.aids
    sets = f"{a.copies} set{'s' * (a.copies > 1)} of {len(faces)}"
    longest = f"{a.title} ({sets}) - sheet 99 of 99 - bar = 50 mm at 100%"
    sheet = plan_sheet(a.width, a.height, replace(aid_sheet_options(paper), label_chars=len(longest)))
    cards = list(faces) * a.copies
    spans = paginate(len(cards), sheet.per_sheet)
    label_face = fonts.face("Lato")
    bar = max(sheet.scale_bar.w, sheet.scale_bar.h)
    bar_text = (
        f" - bar = {round(bar / MM)} mm at 100%" if min(sheet.scale_bar.w, sheet.scale_bar.h) > 0 else ""
    )
    with pdf_canvas(path, a.title, (sheet.page_w, sheet.page_h)) as c:
        painter = Painter(c, icons)
        for n, span in enumerate(spans, start=1):
            for index, slot in zip(span, sheet.slots, strict=False):
                draw_card(painter, cards[index], slot, a.width, a.height)
            draw_marks(c, *used_marks(sheet.crop_marks, sheet.cut_lines, sheet.slots[: len(span)]))
            draw_scale_bar(c, sheet.scale_bar)
            label = f"{a.title} ({sets}) - sheet {n} of {len(spans)}{bar_text}"
            draw_label(c, label, sheet.label, sheet.label_box, sheet.label_angle, label_face)
            c.showPage()
    return path
