"""The print-shop preset schema: one shop's published card specifications as data.

A preset file (``generator/printshop/presets/<shop>.yaml``, or a user's own file) says which card
sizes the shop makes and the bleed each needs, how far inside the trim text must stay (the safe
zone), the page order, colour mode and total ink limit, and whether the shop takes one PDF per
deck or one image per card. Every figure carries the source it was taken from.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator

from generator.core.units import mm, to_mm
from generator.schema.common import Length, PositiveLength, Strict

Figure = Literal["bleed", "safe_zone", "order", "color", "ink_limit", "files", "image_format", "dpi"]
"""A preset's figures besides its sizes (each size says ``confirmed:`` itself)."""

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


class ShopSize(Strict):
    """A card size the shop makes: trim width x height and the bleed it asks for on every side."""

    name: str = Field(min_length=1)
    width: PositiveLength
    height: PositiveLength
    bleed: Length = Field(ge=0)
    source: str = Field(min_length=1)
    confirmed: bool = False  # true only for a figure checked on the shop's own page


class PresetSpec(Strict):
    """A whole preset file."""

    name: str
    title: str = Field(min_length=1)
    source: str = Field(min_length=1)
    sizes: list[ShopSize] = Field(default_factory=list)
    bleed: Length | None = Field(None, ge=0)
    safe_zone: Length = Field(ge=0)
    order: Literal["front-back", "back-front", "fronts-then-backs"] = "front-back"
    color: Literal["rgb", "cmyk"] = "rgb"
    ink_limit: int = Field(300, ge=100, le=400)
    files: Literal["pdf", "images"] = "pdf"
    image_format: Literal["png", "jpg"] = "png"
    dpi: int = Field(300, ge=72, le=1200)
    notes: list[str] = Field(default_factory=list)
    size_tolerance: Length = Field(mm(0.5), ge=0)  # a deck this close to a size is it (<= 3 mm)
    unconfirmed: list[Figure] = Field(default_factory=list)  # figures not checked on the shop's page

    @field_validator("size_tolerance")
    @classmethod
    def _close(cls, value: float) -> float:
        if value > mm(3) + 1e-9:
            raise ValueError(
                "expected at most 3mm (a wider tolerance would take one size for another), "
                f"found {to_mm(value):g}mm"
            )
        return value

    @field_validator("name")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _NAME.match(value):
            raise ValueError(
                "expected lower-case letters, digits, '-' or '_' (the name makes the output folder "
                f"printshop-<name>), found {value!r}"
            )
        return value
