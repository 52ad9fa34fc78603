"""Raster images in a CMYK build: converted with the ICC transform, coverage measured.

An image is converted from its own embedded ICC profile when it has one, else from sRGB, to the
bundled press profile (the same transform the vector colours use). PDF/X-1a allows no soft mask,
so an image's alpha becomes a colour-key mask: pixels less than half opaque are cut out (keyed on
400 % ink, a value the profile never produces) and the rest are flattened over white paper.

Where the painter knows what lies beneath an image (``render.backdrop``), it flattens instead over
that backdrop: ``translucent`` says whether an image needs it, ``flattened_cmyk`` converts the
composite, cutting out only the fully transparent pixels.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageMath

from generator.color import convert
from generator.color.output import current

if TYPE_CHECKING:
    from PIL import ImageCms

KEY = (255, 255, 255, 255)  # the masked-out pixel value: 400 % ink, never a converted colour
KEY_MASK = [255, 255, 255, 255, 255, 255, 255, 255]


def image_source(path: Path) -> tuple[Any, Any]:
    """What to give ReportLab's ImageReader and ``drawImage(mask=...)`` for ``path``."""
    mode = current()
    if not mode.cmyk:
        return str(path), "auto"
    image, keyed = cmyk_image(path, mode.ink_limit)
    return image, (KEY_MASK if keyed else None)


@lru_cache(maxsize=64)
def separated(path: Path) -> tuple[Image.Image, Image.Image | None]:
    """(the image through the press profile, no ink limit; its alpha if it has see-through pixels)."""
    with Image.open(path) as source:
        source.load()
        embedded = source.info.get("icc_profile")
        if source.mode == "CMYK":
            return source.copy(), None
        rgba = source.convert("RGBA")
    from PIL import ImageCms

    alpha = rgba.getchannel("A")
    flat = Image.new("RGB", rgba.size, (255, 255, 255))
    flat.paste(rgba, mask=alpha)
    cmyk = ImageCms.applyTransform(flat, _transform_from(embedded))
    return cmyk, (alpha if alpha.getextrema()[0] < 128 else None)


@lru_cache(maxsize=256)
def translucent(path: Path) -> bool:
    """Whether the raster image at ``path`` has pixels neither fully opaque nor fully clear."""
    with Image.open(path) as source:
        if source.mode == "CMYK" or not ("A" in source.getbands() or "transparency" in source.info):
            return False
        alpha = source.convert("RGBA").getchannel("A")
    histogram = alpha.histogram()
    return sum(histogram[1:255]) > 0


@lru_cache(maxsize=16)
def rgba(path: Path) -> Image.Image:
    """The image at ``path`` as RGBA (sRGB assumed, as for a flat CMYK conversion without profile)."""
    with Image.open(path) as source:
        return source.convert("RGBA")


def flattened_cmyk(composite: Image.Image, alpha: Image.Image, limit: float) -> tuple[Image.Image, bool]:
    """(``composite`` (RGB, already flattened over its backdrop) as CMYK within ``limit``, with the
    pixels whose ``alpha`` is 0 keyed out; whether any were)."""
    cmyk = within_limit(_to_cmyk(composite), limit)
    clear = alpha.point(lambda a: 255 if a == 0 else 0, mode="1")
    keyed = clear.getbbox() is not None
    if keyed:
        cmyk.paste(KEY, mask=clear)
    return cmyk, keyed


def _to_cmyk(image: Image.Image) -> Image.Image:
    from PIL import ImageCms

    return ImageCms.applyTransform(image.convert("RGB"), convert.transform("RGB", "CMYK"))


@lru_cache(maxsize=64)
def cmyk_image(path: Path, limit: float = 300.0) -> tuple[Image.Image, bool]:
    """(the image as a CMYK build prints it: within ``limit`` percent total ink, C, M and Y taken
    down where it was above, K kept, as for colours; whether see-through pixels are keyed out)."""
    image, alpha = separated(path)
    image = within_limit(image, limit)
    if alpha is not None:
        image = image.copy()
        image.paste(KEY, mask=alpha.point(lambda a: 255 if a < 128 else 0, mode="1"))
    return image, alpha is not None


def within_limit(image: Image.Image, limit: float) -> Image.Image:
    """``image`` (CMYK) with every pixel at most ``limit`` percent total ink."""
    c, m, y, k = image.split()
    most = limit * 255 / 100 - 1  # one step of margin for rounding
    scale = ImageMath.lambda_eval(
        lambda e: e["min"](
            e["max"](most - e["float"](e["k"]), 0.0) / e["max"](e["float"](e["c"]) + e["m"] + e["y"], 0.001),
            1.0,
        ),
        c=c,
        m=m,
        y=y,
        k=k,
    )
    inks = [_times(ink, scale) for ink in (c, m, y)]
    return Image.merge("CMYK", (*inks, k))


def _times(ink: Image.Image, scale: Image.Image) -> Image.Image:
    return ImageMath.lambda_eval(lambda e: e["convert"](e["v"] * e["s"], "L"), v=ink, s=scale)


def _transform_from(embedded: bytes | None) -> ImageCms.ImageCmsTransform:
    from PIL import ImageCms

    if not embedded:
        return convert.transform("RGB", "CMYK")
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(embedded))
        _, press = convert._profiles()
        return ImageCms.buildTransform(
            source,
            press,
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )
    except (OSError, ImageCms.PyCMSError):  # an unusable embedded profile: treat the image as sRGB
        return convert.transform("RGB", "CMYK")


@lru_cache(maxsize=256)
def max_coverage(path: Path, limit: float | None = None) -> float:
    """The most total ink (percent) any visible pixel of ``path`` takes once converted: through the
    profile alone, or as a CMYK build with ``limit`` prints it."""
    image, alpha = separated(path)
    if limit is not None:
        image = within_limit(image, limit)
    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    if alpha is not None:  # see-through pixels are not printed
        seen = alpha.point(lambda a: 1 if a >= 128 else 0)
        total = ImageMath.lambda_eval(lambda a: a["t"] * a["s"], t=total, s=seen)
    return round(total.getextrema()[1] * 100 / 255, 1)
