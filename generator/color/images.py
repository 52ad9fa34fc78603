"""Raster images in a CMYK build: converted with the ICC transform, coverage measured.

An image is converted from its own embedded ICC profile when it has one, else from sRGB, to the
bundled press profile (the same transform the vector colours use). PDF/X-1a allows no soft mask,
so an image's alpha becomes a colour-key mask: pixels less than half opaque are cut out (keyed on
400 % ink, a value the profile never produces) and the rest are flattened over white paper.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms, ImageMath

from generator.color import convert
from generator.color.output import current

KEY = (255, 255, 255, 255)  # the masked-out pixel value: 400 % ink, never a converted colour
KEY_MASK = [255, 255, 255, 255, 255, 255, 255, 255]


def image_source(path: Path) -> tuple[Any, Any]:
    """What to give ReportLab's ImageReader and ``drawImage(mask=...)`` for ``path``."""
    if not current().cmyk:
        return str(path), "auto"
    image, keyed = cmyk_image(path)
    return image, (KEY_MASK if keyed else None)


@lru_cache(maxsize=64)
def cmyk_image(path: Path) -> tuple[Image.Image, bool]:
    """(the image in the press profile's CMYK, whether transparent pixels are keyed out)."""
    with Image.open(path) as source:
        source.load()
        embedded = source.info.get("icc_profile")
        if source.mode == "CMYK":
            return source.copy(), False
        rgba = source.convert("RGBA")
    alpha = rgba.getchannel("A")
    keyed = alpha.getextrema()[0] < 128
    flat = Image.new("RGB", rgba.size, (255, 255, 255))
    flat.paste(rgba, mask=alpha)
    cmyk = ImageCms.applyTransform(flat, _transform_from(embedded))
    if keyed:
        cut = alpha.point(lambda a: 255 if a < 128 else 0, mode="1")
        cmyk.paste(KEY, mask=cut)
    return cmyk, keyed


def _transform_from(embedded: bytes | None) -> ImageCms.ImageCmsTransform:
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
def max_coverage(path: Path) -> float:
    """The most total ink (percent) any visible pixel of ``path`` takes once converted."""
    image, keyed = cmyk_image(path)
    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    if keyed:  # keyed pixels (all four inks at 255) are not printed
        total = ImageMath.lambda_eval(lambda a: a["t"] * (a["t"] < 1020), t=total)
    return round(total.getextrema()[1] * 100 / 255, 1)
