"""Draw component sheets (counters, markers, money, standees, player sheets) into PDFs.

One PDF per kind (``counters.pdf``, ``markers.pdf``, ``money.pdf``, ``standees.pdf``,
``sheets.pdf``), every group starting on a new sheet. Faces come from the card layout
(``layout.deck.DeckFaces``), pages from ``components.plan``; drawing reuses ``render.sheets``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator.art.fonts import FontBook
from generator.components.model import ComponentGroup, ComponentSet, pdf_stem
from generator.components.notes import components_print_notes, groups_of
from generator.components.plan import PagePlan, PlanOptions, plan_group
from generator.core.errors import DataError, Problem
from generator.core.geometry import Box
from generator.core.units import mm
from generator.layout.card import CardFace
from generator.layout.imposition import Slot
from generator.layout.kept import deck_faces
from generator.load.model import Game
from generator.render.draw import Painter
from generator.render.paint import color
from generator.render.pdf import pdf_canvas
from generator.render.sheets import draw_card, draw_lines, draw_marks, face_note, finish_sheet

if TYPE_CHECKING:
    from generator.core.options import BuildOptions

__all__ = ["components_print_notes", "write_components"]

FOLD_COLOR = "#777777"
TAB_FILL = "#e4e4e4"
LABEL_FONT = ("Lato", False, False)
SUFFIX = {"front": "", "back": " (backs)", "both": " - fold on the dashed line, glue, then cut"}


def write_components(
    components: ComponentSet | Sequence[ComponentSet],
    game: Game,
    fonts: FontBook,
    out_dir: Path,
    options: BuildOptions,
) -> list[Path]:
    """Write one PDF per component kind into ``out_dir``; return their paths.

    Groups of one kind share a file: ``counters.pdf`` etc. for a file named ``components.yaml``,
    ``<file stem>-counters.pdf`` for any other, so several component files never overwrite each
    other's PDFs. Every group is planned before any file is written, so a group that does not fit
    the paper leaves earlier output alone; a face that cannot be laid out raises DataError.
    """
    opts = PlanOptions.from_build(options)
    by_file: dict[str, list[tuple[ComponentGroup, tuple[PagePlan, ...]]]] = {}
    problems: list[Problem] = []
    for component_set in [components] if isinstance(components, ComponentSet) else components:
        for group in component_set.groups:
            try:
                planned = (group, plan_group(group, opts))
            except DataError as exc:
                problems.extend(exc.problems)
                continue
            by_file.setdefault(pdf_stem(component_set, group.kind), []).append(planned)
    if problems:
        raise DataError(problems)
    written = []
    for stem, planned_groups in by_file.items():
        path = out_dir / f"{stem}.pdf"
        _write(path, f"{game.title} - {stem}", planned_groups, game, fonts, options.bleed)
        written.append(path)
    return written


def check_components(
    components: ComponentSet | Sequence[ComponentSet], game: Game, fonts: FontBook
) -> list[Problem]:
    """Lay out every item face (front and back); return missing fields, unknown icons, overflows."""

    problems: list[Problem] = []
    for group in groups_of(components):
        faces = deck_faces(game, group.deck, fonts, mm(3))  # kept for the kit in a check
        for card in group.deck.cards:
            faces.faces(card)
        problems.extend(faces.problems)
    return problems


def _write(
    path: Path,
    title: str,
    planned: list[tuple[ComponentGroup, tuple[PagePlan, ...]]],
    game: Game,
    fonts: FontBook,
    bleed: float,
) -> None:

    label_face = fonts.face(*LABEL_FONT)
    first = planned[0][1][0]
    problems: list[Problem] = []
    with pdf_canvas(path, title, (first.page_w, first.page_h)) as c:
        painter = Painter(c, game.icons)
        for group, pages in planned:
            sx, sy = group.scale
            faces = deck_faces(game, group.deck, fonts, bleed / max(sx, sy))  # kept in a check
            designs = {id(card): n for n, card in enumerate(group.deck.cards, start=1)}
            for page in pages:
                c.setPageSize((page.page_w, page.page_h))
                for tab in page.tabs:
                    c.setFillColor(color(TAB_FILL))
                    c.rect(tab.x, tab.y, tab.w, tab.h, stroke=0, fill=1)
                for placed in page.placements:
                    front, back = faces.faces(placed.copy.card)
                    face = front if placed.side == "front" else back
                    if face is not None:
                        design = designs.get(id(placed.copy.card), 0)
                        note = face_note(group.deck, design, placed.side)
                        _draw_scaled(painter, face, placed.slot, group, note)
                draw_lines(c, page.folds, FOLD_COLOR, 0.5, [4, 3])
                draw_marks(c, page.crop_marks, page.cut_lines, solid_cuts=bool(page.folds))
                finish_sheet(c, page, _label(game, group, page), label_face, with_bar=page.side != "back")
            problems.extend(p for p in faces.problems if p.rank < 60)
        if problems:
            raise DataError(problems)


def _draw_scaled(painter: Painter, face: CardFace, slot: Slot, group: ComponentGroup, note: str) -> None:
    """``draw_card`` in a frame scaled from the design size to the group's trim size (``note``:
    which face it is, for the recording)."""
    w, h = group.deck.width, group.deck.height
    sx, sy = group.scale
    if abs(sx - 1) < 1e-9 and abs(sy - 1) < 1e-9:
        draw_card(painter, face, slot, w, h, note)
        return
    t, a = slot.trim, slot.art
    art = Box((a.x - t.x) / sx, (a.y - t.y) / sy, a.w / sx, a.h / sy)
    c = painter.canvas
    c.saveState()
    c.translate(t.x, t.y)
    c.scale(sx, sy)
    draw_card(
        painter, face, Slot(slot.index, slot.row, slot.col, Box(0, 0, w, h), art, slot.rotation), w, h, note
    )
    c.restoreState()


def _label(game: Game, group: ComponentGroup, page: PagePlan) -> str:
    cut = "lines" if page.cut_lines else "marks"
    suffix = f" - fold on the dashes, cut on the {cut}" if page.tabs else SUFFIX[page.side]
    return f"{game.title} - {group.title} - sheet {page.sheet} of {page.sheets}{suffix}"
