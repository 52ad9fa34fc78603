"""Preset component sizes, in points (W, H); card and paper sizes are valid too."""

from __future__ import annotations

from generator.core.sizes import CARD_SIZES, PAPER_SIZES, normalise_name
from generator.core.units import mm
from generator.schema.messages import suggest


def _table() -> dict[str, tuple[float, float]]:
    sizes = {f"counter-{d}mm": (mm(d), mm(d)) for d in (13, 16, 20, 25, 30, 38)}
    sizes |= {f"marker-{w}x{h}mm": (mm(w), mm(h)) for w, h in ((30, 15), (40, 20), (50, 25))}
    sizes |= {"money-small": (mm(100), mm(50)), "money": (mm(120), mm(60)), "money-large": (mm(156), mm(66))}
    sizes |= {
        "standee-small": (mm(20), mm(36)),
        "standee": (mm(25), mm(45)),
        "standee-large": (mm(30), mm(54)),
    }
    return sizes


COMPONENT_SIZES: dict[str, tuple[float, float]] = _table()
"""Counters (diameter or side), markers, banknotes and standee faces (one panel of the strip)."""


def component_size(name: str) -> tuple[float, float]:
    """A preset, card or paper size by name; raises ValueError naming the choices."""
    key = normalise_name(name)
    tables = (COMPONENT_SIZES, CARD_SIZES, PAPER_SIZES)
    for table in tables:
        if key in table:
            return table[key]
    every = [n for table in tables for n in table]
    raise ValueError(
        f"unknown size '{name}'{suggest(key, every)}: use a preset ({', '.join(COMPONENT_SIZES)}), "
        "a card or paper size (such as poker, a6, half-letter) or {width: .., height: ..}"
    )
