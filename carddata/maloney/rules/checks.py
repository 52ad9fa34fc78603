"""Named composition checks for `deckwright check maloney` (constraints.yaml), each citing
the rulebook passage it rests on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from generator.model import Game
from generator.rules import Checks, Finding

from .week import DAYS, card_points

CHECKS = Checks()
SUITCASE_LIMITS = {"points": (-3, 5), "cash": (-1000, 1500)}
"""Rulebook: a suitcase gives "up to five points or $1,500" or loses "up to three points or $1,000"."""


def _actions(game: Game) -> list:
    return [c for c in game.all_cards() if c.type == "action"]


@CHECKS.register("weekday-points")
def weekday_points(game: Game) -> Iterator[Finding]:
    """Rulebook: "Whoever arrives in a place on the correct day receives seven points. Each day
    later receives one less point." Seven days, so the day before the best scores 1."""
    for card in _actions(game):
        best, points = card.get("best"), card.get("points") or {}
        if list(points) != list(DAYS):
            yield Finding(f"points must list the days in order {' '.join(DAYS)}, found {' '.join(points)}",
                          card, "points")
            continue
        wrong = [d for d in DAYS if points[d] != card_points(best, d)]
        if wrong:
            want = ", ".join(f"{d} {card_points(best, d)}" for d in wrong)
            yield Finding(f"with {best} best, the points must be {want}", card, "points")


@CHECKS.register("best-days-spread")
def best_days_spread(game: Game) -> Iterator[Finding]:
    """Design (README.md): the best days spread evenly, so no weekday is a dead day."""
    cards = _actions(game)
    per_day = Counter(c.get("best") for c in cards for _ in range(c.count))
    total = sum(per_day.values())
    low, high = total // len(DAYS), -(-total // len(DAYS))
    for day in DAYS:
        if not low <= per_day[day] <= high:
            yield Finding(f"{day} is the best day of {per_day[day]} cards; spread evenly: {low} or {high}")


@CHECKS.register("suitcase-range")
def suitcase_range(game: Game) -> Iterator[Finding]:
    """Rulebook: "the driver receives up to five points or $1,500 ... he loses up to three points
    or $1,000"; money comes in $100 steps, and the card's name is its outcome."""
    for card in game.all_cards():
        if card.type != "suitcase":
            continue
        gain, amount = card.get("gain"), card.get("amount") or 0
        low, high = SUITCASE_LIMITS.get(gain, (0, 0))
        if not low <= amount <= high or amount == 0:
            yield Finding(f"{gain} {amount:+d} is outside the rulebook's range {low:+d} to {high:+d} "
                          "(and not 0)", card, "amount")
        elif gain == "cash" and amount % 100:
            yield Finding(f"cash {amount:+d} is not in $100 notes", card, "amount")
        elif card.name != suitcase_name(gain, amount):
            yield Finding(f"the card shows '{card.name}' but its outcome is "
                          f"'{suitcase_name(gain, amount)}'", card, "name")


def suitcase_name(gain: str, amount: int) -> str:
    """How a suitcase's outcome reads on the card: '+3 points', '-1 point', '+$1,500'."""
    sign = "+" if amount > 0 else "-"
    if gain == "cash":
        return f"{sign}${abs(amount):,}"
    return f"{sign}{abs(amount)} point{'s' if abs(amount) != 1 else ''}"
