"""Image filters applied to a raster image once, cached, and drawn valid in RGB and PDF/X.

``filtered(path, steps)`` is the image after its filters (RGBA), computed once per file and set
of filters, however many cards show it. In an RGB file it is drawn with its alpha as a soft
mask; in a CMYK (PDF/X-1a) file, which has no live transparency, it is always flattened over
what the face drew beneath it (``Painter._flat_image``), as translucent images are.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from PIL import Image
from reportlab.lib.utils import ImageReader

from generator.color import output
from generator.core.errors import BuildError, display_path
from generator.layout.ops import ImageOp
from generator.render.paint import Surface

Steps = tuple[tuple[str, Any], ...]


def filtered(path: Path, steps: Steps) -> Image.Image:
    """The image at ``path`` after ``steps``; computed once per file version and steps."""
    stat = path.stat()
    return _filtered(path, stat.st_mtime_ns, stat.st_size, steps)


@functools.lru_cache(maxsize=64)
def _filtered(path: Path, mtime: int, size: int, steps: Steps) -> Image.Image:
    from generator.color.images import rgba

    image = rgba(path)
    for name, value in steps:
        image = _STEPS[name](image, value)
    return image


def _crop(image: Image.Image, share: tuple[float, float, float, float]) -> Image.Image:
    x, y, w, h = share
    left, top = round(x * image.width), round(y * image.height)
    right, bottom = round((x + w) * image.width), round((y + h) * image.height)
    left, right = max(0, min(left, image.width - 1)), max(left + 1, min(right, image.width))
    top, bottom = max(0, min(top, image.height - 1)), max(top + 1, min(bottom, image.height))
    return image.crop((left, top, right, bottom))


def _rotate(image: Image.Image, quarter: int) -> Image.Image:
    turn = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}
    return image.transpose(turn[quarter])  # clockwise, as 'rotate' is everywhere in templates


def _flip(image: Image.Image, how: str) -> Image.Image:
    from PIL import ImageOps  # not imported by a build without image filters

    if how in ("horizontal", "both"):
        image = ImageOps.mirror(image)
    if how in ("vertical", "both"):
        image = ImageOps.flip(image)
    return image


def _grayscale(image: Image.Image, _: Any) -> Image.Image:
    gray = image.convert("L").convert("RGBA")
    gray.putalpha(image.getchannel("A"))
    return gray


def _tint(image: Image.Image, colour: str) -> Image.Image:
    from PIL import ImageChops

    from generator.core.colorspec import Cmyk, parse

    found = parse(colour)
    if isinstance(found, Cmyk):  # a rough sRGB of the inks: the tint multiplies the pixels
        rgb = tuple(round(255 * (1 - v) * (1 - found.k)) for v in (found.c, found.m, found.y))
    else:
        rgb = tuple(round(255 * v) for v in (found.r, found.g, found.b))
    layer = Image.new("RGBA", image.size, (*rgb, 255))
    tinted = ImageChops.multiply(image, layer)
    tinted.putalpha(image.getchannel("A"))
    return tinted


def _opacity(image: Image.Image, amount: float) -> Image.Image:
    out = image.copy()
    out.putalpha(image.getchannel("A").point(lambda a: round(a * amount)))
    return out


_STEPS = {
    "crop": _crop,
    "rotate": _rotate,
    "flip": _flip,
    "grayscale": _grayscale,
    "tint": _tint,
    "opacity": _opacity,
}


@functools.lru_cache(maxsize=64)
def _reader(path: Path, mtime: int, size: int, steps: Steps) -> ImageReader:
    return ImageReader(_filtered(path, mtime, size, steps))


def draw_filtered(painter: Surface, op: ImageOp) -> None:
    """Draw ``op``'s image after its filters: with a soft mask in RGB, flattened in CMYK."""
    try:
        image = filtered(op.path, op.filters)
        stat = op.path.stat()
    except Exception as exc:  # Pillow raises many kinds on a broken file
        raise BuildError(f"{display_path(op.path)}: cannot read this image ({exc})") from None
    if output.current().cmyk:
        painter._flat_image(op, image)
        return
    reader = _reader(op.path, stat.st_mtime_ns, stat.st_size, op.filters)
    iw, ih = image.size

    def draw(x: float, y: float, s: float) -> None:
        painter.canvas.drawImage(reader, x, y, iw * s, ih * s, mask="auto")

    painter._place(op, iw, ih, draw)
