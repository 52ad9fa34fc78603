"""FontBook: loading fonts.yaml files, style fallback, metrics and errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics

from generator.art.fonts import FontBook, UnknownFontError
from generator.core.errors import DataError

FONTS = Path(__file__).resolve().parents[1] / "fonts"


@pytest.fixture(scope="module")
def book() -> FontBook:
    return FontBook.load([FONTS])


def test_bundled_families(book: FontBook) -> None:
    families = book.families()
    assert families == sorted(families)
    assert {"DejaVu Sans", "Lato", "Lato Black"} <= set(families)
    assert book.has_family("Lato") and not book.has_family("Comic Sans")
    faces = {book.face("Lato", b, i) for b in (False, True) for i in (False, True)}
    assert len(faces) == 4
    for face, path in book.files().items():
        assert path.is_file()
        assert face in pdfmetrics.getRegisteredFontNames()


def test_width_is_linear_in_size(book: FontBook) -> None:
    face = book.face("Lato")
    w10 = book.width("Hello", face, 10)
    assert w10 > 0
    assert book.width("Hello", face, 20) == pytest.approx(2 * w10)
    assert book.width("Hello", face, 5) == pytest.approx(w10 / 2)
    assert w10 == pytest.approx(pdfmetrics.stringWidth("Hello", face, 10))
    assert book.width("Hello", book.face("Lato", bold=True), 10) > w10


def test_style_fallback(book: FontBook) -> None:
    black = book.face("Lato Black")
    assert book.face("Lato Black", bold=True) == black
    assert book.face("Lato Black", italic=True) == black
    assert book.face("Lato Black", bold=True, italic=True) == black
    assert book.face("DejaVu Sans", bold=True, italic=True) == book.face("DejaVu Sans", bold=True)
    assert book.face("DejaVu Sans", italic=True) == book.face("DejaVu Sans")


def test_vertical_metrics(book: FontBook) -> None:
    face = book.face("Lato")
    assert 0 < book.ascent(face, 10) < 12
    assert -4 < book.descent(face, 10) < 0
    assert book.ascent(face, 20) == pytest.approx(2 * book.ascent(face, 10))


def test_unknown_family_suggests(book: FontBook) -> None:
    with pytest.raises(UnknownFontError) as info:
        book.face("Lato Blak")
    assert isinstance(info.value, KeyError)
    assert "did you mean 'Lato Black'" in str(info.value)
    assert "DejaVu Sans" in str(info.value)


def test_loading_twice_reuses_registrations(book: FontBook) -> None:
    before = len(pdfmetrics.getRegisteredFontNames())
    again = FontBook.load([FONTS])
    assert again.files() == book.files()
    assert len(pdfmetrics.getRegisteredFontNames()) == before


def test_missing_dir_and_yaml_are_skipped(tmp_path: Path) -> None:
    book = FontBook.load([tmp_path / "nowhere", tmp_path, FONTS])
    assert "Lato" in book.families()


def test_later_dir_adds_and_overrides(tmp_path: Path) -> None:
    shutil.copy(FONTS / "dejavu" / "DejaVuSans.ttf", tmp_path / "Body.ttf")
    (tmp_path / "fonts.yaml").write_text(
        "families:\n  Lato:\n    regular: Body.ttf\n  House:\n    regular: Body.ttf\n"
    )
    book = FontBook.load([FONTS, tmp_path])
    assert "House" in book.families()
    face = book.face("Lato", bold=True)  # the override has no bold: falls back to its regular
    assert face == book.face("House")
    assert book.files()[face] == (tmp_path / "Body.ttf").resolve()
    assert face not in FontBook.load([FONTS]).files()  # a distinct, unique face name


def test_missing_file_is_a_data_error(tmp_path: Path) -> None:
    (tmp_path / "fonts.yaml").write_text("families:\n  Broken:\n    regular: Missing-Regular.ttf\n")
    with pytest.raises(DataError) as info:
        FontBook.load([tmp_path])
    text = str(info.value)
    assert "fonts.yaml" in text and "Missing-Regular.ttf" in text
    assert info.value.problems[0].line == 3


def test_non_truetype_file_is_a_data_error(tmp_path: Path) -> None:
    (tmp_path / "fake.ttf").write_bytes(b"this is not a font")
    (tmp_path / "fonts.yaml").write_text("families:\n  Fake:\n    regular: fake.ttf\n")
    with pytest.raises(DataError, match=r"fonts\.yaml.*fake\.ttf"):
        FontBook.load([tmp_path])


def _messages(tmp_path: Path, text: str) -> list[str]:
    """The problems FontBook reports for a fonts.yaml holding ``text``, without the folder."""
    (tmp_path / "fonts.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        FontBook.load([tmp_path])
    return [str(p).replace(f"{tmp_path}/", "") for p in info.value.problems]


def test_bad_yaml_shapes_are_located_data_errors(tmp_path: Path) -> None:
    assert _messages(tmp_path, "families: [a, b]\n") == [
        "fonts.yaml:1:1: families: expected a mapping of keys to values, found a list"
    ]
    assert _messages(tmp_path, "families:\n  X:\n    heavy: x.ttf\n") == [
        "fonts.yaml:3:5: families.X.heavy: unknown key 'heavy' (expected one of: bold, bold_italic, "
        "italic, regular)",
        "fonts.yaml:2:3: families.X.regular: missing required key 'regular'",
    ]
    assert _messages(tmp_path, "families: {X: [\n") == [
        "fonts.yaml:2:1: YAML syntax error: while parsing a flow node, did not find expected node content"
    ]
    assert _messages(tmp_path, "families:\n  X:\n    regular: x.ttf\n    regular: y.ttf\n") == [
        "fonts.yaml:4:5: families.X.regular: duplicate key 'regular' (first written at line 3, again at "
        "line 4): remove one of them"
    ]


def test_font_paths_outside_the_game_folder_are_refused(tmp_path: Path) -> None:
    fonts = tmp_path / "game" / "fonts"
    fonts.mkdir(parents=True)
    shutil.copy(FONTS / "dejavu" / "DejaVuSans.ttf", tmp_path / "Outside.ttf")
    outside = (
        "lies outside the game folder (and Deckwright's bundled files): copy the file into the game folder "
    )
    assert _messages(fonts, "families:\n  X:\n    regular: ../../Outside.ttf\n    bold: /etc/passwd\n") == [
        f"fonts.yaml:3:14: families.X.regular: font file '../../Outside.ttf' {outside}and name it from there",
        f"fonts.yaml:4:11: families.X.bold: font file '/etc/passwd' {outside}and name it from there",
    ]
    shutil.copy(FONTS / "dejavu" / "DejaVuSans.ttf", tmp_path / "game" / "Inside.ttf")
    (fonts / "fonts.yaml").write_text("families:\n  X:\n    regular: ../Inside.ttf\n")
    assert FontBook.load([fonts]).has_family("X")  # elsewhere in the game folder is fine
