"""Fonts installed on the computer, named by family as Squib names them (``Times New Roman``):
found in the system's font folders, embedded like the bundled ones, said in the print guide, and
listed by ``deckwright fonts`` (issue 33, item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont
from pypdf import PdfReader

from generator.art import sysfonts
from tests.conftest import MINI_FRONT, write_game
from tests.otf_fixtures import FONTS, make_otf
from tests.pdf_resources import pdf_problems

FAMILY = "Times New Roman"


def _renamed(src: Path, dst: Path, family: str, style: str) -> Path:
    """``src`` with the family and style names a foundry's installer gives it."""
    font = TTFont(src)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (16, 17):
            names.removeNames(nameID=record.nameID)
    full = f"{family} {style}" if style != "Regular" else family
    for name_id, text in ((1, family), (2, style), (4, full), (6, full.replace(" ", "") + "-" + style)):
        names.setName(text, name_id, 3, 1, 0x409)
        names.setName(text, name_id, 1, 0, 0)
    font.save(dst)
    return dst


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user font folder holding Times New Roman (regular and bold) and a CFF .otf family, read
    by scanning the folder (as on a system without fontconfig)."""
    folder = tmp_path / "user-fonts"
    (folder / "times").mkdir(parents=True)
    _renamed(FONTS / "caladea" / "Caladea-Regular.ttf", folder / "times" / "times.ttf", FAMILY, "Regular")
    _renamed(FONTS / "caladea" / "Caladea-Bold.ttf", folder / "times" / "timesbd.ttf", FAMILY, "Bold")
    make_otf(
        FONTS / "lato" / "Lato-Black.ttf", folder / "Poster-Black.otf", family="Poster Black", keep="Alpha"
    )
    collection = TTCollection()  # as macOS ships Helvetica: its styles in one .ttc
    collection.fonts = [
        TTFont(_renamed(FONTS / "lato" / "Lato-Regular.ttf", tmp_path / "h.ttf", "Helvetica", "Regular")),
        TTFont(_renamed(FONTS / "lato" / "Lato-Bold.ttf", tmp_path / "hb.ttf", "Helvetica", "Bold")),
    ]
    collection.save(folder / "Helvetica.ttc")
    corporate = TTFont(
        _renamed(FONTS / "lato" / "Lato-Regular.ttf", tmp_path / "c.ttf", "Corporate Sans", "Regular")
    )
    corporate["OS/2"].fsType = 0x0002  # its licence forbids embedding
    corporate.save(folder / "corporate.ttf")
    (folder / "notes.txt").write_text("not a font")
    (folder / "broken.ttf").write_bytes(b"\x00\x01\x00\x00" + bytes(20))
    monkeypatch.setattr(sysfonts, "folders", lambda: [folder])
    monkeypatch.setattr(sysfonts, "_fontconfig", lambda: None)
    monkeypatch.setattr(sysfonts, "_FOUND", {})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return folder


def test_styles_name_their_families():
    assert sysfonts.style_of("Montserrat", "Black Italic") == ("Montserrat Black", "italic")
    assert sysfonts.style_of("DejaVu Sans", "Condensed Bold Oblique") == (
        "DejaVu Sans Condensed",
        "bold_italic",
    )
    assert sysfonts.style_of("Times New Roman", "Regular") == ("Times New Roman", "regular")
    assert sysfonts.style_of("Times New Roman", "Bold") == ("Times New Roman", "bold")


def test_installed_families_are_found_by_name(installed: Path):
    found = sysfonts.installed()
    assert set(found[FAMILY]) == {"regular", "bold"}
    assert found[FAMILY]["bold"] == (installed / "times" / "timesbd.ttf", 0)
    assert found["Poster Black"]["regular"].path.suffix == ".otf"
    assert found["Helvetica"]["bold"] == (installed / "Helvetica.ttc", 1)  # a collection's 2nd face
    assert sysfonts.find("times new roman") == found[FAMILY]


def test_a_card_in_an_installed_font_builds_with_it_embedded(installed: Path, tmp_path: Path, run_cli):
    front = MINI_FRONT.replace(
        'size: 14pt, color: "#ffffff"', f'size: 14pt, color: "#ffffff", font: {FAMILY}'
    )
    front = front.replace(
        'text: "Speed {speed}", size: 10pt', 'text: "**Speed {speed}**", size: 10pt, font: Poster Black'
    )
    front = front.replace(
        'text: "{text}", size: 11pt', 'text: "{text} **bold**", size: 11pt, font: Helvetica'
    )
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, out, err = run_cli("check", str(game))
    assert code == 0, out + err
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    kit = tmp_path / "out" / "mini"
    assert pdf_problems(kit / "cards.pdf") == []
    embedded = set()
    for page in PdfReader(kit / "cards.pdf").pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"]
            embedded.add(str(font["/BaseFont"]).split("+")[1])
    # both faces of the .ttc, each its own member (ReportLab adds the member's number to the name)
    assert {"Helvetica-Regular-0", "HelveticaBold-Bold-1"} <= embedded, embedded
    assert "TimesNewRoman-Regular" in embedded and any(
        "Poster" in f or "Montserrat" in f for f in embedded
    ), embedded
    guide = (kit / "print-guide.md").read_text()
    assert "Fonts installed on the computer that built this kit: Helvetica (" in guide
    assert (
        f"Helvetica ({installed / 'Helvetica.ttc'}, {installed / 'Helvetica.ttc'} (face 1)); Poster Black ("
        in guide
    )
    assert f"{FAMILY} ({installed / 'times' / 'times.ttf'}" in guide
    assert "needs the same fonts installed" in guide


def test_deckwright_fonts_lists_where_each_family_comes_from(installed: Path, mini_game: Path, run_cli):
    code, out, err = run_cli("fonts", str(mini_game))
    assert code == 0, err
    rows = {line.split("  ")[0]: line for line in out.splitlines()}
    assert "bundled" in rows["Lato"] and "fonts/lato/Lato-Regular.ttf" in rows["Lato"]
    assert "installed" in rows[FAMILY] and "regular, bold " in rows[FAMILY] and "times.ttf" in rows[FAMILY]
    assert "installed" in rows["Poster Black"]


def test_a_family_neither_defined_nor_installed_says_so(installed: Path, tmp_path: Path, run_cli):
    front = MINI_FRONT.replace('size: 14pt, color: "#ffffff"', 'size: 14pt, color: "#ffffff", font: Garamond')
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, out, err = run_cli("check", str(game))
    assert code == 1 and "unknown font family 'Garamond'" in out + err
    assert "nor is a font of that name installed on this computer (see 'deckwright fonts')" in out + err


def test_an_installed_font_that_may_not_be_embedded_says_so(installed: Path, tmp_path: Path, run_cli):
    front = MINI_FRONT.replace(
        'size: 14pt, color: "#ffffff"', 'size: 14pt, color: "#ffffff", font: Corporate Sans'
    )
    game = write_game(tmp_path / "mini", {"templates/mini-front.yaml": front})
    code, out, err = run_cli("check", str(game))
    said = out + err
    assert code == 1 and "font family 'Corporate Sans' is installed on this computer, but " in said, said
    assert f"{installed / 'corporate.ttf'} cannot be used: its licence forbids embedding" in said
    assert "unknown font family" not in said and "Traceback" not in said
