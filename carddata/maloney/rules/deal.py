"""The hands at the start: the deal and the exchange at setup.

Rulebook, setup: "If any of you has received more than two cards from the same place ... you must
exchange these cards with ones from the deck. This process may be repeated until you have no more
than two cards from any one place." A log writes an heir's exchange as one ``{gave, got}`` or as
its rounds in order (``[{gave, got}, ...]``); each round is judged against the hand as it was
before that round. Our reading of "these cards" (README.md, "Readings of the rulebook"): the cards
of a place held more than twice; an heir may give back only the excess or all of them, card for
card, and repeats while a place is still held more than twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from generator.rules import Note, Zone

from .state import MAX_SHOWN, Exchange, Setup, rounds

CityOf = Callable[[str], str | None]


def check_hands(setup: Setup, city_of: CityOf, hands: dict[str, Zone], note: Note) -> None:
    """Recorded hands (after the exchange) hold at most two cards of a place; each round of a
    recorded exchange gives back only cards of a place then held more than twice, card for card,
    and the cards it got are in the hand (known from then on where the hand is not recorded)."""
    for player, names in setup.hands.items():
        _at_most_two(player, names, city_of, note, "is dealt")
    for player, swap in setup.exchanges.items():
        if player not in hands:
            note("SETUP", f"an exchange is recorded for '{player}', who is not among the players")
            continue
        steps = rounds(swap)
        for k, step in enumerate(steps):
            if len(step.gave) != len(step.got):
                note(
                    "EXCHANGE",
                    f"{player}{_round(k, steps)} gave {len(step.gave)} card(s) back and got "
                    f"{len(step.got)}: the exchange is card for card",
                )
        if player in setup.hands:
            _judge_recorded(player, steps, Counter(setup.hands[player]), city_of, note)
        else:
            _follow_unrecorded(player, steps, hands[player], city_of, note)


def _judge_recorded(
    player: str, steps: list[Exchange], final: Counter[str], city_of: CityOf, note: Note
) -> None:
    """The hand before each round, worked back from the recorded hand; then each round's cards
    given back are judged against the hand before it."""
    held, before = Counter(final), []
    for k in range(len(steps) - 1, -1, -1):
        step = steps[k]
        for name in sorted(Counter(step.got) - held):
            later = "" if k == len(steps) - 1 else " and gives it back in no later round"
            note(
                "EXCHANGE",
                f"{player} got {name}{_round(k, steps) or ' in the exchange'}, but the recorded hand "
                f"does not hold it{later}",
            )
        held = held - Counter(step.got) + Counter(step.gave)
        before.append(held)
    for k, (step, hand) in enumerate(zip(steps, reversed(before), strict=True)):
        _gave_excess(player, step, hand, city_of, note, _round(k, steps))


def _follow_unrecorded(player: str, steps: list[Exchange], hand: Zone, city_of: CityOf, note: Note) -> None:
    """An unrecorded hand: the cards got are known in it from then on (unless a later round gives
    them back); it must not end with three of a place known."""
    for step in steps:
        for name in step.gave:
            hand.take(name if hand.holds(name) else None, Counter())
        for name in step.got:
            hand.add(name)
    _at_most_two(player, hand.known.elements(), city_of, note, "holds after the exchange")


def _gave_excess(
    player: str, step: Exchange, hand: Counter[str], city_of: CityOf, note: Note, which: str
) -> None:
    """Only a place held more than twice is exchanged (the excess or all of its cards)."""
    cities = Counter(c for n in hand.elements() if (c := city_of(n)))
    had = "held only {n} cards of {city} before it" if which else "was dealt only {n} cards of {city}"
    for name in step.gave:
        city = city_of(name)
        if city is not None and cities[city] <= MAX_SHOWN:
            said = had.format(n=cities[city], city=city)
            note(
                "EXCHANGE",
                f"{player} gave back {name}{which}, but {said}: only a place held more than "
                f"{MAX_SHOWN} times is exchanged",
            )


def _at_most_two(player: str, cards: Iterable[str], city_of: CityOf, note: Note, verb: str) -> None:
    """A hand (its cards, each copy once) holds at most two cards of a place."""
    cities = Counter(map(city_of, cards))
    cities.pop(None, None)  # (cards of no city)
    cities.pop("", None)
    if not cities or max(cities.values()) <= MAX_SHOWN:
        return
    for city, n in sorted(cities.items()):
        if n > MAX_SHOWN:
            note(
                "SETUP_HAND",
                f"{player} {verb} {n} cards of {city}; swap until nobody holds more than "
                f"{MAX_SHOWN} of a city",
            )


def _round(k: int, steps: list[Exchange]) -> str:
    """' in round 2' where the exchange has several rounds, else nothing."""
    return f" in round {k + 1}" if len(steps) > 1 else ""
