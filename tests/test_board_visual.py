"""Rendered boards: the tiles put back together look like the board, and pages look as before.

References live in tests/visual/reference/board-*.png; refresh with DECKWRIGHT_REFRESH_VISUALS=1.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageFilter

from generator.art.fonts import FontBook
from generator.board import board_files, load_board
from generator.board.layout import layout_board
from generator.board.tiling import plan_tiles
from generator.core.sizes import paper_size
from generator.load.loader import load_game
from generator.render.board import BoardPainter, write_board
from generator.render.pdf import pdf_canvas
from tests.visual_compare import assert_looks_like, difference, render_page

DPI = 40


@pytest.fixture(scope="module")
def mat(tmp_path_factory):
    game = load_game("jokers-row")
    fonts = FontBook.load(game.font_dirs)
    board = load_board(board_files(game)[0], game, fonts)
    out = tmp_path_factory.mktemp("board")
    assert write_board(board, game, fonts, out, "a4", "fit") == []  # 4.9 pt type on one A4 sheet
    (tiled,) = write_board(board, game, fonts, out, "a4", "tiled")
    whole = out / "whole.pdf"  # the board on one page of its own size, at 100 %
    with pdf_canvas(whole, "whole", (board.width, board.height)) as c:
        bp = BoardPainter(c, game.icons)
        bp.form(layout_board(board, fonts))
        bp.place(1.0, (0.0, 0.0))
    return board, tiled, whole


@pytest.fixture(scope="module")
def usa(tmp_path_factory):
    """Maloney's map: one A3 sheet (67 %, its type still 7.4 pt or more) and tiled on A4."""
    game = load_game("maloney")
    fonts = FontBook.load(game.font_dirs)
    board = load_board(board_files(game)[0], game, fonts)
    out = tmp_path_factory.mktemp("usa")
    (fit,) = write_board(board, game, fonts, out, "a3", "fit")
    (tiled,) = write_board(board, game, fonts, out, "a4", "tiled")
    return fit, tiled


def _soft(image: Image.Image) -> Image.Image:
    return image.filter(ImageFilter.GaussianBlur(1))


def _px(v: float) -> int:
    return round(v * DPI / 72)


def test_tiles_reassemble_into_the_board(mat) -> None:
    """Cut each tile to its window and lay it at its place, later tiles on top: the board again."""
    board, tiled, whole = mat
    reference = render_page(whole, 0, DPI)
    plan = plan_tiles(board.width, board.height, paper_size("a4"), board.overlap, board.title)
    canvas = Image.new("RGB", reference.size, "white")
    for i, tile in enumerate(plan.tiles):
        page = render_page(tiled, 1 + i, DPI)
        b, w = tile.page_box, tile.window
        crop = page.crop((_px(b.x), _px(plan.page_h - b.top), _px(b.right), _px(plan.page_h - b.y)))
        canvas.paste(crop, (_px(w.x), _px(board.height - w.top)))
    # blur by a pixel: tiles land on the pixel grid at different phases; the targets remain
    assert difference(_soft(canvas), _soft(reference)) < 2.5
    # and each tile alone matches its part of the board
    for i, tile in enumerate(plan.tiles):
        page = render_page(tiled, 1 + i, DPI)
        b, w = tile.page_box, tile.window
        crop = page.crop((_px(b.x), _px(plan.page_h - b.top), _px(b.right), _px(plan.page_h - b.y)))
        part = reference.crop((_px(w.x), _px(board.height - w.top), _px(w.right), _px(board.height - w.y)))
        assert difference(_soft(crop.resize(part.size)), _soft(part)) < 3.0, tile.name


@pytest.mark.parametrize(
    ("page", "name"), [(0, "board-jokers-row-assembly"), (2, "board-jokers-row-tile-b1")]
)
def test_board_pages_look_as_before(mat, page: int, name: str) -> None:
    assert_looks_like(render_page(mat[1], page), name)


@pytest.mark.parametrize(
    ("which", "page", "name"),
    [
        (0, 0, "board-maloney-fit-a3"),
        (1, 0, "board-maloney-assembly"),  # the overview without words: too small to read
        (1, 3, "board-maloney-tile-a3"),
    ],
)
def test_maloney_map_pages_look_as_before(usa, which: int, page: int, name: str) -> None:
    assert_looks_like(render_page(usa[which], page), name)
