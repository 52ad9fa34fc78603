"""Entenrallye kit: builds on A4 and Letter, duplex, gutterfold and print-shop, with every part;
the board legend's dashed swatch."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.board import board_files, load_board
from generator.board.layout import layout_board
from generator.board.ops import PolyOp
from generator.fonts import FontBook
from generator.layout.ops import EllipseOp, RectOp
from generator.loader import load_game
from generator.units import mm
from tests.test_board_layout import make_board

FILES = ["cars.pdf", "parts.pdf", "board-tiled.pdf", "standees.pdf", "counters.pdf",
         "sheets.pdf", "rules-summary.pdf", "player-aids.pdf", "print-guide.md"]


@pytest.mark.parametrize("args", [["--paper", "a4"], ["--paper", "letter", "--layout", "gutterfold"],
                                  ["--printshop", "generic"]], ids=["a4-duplex", "letter-gutterfold", "printshop"])
def test_kit_builds(run_cli, tmp_path: Path, args: list[str]):
    code, out, err = run_cli("build", "entenrallye", "-o", tmp_path, *args)
    assert code == 0, out + err
    kit = tmp_path / "entenrallye"
    cards = {"--layout": ["cars-gutterfold.pdf", "parts-gutterfold.pdf"],
             "--printshop": ["printshop-generic/cars.pdf", "printshop-generic/parts.pdf"]}
    for name in FILES[2:] + next((v for k, v in cards.items() if k in args), FILES[:2]):
        assert (kit / name).is_file(), name
    assert len(PdfReader(kit / "board-tiled.pdf").pages) > 2  # an assembly page and the tiles
    # reduced to one A4 or Letter sheet its type would print below 6 pt: no one-sheet board
    assert not (kit / "board.pdf").exists()
    text = " ".join(page.extract_text() or "" for page in PdfReader(kit / "board-tiled.pdf").pages[1:])
    for words in ("Meet 1", "February", "June", "August", "December", "TöV", "ASU", "-6", "Januar"):
        assert words in text, words
    guide = (kit / "print-guide.md").read_text(encoding="utf-8")
    assert "board.pdf is not made" in guide and "die" in guide.lower()


def test_legend_draws_the_short_cut_dashed():
    """The legend's short-cut swatch is a dashed line (LegendEntry.dash), like the lanes it explains."""
    game = load_game("entenrallye")
    fonts = FontBook.load(game.font_dirs)
    (path,) = board_files(game)
    ops = layout_board(load_board(path, game, fonts), fonts).ops
    def dashed(dash: tuple[float, float]) -> list[PolyOp]:
        return [op for op in ops if isinstance(op, PolyOp) and op.dash == pytest.approx(dash)]

    (swatch,) = dashed((mm(1.5), mm(1)))
    assert len(swatch.points) == 2 and swatch.points[1][0] - swatch.points[0][0] < mm(8)
    assert len(dashed((mm(3), mm(2)))) == 2  # the two short cuts on the route, drawn as lanes


def test_a_dashed_swatch_outlines_shapes_too(tmp_path: Path):
    board, game = make_board(tmp_path / "legend", (
        "name: legend\ntitle: Legend\nsize: a5\nfeatures:\n  - type: legend\n    box: [10mm, 10mm, 80mm, 40mm]\n"
        "    entries:\n      - {fill: \"#ffffff\", stroke: \"#000000\", dash: [1mm, 1mm], text: Dashed square}\n"
        "      - {shape: circle, stroke: \"#000000\", dash: [1mm, 1mm], text: Dashed circle}\n"
        "      - {shape: arrow, stroke: \"#000000\", dash: [1mm, 1mm], text: Dashed arrow}\n"), "legend.yaml")
    ops = layout_board(board, FontBook.load(game.font_dirs)).ops
    assert sum(isinstance(op, RectOp) and op.dash == pytest.approx((mm(1), mm(1))) for op in ops) == 1
    assert sum(isinstance(op, EllipseOp) and op.dash == pytest.approx((mm(1), mm(1))) for op in ops) == 1
    assert sum(isinstance(op, PolyOp) and op.dash == pytest.approx((mm(1), mm(1))) for op in ops) == 1
