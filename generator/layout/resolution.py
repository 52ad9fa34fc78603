"""Print resolution of the raster images on a card face: pixels per inch at the printed size.

300 dpi is what print shops ask for and what looks sharp at arm's length; below it a warning,
below 150 dpi (visibly soft or blocky) an error in ``check``. Vector (SVG) images are exempt.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from generator.art.rasters import MAX_PIXELS, declared_size, too_large
from generator.art.svgfile import is_svg
from generator.core.notices import reading
from generator.layout.ops import GroupOp, ImageOp, Op, ShapeOp

WARN_DPI = 300
FAIL_DPI = 150


@lru_cache(maxsize=256)
def pixel_size(path: Path) -> tuple[int, int] | None:
    """(width, height) in pixels of a raster image; None for SVG or an unreadable file."""
    if is_svg(path):
        return None
    try:
        with reading(path):  # Pillow's warnings become ours, at this file
            return declared_size(path)  # the header only, whatever its size (refused elsewhere)
    except Exception:  # Pillow raises many kinds on a broken file
        return None


def image_ops(ops: tuple[Op, ...]) -> Iterator[ImageOp]:
    """Every image op, inside groups too."""
    for op in ops:
        if isinstance(op, ImageOp):
            yield op
        elif isinstance(op, ShapeOp) and op.image is not None:
            yield op.image
        elif isinstance(op, GroupOp) and _has_images(op):
            yield from image_ops(op.ops)


_GROUPS: dict[int, tuple[GroupOp, bool]] = {}
"""Whether a group holds an image, by its id (the group held: its id stays its own): a
template's fixed elements are one group on every card."""


def _has_images(group: GroupOp) -> bool:
    known = _GROUPS.get(id(group))
    if known is not None and known[0] is group:
        return known[1]
    found = next(image_ops(group.ops), None) is not None
    if len(_GROUPS) >= 256:
        _GROUPS.clear()
    _GROUPS[id(group)] = (group, found)
    return found


def printed_dpi(op: ImageOp) -> float | None:
    """The lower of the horizontal and vertical resolution at which ``op`` prints (the part of a
    ``cover`` image outside its box is cut off, so it prints at the larger scale)."""
    size = pixel_size(op.path)
    if size is None or min(size) <= 0 or op.box.w <= 0 or op.box.h <= 0:
        return None
    pw, ph = size
    bw, bh = (op.box.h, op.box.w) if round(op.rotate) % 180 == 90 else (op.box.w, op.box.h)
    if op.fit == "stretch":
        return min(pw * 72 / bw, ph * 72 / bh)
    scale = max(bw / pw, bh / ph) if op.fit == "cover" else min(bw / pw, bh / ph)  # points per pixel
    return 72 / scale


def low_resolution(ops: tuple[Op, ...]) -> list[tuple[Path, float]]:
    """(file, dpi) of every raster image printed below WARN_DPI, lowest first, each file once."""
    worst: dict[Path, float] = {}
    for op in image_ops(ops):
        dpi = printed_dpi(op)
        if dpi is not None and dpi < WARN_DPI - 0.5:
            worst[op.path] = min(dpi, worst.get(op.path, dpi))
    return sorted(worst.items(), key=lambda item: item[1])


def within_limit(op: ImageOp) -> ImageOp:
    """``op``, or ValueError saying the image has too many pixels, and the dpi it would print at."""
    size = pixel_size(op.path)  # cached: one header read per file
    if size is None or size[0] * size[1] <= MAX_PIXELS:
        return op
    raise ValueError(f"{op.path.name} is {too_large(size, printed_dpi(op))}")
