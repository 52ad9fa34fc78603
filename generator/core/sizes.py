"""Named card and paper sizes, in points, portrait (W x H) unless the format is naturally wide."""

from __future__ import annotations

import difflib
import re

from generator.core.units import mm


def _points(table: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    return {name: (mm(w), mm(h)) for name, (w, h) in table.items()}


CARD_SIZES: dict[str, tuple[float, float]] = _points(
    {
        "poker": (63.5, 88.9),
        "bridge": (57.15, 88.9),
        "tarot": (70, 120),
        "mini-american": (41, 63),
        "mini-euro": (44, 68),
        "euro": (59, 91),
        "standard-american": (56, 87),
        "square": (70, 70),
        "business": (88.9, 50.8),
        "business-eu": (85, 55),
        "jumbo": (88.9, 127),
    }
)
"""Card trim sizes. Business cards are wide (W > H), as they are printed."""

PAPER_SIZES: dict[str, tuple[float, float]] = _points(
    {
        "a4": (210, 297),
        "letter": (215.9, 279.4),
        "legal": (215.9, 355.6),
        "a3": (297, 420),
        "tabloid": (279.4, 431.8),
        "a5": (148, 210),
        "a6": (105, 148),
        "half-letter": (139.7, 215.9),
    }
)
"""Paper sizes, portrait."""


class UnknownSizeError(KeyError):
    """A size name that is not in the table; the message lists known names and a suggestion."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        self.kind, self.name, self.known = kind, name, known
        close = difflib.get_close_matches(normalise_name(name), known, n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        self.message = f"unknown {kind} size '{name}'{hint}; known sizes: {', '.join(known)}"
        super().__init__(self.message)

    def __str__(self) -> str:  # KeyError would quote the message
        return self.message


def normalise_name(name: str) -> str:
    """``"Mini American"``, ``"mini_american"`` and ``" MINI-american "`` -> ``"mini-american"``."""
    return re.sub(r"[\s_\-]+", "-", str(name).strip().lower()).strip("-")


def _lookup(kind: str, table: dict[str, tuple[float, float]], name: str) -> tuple[float, float]:
    key = normalise_name(name)
    if key not in table:
        raise UnknownSizeError(kind, name, sorted(table))
    return table[key]


def card_size(name: str) -> tuple[float, float]:
    """Trim size (W, H) in points of a named card size; raises UnknownSizeError."""
    return _lookup("card", CARD_SIZES, name)


def paper_size(name: str) -> tuple[float, float]:
    """Portrait paper size (W, H) in points; raises UnknownSizeError."""
    return _lookup("paper", PAPER_SIZES, name)
