"""Font files as foundries ship them: OpenType with PostScript (CFF) outlines and WOFF web fonts
are read as they are, converted to TrueType at load with their metrics kept and cached; a font
that cannot be used says what to do (issue 33, item 2)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont as TTFontFile
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.art import fontconvert
from generator.art.fonts import FontBook
from generator.core.errors import DataError
from tests.conftest import MINI_FRONT, write_game
from tests.otf_fixtures import FONTS, make_otf, make_woff
from tests.pdf_resources import pdf_problems

TEXT = "Sneaks about, Runs fast. Alpha Beta 0123456789"
SOURCE = FONTS / "lato" / "Lato-Black.ttf"


@pytest.fixture(scope="module")
def otf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small CFF .otf (the characters of the mini game and TEXT) made from Lato Black."""
    keep = set(TEXT + "AlphaBetaRunsfast.Sneaksabout:Speed3 ")
    return make_otf(SOURCE, tmp_path_factory.mktemp("otf") / "Display-Black.otf", keep="".join(keep))


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own cache folder and an empty memory."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fontconvert, "_MEMORY", {})
    return tmp_path / "cache" / "deckwright" / "fonts"


def _game_with_font(tmp_path: Path, font: Path, name: str | None = None) -> Path:
    name = name or font.name
    front = MINI_FRONT.replace('size: 14pt, color: "#ffffff"', 'size: 14pt, color: "#ffffff", font: Display')
    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    (folder / "fonts").mkdir()
    (folder / "fonts" / name).write_bytes(font.read_bytes())
    (folder / "fonts" / "fonts.yaml").write_text(f"families:\n  Display:\n    regular: {name}\n")
    return folder


def _original_widths(text: str) -> float:
    if "Lato-Black-original" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Lato-Black-original", str(SOURCE)))
    return pdfmetrics.stringWidth(text, "Lato-Black-original", 10)


def test_a_cff_otf_is_read_with_its_metrics_kept(otf: Path, tmp_path: Path, cache: Path):
    assert fontconvert.kind(otf) == "OpenType (CFF)"
    folder = _game_with_font(tmp_path, otf)
    book = FontBook.load([FONTS, folder / "fonts"])
    face = book.face("Display")
    assert book.width(TEXT, face, 10) == pytest.approx(_original_widths(TEXT), abs=1e-6)
    original = pdfmetrics.getFont("Lato-Black-original").face
    assert book.ascent(face, 1) == pytest.approx(original.ascent / 1000)
    assert book.descent(face, 1) == pytest.approx(original.descent / 1000)
    assert list(cache.glob("*.ttf")), "the converted font is kept in the cache folder"


def test_the_conversion_is_cached_and_the_same_bytes_every_time(otf: Path, cache: Path, monkeypatch):
    first = fontconvert.truetype(otf)
    assert first[:4] == b"\x00\x01\x00\x00"
    monkeypatch.setattr(fontconvert, "_MEMORY", {})
    monkeypatch.setattr(fontconvert, "_convert", lambda data: pytest.fail("converted twice"))
    assert fontconvert.truetype(otf) == first  # read from the cache folder
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache.parent.parent / "elsewhere"))
    monkeypatch.setattr(fontconvert, "_MEMORY", {})
    assert fontconvert.truetype(otf) == first  # converted again: the same bytes


def test_a_card_set_in_an_otf_builds_with_the_font_embedded(otf: Path, tmp_path: Path, run_cli):
    folder = _game_with_font(tmp_path, otf)
    code, out, err = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    assert pdf_problems(pdf) == []  # every resource defined, every font embedded
    fonts = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts.add(str(font["/BaseFont"]))
            assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
    assert any("+Montserrat" in name for name in fonts), fonts
    doc = pdfium.PdfDocument(str(pdf))
    assert "Alpha" in doc[0].get_textpage().get_text_range()
    doc[0].render(scale=1).to_pil()


def test_a_woff_web_font_is_read_too(otf: Path, tmp_path: Path):
    woff = make_woff(otf, tmp_path / "Display.woff")
    assert fontconvert.kind(woff) == "WOFF"
    folder = _game_with_font(tmp_path, woff)
    book = FontBook.load([FONTS, folder / "fonts"])
    assert book.width(TEXT, book.face("Display"), 10) == pytest.approx(_original_widths(TEXT), abs=1e-6)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"wOF2" + bytes(60), "needs the 'brotli' package: install it (pip install brotli)"),
        (None, "the file is damaged"),  # a download cut short
        (b"<html>not found</html>", "not a font file (it starts with b'<htm'): use the .ttf, .otf"),
    ],
)
def test_a_font_that_cannot_be_used_says_what_to_do(
    otf: Path, tmp_path: Path, run_cli, content: bytes | None, expected: str
):
    bad = tmp_path / "Display.otf"
    whole = otf.read_bytes()
    bad.write_bytes(whole[: len(whole) // 2] if content is None else content)
    folder = _game_with_font(tmp_path, bad)
    with pytest.raises(DataError) as info:
        FontBook.load([FONTS, folder / "fonts"])
    assert "fonts.yaml:3" in str(info.value) and expected in str(info.value)
    code, out, err = run_cli("check", str(folder))
    assert code == 1 and expected in out + err and "Traceback" not in out + err


@pytest.mark.parametrize(
    ("fs_type", "expected"),
    [
        (0x0002, "its licence forbids embedding it in a document (Restricted License) (OS/2 fsType 0002)"),
        (0x0100, "forbids embedding a subset of it"),
        (0x0200, "allows embedding its bitmaps only"),
    ],
)
def test_a_font_whose_licence_forbids_embedding_says_so(tmp_path: Path, run_cli, fs_type: int, expected: str):
    font = TTFontFile(SOURCE)
    font["OS/2"].fsType = fs_type  # as some foundries ship their fonts
    restricted = tmp_path / "Restricted.ttf"
    font.save(restricted)
    folder = _game_with_font(tmp_path, restricted)
    code, out, err = run_cli("check", str(folder))
    assert code == 1 and "fonts.yaml:3" in out + err, out + err
    assert "font file 'Restricted.ttf' cannot be used: its licence " in out + err and expected in out + err
    assert "Traceback" not in out + err


def test_a_font_that_allows_print_and_preview_embedding_is_used(tmp_path: Path, run_cli):
    font = TTFontFile(SOURCE)
    font["OS/2"].fsType = 0x0004  # "preview & print": embedding in a PDF allowed
    allowed = tmp_path / "Allowed.ttf"
    font.save(allowed)
    code, out, err = run_cli("check", str(_game_with_font(tmp_path, allowed)))
    assert code == 0, out + err


def test_a_game_font_with_a_bundled_fonts_postscript_name_is_used_as_itself(tmp_path: Path, run_cli):
    """A designer's own Lato (another version: here its 'A' twice as wide) keeps the PostScript
    name Lato-Regular, which the bundled Lato has too; ReportLab would set it in the bundled one."""
    bundled = FontBook.load([FONTS])
    lato = bundled.face("Lato")
    font = TTFontFile(FONTS / "lato" / "Lato-Regular.ttf")
    advance, lsb = font["hmtx"]["A"]
    font["hmtx"]["A"] = (2 * advance, lsb)
    own = tmp_path / "Lato-Regular.ttf"
    font.save(own)
    folder = _game_with_font(tmp_path, own)
    book = FontBook.load([FONTS, folder / "fonts"])
    face = book.face("Display")
    assert book.width("A", face, 10) == pytest.approx(2 * bundled.width("A", lato, 10), rel=1e-3)
    assert bundled.width("A", lato, 10) == pytest.approx(pdfmetrics.stringWidth("A", lato, 10))
    code, out, err = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    names = {
        str(f.get_object()["/BaseFont"]).split("+")[1]
        for page in PdfReader(tmp_path / "out" / "mini" / "cards.pdf").pages
        for f in page["/Resources"]["/Font"].values()
    }
    assert "Lato-Regular" in names and any(n.startswith("Lato-Regular-") for n in names), names
