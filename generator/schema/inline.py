"""How inline icons sit in running text: their size and baseline offset, per icon (``game.yaml``
``icons:``) and per text element (``icon_size``, ``icon_dy``).

A bare number or a percentage is relative to the text's size (``1.3``, ``130%``); a length with
its unit is absolute (``12pt``, ``4mm``, or ``52px`` in a template that declares ``dpi:``), meant
at the size the text is set at and scaled with it when the text shrinks to fit. ``dy`` moves an
icon down from its usual place (centred on the lowercase letters), a negative ``dy`` up, as
Squib's ``embed`` does.
"""

import re
from collections.abc import Mapping
from typing import Annotated, Any, NamedTuple

from pydantic import BeforeValidator, Field, WithJsonSchema

from generator.core.units import UnitError, parse_length
from generator.schema.common import Strict

_NUMBER = re.compile(r"^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$")
_PERCENT = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*%\s*$")


class Measure(NamedTuple):
    """A size or offset: ``value`` times the text size when ``relative``, else in points."""

    relative: bool
    value: float

    def at(self, size: float) -> float:
        """As a multiple of a text set at ``size`` points."""
        return self.value if self.relative else self.value / size


def _measure(value: Any) -> Measure:
    if isinstance(value, Measure):
        return value
    if isinstance(value, bool):
        raise ValueError(f"expected a number, a percentage or a length, found {value!r}")
    if isinstance(value, int | float):
        return Measure(True, float(value))
    if isinstance(value, str) and _NUMBER.match(value):
        return Measure(True, float(value))
    match = _PERCENT.match(str(value))
    if match:
        return Measure(True, float(match.group(1)) / 100)
    try:
        return Measure(False, parse_length(value))
    except UnitError as exc:
        raise ValueError(f"{exc}; or a number or percentage of the text size such as 1.3 or '130%'") from None


def _size(value: Any) -> Measure:
    found = _measure(value)
    if found.value <= 0:
        raise ValueError(f"an icon size must be above zero, found {value!r}")
    return found


_LOOSE = WithJsonSchema({"anyOf": [{"type": "number"}, {"type": "string"}]})
IconSize = Annotated[Measure, BeforeValidator(_size), _LOOSE]
IconOffset = Annotated[Measure, BeforeValidator(_measure), _LOOSE]


class IconSpec(Strict):
    """An icon of ``game.yaml`` with how it sits in running text."""

    file: str = Field(min_length=1)
    size: IconSize | None = None
    dy: IconOffset | None = None


def icon_style(element: Any, icons: Mapping[str, IconSpec]) -> dict[str, Any]:
    """A text element's inline-icon settings as ``TextStyle`` keywords (multiples of its size).

    Each of size and offset is the element's (``icon_size``, ``icon_dy``) where it sets one, else
    the icon's own from ``game.yaml``, else the text's size and no offset.
    """
    size = element.size
    base_size, base_dy = element.icon_size, element.icon_dy

    def scale_rise(own_size: Measure | None, own_dy: Measure | None) -> tuple[float, float]:
        chosen_size, chosen_dy = base_size or own_size, base_dy or own_dy
        scale = chosen_size.at(size) if chosen_size is not None else 1.0
        return scale, -chosen_dy.at(size) if chosen_dy is not None else 0.0

    scale, rise = scale_rise(None, None)
    looks = tuple((name, *scale_rise(spec.size, spec.dy)) for name, spec in sorted(icons.items()))
    return {"icon_scale": scale, "icon_rise": rise, "icon_looks": looks}


def inline_looks(
    icons: Mapping[str, IconSpec], size: float, scale: float = 1.0
) -> tuple[tuple[str, float, float], ...]:
    """Each icon's own (scale, rise) from ``game.yaml`` in text set at ``size`` points, as
    ``TextStyle.icon_looks``, for text with no element of its own (board labels, the rule
    summary): its size times ``scale`` (the text's own icon scale, such as a table's larger
    first column), else ``scale``; its ``dy``, else none."""
    looks = []
    for name, spec in sorted(icons.items()):
        own = spec.size.at(size) * scale if spec.size is not None else scale
        looks.append((name, own, -spec.dy.at(size) if spec.dy is not None else 0.0))
    return tuple(looks)
