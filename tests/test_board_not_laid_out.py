"""``load_board(..., laid_out=False)``: the board a rules model reads its map from, without the
trial layout (no fonts read, no roads routed), the same features as the laid-out board."""

from __future__ import annotations

from generator.board import board_files, load_board
from generator.board.graph import map_graph
from generator.load.loader import load_game


def test_the_same_map_without_the_layout():
    game = load_game("maloney")
    path = board_files(game)[0]
    laid, plain = load_board(path, game), load_board(path, game, laid_out=False)
    assert plain.spec == laid.spec and plain.min_size == laid.min_size
    assert plain.smallest_text == float("inf") and laid.smallest_text < float("inf")
    one, other = map_graph(laid, "usa"), map_graph(plain, "usa")
    assert one.by_number() == other.by_number() and one.roads == other.roads
