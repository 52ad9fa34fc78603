"""Inline icons' own size and offset from ``game.yaml`` (``icons: {coin: {size:, dy:}}``) in the
text the kit parts set themselves: board labels and text, the rule summary and its player aids
(issue 33, item 1, the part squib2 left)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.art.fonts import FontBook
from generator.board import load_board
from generator.board.layout import layout_board
from generator.core.sizes import paper_size
from generator.layout.ops import TextOp
from generator.load.loader import load_game
from generator.summary import load_summary
from generator.summary.aids import layout_aids
from generator.summary.blocks import LEAD_ICON
from generator.summary.pages import layout_reference
from generator.text.fit import ICON_CENTER
from tests.conftest import write_game
from tests.pdf_resources import pdf_problems
from tests.test_inline_icons import CARDS, FRONT, GAME, INKSCAPE_COIN

BOARD = """\
name: track
size: {width: 200mm, height: 150mm}
features:
  - {type: text, box: [10mm, 10mm, 100mm, 12mm], text: "Gain :coin:. Then :gem:, twice.", size: 14pt}
  - {type: zone, at: [10mm, 40mm], size: {width: 50mm, height: 30mm}, label: "Pay :coin:."}
"""
SUMMARY = """\
sections:
  - kind: paragraph
    title: Money
    aid: true
    text: "Gain :coin:. Then :gem:, twice."
  - kind: table
    title: Icons
    columns: [Icon, Meaning]
    rows:
      - [":coin:", "Pay :coin:."]
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    spec = GAME.replace("decks:", "boards: [board.yaml]\nsummary: summary.yaml\ndecks:")
    files = {
        "game.yaml": spec,
        "cards.yaml": CARDS,
        "templates/front.yaml": FRONT,
        "coin.svg": INKSCAPE_COIN,
        "board.yaml": BOARD,
        "summary.yaml": SUMMARY,
    }
    files["gem.svg"] = INKSCAPE_COIN.replace("coin.svg", "gem.svg").replace("#d4a017", "#2a6fdb")
    return write_game(tmp_path / "squibby", files)


def _texts(ops) -> list[TextOp]:
    return [op for op in ops if isinstance(op, TextOp) and op.layout.icons]


def _assert_looks(op: TextOp, coin_scale: float = 1.3, coin_rise: float = 0.1) -> None:
    """The coin 1.3x the text and a tenth of the size up, the gem as the text; the full stop
    touches the coin."""
    s = op.layout.size
    for icon in op.layout.icons:
        scale, rise = (coin_scale, coin_rise) if icon.name == "coin" else (1.0, 0.0)
        assert icon.size == pytest.approx(scale * s), (icon.name, icon.size, s)
        after = [r for r in op.layout.runs if r.x == pytest.approx(icon.x + icon.size)]
        before = [r for r in op.layout.runs if r.x < icon.x]
        if not (after or before):  # an icon alone in a table cell: no baseline to measure from
            continue
        baseline = (after or before)[0].y
        assert icon.y == pytest.approx(baseline + (ICON_CENTER - scale / 2 + rise) * s), icon.name


def test_board_text_and_labels_take_the_icons_own_size_and_offset(game: Path):
    g = load_game(game)
    fonts = FontBook.load(g.font_dirs)
    board = load_board(game / "board.yaml", g, fonts)
    texts = _texts(layout_board(board, fonts).ops)
    assert len(texts) == 2
    for op in texts:
        _assert_looks(op)
    names = sorted(icon.name for op in texts for icon in op.layout.icons)
    assert names == ["coin", "coin", "gem"]


def test_summary_lines_and_aids_take_the_icons_own_size_and_offset(game: Path):
    g = load_game(game)
    fonts = FontBook.load(g.font_dirs)
    summary = load_summary(game / "summary.yaml", g)
    reference = layout_reference(summary, fonts, paper_size("a4"))
    texts = _texts(op for page in reference.pages for op in page.ops)
    paragraph = next(op for op in texts if len(op.layout.icons) == 2)
    _assert_looks(paragraph)
    cell = next(op for op in texts if [r.text for r in op.layout.runs] == [])  # a table cell
    _assert_looks(cell)
    aids = layout_aids(summary, fonts)
    aid_texts = _texts(op for face in aids.faces for op in face.ops)
    _assert_looks(next(op for op in aid_texts if len(op.layout.icons) == 2))


def test_a_larger_icon_column_keeps_each_icons_own_proportion():
    """A keyword table's first column draws its icons LEAD_ICON times larger: an icon of its
    own 1.3x is 1.3 x LEAD_ICON there, one without a size LEAD_ICON, and its offset stays."""
    from generator.schema.inline import IconSpec, inline_looks

    icons = {"coin": IconSpec(file="coin.svg", size="13pt", dy=-0.1), "gem": IconSpec(file="gem.svg")}
    looks = dict((name, (scale, rise)) for name, scale, rise in inline_looks(icons, 10.0, LEAD_ICON))
    assert looks["coin"] == pytest.approx((1.3 * LEAD_ICON, 0.1))
    assert looks["gem"] == pytest.approx((LEAD_ICON, 0.0))


def test_a_game_without_icon_looks_sets_icons_as_before(game: Path):
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text().replace("{file: coin.svg, size: 1.3, dy: -0.1}", "coin.svg")
    )
    g = load_game(game)
    fonts = FontBook.load(g.font_dirs)
    board = load_board(game / "board.yaml", g, fonts)
    for op in _texts(layout_board(board, fonts).ops):
        _assert_looks(op, coin_scale=1.0, coin_rise=0.0)
    # and 1.3x/0.1 up is not what it draws then
    assert all(
        i.size == pytest.approx(op.layout.size)
        for op in _texts(layout_board(board, fonts).ops)
        for i in op.layout.icons
    )


def test_the_kit_with_raised_icons_builds_clean(game: Path, run_cli, tmp_path: Path):
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    kit = tmp_path / "out" / "squibby"
    pdfs = sorted(kit.rglob("*.pdf"))
    names = {p.name for p in pdfs}
    assert {"track.pdf", "track-tiled.pdf", "rules-summary.pdf", "player-aids.pdf"} <= names, names
    for pdf in pdfs:
        assert pdf_problems(pdf) == [], pdf
        document = pdfium.PdfDocument(pdf)
        try:
            assert len(document) >= 1
            document[0].render(scale=0.5)
        finally:
            document.close()
