"""Every PDF of every game in ``carddata/`` (whatever games it holds), in every layout (duplex,
gutterfold, print shop) and on A4 and Letter:

- names no font it does not embed (print shops reject such files): each font resource is walked,
  page by page and through every form XObject, and must carry its font file;
- carries the same 50 mm scale bar on every sheet a player measures (card, counter, pad, token
  and aid sheets, one-sheet boards and board tiles), stated in a sheet label of at least 6 pt.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

from generator import paths
from generator.build import BuildOptions, build_game
from generator.kit import build_kit
from generator.loader import load_game
from generator.render.calibration import write_calibration

# Between them these cover every layout and both paper sizes: the whole kit once, and the card
# files (the only ones the layout changes) in the other layout and paper.
CONFIGS = {
    "kit-gutterfold-printshop-letter": dict(paper="letter", layout="gutterfold", printshop="generic"),
    "cards-duplex-a4": dict(paper="a4", layout="duplex"),
}
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":  # drawn by the PDF itself
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor.get_object() for key in FONT_FILES)


def unembedded_fonts(pdf: Path) -> set[str]:
    """Base names of the fonts some page or form of ``pdf`` uses without embedding them."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if not _embedded(font):
                found.add(str(font.get("/BaseFont")))
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.idnum in seen:
                continue
            seen.add(xobject.idnum)
            walk(xobject.get_object().get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


@pytest.fixture(scope="module", params=[(g, c) for g in paths.bundled_games() for c in sorted(CONFIGS)],
                ids=lambda p: f"{p[0]}-{p[1]}")
def kit(request, tmp_path_factory) -> tuple[str, list[Path], set[str]]:
    """(config, PDFs, names of the card files whose cards are poker size) of one bundled game built
    in one configuration."""
    game_name, config = request.param
    game = load_game(game_name)
    options = BuildOptions(**CONFIGS[config], out_dir=tmp_path_factory.mktemp(game_name), allow_overflow=True)
    build = build_kit if config.startswith("kit") else build_game
    pdfs = [p for p in build(game, options) if p.suffix == ".pdf"]
    assert pdfs
    stems = {"cards" if len(game.decks) == 1 else d.name: d for d in game.decks}
    cards = {f"{stem}{end}.pdf" for stem in stems for end in ("", "-gutterfold")}
    poker = {f"{stem}{end}.pdf" for stem, d in stems.items() for end in ("", "-gutterfold")
             if (round(d.width, 1), round(d.height, 1)) == (180.0, 252.0)}
    return config, pdfs, cards - poker


def test_every_font_of_every_kit_is_embedded(kit):
    _, pdfs, _ = kit
    fonts_seen = 0
    for pdf in pdfs:
        assert unembedded_fonts(pdf) == set(), pdf.name
        fonts_seen += sum(1 for page in PdfReader(pdf).pages if "/Font" in page["/Resources"])
    assert fonts_seen > 0  # the walk does see fonts


BAR_STATED = re.compile(r"bar\s+=\s+50\s+mm\s+at\s+100%|the\s+bar\s+is\s+50\s+mm")
NO_BAR = ("rules-summary.pdf",)  # reference pages (and print-shop files: one card per page, no marks)


def bar_labels(pdf: Path) -> list[tuple[str, float | None]]:
    """Per page: its text, and the type size (pt) of its scale-bar statement (None if it has none)."""
    out: list[tuple[str, float | None]] = []
    document = pdfium.PdfDocument(pdf)
    for n in range(len(document)):
        text_page = document[n].get_textpage()
        text = text_page.get_text_range()
        found = BAR_STATED.search(text)
        out.append((text, pdfium_c.FPDFText_GetFontSize(text_page.raw, found.start()) if found else None))
    document.close()
    return out


def test_every_sheet_carries_the_50mm_bar_and_a_readable_label(kit):
    """Component sheets (counters, markers, money, standees, pads), aids, boards and poker card
    sheets. Cards of other sizes keep the sheet counts of PRINTING.md first: where those leave
    no margin the sheet may lack the bar (not checked here)."""
    config, pdfs, other_cards = kit
    checked = 0
    for pdf in pdfs:
        if pdf.name.endswith(NO_BAR) or pdf.name in other_cards or pdf.parent.name.startswith("printshop-"):
            continue
        pages = bar_labels(pdf)
        for n, (text, size) in enumerate(pages):
            if "(backs)" in text:
                continue  # a back page: the bar is on its front
            if pdf.name.endswith("-tiled.pdf") and n == 0 and len(pages) > 1:
                continue  # the assembly page
            assert size is not None, f"{pdf.name} page {n + 1}: no 50 mm scale bar label"
            assert size >= 6 - 1e-3, f"{pdf.name} page {n + 1}: the label is {size:.2f} pt"
            checked += 1
    assert checked > 0 or not config.startswith("kit")  # a kit always has sheets to measure


def test_calibration_sheet_embeds_its_fonts(tmp_path: Path):
    pdf = write_calibration(tmp_path / "cal.pdf", "letter", "long", (0.0, 0.0))
    assert unembedded_fonts(pdf) == set()


def test_the_walk_finds_an_unembedded_font(tmp_path: Path):
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "plain.pdf"))
    c.drawString(10, 10, "Helvetica, not embedded")
    c.save()
    assert unembedded_fonts(tmp_path / "plain.pdf") == {"/Helvetica"}
