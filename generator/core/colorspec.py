"""Colour values as written in YAML: ``#rgb``, ``#rrggbb``, a CSS name, or ``cmyk(C, M, Y, K)``.

``cmyk(0, 60, 100, 0)`` gives each ink as a percentage of full coverage (0-100); a designer who
knows the inks a printer asks for writes them directly, and a CMYK build prints them unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import getAllNamedColors

CMYK_SYNTAX = "cmyk(C, M, Y, K) with each ink a percentage from 0 to 100, e.g. cmyk(0, 60, 100, 0)"
CMYK_CALL = re.compile(r"^cmyk\((?P<args>[^()]*)\)$", re.IGNORECASE)
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


@dataclass(frozen=True)
class Rgb:
    """An sRGB colour, each channel 0-1."""

    r: float
    g: float
    b: float

    @property
    def neutral(self) -> bool:
        return self.r == self.g == self.b


@dataclass(frozen=True)
class Cmyk:
    """Process inks, each 0-1 of full coverage."""

    c: float
    m: float
    y: float
    k: float

    @property
    def total(self) -> float:
        """Total area coverage in percent (400 = every ink solid)."""
        return round(100 * (self.c + self.m + self.y + self.k), 2)

    def __str__(self) -> str:
        return "cmyk({:g}, {:g}, {:g}, {:g})".format(
            *(round(100 * v, 2) for v in (self.c, self.m, self.y, self.k))
        )


def is_cmyk(text: str) -> bool:
    """Whether ``text`` is written as ``cmyk(...)`` (valid or not)."""
    return bool(CMYK_CALL.match(text.strip()))


def parse_cmyk(text: str) -> Cmyk:
    """``cmyk(C, M, Y, K)`` -> Cmyk; ValueError saying what is wrong."""
    match = CMYK_CALL.match(text.strip())
    if not match:
        raise ValueError(f"expected {CMYK_SYNTAX}, found {text!r}")
    parts = [p.strip().removesuffix("%").strip() for p in match.group("args").split(",")]
    if len(parts) != 4:
        raise ValueError(f"{text!r} has {len(parts)} values: expected {CMYK_SYNTAX}")
    inks = []
    for name, part in zip("CMYK", parts, strict=True):
        try:
            value = float(part)
        except ValueError:
            raise ValueError(f"{text!r}: {name} is {part!r}, not a number: expected {CMYK_SYNTAX}") from None
        if not 0 <= value <= 100:
            raise ValueError(f"{text!r}: {name} is {value:g}, outside 0-100: expected {CMYK_SYNTAX}")
        inks.append(value / 100)
    return Cmyk(*inks)


@lru_cache(maxsize=4096)
def parse(text: str) -> Rgb | Cmyk:
    """A colour value -> Rgb or Cmyk; ValueError for anything else."""
    text = text.strip()
    if is_cmyk(text):
        return parse_cmyk(text)
    match = _HEX.match(text)
    if match:
        digits = match.group(1)
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
        return Rgb(r, g, b)
    named = getAllNamedColors().get(text.lower())
    if named is not None:
        return Rgb(named.red, named.green, named.blue)
    raise ValueError(f"unknown colour {text!r}: use '#rrggbb', a CSS colour name or {CMYK_SYNTAX}")
