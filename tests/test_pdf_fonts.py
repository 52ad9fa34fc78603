"""No PDF names a font it does not embed (print shops reject such files).

Every PDF of every game in ``carddata/`` (whatever games it holds), in every layout (duplex,
gutterfold, print shop) and on A4 and Letter, has each font resource walked, page by page and
through every form XObject, and each must carry its font file.
"""

from __future__ import annotations

from pathlib import Path

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
    "kit-gutterfold-printshop-letter": dict(paper="letter", layout="gutterfold", printshop=True),
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


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("game", paths.bundled_games())
def test_every_font_of_every_kit_is_embedded(game: str, config: str, tmp_path: Path):
    options = BuildOptions(**CONFIGS[config], out_dir=tmp_path, allow_overflow=True)
    build = build_kit if config.startswith("kit") else build_game
    pdfs = [p for p in build(load_game(game), options) if p.suffix == ".pdf"]
    assert pdfs
    fonts_seen = 0
    for pdf in pdfs:
        assert unembedded_fonts(pdf) == set(), pdf.name
        fonts_seen += sum(1 for page in PdfReader(pdf).pages if "/Font" in page["/Resources"])
    assert fonts_seen > 0  # the walk does see fonts


def test_calibration_sheet_embeds_its_fonts(tmp_path: Path):
    pdf = write_calibration(tmp_path / "cal.pdf", "letter", "long", (0.0, 0.0))
    assert unembedded_fonts(pdf) == set()


def test_the_walk_finds_an_unembedded_font(tmp_path: Path):
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(tmp_path / "plain.pdf"))
    c.drawString(10, 10, "Helvetica, not embedded")
    c.save()
    assert unembedded_fonts(tmp_path / "plain.pdf") == {"/Helvetica"}
