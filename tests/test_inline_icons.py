"""Inline icons in running text: a size and a baseline offset per icon (game.yaml) and per text
element (template), and no space added after an icon (issue 33, item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.layout.deck import DeckFaces
from generator.layout.ops import TextOp
from generator.load.loader import load_game
from generator.text.fit import ICON_CENTER
from tests.conftest import write_game
from tests.pdf_resources import pdf_problems

# an icon as Inkscape saves it: XML declaration, sodipodi/inkscape namespaces and metadata
INKSCAPE_COIN = """\
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="64" height="64" viewBox="0 0 16.933333 16.933333" version="1.1" id="svg5"
   inkscape:version="1.2.2 (b0a8486541, 2022-12-01)" sodipodi:docname="coin.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:document-units="mm" />
  <defs id="defs2" />
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <circle style="fill:#d4a017;stroke:none" id="path111" cx="8.4666665" cy="8.4666665" r="8" />
  </g>
</svg>
"""

GAME = """\
name: squibby
title: Squibby
card_fields:
  text: "text?"
icons:
  coin: {file: coin.svg, size: 1.3, dy: -0.1}
  gem: gem.svg
decks:
  - name: cards
    size: poker
    template: front
    cards: [cards.yaml]
"""

CARDS = """\
cards:
  - name: Alpha
    text: "Gain :coin:. Then :gem:, twice."
"""

# Squib's embed.svg width: 52, dy: -5 at 300 dpi, carried over in pixels
FRONT = """\
dpi: 300
elements:
  - {type: text, box: [40px, 40px, 660px, 250px], text: "{text}", size: 16pt}
  - {type: text, box: [40px, 340px, 660px, 250px], text: "{text}", size: 16pt, icon_size: 52px, icon_dy: -5px}
  - {type: text, box: [40px, 640px, 660px, 250px], text: "{text}", size: 16pt, icon_size: "80%"}
"""


def _faces(folder: Path) -> list[TextOp]:
    game = load_game(folder)
    deck = game.decks[0]
    faces = DeckFaces(game, deck, FontBook.load(game.font_dirs), 0.0)
    front, _ = faces.faces(deck.cards[0])
    return [op for op in front.ops if isinstance(op, TextOp)]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    files = {"game.yaml": GAME, "cards.yaml": CARDS, "templates/front.yaml": FRONT, "coin.svg": INKSCAPE_COIN}
    files["gem.svg"] = INKSCAPE_COIN.replace("coin.svg", "gem.svg").replace("#d4a017", "#2a6fdb")
    return write_game(tmp_path / "squibby", files)


def test_an_icon_has_its_own_size_and_offset_and_no_space_after_it(game: Path):
    plain, _, _ = _faces(game)
    s = plain.layout.size
    coin, gem = plain.layout.icons
    assert coin.name == "coin" and coin.size == pytest.approx(1.3 * s)
    assert gem.name == "gem" and gem.size == pytest.approx(s)  # no look of its own: the text's size
    after = {r.text[0]: r for r in plain.layout.runs if r.text[0] in ".,"}
    # dy -0.1 (times the size) moves the coin up by a tenth of the size from its usual place
    assert coin.y == pytest.approx(after["."].y + (ICON_CENTER - 1.3 / 2 + 0.1) * s)
    assert gem.y == pytest.approx(after[","].y + (ICON_CENTER - 1 / 2) * s)
    # the full stop and the comma touch the icon before them
    assert after["."].x == pytest.approx(coin.x + coin.size)
    assert after[","].x == pytest.approx(gem.x + gem.size)


def test_a_text_element_sets_its_icons_in_pixels_or_relative_to_the_text(game: Path):
    _, pixels, relative = _faces(game)
    s = pixels.layout.size
    coin, gem = pixels.layout.icons
    px = 72 / 300
    # the element's size and offset win over the icon's own: 52 px, 5 px up, for every icon
    for icon in (coin, gem):
        assert icon.size == pytest.approx(52 * px)
        baseline = next(r.y for r in pixels.layout.runs if r.x == pytest.approx(icon.x + icon.size))
        assert icon.y == pytest.approx(baseline + ICON_CENTER * s - 26 * px + 5 * px)
    # a percentage sets the size; the coin keeps its own offset
    coin, gem = relative.layout.icons
    assert coin.size == pytest.approx(0.8 * s) and gem.size == pytest.approx(0.8 * s)
    baseline = next(r.y for r in relative.layout.runs if r.x == pytest.approx(coin.x + coin.size))
    assert coin.y == pytest.approx(baseline + (ICON_CENTER - 0.4 + 0.1) * s)


def test_a_keyword_icon_keeps_its_gap_before_its_word(game: Path):
    from generator.art.fonts import FontBook as Book
    from generator.core.geometry import Box
    from generator.core.paths import FONTS
    from generator.text.fit import ICON_GAP, TextStyle, fit_text
    from generator.text.markup import KeywordLook, parse_markup

    spans = parse_markup("a VEHICLE", {"VEHICLE": KeywordLook(icon="truck")})
    laid = fit_text(spans, Box(0, 0, 200, 40), TextStyle("Lato", 10, 10), Book.load([FONTS]))
    icon, word = laid.icons[0], laid.runs[-1]
    assert word.x == pytest.approx(icon.x + icon.size + ICON_GAP * 10)


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("{file: coin.svg, size: 0}", "icon size must be above zero"),
        ("{file: coin.svg, dy: 5px}", "unknown unit 'px'"),
        ("{file: coin.svg, size: big}", "'130%'"),
        ("{size: 1.2}", "file"),
    ],
)
def test_a_bad_icon_look_is_an_error_at_its_line(game: Path, run_cli, entry: str, expected: str):
    text = (game / "game.yaml").read_text().replace("{file: coin.svg, size: 1.3, dy: -0.1}", entry)
    (game / "game.yaml").write_text(text)
    code, out, err = run_cli("check", str(game))
    assert code == 1, out + err
    assert "game.yaml:6" in out + err and expected in out + err
    assert "Traceback" not in out + err


def test_the_card_builds_with_its_icons(game: Path, run_cli, tmp_path: Path):
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert code == 0, out + err
    pdfs = list((tmp_path / "out").rglob("*.pdf"))
    assert pdfs and all(pdf_problems(pdf) == [] for pdf in pdfs)
