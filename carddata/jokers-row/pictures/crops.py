"""Before/after pictures of the kit parts issue 32 changed, beside the README (run by hand).

    .venv/bin/python carddata/jokers-row/pictures/crops.py after
    PYTHONPATH=/path/to/a/checkout/of/main .venv/bin/python carddata/jokers-row/pictures/crops.py before

Builds the kit of the checkout whose ``generator`` is imported (A4, into a temporary folder) and
writes small crops named ``issue32-<part>-<when>.png`` next to this script: the turn aid's third
card, the mat's top corners on its first tile (omen tabs, frame and the sheet's edge) and a back.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

DPI = 150
HERE = Path(__file__).parent
PAGES = {  # name: (kit file, page index, [(x, y, w, h) in page mm, y down, ...] side by side)
    "aid-card-3": ("player-aids.pdf", 0, [(135, 13, 70, 80)]),
    "mat-edges": ("playfield-tiled.pdf", 1, [(0, 10, 24, 44), (186, 10, 24, 44)]),
    "back": ("cards.pdf", 1, [(8, 8, 70, 95)]),
}


def _mm(v: float) -> int:
    return round(v / 25.4 * DPI)


def main(when: str) -> None:
    import pypdfium2 as pdfium
    from PIL import Image

    from generator.kit.assemble import build_kit
    from generator.kit.build import BuildOptions
    from generator.load.loader import load_game

    with tempfile.TemporaryDirectory() as tmp:
        build_kit(load_game("jokers-row"), BuildOptions(out_dir=Path(tmp)))
        for name, (file, page, boxes) in PAGES.items():
            doc = pdfium.PdfDocument(str(Path(tmp) / "jokers-row" / file))
            shot = doc[page].render(scale=DPI / 72).to_pil().convert("RGB")
            crops = [shot.crop((_mm(x), _mm(y), _mm(x + w), _mm(y + h))) for x, y, w, h in boxes]
            width = sum(c.width for c in crops) + 8 * (len(crops) - 1)
            out = Image.new("RGB", (width, crops[0].height), "white")
            x = 0
            for c in crops:
                out.paste(c, (x, 0))
                x += c.width + 8
            out.save(HERE / f"issue32-{name}-{when}.png", optimize=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after")
