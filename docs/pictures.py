"""Render the documentation's pictures of printed things, by Deckwright's own build:

    python3 tasks.py pictures        # or: .venv/bin/python docs/pictures.py

Each picture is a page (or part of one) of a kit the command line builds here, from a bundled
game or the starter game ``deckwright new`` writes, rasterised with pypdfium2; so a change to
how something prints shows in the docs the next time this runs. Writes ``docs/pictures/*.png``
(the names in ``PICTURES``) and nothing else; the same input gives the same pictures.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "pictures"
DPI = 40  # a sheet of A4 at 40 dpi is 331 x 468 pixels: legible as a picture, small in git

# picture -> (kit folder, PDF inside it, page index, dpi): what each docs page shows
PICTURES: dict[str, tuple[str, str, int, int]] = {
    "road-runner-cards.png": ("road-runner", "cards.pdf", 0, DPI),
    "road-runner-backs.png": ("road-runner", "cards.pdf", 1, DPI),
    "road-runner-counters.png": ("road-runner", "counters.pdf", 0, DPI),
    "road-runner-summary.png": ("road-runner", "rules-summary.pdf", 0, DPI),
    "road-runner-aids.png": ("road-runner", "player-aids.pdf", 0, DPI),
    "road-runner-gutterfold.png": ("road-runner-gutterfold", "cards-gutterfold.pdf", 0, DPI),
    "road-runner-printshop.png": ("road-runner", "printshop-drivethrucards/cards.pdf", 0, 100),
    "maloney-board-tiled.png": ("maloney", "map-tiled.pdf", 0, DPI),
    "jaunty-jalopies-sheets.png": ("jaunty-jalopies", "sheets.pdf", 0, DPI),
    "my-game-cards.png": ("my-game", "cards.pdf", 0, DPI),
}
SHOWCASE = "road-runner-showcase.png"
CONTACT = "road-runner-contact.png"


def _deckwright(*args: str, cwd: Path) -> None:
    cmd = [sys.executable, "-m", "generator", *args]
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{result.stdout}{result.stderr}")


def _render(pdf: Path, page: int, dpi: int, out: Path) -> None:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    image = doc[page].render(scale=dpi / 72).to_pil().convert("RGB")
    image.save(out, optimize=True)
    doc.close()


def main() -> None:
    from PIL import Image

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        kits = tmp / "kits"
        _deckwright("build", "maloney", "jaunty-jalopies", "-o", str(kits), cwd=ROOT)
        _deckwright("build", "road-runner", "--printshop", "drivethrucards", "-o", str(kits), cwd=ROOT)
        gutter = tmp / "gutter"
        _deckwright("build", "road-runner", "--layout", "gutterfold", "-o", str(gutter), cwd=ROOT)
        (gutter / "road-runner").rename(kits / "road-runner-gutterfold")
        _deckwright("new", "my-game", "--into", str(tmp), cwd=ROOT)
        _deckwright("build", str(tmp / "my-game"), "-o", str(kits), cwd=ROOT)
        for name, (kit, pdf, page, dpi) in PICTURES.items():
            _render(kits / kit / pdf, page, dpi, OUT / name)
        _deckwright("export", "road-runner", "--showcase", str(OUT / SHOWCASE), "--dpi", "60", cwd=ROOT)
        _deckwright("export", "road-runner", "--png", str(tmp / "png"), "--dpi", "60", cwd=ROOT)
        contact = Image.open(tmp / "png" / "road-runner" / "cards-contact.png").convert("RGB")
        contact.thumbnail((800, 800))
        contact.save(OUT / CONTACT, optimize=True)
    for name in (*PICTURES, SHOWCASE, CONTACT):
        print(f"wrote docs/pictures/{name}")


if __name__ == "__main__":
    main()
