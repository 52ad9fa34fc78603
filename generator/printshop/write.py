"""Write a game's cards the way one print shop asks for them, into ``printshop-<shop>/``.

Each deck is laid out at the shop's size (a matched size exactly; a size the shop does not make
at its own size, see ``check --printshop``) with the shop's bleed, one card face per page, TrimBox
and BleedBox set, pages in the shop's order. A shop that takes images gets one image per card
design, rendered from those PDF pages, identical backs once, and ``manifest.csv`` saying how
many copies of each to order.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace
from pathlib import Path

from generator.art.fonts import FontBook
from generator.core.errors import DataError
from generator.core.geometry import Box
from generator.core.options import BuildOptions, Progress, output_dir
from generator.core.writing import atomic_bytes, atomic_text, written_bytes
from generator.layout.deck import DeckFaces
from generator.layout.imposition import Slot
from generator.layout.printshop import printshop_order, printshop_page
from generator.load.model import Card, Deck, Game
from generator.printshop.preset import Preset, PrintSize, print_size
from generator.render import record
from generator.render.draw import Painter
from generator.render.pdf import pdf_canvas
from generator.render.sheets import draw_card

MANIFEST = "manifest.csv"


def printshop_folder(game: Game, options: BuildOptions, preset: Preset) -> Path:
    """``output/<game>/printshop-<shop>/``."""
    return output_dir(game, options) / f"printshop-{preset.name}"


def deck_stem(game: Game, deck: Deck) -> str:
    """A deck's file stem: ``cards`` for a game of one deck, else the deck's name."""
    return "cards" if len(game.decks) == 1 else deck.name


def write_printshop(
    game: Game, options: BuildOptions, preset: Preset, fonts: FontBook, progress: Progress | None = None
) -> list[Path]:
    """Write every deck for ``preset``'s shop; return the files written (PDFs, images, manifest)."""
    out = printshop_folder(game, options, preset)
    order = options.printshop_order or preset.order
    written: list[Path] = []
    rows: list[list[str | int]] = []
    for deck in game.decks:
        stem = deck_stem(game, deck)
        size = print_size(preset, deck.width, deck.height, options.bleed)
        shop_deck = replace(deck, width=size.width, height=size.height)
        faces = DeckFaces(game, shop_deck, fonts, size.bleed)
        title = f"{deck.title} ({preset.title})"
        if preset.files == "pdf":
            copies = [cc.card for cc in deck.copies()]
            pages = [
                (copies[i], side)
                for i, side in printshop_order(len(copies), order)
                if side == "front" or not deck.one_sided  # a one-sided deck: its fronts only
            ]
            written.append(write_face_pdf(out / f"{stem}.pdf", title, faces, size, pages, progress))
            continue
        designs = list(deck.cards)
        pages = [
            (designs[i], side)
            for i, side in printshop_order(len(designs), order)
            if side == "front" or (deck.back_for(designs[i]) and not deck.one_sided)  # no back, no image
        ]
        pdf = write_face_pdf(out / f"{stem}.pdf", title, faces, size, pages, progress)
        written.append(pdf)
        if progress:
            progress(f"{title}: images", 0, len(pages))
        images = _render(written_bytes(pdf), size, preset)
        files, names = _write_images(out / stem, deck, pages, images, preset.image_format)
        written += files
        for card in designs:
            back = names.get((id(card), "back"), "")
            rows.append([stem, card.name, card.count, names[id(card), "front"], back])
    if rows:
        written.append(_write_manifest(out / MANIFEST, rows))
    return written


def _render(pdf: bytes, size: PrintSize, preset: Preset) -> list[bytes]:
    from generator.printshop.images import render_pages  # pypdfium2 only where images are asked for

    return render_pages(pdf, size.pixels(preset.dpi), preset.dpi, preset.image_format)


def write_face_pdf(
    path: Path,
    title: str,
    faces: DeckFaces,
    size: PrintSize,
    pages: list[tuple[Card, str]],
    progress: Progress | None,
) -> Path:
    """One face per page at trim plus bleed; TrimBox and BleedBox on every page."""
    page = printshop_page(size.width, size.height, size.bleed)
    slot = Slot(0, 0, 0, page.trim, page.bleed)
    with pdf_canvas(path, title, (page.page_w, page.page_h)) as c:
        painter = Painter(c, faces.front.icons)
        for n, (card, side) in enumerate(pages, start=1):
            front, back = faces.faces(card)
            face = front if side == "front" else back
            if face is not None:
                draw_card(painter, face, slot, size.width, size.height)
            c.setTrimBox(_corners(page.trim))
            c.setBleedBox(_corners(page.bleed))
            record.note(c, "shop-page")  # a print shop's page: trim and bleed only, no furniture
            c.showPage()
            if progress and n % 50 == 0:
                progress(title, n, len(pages))
        errors = [p for p in faces.problems if p.rank < 60]
        if errors:
            raise DataError(errors)
    return path


def _corners(box: Box) -> tuple[float, float, float, float]:
    return (box.x, box.y, box.right, box.top)


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:40].rstrip("-") or "card"


def _write_images(
    folder: Path, deck: Deck, pages: list[tuple[Card, str]], images: list[bytes], fmt: str
) -> tuple[list[Path], dict[tuple[int, str], str]]:
    """One file per page: fronts ``NNN-<card>-front`` (NNN: the design's place in the deck),
    backs ``back-<template>`` (``-2``, ``-3`` where one back template gives different images);
    a page identical to one already written (a shared back) reuses that file."""
    written: list[Path] = []
    names: dict[tuple[int, str], str] = {}
    seen: dict[bytes, str] = {}
    numbers: dict[int, int] = {}
    for (card, side), data in zip(pages, images, strict=True):
        number = numbers.setdefault(id(card), len(numbers) + 1)
        if data not in seen:
            stem = f"{number:03d}-{_slug(card.name)}-front"
            if side == "back":
                stem = base = f"back-{_slug(deck.back_for(card) or 'blank')}"
                taken = {p.stem for p in written}
                n = 1
                while stem in taken:
                    n += 1
                    stem = f"{base}-{n}"
            path = folder / f"{stem}.{fmt}"
            atomic_bytes(path, data)
            written.append(path)
            seen[data] = f"{folder.name}/{path.name}"
        names[id(card), side] = seen[data]
    return written, names


def _write_manifest(path: Path, rows: list[list[str | int]]) -> Path:
    """``manifest.csv``: per card design its deck, name, copies to order, front and back image."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["deck", "card", "count", "front", "back"])
    writer.writerows(rows)
    atomic_text(path, text.getvalue())
    return path


def printshop_notes(game: Game, options: BuildOptions, preset: Preset, written: list[Path]) -> list[str]:
    """Print-guide lines naming the shop's files and what to do with them."""
    folder = f"printshop-{preset.name}"
    order = options.printshop_order or preset.order
    lines = []
    backless = []  # decks written without a back image (one-sided cards)
    for deck in game.decks:
        stem = deck_stem(game, deck)
        size = print_size(preset, deck.width, deck.height, options.bleed)
        what = f"the {size.size.name} size" if size.size else "a size this shop does not list"
        mm = f"{size.width / 72 * 25.4:.1f} x {size.height / 72 * 25.4:.1f} mm"
        bleed = f"{size.bleed / 72 * 25.4:.2f} mm bleed"
        if preset.files == "pdf":
            lines.append(
                f"{folder}/{stem}.pdf ({deck.title}) for {preset.title}: {deck.size} cards as "
                f"{2 * deck.size} pages ({order}), one face per page at {mm} trim plus {bleed} "
                f"({what}); not for home printing."
            )
        else:
            w, h = size.pixels(preset.dpi)
            mine = [p for p in written if p.parent.name == stem and p.parent.parent.name == folder]
            backs = "and shared backs once"
            if not any(p.name.startswith("back-") for p in mine):
                backless.append(deck.title)
                backs = "and no back image (the cards are one-sided: choose the shop's plain back)"
            kind = preset.image_format.upper()
            lines.append(
                f"{folder}/{stem}/ ({deck.title}) for {preset.title}: {len(mine)} {kind} "
                f"images of {w} x {h} px ({preset.dpi} dpi, {mm} trim plus {bleed}, {what}), one per card "
                f"design {backs}; {folder}/{MANIFEST} gives the copies of each. "
                f"{folder}/{stem}.pdf holds the same pages for proofing."
            )
    if preset.color == "cmyk":
        lines.append(f"{preset.title} prints from CMYK files with total ink at most {preset.ink_limit} %.")
    for note in preset.notes:
        if backless and "back image" in note:  # not for a deck that has none
            none = ", ".join(backless)
            note = f"{note.rstrip('.')} (for a deck with a back image; {none}: fronts only, no back image)."
        lines.append(f"{preset.title}: {note}")
    unsure = [f"the {s.name} size" for s in preset.sizes if not s.confirmed]
    unsure += [f.replace("_", " ") for f in preset.unconfirmed]
    if unsure:
        lines.append(
            f"Not confirmed from {preset.title}'s own pages (recalled or second-hand): "
            f"{', '.join(unsure)}; check these against the shop's current specification before ordering."
        )
    return lines
