"""The week on the board and on the cards: Monday to Sunday, with the German abbreviations
the rulebook's cards use (Mo Di Mi Do Fr Sa So)."""

from __future__ import annotations

DAYS = ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So")
ENGLISH = dict(
    zip(DAYS, ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"), strict=True)
)
DOUBLE = frozenset({"Di", "Fr"})
"""Rulebook, "The weekly calendar has two special days": Tuesday and Friday score double."""
LUCKY = "So"
"""Rulebook, "Sunday is Lucky Day": the top card of the deck picks the destination."""
JOKER_DAYS = frozenset({"Mo", "Mi", "Do", "Sa"})
"""Rulebook: the joker only on "the four 'normal' days (Monday, Wednesday, Thursday and Saturday)"."""


def card_points(best: str, day: str) -> int:
    """Rulebook: seven points on the card's day, "each day later receives one less point"."""
    return _POINTS[best, day] if (best, day) in _POINTS else 7 - (DAYS.index(day) - DAYS.index(best)) % 7


def next_day(day: str) -> str:
    return _NEXT[day] if day in _NEXT else DAYS[(DAYS.index(day) + 1) % 7]


_POINTS = {(best, day): 7 - (DAYS.index(day) - DAYS.index(best)) % 7 for best in DAYS for day in DAYS}
"""``card_points`` of every pair of days, worked out once (asked at every show of a simulated game)."""
_NEXT = {day: DAYS[(i + 1) % 7] for i, day in enumerate(DAYS)}
"""``next_day`` of every day, worked out once (asked as every day of a simulated game closes)."""
