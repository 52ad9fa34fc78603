"""Boards: the board description language laid out as pure geometry, and tiling for print.

``load_board`` reads and checks a board file; ``layout.layout_board`` turns it into drawing ops;
``tiling`` plans sheets for printing at 100 %. Drawing lives in ``generator.render.board``.
"""

from __future__ import annotations

from generator.board.loader import board_files, load_board
from generator.board.model import Board, BoardLayout

__all__ = ["Board", "BoardLayout", "board_files", "load_board"]
