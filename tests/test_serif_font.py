"""The bundled serif family (Caladea): four styles in fonts.yaml, licence beside it, embedded when used."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.kit.build import BuildOptions, build_game
from generator.load.loader import load_game
from tests.conftest import write_game
from tests.test_kit_pdfs import unembedded_fonts

FONTS = Path(__file__).resolve().parents[1] / "fonts"

SERIF_FRONT = """\
elements:
  - type: text
    box: [4mm, 4mm, 55.5mm, 40mm]
    font: Caladea
    size: 12pt
    text: "Plain, **bold**, *italic* and ***bold italic*** {name}"
"""


def test_caladea_has_four_distinct_styles_and_its_licence() -> None:
    book = FontBook.load([FONTS])
    faces = {book.face("Caladea", b, i) for b in (False, True) for i in (False, True)}
    assert len(faces) == 4
    licence = (FONTS / "caladea" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "Caladea" in licence
    assert "Caladea" in (FONTS / "CREDITS.md").read_text(encoding="utf-8")


def test_caladea_is_embedded_in_a_built_card_pdf(tmp_path: Path) -> None:
    folder = write_game(tmp_path / "serif", {"templates/mini-front.yaml": SERIF_FRONT})
    written = build_game(load_game(folder), BuildOptions(out_dir=tmp_path / "out"))
    pdf = written[0]
    assert unembedded_fonts(pdf) == set()
    names: set[str] = set()
    for page in PdfReader(pdf).pages:
        fonts = page["/Resources"].get("/Font") or {}
        names.update(str(f.get_object()["/BaseFont"]) for f in fonts.values())
        for xobject in (page["/Resources"].get("/XObject") or {}).values():
            inner = xobject.get_object().get("/Resources")
            if inner is not None:
                for f in (inner.get_object().get("/Font") or {}).values():
                    names.add(str(f.get_object()["/BaseFont"]))
    caladea = {n for n in names if "Caladea" in n}
    assert len(caladea) == 4, names
