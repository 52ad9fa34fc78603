"""Build a game's printable files: read top to bottom, it is the process it runs.

load (already done) -> lay out each card face -> impose on sheets -> render -> write atomically.
Faces are laid out sheet by sheet, so memory follows the sheet, not the deck.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from generator.art.fonts import FontBook
from generator.color import output as colors
from generator.core import where
from generator.core.errors import DataError, Problem
from generator.core.options import BuildOptions, Progress, SheetOptions, output_dir
from generator.core.say import say
from generator.core.units import MM
from generator.kit.guide import FOLD_STOCK
from generator.layout.deck import DeckFaces, check_faces
from generator.layout.duplex import back_sheet
from generator.layout.imposition import Slot, paginate, plan_sheet, used_marks
from generator.layout.kept import deck_faces
from generator.load.model import Card, Deck, Game
from generator.render import record
from generator.render.draw import Painter
from generator.render.pdf import pdf_canvas
from generator.render.sheets import BAR_NOTE, draw_card, draw_lines, draw_marks, face_notes, finish_sheet

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["BuildOptions", "DeckFaces", "build_game", "card_print_notes", "check_faces"]

LABEL_FONT = ("Lato", False, False)
FOLD_HINT = " - fold on the dashed line"
CARD_NOTE = "card:"
"""What a card slot's note on a recorded page starts with; ``deck/n`` follows (``_note_card``)."""


def build_game(
    game: Game, options: BuildOptions, progress: Progress | None = None, decks: Collection[str] | None = None
) -> list[Path]:
    """Write every printable file of the game (of only the named ``decks`` if given) in the
    options' colour mode; return their paths."""
    with colors.using(options.color, options.ink_limit):
        return _build_game(game, options, progress, decks)


def _build_game(
    game: Game, options: BuildOptions, progress: Progress | None, decks: Collection[str] | None
) -> list[Path]:
    check_sheets(game, options)
    fonts = FontBook.load(game.font_dirs)
    out = output_dir(game, options)
    written: list[Path] = []
    for deck in game.decks:
        if decks is not None and deck.name not in decks:
            continue
        stem = "cards" if len(game.decks) == 1 else deck.name
        faces = deck_faces(game, deck, fonts, options.bleed)  # kept across papers in a check
        with where.at(deck.origin):  # the sheet furniture of this deck's file
            if options.layout == "gutterfold" and not deck.one_sided:
                path = out / f"{stem}-gutterfold.pdf"
                _write_gutterfold(path, deck, faces, fonts, options, progress)
            else:  # a one-sided deck needs no folding: plain sheets of fronts in either layout
                path = out / f"{stem}.pdf"
                _write_sheets(path, deck, faces, fonts, _deck_options(deck, options), progress)
        written.append(path)
    return written


def _deck_options(deck: Deck, options: BuildOptions) -> BuildOptions:
    """The options a deck is built with: a one-sided deck (``back: none``) gets no backs."""
    return replace(options, backs=False, layout="duplex") if deck.one_sided else options


def single_sided_files(game: Game, written: list[Path]) -> list[Path]:
    """The card files of one-sided decks among ``written``."""
    stems = {"cards" if len(game.decks) == 1 else d.name for d in game.decks if d.one_sided}
    return [p for p in written if p.stem in stems or p.stem.removesuffix("-printshop") in stems]


def check_sheets(game: Game, options: BuildOptions) -> None:
    """Raise DataError, located at each deck, where its cards cannot be laid out with ``options``:
    a bleed wider than half the card, or a card (with its bleed) larger than the paper."""
    problems = []
    for deck in game.decks:
        where = deck.origin
        if 2 * options.bleed > min(deck.width, deck.height):
            message = (
                f"a {options.bleed / MM:g} mm bleed is wider than half of the {deck.width / MM:g} x "
                f"{deck.height / MM:g} mm card: use --bleed {min(deck.width, deck.height) / 2 / MM:g} or less"
            )
        else:
            try:
                if _deck_options(deck, options).layout == "gutterfold":
                    from generator.layout.gutterfold import plan_gutterfold

                    plan_gutterfold(deck.width, deck.height, options.sheet_options())
                else:
                    plan_sheet(deck.width, deck.height, options.sheet_options())
                continue
            except ValueError as exc:
                message = f"on {options.paper.upper()} paper, {exc}"
        path = f"decks[{game.decks.index(deck)}] ('{deck.name}')"
        problems.append(Problem(20, where.file, where.line, where.column, path, message, cell=where.cell))
    if problems:
        raise DataError(problems)


def _raise_if(faces: DeckFaces) -> None:
    errors = [p for p in faces.problems if p.rank < 60]
    if errors:
        raise DataError(errors)


def _labelled(options: BuildOptions, deck: Deck, extra: str) -> SheetOptions:
    """The sheet options, told about how long the deck's longest sheet label will be; where the
    margins hold no 50 mm bar and full-size label, a band is kept free for them (``make_room``)."""
    longest = _sheet_label(deck, 999, 999, extra) + BAR_NOTE
    return replace(options.sheet_options(), label_chars=len(longest), make_room=True)


def _sheet_label(deck: Deck, n: int, total: int, extra: str = "") -> str:
    return f"{deck.title} - sheet {n} of {total}{extra}"


def _note_card(c: Canvas, card: str, slot: Slot) -> None:
    """Tell the recording which card a slot holds (``card:deck/n`` over its art box), so the
    preview can badge the card whose own drawing a finding is seen on."""
    art = slot.art
    record.note(c, f"{CARD_NOTE}{card}", (art.x, art.y, art.right, art.top))


def _chunks(deck: Deck, per_sheet: int) -> Iterator[list[tuple[Card, int]]]:
    """The deck's copies a sheet at a time (as ``paginate`` cuts them), read as they are drawn:
    each as its card and its design's 1-based place in the deck, as the preview names cards
    (``deck/n``: a design's copies follow each other; one without copies takes no place)."""
    copies = _copies(deck)
    for span in paginate(deck.size, per_sheet):
        yield list(islice(copies, len(span)))


def _copies(deck: Deck) -> Iterator[tuple[Card, int]]:
    """Every physical card in deck order (``Deck.copies``) with its design's number."""
    design = 0
    for card in deck.cards:
        if card.count > 0:
            design += 1
            for _ in range(card.count):
                yield card, design


def _write_sheets(
    path: Path,
    deck: Deck,
    faces: DeckFaces,
    fonts: FontBook,
    options: BuildOptions,
    progress: Progress | None,
) -> None:
    front = plan_sheet(deck.width, deck.height, _labelled(options, deck, " (backs)"))
    back = back_sheet(front, options.duplex, options.back_offset)
    label_face = fonts.face(*LABEL_FONT)
    total = -(-deck.size // front.per_sheet)
    notes, name = face_notes(deck), deck.name
    with pdf_canvas(path, deck.title, (front.page_w, front.page_h)) as c:
        painter = Painter(c, faces.front.icons)
        for n, copies in enumerate(_chunks(deck, front.per_sheet), start=1):
            laid = [faces.faces(card) for card, _ in copies]
            for (face, _), slot, (_, design) in zip(laid, front.slots, copies, strict=False):
                if face is not None:
                    draw_card(painter, face, slot, deck.width, deck.height, f"{notes}{design}/front")
                    _note_card(c, f"{name}/{design}", slot)
            draw_marks(c, *used_marks(front.crop_marks, front.cut_lines, front.slots[: len(copies)]))
            finish_sheet(c, front, _sheet_label(deck, n, total), label_face)
            if options.backs:
                for (_, face), slot, (_, design) in zip(laid, back.slots, copies, strict=False):
                    if face is not None:
                        draw_card(painter, face, slot, deck.width, deck.height, f"{notes}{design}/back")
                        _note_card(c, f"{name}/{design}", slot)
                finish_sheet(c, back, _sheet_label(deck, n, total, " (backs)"), label_face, with_bar=False)
            if progress:
                progress(deck.title, n, total)
        _raise_if(faces)


def _write_gutterfold(
    path: Path,
    deck: Deck,
    faces: DeckFaces,
    fonts: FontBook,
    options: BuildOptions,
    progress: Progress | None,
) -> None:
    from generator.layout.gutterfold import plan_gutterfold  # only a gutterfold build imports it

    geo = plan_gutterfold(deck.width, deck.height, _labelled(options, deck, FOLD_HINT))
    label_face = fonts.face(*LABEL_FONT)
    total = -(-deck.size // geo.per_sheet)
    notes, name = face_notes(deck), deck.name
    with pdf_canvas(path, f"{deck.title} (fold and glue)", (geo.page_w, geo.page_h)) as c:
        painter = Painter(c, faces.front.icons)
        for n, copies in enumerate(_chunks(deck, geo.per_sheet), start=1):
            for (card, design), front_slot, back_slot in zip(copies, geo.fronts, geo.backs, strict=False):
                front, back = faces.faces(card)
                for face, slot, side in ((front, front_slot, "front"), (back, back_slot, "back")):
                    if face is not None:
                        draw_card(painter, face, slot, deck.width, deck.height, f"{notes}{design}/{side}")
                        _note_card(c, f"{name}/{design}", slot)
            filled = geo.fronts[: len(copies)] + geo.backs[: len(copies)]
            draw_marks(c, *used_marks(geo.crop_marks, geo.cut_lines, filled))
            draw_lines(c, (geo.fold,), "#777777", 0.4, [4, 3])
            finish_sheet(c, geo, _sheet_label(deck, n, total, FOLD_HINT), label_face)
            if progress:
                progress(deck.title, n, total)
        _raise_if(faces)


def card_print_notes(game: Game, options: BuildOptions, written: list[Path] | None = None) -> list[str]:
    """Print-guide lines for the card files of a build with ``options``."""
    notes = []
    for deck in game.decks:
        stem = "cards" if len(game.decks) == 1 else deck.name
        one_sided, opts = deck.one_sided, _deck_options(deck, options)
        if opts.layout == "gutterfold":
            from generator.layout.gutterfold import plan_gutterfold

            per = plan_gutterfold(deck.width, deck.height, opts.sheet_options()).per_sheet
            key, file, how = "cards.gutterfold", f"{stem}-gutterfold.pdf", ""
        else:
            per = plan_sheet(deck.width, deck.height, opts.sheet_options()).per_sheet
            key, file = "cards.file", f"{stem}.pdf"
            if opts.backs:
                how = say("cards.duplex", edge=say(f"edge.{opts.duplex}"), pages=-(-deck.size // per) * 2)
            else:
                how = say("cards.one_sided" if one_sided else "cards.fronts_only")
        sheets = -(-deck.size // per)
        cards, on = say("cards.card", deck.size), say("cards.sheet", sheets)
        notes.append(
            say(
                key,
                file=file,
                title=deck.title,
                cards=cards,
                sheets=on,
                per=per,
                how=how,
                stock=say(FOLD_STOCK),
            )
        )
    return notes
