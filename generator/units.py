"""Lengths: every length in YAML carries its unit and is turned into PDF points here, once."""

from __future__ import annotations

import re

PT = 1.0
INCH = 72.0
MM = INCH / 25.4
CM = 10 * MM

UNITS: dict[str, float] = {"pt": PT, "mm": MM, "cm": CM, "in": INCH}

_LENGTH = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]+)\s*$")


class UnitError(ValueError):
    """Raised when a length is not a number followed by a known unit."""


def parse_length(text: str) -> float:
    """Turn ``"63.5mm"``, ``"2.5in"``, ``"12pt"`` or ``"1cm"`` into points.

    A bare number is refused: a length without a unit is ambiguous.
    """
    match = _LENGTH.match(str(text))
    if not match:
        raise UnitError(f"expected a length with a unit such as '3mm', '0.5in' or '10pt', found {text!r}")
    value, unit = match.groups()
    if unit not in UNITS:
        known = ", ".join(UNITS)
        raise UnitError(f"unknown unit '{unit}' in {text!r} (known units: {known})")
    return float(value) * UNITS[unit]


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / MM
