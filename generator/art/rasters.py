"""Raster image files: their size read from the header alone, the limit on it, and decoding a large
image only as finely as its print needs.

Pillow's own guard (``DecompressionBombError`` past about 179 million pixels, a warning past 89
million) is never what a user meets: every image is measured here first, with Pillow's guard set
aside for the header only, and refused past :data:`MAX_PIXELS` with a message of our own.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

MAX_PIXELS = 8192 * 8192
"""The most pixels an image may have (67.1 million, 8192 x 8192: a 69 cm square at 300 dpi);
decoding one costs up to 256 MB."""
PRINT_DPI = 600
"""The finest resolution a print needs: twice the 300 dpi print shops ask for."""
LARGE = 2048 * 2048
"""Images with more pixels than this that print finer than PRINT_DPI are decoded reduced to it."""
_HEADER = threading.Lock()


@contextmanager
def _guard_aside() -> Iterator[None]:
    """Pillow's pixel guard off while a header is read (we check the size ourselves)."""
    from PIL import Image

    with _HEADER:
        saved = Image.MAX_IMAGE_PIXELS
        Image.MAX_IMAGE_PIXELS = None
        try:
            yield
        finally:
            Image.MAX_IMAGE_PIXELS = saved


def declared_size(path: Path | IO[bytes]) -> tuple[int, int]:
    """(width, height) in pixels from the file's header, no pixel decoded; Pillow's exceptions
    (UnidentifiedImageError, OSError, SyntaxError, ValueError) for a file it cannot read."""
    from PIL import Image

    with _guard_aside(), Image.open(path) as image:
        return image.size


def oversize(path: Path) -> tuple[int, int] | None:
    """The image's size if it has more than MAX_PIXELS pixels (else None, unreadable too)."""
    try:
        width, height = declared_size(path)
    except Exception:  # Pillow raises many kinds on a broken file: reported where it is read
        return None
    return (width, height) if width * height > MAX_PIXELS else None


def too_large(size: tuple[int, int], dpi: float | None = None) -> str:
    """Why an image of ``size`` is refused; with ``dpi``, what it would print at in its box."""
    width, height = size
    text = (
        f"{width:,} x {height:,} pixels ({width * height / 1e6:,.1f} million), more than the limit of "
        f"{MAX_PIXELS / 1e6:.1f} million (8192 x 8192)"
    )
    if dpi is not None:
        scale = PRINT_DPI / dpi
        text += (
            f"; in its box it would print at {dpi:,.0f} dpi: {PRINT_DPI} dpi is plenty, "
            f"{math.ceil(width * scale):,} x {math.ceil(height * scale):,} pixels"
        )
    else:
        text += ": save it smaller"
    return text


def for_print(path: Path, dpi: float | None) -> Image.Image | None:
    """The image decoded at PRINT_DPI when it is large and would print at ``dpi``, finer than
    that; None when the file should be used as it is."""
    from PIL import Image

    if dpi is None or dpi <= PRINT_DPI * 1.01:
        return None
    width, height = declared_size(path)
    if width * height <= LARGE:
        return None
    target = (max(1, math.ceil(width * PRINT_DPI / dpi)), max(1, math.ceil(height * PRINT_DPI / dpi)))
    with Image.open(path) as image:
        image.draft(image.mode, target)  # JPEG: decoded at 1/2, 1/4 or 1/8 size, never larger than needed
        image.load()
        if image.mode not in ("RGB", "RGBA", "L", "CMYK"):
            image = image.convert("RGBA" if "transparency" in image.info or "A" in image.mode else "RGB")
        image.thumbnail(target, Image.Resampling.LANCZOS)
        return image.copy()
