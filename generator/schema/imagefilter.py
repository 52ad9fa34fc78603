"""Image filters (``filters:`` on an image, or on a shape's clipped image): grayscale, tint,
opacity, rotate, flip, crop. Raster images only (PNG, JPEG); applied once per image and kept."""

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from generator.schema.common import Color, Strict
from generator.schema.placement import Extent


def _quarter(value: int) -> int:
    if value not in (0, 90, 180, 270):
        raise ValueError(f"expected 0, 90, 180 or 270 (degrees clockwise), found {value}")
    return value


class FilterSpec(Strict):
    """What is done to the image, in this order: ``crop`` (``[x, y, w, h]`` as shares of the
    image, e.g. ``[25%, 0%, 50%, 100%]``), ``rotate`` (a quarter turn clockwise or more), ``flip``,
    ``grayscale``, ``tint`` (each pixel multiplied by the colour), ``opacity`` (0-1)."""

    crop: tuple[Extent, Extent, Extent, Extent] | None = None
    rotate: Annotated[int, AfterValidator(_quarter)] = 0
    flip: Literal["none", "horizontal", "vertical", "both"] = "none"
    grayscale: bool = False
    tint: Color | None = None
    opacity: float = Field(1.0, ge=0, le=1)

    def steps(self, tint: str | None) -> tuple[tuple[str, Any], ...]:
        """The filters as plain data for the layout op (``tint`` resolved from its style)."""
        out: list[tuple[str, Any]] = []
        if self.crop is not None:
            out.append(("crop", tuple(v[1] if isinstance(v, tuple) else v for v in self.crop)))
        if self.rotate:
            out.append(("rotate", self.rotate))
        if self.flip != "none":
            out.append(("flip", self.flip))
        if self.grayscale:
            out.append(("grayscale", True))
        if tint:
            out.append(("tint", tint))
        if self.opacity < 1:
            out.append(("opacity", self.opacity))
        return tuple(out)
