"""Characters the chosen font lacks are drawn glyph by glyph from the fallback chain of
``fonts.yaml`` (measured and drawn in the same face, so fitted text stays exact); ``check``
reports each character no font of the chain has, at the card field or template element."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.art import glyphs
from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.layout.deck import check_faces
from generator.load.loader import load_game
from generator.text.fit import TextStyle, fit_text
from generator.text.markup import parse_markup
from tests.conftest import MINI_CARDS, write_game

FONTS = Path(__file__).resolve().parents[1] / "fonts"
BOOK = FontBook.load([FONTS])
BOX = Box(0, 0, 400, 80)
ARROWS_MATHS = "Move ⇒ then ∮ ⊘ ◎ ⊕"
DINGBATS = "Cut ✂ here ❤ ❖"
EMOJI = "Duck 🦆"
CJK = "漢字カード"


def fit(text: str, family: str = "Lato", book: FontBook = BOOK):
    return fit_text(parse_markup(text), BOX, TextStyle(family, 10, 6), book)


def test_the_bundled_chain_is_dejavu_sans() -> None:
    assert BOOK.fallback == ("DejaVu Sans",)


@pytest.mark.parametrize("text", [ARROWS_MATHS, DINGBATS, f"**{ARROWS_MATHS}**"])
def test_symbols_lato_lacks_come_from_the_fallback_face(text: str) -> None:
    lato = glyphs.chars(BOOK.face("Lato"))
    assert not lato.issuperset(text.replace("*", ""))  # the test means something
    layout = fit(text)
    assert layout.missing == ""
    for run in layout.runs:
        assert glyphs.chars(run.face).issuperset(run.text), run
    assert {r.face for r in layout.runs} & {"DejaVuSans-Regular", "DejaVuSans-Bold"}


def test_runs_are_placed_by_the_widths_of_their_own_faces() -> None:
    layout = fit("a◎b")
    a, ring, b = layout.runs
    assert (a.face, ring.face, b.face) == ("Lato-Regular", "DejaVuSans-Regular", "Lato-Regular")
    assert ring.x == pytest.approx(a.x + BOOK.width("a", a.face, 10))
    assert b.x == pytest.approx(ring.x + BOOK.width("◎", ring.face, 10))


def test_text_the_font_covers_is_one_run_in_that_font() -> None:
    layout = fit("Draw two cards, then discard one.")
    assert [(r.text, r.face) for r in layout.runs] == [("Draw two cards, then discard one.", "Lato-Regular")]


@pytest.mark.parametrize(("text", "lacking"), [(EMOJI, "🦆"), (CJK, CJK), ("a\u200db", "")])
def test_characters_no_font_has_are_named(text: str, lacking: str) -> None:
    assert fit(text).missing == lacking


def test_a_game_can_replace_or_switch_off_the_chain(tmp_path: Path) -> None:
    fonts = tmp_path / "game" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "fonts.yaml").write_text("fallback: []\n", encoding="utf-8")
    off = FontBook.load([FONTS, fonts])
    assert off.fallback == () and fit("◎", book=off).missing == "◎"
    (fonts / "fonts.yaml").write_text("fallback: [Caladea, DejaVu Sans]\n", encoding="utf-8")
    assert FontBook.load([FONTS, fonts]).fallback == ("Caladea", "DejaVu Sans")


def test_an_unknown_fallback_family_is_located(tmp_path: Path) -> None:
    fonts = tmp_path / "game" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "fonts.yaml").write_text("fallback:\n  - DejaVu Sans\n  - DejaVu San\n", encoding="utf-8")
    from generator.core.errors import DataError

    with pytest.raises(DataError) as exc:
        FontBook.load([FONTS, fonts])
    [problem] = exc.value.problems
    assert problem.line == 3 and "unknown font family 'DejaVu San'" in problem.message
    assert "did you mean 'DejaVu Sans'" in problem.message


def _check(tmp_path: Path, text: str, front_extra: str = "") -> list:
    cards = MINI_CARDS.replace("text: Runs fast.", f"text: '{text}'")
    files = {"cards.yaml": cards}
    if front_extra:
        from tests.conftest import MINI_FRONT

        files["templates/mini-front.yaml"] = MINI_FRONT + front_extra
    game = load_game(write_game(tmp_path / "mini", files))
    return check_faces(game, FontBook.load(game.font_dirs))


def test_check_is_silent_when_the_chain_draws_everything(tmp_path: Path) -> None:
    assert _check(tmp_path, f"{ARROWS_MATHS} {DINGBATS}") == []


def test_check_names_each_missing_character_at_its_field(tmp_path: Path) -> None:
    problems = _check(tmp_path, f"Go {EMOJI} {CJK[:2]}")
    assert len(problems) == 3
    duck, han, ji = problems
    assert Path(duck.file).name == "cards.yaml" and duck.line == 6  # Alpha's text: line
    assert duck.path == "card 'Alpha'"
    assert "'🦆' (U+1F986 DUCK) in field 'text'" in duck.message
    assert "mini-front.yaml:9" in duck.message and "'fallback:'" in duck.message
    assert "U+6F22" in han.message and "U+5B57" in ji.message


def test_a_character_written_in_the_template_is_reported_once_at_its_element(tmp_path: Path) -> None:
    extra = '  - {type: text, box: [4mm, 75mm, 30mm, 6mm], text: "★ {name} 🦆", size: 8pt}\n'
    [problem] = _check(tmp_path, "fine", extra)
    assert (Path(problem.file).name, problem.line) == ("mini-front.yaml", 10)
    assert problem.path == "template 'mini-front'" and "U+1F986" in problem.message


def test_the_fallback_glyph_is_drawn(tmp_path: Path) -> None:
    """The ring drawn through the fallback face inks the page where it stands; written in Lato
    alone (no fallback) it would print nothing there."""
    from reportlab.pdfgen.canvas import Canvas

    def ink(book: FontBook) -> int:
        layout = fit_text(parse_markup("◎"), Box(10, 10, 80, 40), TextStyle("Lato", 30, 30), book)
        pdf = tmp_path / "ring.pdf"
        c = Canvas(str(pdf), pagesize=(100, 60), invariant=1)
        for run in layout.runs:
            c.setFont(run.face, run.size)
            c.drawString(run.x, run.y, run.text)
        c.save()
        image = pdfium.PdfDocument(str(pdf))[0].render(scale=2).to_pil().convert("L")
        return sum(1 for v in image.tobytes() if v < 128)

    fonts = tmp_path / "g" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "fonts.yaml").write_text("fallback: []\n", encoding="utf-8")
    assert ink(BOOK) > 100
    assert ink(FontBook.load([FONTS, fonts])) < 20


def test_build_warns_about_characters_that_print_as_nothing(run_cli, tmp_path: Path) -> None:
    cards = MINI_CARDS.replace("text: Runs fast.", f"text: '{EMOJI} ◎'")
    game = write_game(tmp_path / "mini", {"cards.yaml": cards})
    code, _, err = run_cli("build", game, "-o", tmp_path / "out")
    assert code == 0, err
    assert err.count("U+1F986 DUCK") == 1 and "warning:" in err and "U+25CE" not in err
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
