"""The "Porting from Squib / nanDECK" page's YAML is one small game: its blocks that start with a
``# path`` comment are written to a game folder, with a workbook as a spreadsheet program saves
it, an icon as Inkscape saves it and a CFF ``.otf`` font as a font editor exports it; the game
checks and builds clean, with the inline icons at the page's size and offset (issue 33, item 11).
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.layout.deck import DeckFaces
from generator.layout.ops import TextOp
from generator.load.loader import load_game
from tests.otf_fixtures import FONTS, make_otf
from tests.pdf_resources import pdf_problems
from tests.pdf_tools import need_tools, tool_problems
from tests.test_inline_icons import INKSCAPE_COIN

PAGE = Path(__file__).resolve().parents[1] / "docs" / "porting.md"
SPELLS = [
    ("Fireball", "fire", "Deal 3 :fire:.", "Hot."),
    ("Frostbite", "frost", "Freeze a card.", None),
    ("Spark", "storm", "Draw 2, then :fire:.", None),
]


def _files() -> dict[str, str]:
    blocks = re.findall(r"^```yaml\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    found = {}
    for body in blocks:
        first = body.splitlines()[0]
        match = re.fullmatch(r"# ([\w./-]+\.yaml)", first)
        if match:
            found[match.group(1)] = body
    return found


def _workbook(path: Path) -> None:
    book = openpyxl.Workbook()
    for title, rows in (("Cards", SPELLS), ("Promo", SPELLS[:1])):
        ws = book.create_sheet(title)
        ws.append(["name", "school", "rule", "flavor"])
        for row in rows:
            ws.append(list(row))
    del book["Sheet"]
    book.save(path)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory):
    with pytest.MonkeyPatch.context() as patch:  # the converted .otf cached here, not in ~/.cache
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield _write_game(tmp_path_factory)


def _write_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("port") / "spider"
    files = _files()
    assert set(files) == {
        "game.yaml",
        "templates/spell-front.yaml",
        "templates/spell-promo.yaml",
        "fonts/fonts.yaml",
    }
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    (folder / "img").mkdir()
    (folder / "img" / "fire.svg").write_text(INKSCAPE_COIN.replace("#d4a017", "#c0392b"), encoding="utf-8")
    _workbook(folder / "cards.xlsx")
    letters = "".join(sorted({c for name, *_ in SPELLS for c in name}))
    make_otf(FONTS / "lato" / "Lato-Black.ttf", folder / "fonts" / "Montserrat-Black.otf", keep=letters)
    return folder


def test_the_page_game_checks_and_builds_clean(game: Path, tmp_path: Path, run_cli):
    code, out, err = run_cli("check", str(game))
    assert code == 0, out + err
    assert "no problems found" in out, out + err
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    for deck in ("spells", "promo"):
        assert pdf_problems(tmp_path / "out" / "spider" / f"{deck}.pdf") == []
        reader = PdfReader(tmp_path / "out" / "spider" / f"{deck}.pdf")
        fonts = {
            str(font.get_object()["/BaseFont"])
            for page in reader.pages
            for font in page["/Resources"]["/Font"].values()
        }
        assert any("+Montserrat" in f for f in fonts), fonts  # the .otf, embedded as shipped


def test_the_page_inline_icons_are_52_px_and_5_px_up(game: Path):
    loaded = load_game(game)
    deck = loaded.deck("spells")
    faces = DeckFaces(loaded, deck, FontBook.load(loaded.font_dirs), 0.0)
    front, back = faces.faces(deck.cards[0])
    assert back is None  # back: none
    [rule] = [op for op in front.ops if isinstance(op, TextOp) and op.layout.icons]
    [icon] = rule.layout.icons
    px = 72 / 300
    assert icon.size == pytest.approx(52 * px)  # the element's icon_size wins over the icon's own
    full_stop = next(r for r in rule.layout.runs if r.text.startswith("."))
    assert full_stop.x == pytest.approx(icon.x + icon.size)  # no space after the icon


def test_the_page_game_passes_the_print_shop_tools(game: Path, tmp_path: Path, run_cli):
    """qpdf finds no damage, poppler renders every page without an error, every font embedded."""
    need_tools()
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    pdfs = sorted((tmp_path / "out" / "spider").glob("*.pdf"))
    assert pdfs
    assert {pdf.name: tool_problems(pdf) for pdf in pdfs} == {pdf.name: [] for pdf in pdfs}
