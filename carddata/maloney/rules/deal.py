"""The hands at the start: the deal and the exchange of a third card of a place (rulebook, setup:
"you must exchange these cards with ones from the deck ... until you have no more than two cards
from any one place")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from generator.rules import Note, Zone

from .state import MAX_SHOWN, Setup


def check_hands(
    setup: Setup, city_of: Callable[[str], str | None], hands: dict[str, Zone], note: Note
) -> None:
    """Recorded hands (after the exchange) hold at most two cards of a place; each recorded
    exchange gives back only cards of a place dealt more than twice, card for card, and the cards
    it got are in the heir's hand (known from then on where the hand is not recorded)."""
    for player, names in setup.hands.items():
        cities = Counter(c for n in names if (c := city_of(n)))
        for city, n in sorted(cities.items()):
            if n > MAX_SHOWN:
                note(
                    "SETUP_HAND",
                    f"{player} is dealt {n} cards of {city}; swap until nobody holds "
                    f"more than {MAX_SHOWN} of a city",
                )
    for player, swap in setup.exchanges.items():
        if player not in hands:
            note("SETUP", f"an exchange is recorded for '{player}', who is not among the players")
            continue
        if len(swap.gave) != len(swap.got):
            note(
                "EXCHANGE",
                f"{player} gave {len(swap.gave)} card(s) back and got {len(swap.got)}: "
                "the exchange is card for card",
            )
        if player in setup.hands:
            held = Counter(setup.hands[player])
            for name in sorted(Counter(swap.got) - held):
                note(
                    "EXCHANGE", f"{player} got {name} in the exchange, but the recorded hand does not hold it"
                )
            dealt = Counter(
                c for n in (held - Counter(swap.got) + Counter(swap.gave)).elements() if (c := city_of(n))
            )
        else:
            hands[player].known.update(swap.got)
            hands[player].unknown -= min(hands[player].unknown, len(swap.got))
            dealt = None
        for name in swap.gave:
            city = city_of(name)
            if city is not None and dealt is not None and dealt[city] <= MAX_SHOWN:
                note(
                    "EXCHANGE",
                    f"{player} gave back {name}, but was dealt only {dealt[city]} cards of "
                    f"{city}: only a place dealt more than {MAX_SHOWN} times is exchanged",
                )
