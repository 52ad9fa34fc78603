"""Every PDF of every game in ``carddata/`` (whatever games it holds), in every layout (duplex,
gutterfold, print shop in RGB and CMYK) and on A4 and Letter, and the calibration sheet:

- is clean (``tests/pdf_resources.py``): every resource a page or form names (fonts, XObjects,
  graphics states, shadings, patterns, colour spaces) is defined, and every font is embedded
  (print shops and preflight reject files that fail either);
- carries the same 50 mm scale bar on every sheet a player measures (card, counter, pad, token
  and aid sheets, one-sheet boards and board tiles), stated in a sheet label of at least 6 pt.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.core import paths
from generator.kit.assemble import build_kit
from generator.kit.build import BuildOptions, build_game
from generator.load.loader import load_game
from generator.render.calibration import write_calibration
from tests.pdf_resources import check_pdf, names_checked, pdf_problems, unembedded_fonts

__all__ = ["unembedded_fonts"]  # other tests import it from here

# Between them these cover both layouts, both duplex flips, both paper sizes and the print-shop
# files in RGB (generic) and CMYK (DriveThruCards: PDF/X-1a): the whole kit twice (boards,
# components and aids follow the paper), and the card files once more as a CMYK home build.
CONFIGS = {
    "kit-gutterfold-printshop-letter": dict(paper="letter", layout="gutterfold", printshop="generic"),
    "kit-duplex-a4-printshop-cmyk": dict(paper="a4", layout="duplex", printshop="drivethrucards"),
    "cards-duplex-short-a4-cmyk": dict(paper="a4", layout="duplex", duplex="short", color="cmyk"),
}


@pytest.fixture(
    scope="module",
    params=[(g, c) for g in paths.bundled_games() for c in sorted(CONFIGS)],
    ids=lambda p: f"{p[0]}-{p[1]}",
)
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
    poker = {
        f"{stem}{end}.pdf"
        for stem, d in stems.items()
        for end in ("", "-gutterfold")
        if (round(d.width, 1), round(d.height, 1)) == (180.0, 252.0)
    }
    return config, pdfs, cards - poker


def test_every_pdf_of_every_kit_is_clean(kit):
    """Every named resource defined, every font embedded, in every file the build wrote."""
    _, pdfs, _ = kit
    names = 0
    for pdf in pdfs:
        problems, looked_up = check_pdf(pdf)
        assert problems == [], pdf.name
        names += looked_up
    assert names > 0  # the walk does see resources


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


@pytest.mark.parametrize("paper, flip", [("letter", "long"), ("a4", "short")])
def test_calibration_sheet_is_clean(tmp_path: Path, paper: str, flip: str):
    pdf = write_calibration(tmp_path / "cal.pdf", paper, flip, (1.0, -0.5))
    assert pdf_problems(pdf) == [] and names_checked(pdf) > 0


def test_the_walk_finds_an_unembedded_font(tmp_path: Path):
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "plain.pdf"))
    c.drawString(10, 10, "Helvetica, not embedded")
    c.save()
    assert unembedded_fonts(tmp_path / "plain.pdf") == {"/Helvetica"}
    assert pdf_problems(tmp_path / "plain.pdf") == ["font /Helvetica is not embedded"]


def test_the_walk_finds_an_undefined_graphics_state_inside_a_form(tmp_path: Path):
    """ReportLab's own canvas leaves a form's graphics states out of its resources; ours does not."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.forms import CompleteForms

    class Complete(CompleteForms, Canvas):
        pass

    for make, name in ((Canvas, "plain.pdf"), (Complete, "complete.pdf")):
        c = make(str(tmp_path / name), initialFontName="Courier")
        c.beginForm("half")
        c.setFillAlpha(0.5)
        c.rect(10, 10, 50, 50, fill=1, stroke=0)
        c.endForm()
        c.doForm("half")
        c.save()
    assert pdf_problems(tmp_path / "plain.pdf") == [
        "page 1 > form /FormXob.half: gs names /ExtGState /gRLs0, which is not defined",
        "font /Courier is not embedded",
    ]
    assert pdf_problems(tmp_path / "complete.pdf") == ["font /Courier is not embedded"]


def test_the_pdfs_an_export_draws_its_images_from_are_clean(tmp_path: Path, monkeypatch, run_cli):
    """``export --png`` and ``--tts`` rasterise each design from a PDF written by the print-shop
    writer into a temporary folder: every such PDF is checked as it is written."""
    from generator.printshop import write

    checked: list[str] = []
    original = write.write_face_pdf

    def checking(path, *args, **kwargs):
        written = original(path, *args, **kwargs)
        assert pdf_problems(written) == [], written.name
        checked.append(written.name)
        return written

    monkeypatch.setattr(write, "write_face_pdf", checking)
    code, _, err = run_cli(
        "export", "jokers-row", "--png", tmp_path / "png", "--tts", tmp_path / "tts", "--dpi", "40"
    )
    assert code == 0, err
    assert len(checked) >= 2  # the decks of both exports


def test_the_walk_reads_operators_not_shown_text(tmp_path: Path):
    """Text that looks like a resource use ('/Fake gs') is shown, not run: no false alarm; a real
    undefined XObject is reported with its page."""
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "text.pdf"), initialFontName="Courier")
    c.drawString(10, 10, "/Fake gs (and /Other 12 Tf) <41> /X Do")
    c._code.append("/Missing Do")
    c.save()
    assert pdf_problems(tmp_path / "text.pdf") == [
        "page 1: Do names /XObject /Missing, which is not defined",
        "font /Courier is not embedded",
    ]
