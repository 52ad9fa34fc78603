"""Scoring: the cards shown in the city the car reached, the limit of two cards of a place, and
the notary's totals and testament."""

from __future__ import annotations

import functools
from collections import Counter

from generator.load.model import Card
from generator.rules import Note, Rules

from .board import Map
from .state import MAX_SHOWN, Show, Table, Totals
from .week import DAYS, DOUBLE, card_points

NO_CARDS: Counter[str] = Counter()


class Scoring(Rules):
    """Showing cards and the totals; mixed into the rules model (which sets these)."""

    map: Map
    actions_total: Counter[str]
    number_of: dict[str, int | None]

    def unseen(self, t: Table) -> Counter[str]:
        raise NotImplementedError

    def _action(self, name: str, note: Note) -> Card | None:
        raise NotImplementedError

    def _city_of(self, name: str) -> str | None:
        raise NotImplementedError

    def _show(self, t: Table, player: str, data: Show, note: Note) -> None:
        total = 0
        for name in data.cards:
            card = self._action(name, note)
            hand = t.hands[player]
            held = card is not None and hand.holds(card.name)
            pool = NO_CARDS if held else self.unseen(t)  # (read, never changed)
            why = hand.take(card.name if card else None, pool)
            if not held:  # the hand and the seen cards change otherwise than by one card moved
                t.left = None
            if why and card is not None:  # a card seen elsewhere cannot be in an unrecorded hand
                gone = player not in t.recorded and pool[card.name] <= 0
                note(
                    "CARD_UNAVAILABLE" if gone else "NOT_IN_HAND",
                    f"{player} cannot show {name}: every copy has been seen already (the first card, "
                    "cards shown, Sunday's cards)"
                    if gone
                    else f"{player} cannot show {name}: {why}",
                )
            t.seen[name] = t.seen.get(name, 0) + (1 if card else 0)  # (no __missing__)
            if card is None or t.arrived is None:
                continue
            number = self.number_of[card.name]
            if t.day == 1 and number == t.start and t.arrived != t.start:
                note("START_CITY", f"{name} is for the first card's city: it cannot score on the first day")
            elif number != t.arrived:
                here = self.map.names[t.arrived]
                note("WRONG_CITY", f"{name} is for {card.get('city')}; the car is in {here}")
            else:
                row = self.day_points.get(t.weekday, NO_CARDS)
                total += row[name] if name in row else card_points(card.get("best"), t.weekday)
        t.shown[player] = t.shown.get(player, 0) + len(data.cards)
        if t.shown[player] > MAX_SHOWN:
            note("TOO_MANY_CARDS", f"{player} shows {t.shown[player]} cards today; at most {MAX_SHOWN}")
        elif player not in t.recorded:
            self._city_limit(t, player, data.cards, note)
        if t.weekday in DOUBLE:  # rulebook: Tuesday and Friday "you will receive double points"
            total *= 2
        if data.points is not None and data.points != total:
            twice = " (doubled on Di and Fr)" if t.weekday in DOUBLE else ""
            note("WRONG_POINTS", f"on {t.weekday} these cards score {total}{twice}, not {data.points}")
        t.points[player] += total

    @functools.cached_property
    def day_points(self) -> dict[str, dict[str, int]]:
        """Per weekday: what each action card scores on it (``card_points`` of its best day)."""
        best = {name: self.cards[name].get("best") for name in self.actions_total}
        return {day: {n: card_points(b, day) for n, b in best.items() if b in DAYS} for day in DAYS}

    def _city_limit(self, t: Table, player: str, names: list[str], note: Note) -> None:
        """Rulebook, setup: heirs exchange cards "until you have no more than two cards from any one
        place", and no card joins a hand later: the cards of a city an heir has shown in this game
        and those still known in the hand (got in a recorded exchange) are at most two."""
        for city in sorted({self.cards[n].get("city") for n in names if n in self.actions_total}):
            t.city_shown[(player, city)] += sum(
                1 for n in names if self.cards.get(n) and self.cards[n].get("city") == city
            )
            kept = sorted(n for n in t.hands[player].known.elements() if self._city_of(n) == city)
            if t.city_shown[(player, city)] + len(kept) > MAX_SHOWN:
                also = f" and holds {', '.join(kept)}, got in the exchange" if kept else ""
                note(
                    "SETUP_HAND",
                    f"{player} has now shown {t.city_shown[(player, city)]} cards of {city} in this "
                    f"game{also}; after the exchange at setup no heir holds more than {MAX_SHOWN} "
                    "cards of a place",
                )

    def _totals(self, t: Table, player: str, data: Totals, note: Note) -> None:
        for what, kept, said in (("points", t.points, data.points), ("cash", t.cash, data.cash)):
            if said == kept:  # (every heir's, right: nothing to report)
                continue
            for p, value in said.items():
                if p not in kept:
                    note("UNKNOWN_PLAYER", f"'{p}' is not playing")
                elif kept[p] != value:
                    has, says = (f"${kept[p]:,}", f"${value:,}") if what == "cash" else (kept[p], value)
                    note(
                        "WRONG_TOTAL",
                        f"{p} has {has} {what if what == 'points' else ''}".rstrip() + f", not {says}",
                    )
        if data.testament is not None:
            holder, leaders = t.testament_holder(), t.leaders()
            if data.testament not in leaders or (t.testament in leaders and data.testament != holder):
                note("TESTAMENT", f"the testament goes to the leader, {holder}, not {data.testament}")
            t.testament = data.testament
