"""Joker's Row kit pieces beside the cards: the suit symbols of the aid and the summary stay on
one line in the cards' colours, and the tally pad has a header on every column and says how to
use it."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.art.fonts import FontBook
from generator.core.sizes import paper_size
from generator.kit.assemble import build_kit
from generator.kit.build import BuildOptions
from generator.layout.ops import GroupOp, TextOp
from generator.load.loader import load_game
from generator.summary import layout_aids, layout_reference, load_summary

SUITS = ("spade", "heart", "diamond", "club")
RED = "#c62828"  # the red of templates/playing-card.yaml


def _icons(ops) -> list:
    out = []
    for op in ops:
        if isinstance(op, GroupOp):
            out += _icons(op.ops)
        elif isinstance(op, TextOp):
            out += list(op.layout.icons)
    return out


def _suit_rows(pages) -> list[list]:
    """The suit icons of each page or card, in drawing order."""
    return [[i for i in _icons(ops) if i.name in SUITS] for ops in pages]


def test_suit_symbols_share_one_line_and_hearts_and_diamonds_are_red():
    game = load_game("jokers-row")
    summary = load_summary(game.folder / "summary.yaml", game)
    fonts = FontBook.load(game.font_dirs)
    aids = [face.ops for face in layout_aids(summary, fonts).faces]
    pages = [page.ops for page in layout_reference(summary, fonts, paper_size("A4")).pages]
    found = [row for row in _suit_rows(aids) + _suit_rows(pages) if row]
    assert len(found) >= 2  # on the aid and in the summary
    for row in found:
        assert [i.name for i in row] == list(SUITS)
        assert len({round(i.y, 2) for i in row}) == 1, "the suits wrap onto two lines"
        colours = {i.name: i.color.lower() for i in row}
        assert colours["heart"] == colours["diamond"] == RED
        assert colours["spade"] != RED and colours["club"] != RED


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Path:
    paths = build_kit(load_game("jokers-row"), BuildOptions(out_dir=tmp_path_factory.mktemp("jr")))
    return next(p for p in paths if p.name == "sheets.pdf")


def test_the_tally_pad_heads_every_column_and_says_how_to_use_it(sheets: Path):
    text = " ".join(PdfReader(sheets).pages[0].extract_text().split())
    for header in ("Game", "Red Joker places", "Black Joker places", "Winner", "Notes"):
        assert header in text, header
    assert "One row per game" in text


def _words(ops) -> str:
    out = []
    for op in ops:
        if isinstance(op, GroupOp):
            out.append(_words(op.ops))
        elif isinstance(op, TextOp):
            out.append(" ".join(run.text for run in op.layout.runs))
    return " ".join(out)


def test_the_aids_overload_says_what_the_rulebook_says():
    """Overload (rulebook): discard any number of cards, but a player holding more than three
    discards down to three or fewer first; then draw up to five. The aid said "discard to three or
    fewer (or more)", which reads as a contradiction (issue 32)."""
    game = load_game("jokers-row")
    summary = load_summary(game.folder / "summary.yaml", game)
    aids = " ".join(_words(face.ops) for face in layout_aids(summary, FontBook.load(game.font_dirs)).faces)
    text = "".join(aids.split())  # runs split where the type changes: compare without spaces
    assert "Overload:" in text
    assert "(ormore)" not in text
    assert "discardanycardsyoulike" in text and "atleastdowntothree" in text
    assert "drawuptofive" in text
