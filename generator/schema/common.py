"""Building blocks shared by the schemas: strict base model, lengths, colours, sizes."""

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from generator.core.colorspec import is_cmyk, parse_cmyk
from generator.core.units import UnitError, parse_length


class Strict(BaseModel):
    """Base of every schema object: unknown keys are errors, objects are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


def parse_length_value(value: Any) -> float:
    """A length with its unit (or a number already in points) -> points; ValueError otherwise."""
    if isinstance(value, int | float):
        return float(value)
    try:
        return parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None


Length = Annotated[float, BeforeValidator(parse_length_value)]
"""A length written with its unit ('3mm', '0.5in', '10pt'), validated into points."""


def parse_positive_length(value: Any) -> float:
    """A length above zero (a size); ValueError otherwise."""
    points = parse_length_value(value)
    if points <= 0:
        raise ValueError(f"a size must be above zero, found {str(value)!r}")
    return points


PositiveLength = Annotated[float, BeforeValidator(parse_positive_length)]
"""A width or height: a length above zero."""
NonNegativeLength = Annotated[float, Field(ge=0), BeforeValidator(parse_length_value)]
"""A stroke width: a length of 0 or more."""


def _dash(value: list[float] | None) -> list[float] | None:
    if value is None:
        return None
    if any(v < 0 for v in value):
        raise ValueError("dash lengths are 0 or more, e.g. [3pt, 2pt] (3 pt drawn, 2 pt left out)")
    if value and sum(value) <= 0:
        raise ValueError(
            "a dash pattern needs a length above 0, e.g. [3pt, 2pt]; leave 'dash' out for a solid line"
        )
    return value


Dash = Annotated[list[Length] | None, AfterValidator(_dash)]
"""Dash and gap lengths: each 0 or more, not all 0."""

_COLOR = re.compile(
    r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]+|\$?[A-Za-z_]*\{[\w.\[\]-]+\}|\{=[^{}]+\}|\$[A-Za-z_][A-Za-z0-9_]*|none)$"
)


def _color(value: Any) -> str:
    text = str(value).strip()
    if is_cmyk(text):
        return str(parse_cmyk(text))  # ValueError saying which ink is wrong
    if not _COLOR.match(text):
        raise ValueError(f"expected a colour such as '#c0392b', 'navy', 'none' or '$style', found {text!r}")
    return text


Color = Annotated[str, BeforeValidator(_color)]
"""'#rgb', '#rrggbb', a colour name, 'cmyk(C, M, Y, K)' (percentages), 'none', '$name' of a template
style, or a card field ('{color}', or '${color}' to look the field's value up among the styles)."""


class SizeSpec(Strict):
    """A custom size: width and height with units."""

    width: Length
    height: Length


class CardSizeSpec(Strict):
    """A custom card size: width and height with units, each above zero."""

    width: PositiveLength
    height: PositiveLength
