"""Before/after pictures of the kit parts issue 32 changed, beside the README (run by hand).

    .venv/bin/python carddata/entenrallye/pictures/crops.py after
    PYTHONPATH=/path/to/a/checkout/of/main .venv/bin/python carddata/entenrallye/pictures/crops.py before
    .venv/bin/python carddata/entenrallye/pictures/crops.py before board-top  # only these crops

Builds the kit of the checkout whose ``generator`` is imported (A4, into a temporary folder),
draws the board at 100 dpi as ``docs/boards/picture.py`` does, and writes small crops named
``issue32-<part>-<when>.png`` next to this script: the board's short cuts, the ASU corner, the
start, the top edge (the TöV workshop) and the repair track, a part card, the standees and the
player aids.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

DPI = 100
HERE = Path(__file__).parent
BOARD = {  # name: (x, y, w, h) in board mm, y down
    "board-short-cuts": (250, 250, 210, 170),
    "board-asu": (0, 110, 310, 240),
    "board-start": (0, 80, 260, 90),
    "board-top": (170, 0, 290, 90),
    "board-repair-track": (460, 0, 134, 84),
}
PAGES = {  # name: (kit file, page index, (x, y, w, h) in page mm, y down)
    "part-card": ("parts.pdf", 0, (4, 10, 90, 64)),
    "standees": ("standees.pdf", 0, (0, 20, 120, 60)),
    "player-aids": ("player-aids.pdf", 0, (0, 0, 210, 297)),
}


def _mm(v: float) -> int:
    return round(v / 25.4 * DPI)


def _crop(image, box, scale: float = 1.0):
    x, y, w, h = box
    out = image.crop((_mm(x), _mm(y), _mm(x + w), _mm(y + h)))
    return out.resize((round(out.width * scale), round(out.height * scale))) if scale != 1.0 else out


def main(when: str, only: list[str]) -> None:
    import pypdfium2 as pdfium

    from generator.art.fonts import FontBook
    from generator.board import board_files, load_board
    from generator.board.layout import layout_board
    from generator.kit.assemble import build_kit
    from generator.kit.build import BuildOptions
    from generator.load.loader import load_game
    from generator.render.board import BoardPainter
    from generator.render.pdf import pdf_canvas

    game = load_game("entenrallye")
    fonts = FontBook.load(game.font_dirs)
    board = load_board(board_files(game)[0], game, fonts)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "board.pdf"
        with pdf_canvas(pdf, board.title, (board.width, board.height)) as c:
            painter = BoardPainter(c, {**game.icons, **board.icons})
            painter.form(layout_board(board, fonts))
            painter.place(1.0, (0.0, 0.0))
        image = pdfium.PdfDocument(str(pdf))[0].render(scale=DPI / 72).to_pil().convert("RGB")
        for name, box in BOARD.items():
            if only and name not in only:
                continue
            _crop(image, box, 0.6).save(HERE / f"issue32-{name}-{when}.png", optimize=True)
        if only and not set(only) & set(PAGES):
            return
        build_kit(game, BuildOptions(out_dir=Path(tmp) / "kit"))
        for name, (file, page, box) in PAGES.items():
            if only and name not in only:
                continue
            doc = pdfium.PdfDocument(str(Path(tmp) / "kit" / "entenrallye" / file))
            shot = doc[page].render(scale=DPI / 72).to_pil().convert("RGB")
            scale = 0.45 if name == "player-aids" else 1.0
            _crop(shot, box, scale).save(HERE / f"issue32-{name}-{when}.png", optimize=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after", sys.argv[2:])
