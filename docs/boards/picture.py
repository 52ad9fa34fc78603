"""Draw a bundled game's first board as a small PNG for its README (and the grayscale version,
to judge it printed in black and white):

    .venv/bin/python docs/boards/picture.py maloney docs/boards/maloney.png [--grey]

The board is laid out as the build lays it out, drawn at 100 % into a PDF the size of the board,
and rasterised with pypdfium2 at 30 dpi (a 594 x 420 mm board gives 702 x 496 pixels).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

DPI = 30


def main(game_name: str, out: str, grey: bool = False) -> None:
    import pypdfium2 as pdfium

    from generator.art.fonts import FontBook
    from generator.board import board_files, load_board
    from generator.board.layout import layout_board
    from generator.load.loader import load_game
    from generator.render.board import BoardPainter
    from generator.render.pdf import pdf_canvas

    game = load_game(game_name)
    fonts = FontBook.load(game.font_dirs)
    board = load_board(board_files(game)[0], game, fonts)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "board.pdf"
        with pdf_canvas(pdf, board.title, (board.width, board.height)) as c:
            painter = BoardPainter(c, {**game.icons, **board.icons})
            painter.form(layout_board(board, fonts))
            painter.place(1.0, (0.0, 0.0))
        image = pdfium.PdfDocument(str(pdf))[0].render(scale=DPI / 72).to_pil()
    image = image.convert("L") if grey else image.convert("RGB")
    image.save(out, optimize=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--grey" in sys.argv[3:])
