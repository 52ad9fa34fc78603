"""PNG files as print and layout programs want them: the resolution they print at (a ``pHYs``
chunk) and their colour space (an ``sRGB`` chunk), and nothing that changes between runs.

Without ``pHYs`` shops and layout programs assume 72 dpi and place a 300 dpi card four times too
large; without ``sRGB`` some treat the pixels as unmanaged. Only the raster stages import this.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, PngImagePlugin

SRGB_PERCEPTUAL = b"\x00"
"""The ``sRGB`` chunk's one byte: rendering intent 0, perceptual (what cameras and screens use)."""


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` encoded as PNG with an sRGB tag and, given ``dpi``, its resolution."""
    info = PngImagePlugin.PngInfo()
    info.add(b"sRGB", SRGB_PERCEPTUAL)
    out = io.BytesIO()
    options: dict = {"format": "PNG", "optimize": False, "compress_level": 6, "pnginfo": info}
    if dpi:
        options["dpi"] = (dpi, dpi)
    image.save(out, **options)
    return out.getvalue()


def save_png(image: Image.Image, path: Path, dpi: float | None = None) -> None:
    """Write :func:`png_bytes` of ``image`` to ``path`` (its folder made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(image, dpi))
