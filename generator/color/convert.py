"""sRGB <-> CMYK through the bundled ICC profile (Pillow's ImageCms, LittleCMS underneath).

Rules for a CMYK build, in the order they apply:

- a colour written as ``cmyk(...)`` is kept exactly as written;
- pure black, and any neutral grey used for text, lines, strokes or icons, prints with black ink
  only (K), so small type and hairlines never depend on four plates registering;
- pure black used as a fill becomes a rich black (``RICH_BLACK``), which prints deeper than K alone;
- every other colour goes through the profile (relative colorimetric, black-point compensation:
  the same transform images use), so dark fills come out as the profile's rich blacks;
- whatever the profile gives is brought within the ink limit by taking C, M and Y down in
  proportion while K stays (the hue of a dark fill barely moves; its darkness comes from K).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from generator.core.colorspec import Cmyk, Rgb, parse

if TYPE_CHECKING:
    from PIL import ImageCms

PROFILE = Path(__file__).resolve().parent / "profiles" / "ISOcoated_v2_300_bas.icc"
PROFILE_NAME = "ISO Coated v2 300% (basICColor)"
CONDITION = "FOGRA39"  # the characterization the profile is built on (ISO 12647-2 coated paper)
RICH_BLACK = Cmyk(0.6, 0.4, 0.4, 1.0)  # 240 %: a common press rich black
FILL, LINE = "fill", "line"  # roles: large areas, or text/strokes/icons


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    return PROFILE.read_bytes()


@lru_cache(maxsize=1)
def _profiles() -> tuple[ImageCms.ImageCmsProfile, ImageCms.ImageCmsProfile]:
    from PIL import ImageCms  # LittleCMS: loaded by the first conversion, not by an RGB build

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")), ImageCms.getOpenProfile(str(PROFILE))


@lru_cache(maxsize=4)
def transform(src_mode: str, dst_mode: str) -> ImageCms.ImageCmsTransform:
    """A cached transform: ("RGB", "CMYK") from sRGB to the profile, ("CMYK", "RGB") back."""
    from PIL import ImageCms

    srgb, press = _profiles()
    src, dst = (srgb, press) if src_mode == "RGB" else (press, srgb)
    return ImageCms.buildTransform(
        src,
        dst,
        src_mode,
        dst_mode,
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def _bytes(value: float) -> int:
    return max(0, min(255, round(value * 255)))


def icc_cmyk(rgb: Rgb) -> Cmyk:
    """The profile's separation of an sRGB colour (no ink limit applied)."""
    from PIL import ImageCms

    pixel = Image.new("RGB", (1, 1), (_bytes(rgb.r), _bytes(rgb.g), _bytes(rgb.b)))
    c, m, y, k = ImageCms.applyTransform(pixel, transform("RGB", "CMYK")).getpixel((0, 0))
    return Cmyk(c / 255, m / 255, y / 255, k / 255)


def cmyk_to_rgb(cmyk: Cmyk) -> Rgb:
    """How the profile says a CMYK colour looks, as sRGB (for RGB builds and previews)."""
    from PIL import ImageCms

    pixel = Image.new("CMYK", (1, 1), tuple(_bytes(v) for v in (cmyk.c, cmyk.m, cmyk.y, cmyk.k)))
    r, g, b = ImageCms.applyTransform(pixel, transform("CMYK", "RGB")).getpixel((0, 0))
    return Rgb(r / 255, g / 255, b / 255)


@lru_cache(maxsize=1)
def _k_ramp() -> tuple[float, ...]:
    """sRGB grey level (0-1) that K = 0..255 looks like through the profile."""
    from PIL import ImageCms

    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    rgb = ImageCms.applyTransform(ramp, transform("CMYK", "RGB"))
    return tuple(sum(rgb.getpixel((k, 0))) / 765 for k in range(256))


def k_only(level: float) -> Cmyk:
    """Black ink alone, as much as makes an sRGB grey of ``level`` (0 black - 1 white)."""
    if level <= 0:
        return Cmyk(0, 0, 0, 1.0)
    if level >= 1:
        return Cmyk(0, 0, 0, 0)
    ramp = _k_ramp()
    k = min(range(256), key=lambda i: abs(ramp[i] - level))
    return Cmyk(0, 0, 0, k / 255)


def within(cmyk: Cmyk, limit: float) -> Cmyk:
    """``cmyk`` with C, M, Y scaled down in proportion so the total is at most ``limit`` percent."""
    if cmyk.total <= limit:
        return cmyk
    colour = cmyk.c + cmyk.m + cmyk.y
    room = max(limit / 100 - cmyk.k, 0.0)
    s = room / colour if colour else 0.0
    return Cmyk(cmyk.c * s, cmyk.m * s, cmyk.y * s, min(cmyk.k, limit / 100))


@lru_cache(maxsize=8192)
def to_cmyk(value: str, role: str = LINE, limit: float = 300.0) -> Cmyk:
    """The CMYK inks for a colour value in a CMYK build (see the module rules)."""
    parsed = parse(value)
    if isinstance(parsed, Cmyk):
        return parsed
    if parsed.neutral and parsed.r == 0 and role == FILL:
        return within(RICH_BLACK, limit)
    if parsed.neutral and (role != FILL or parsed.r == 0):
        return k_only(parsed.r)
    return within(icc_cmyk(parsed), limit)


@lru_cache(maxsize=8192)
def to_rgb(value: str) -> Rgb:
    """The sRGB colour for a colour value in an RGB build (CMYK values through the profile)."""
    parsed = parse(value)
    return cmyk_to_rgb(parsed) if isinstance(parsed, Cmyk) else parsed
