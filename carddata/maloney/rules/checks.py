"""Named composition checks for `deckwright check maloney` (constraints.yaml), each citing
the rulebook passage it rests on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from generator.board.maps import ranges
from generator.core.errors import DataError
from generator.load.model import Game
from generator.rules import Checks, Finding

from .board import Map, load_map
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
            yield Finding(
                f"points must list the days in order {' '.join(DAYS)}, found {' '.join(points)}",
                card,
                "points",
            )
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
            yield Finding(
                f"{gain} {amount:+d} is outside the rulebook's range {low:+d} to {high:+d} (and not 0)",
                card,
                "amount",
            )
        elif gain == "cash" and amount % 100:
            yield Finding(f"cash {amount:+d} is not in $100 notes", card, "amount")
        elif card.name != suitcase_name(gain, amount):
            yield Finding(
                f"the card shows '{card.name}' but its outcome is '{suitcase_name(gain, amount)}'",
                card,
                "name",
            )


def suitcase_name(gain: str, amount: int) -> str:
    """How a suitcase's outcome reads on the card: '+3 points', '-1 point', '+$1,500'."""
    sign = "+" if amount > 0 else "-"
    if gain == "cash":
        return f"{sign}${abs(amount):,}"
    return f"{sign}{abs(amount)} point{'s' if abs(amount) != 1 else ''}"


SACRAMENTO, SACRAMENTO_LINKS = 3, frozenset({1, 2, 6, 7, 8, 9, 16})
"""Rulebook: "From Sacramento (No. 3) the player can choose one of place number 1-2, 6-9 or 16"."""
FIXED = {
    1: "San Francisco",
    2: "San Diego",
    3: "Sacramento",
    6: "Cheyenne",
    7: "Santa Fe",
    8: "Chicago",
    9: "Kansas City",
    16: "Charleston",
}
"""The city numbers the rulebook's example gives."""
MIN_CHOICES = 3


def _map(game: Game, report: bool = True) -> Map | Finding | None:
    """The game's map, or what is wrong with it (told once, by map-numbers: ``report``)."""
    try:
        return load_map(game)
    except (LookupError, DataError) as exc:
        return Finding(f"the map cannot be read: {exc}") if report else None


@CHECKS.register("map-numbers")
def map_numbers(game: Game) -> Iterator[Finding]:
    """Rulebook: a map of places numbered 1 to 16 ("you will see the name of the place and the
    number"); the example fixes eight of them; every action card names a city of the map."""
    found = _map(game)
    if not isinstance(found, Map):
        yield from [found] if found else []
        return
    graph, where = found.graph, f"{found.graph.file}:{found.graph.line}"
    numbers = Counter(n.number for n in graph.nodes.values())
    if sorted(numbers) != list(range(1, 17)) or any(k > 1 for k in numbers.values()):
        shown = ", ".join(str(n) for n in sorted(numbers, key=str))
        yield Finding(f"the map ({where}) must number its cities 1 to 16, each once; found {shown}")
    for number, name in FIXED.items():
        if found.names.get(number) != name:
            yield Finding(
                f"the rulebook makes {name} number {number}; the map ({where}) has "
                f"{found.names.get(number) or 'no city'} there"
            )
    for card in _actions(game):
        if found.names.get(card.get("number")) != card.get("city"):
            yield Finding(
                f"the map ({where}) has {found.names.get(card.get('number')) or 'no city'} as "
                f"number {card.get('number')}, not {card.get('city')}",
                card,
                "city",
            )


@CHECKS.register("map-roads")
def map_roads(game: Game) -> Iterator[Finding]:
    """Rulebook: "The car cannot stay for two days in the same town" (no road to itself), the
    numbers under a place say where the car can go "from each other city" (two-way roads), and
    every day it "must move to a new town" (so every city has somewhere to go: several choices)."""
    found = _map(game, report=False)
    if not isinstance(found, Map):
        return
    graph = found.graph
    for road in graph.roads:
        if road.one_way:
            yield Finding(
                f"{graph.file}:{road.line}: the road {road.a} -> {road.b} is one way; "
                "Maloney's roads go both ways (write 'a - b')"
            )
        if road.a == road.b:
            yield Finding(f"{graph.file}:{road.line}: the road from {road.a} leads back to itself")
    if not graph.connected():
        yield Finding(f"the map ({graph.file}:{graph.line}) is not connected: some cities cannot be reached")
    for number, links in sorted(found.links.items()):
        if len(links - {number}) < MIN_CHOICES:
            yield Finding(
                f"{found.names[number]} ({number}) leads to {len(links)} cities; every city "
                f"needs at least {MIN_CHOICES} destinations"
            )


@CHECKS.register("sacramento-links")
def sacramento_links(game: Game) -> Iterator[Finding]:
    """Rulebook, the example under "The winner has the right to choose the destination"."""
    found = _map(game, report=False)
    if not isinstance(found, Map):
        return
    links = found.links.get(SACRAMENTO, frozenset())
    if links != SACRAMENTO_LINKS:
        yield Finding(
            f"Sacramento (3) reaches {ranges(links) or 'nothing'} on the map "
            f"({found.graph.file}); the rulebook says 1-2, 6-9, 16"
        )
