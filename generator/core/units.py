"""Lengths: every length in YAML carries its unit and is turned into PDF points here, once.

``px`` (pixels) is a unit only where a file declares its resolution: a template with
``dpi: 300`` reads ``75px`` as a quarter inch. ``pixels_at(dpi)`` sets that resolution while such
a file is validated; elsewhere a ``px`` length is an error that says to declare ``dpi:``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

PT = 1.0
INCH = 72.0
MM = INCH / 25.4
CM = 10 * MM

UNITS: dict[str, float] = {"pt": PT, "mm": MM, "cm": CM, "in": INCH}
PIXELS = "px"

_LENGTH = re.compile(r"^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]+)\s*$")
_DPI: ContextVar[float | None] = ContextVar("dpi", default=None)
"""The resolution ``px`` lengths are read at: None outside a file that may use pixels, 0 in one
that declares no ``dpi:``."""


class UnitError(ValueError):
    """Raised when a length is not a number followed by a known unit."""


@contextmanager
def pixels_at(dpi: float | None) -> Iterator[None]:
    """Inside the block (a template being read), ``px`` lengths are pixels at ``dpi``; with
    ``dpi`` None a ``px`` length is an error that asks for a ``dpi:``."""
    token = _DPI.set(dpi or 0.0)
    try:
        yield
    finally:
        _DPI.reset(token)


def parse_length(text: str) -> float:
    """Turn ``"63.5mm"``, ``"2.5in"``, ``"12pt"``, ``"1cm"`` (or ``"75px"`` inside
    ``pixels_at``) into points.

    A bare number is refused: a length without a unit is ambiguous.
    """
    match = _LENGTH.match(str(text))
    if not match:
        raise UnitError(f"expected a length with a unit such as '3mm', '0.5in' or '10pt', found {text!r}")
    value, unit = match.groups()
    dpi = _DPI.get()
    if unit == PIXELS and dpi is not None:
        if not dpi:
            raise UnitError(
                f"{text!r} is in pixels, but the template declares no resolution: add 'dpi: 300' (the "
                "dpi its pixel sizes were drawn at) at its top level, or use mm, pt or in"
            )
        return float(value) * INCH / dpi
    if unit not in UNITS:
        known = ", ".join([*UNITS, PIXELS] if dpi is not None else UNITS)
        raise UnitError(f"unknown unit '{unit}' in {text!r} (known units: {known})")
    return float(value) * UNITS[unit]


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / MM
