"""Visual regression helpers: render a PDF page to PNG and compare it with a stored reference.

Refresh the references after an intended change with::

    DECKWRIGHT_REFRESH_VISUALS=1 python3 tasks.py test -k visual

then look at the new PNGs in tests/visual/reference/ before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageStat

REFERENCE = Path(__file__).parent / "visual" / "reference"
ACTUAL = Path(__file__).parent / "visual" / "actual"
REFRESH = os.environ.get("DECKWRIGHT_REFRESH_VISUALS") == "1"


def render_page(pdf: Path, index: int, dpi: int = 50) -> Image.Image:
    """One page of ``pdf`` as an RGB image at ``dpi``."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0 (same) to 255."""
    if a.size != b.size:
        return 255.0
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def assert_looks_like(image: Image.Image, name: str, tolerance: float = 1.5) -> None:
    """Compare with ``reference/<name>.png``; on a mismatch keep the actual image for inspection."""
    reference = REFERENCE / f"{name}.png"
    if REFRESH or not reference.exists():
        REFERENCE.mkdir(parents=True, exist_ok=True)
        image.save(reference, optimize=True)
        if not REFRESH:
            raise AssertionError(f"no reference for {name}: wrote {reference}; look at it and commit it")
        return
    diff = difference(image, Image.open(reference).convert("RGB"))
    if diff > tolerance:
        ACTUAL.mkdir(parents=True, exist_ok=True)
        image.save(ACTUAL / f"{name}.png")
        raise AssertionError(
            f"{name}: differs from its reference by {diff:.2f} (tolerance {tolerance}); "
            f"see {ACTUAL / (name + '.png')}, refresh with DECKWRIGHT_REFRESH_VISUALS=1 if intended"
        )
