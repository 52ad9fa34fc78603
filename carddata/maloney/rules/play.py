"""Simulated play: the legal options at each point of a day (for the engine's seeded random
playthroughs) and a heuristic heir (``POLICIES["greedy"]``)."""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections import Counter
from typing import Any

from generator.rules import Option, Rules, Weighed, options_of
from generator.rules.chance import shuffle
from generator.rules.playthrough import Policy, random_policy
from generator.rules.zones import pick_in_order

from .moves import Maloney
from .state import MAX_SHOWN, MIN_BID, Table, hand_size
from .week import DOUBLE, JOKER_DAYS, LUCKY, card_points

BID_STEPS = (100, 500)
BID_WEIGHT = 0.5 / len(BID_STEPS)  # the bids together weigh 0.5 per heir


def _NONE(i: int) -> None:
    """The entry of no option (the game is over)."""


_BID_WEIGHTS = [
    [[BID_WEIGHT] * bids + [0.05] * joker for joker in (0, 1)] for bids in range(len(BID_STEPS) + 1)
]
"""The weights of an heir's bids (by how many) and joker (0.05, if they may play it)."""
_SHOW_WEIGHTS = [[1.5] + [2.0] * shows + [0.3] for shows in range(13)]
"""The weights of the options when the car has arrived: letting the day end, each show (at most
two per heir, six heirs), the totals."""


class MaloneyPlay(Maloney):
    """The rules model plus what random playthroughs need: a dealt setup and the legal options."""

    @functools.cached_property
    def by_city(self) -> dict[int, list[str]]:
        """The action cards of each city (by number), in name order."""
        out: dict[int, list[str]] = {n: [] for n in self.map.names}
        for name in sorted(self.actions_total):
            out.setdefault(self.cards[name].get("number"), []).append(name)
        return out

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        in_order, suitcases_in_order, cities = self._setup_order
        deck = list(in_order)
        shuffle(rng, deck)  # (``rng.shuffle``: the same swaps from the same numbers, as each below)
        size, hands = hand_size(len(players)), {}
        for p in players:  # deal, then swap extras of a city back for cards from the deck
            hand, deck = deck[:size], deck[size:]
            while (extra := self._extra(hand)) is not None:
                swap = next(i for i, n in enumerate(deck) if self._fits(hand, extra, n))
                hand[hand.index(extra)], deck[swap] = deck[swap], extra
                shuffle(rng, deck)
            hands[p] = sorted(hand)
        suitcases = list(suitcases_in_order)
        shuffle(rng, suitcases)
        return {
            "notary": players[0],
            "first": deck[0],
            "hands": hands,
            "suitcases": dict(zip(cities, suitcases, strict=False)),
        }

    @functools.cached_property
    def _setup_order(self) -> tuple[tuple[str, ...], tuple[str, ...], list[str]]:
        """The action cards and the suitcases (every copy) in name order, and the cities' names in
        number order: what each dealt setup starts from, sorted once."""
        return (
            tuple(sorted(self.actions_total.elements())),
            tuple(sorted(self.suitcase_total.elements())),
            [self.map.names[n] for n in sorted(self.map.names)],
        )

    def _extra(self, hand: list[str]) -> str | None:
        city_of = self.city_of
        cities = Counter(map(city_of.__getitem__, hand))
        return next((n for n in hand if cities[city_of[n]] > MAX_SHOWN), None)

    def _fits(self, hand: list[str], out: str, name: str) -> bool:
        city_of = self.city_of
        city = city_of[name]
        return sum(1 for n in hand if n != out and city_of[n] == city) < MAX_SHOWN

    def score(self, t: Table, player: str, city: int, cards: int = MAX_SHOWN) -> tuple[int, list[str]]:
        """The most ``player`` can score in ``city`` today, and with which cards."""
        mine = sorted(
            (n for n in t.hands[player].cards() if self.cards[n].get("number") == city),
            key=lambda n: -card_points(self.cards[n].get("best"), t.weekday),
        )[:cards]
        total = sum(card_points(self.cards[n].get("best"), t.weekday) for n in mine)
        return total * (2 if t.weekday in DOUBLE else 1), mine

    def options(self, t: Table, rng: random.Random) -> list[Option]:
        return options_of(self.weighed(t, rng))

    def weighed(self, t: Table, rng: random.Random) -> Weighed:
        """The options' weights, each entry made when asked for (``Rules.weighed``)."""
        phase = t.phase
        if phase == "arrived":
            return self._show_options(t)
        if phase == "auction":
            if t.weekday == LUCKY and self.sunday(t):
                entry = self._sunday_entry(t, rng)  # (its random cards drawn now, as options draws them)
                return [1.0], lambda i: entry
            return self._auction(t)
        if phase == "buying":  # buying can only help: heirs buy with all their cash, or let it lapse
            buyers = [p for p in t.players if p not in t.bought]

            def buy(i: int) -> dict[str, Any] | None:
                if not i:
                    return None
                p = buyers[i - 1]
                return {"player": p, "action": "buy", "amount": t.cash[p] - t.cash[p] % 100}

            return [3.0] + [1.0] * len(buyers), buy
        return [], _NONE  # over

    def _auction(self, t: Table) -> Weighed:
        """The drives on (3 in all), then each other heir's bids (0.5 in all) and joker."""
        weight, ways = self._ways[t.car]
        weights, driver, drives = [weight] * len(ways), t.driver(), len(ways)
        offers: list[tuple[str, int, bool]] = []  # (heir, how many bids, the joker), after the drives
        last = t.bids[-1][1] if t.bids else 0
        if not t.joker_driver:
            cash, jokers = t.cash, t.jokers if t.weekday in JOKER_DAYS else ()
            for p in t.players:
                if p != driver:
                    bids, joker = (
                        bisect_right(BID_STEPS, cash[p] - last),
                        p in jokers,
                    )  # (steps within the cash)
                    if bids or joker:
                        weights += _BID_WEIGHTS[bids][joker]
                        offers.append((p, bids, joker))

        def entry(i: int) -> dict[str, Any]:
            if i < drives:
                return self.drive_entry(t, driver, ways[i])
            i -= drives
            for p, bids, joker in offers:
                if i < bids:
                    return {"player": p, "action": "bid", "amount": last + BID_STEPS[i]}
                if joker and i == bids:
                    return {"player": p, "action": "joker"}
                i -= bids + joker
            raise IndexError(i)

        return weights, entry

    @functools.cached_property
    def _ways(self) -> dict[int, tuple[float, tuple[int, ...]]]:
        """Per city: the weight of each drive on (3 in all) and the cities one road on, in number
        order."""
        return {
            city: (3.0 / len(links) if links else 0.0, tuple(sorted(links)))
            for city, links in self.map.links.items()
        }

    def drive_entry(self, t: Table, driver: str, to: int) -> dict[str, Any]:
        entry = {"player": driver, "action": "drive", "to": self.map.names[to], "paid": t.price()}
        if to not in t.opened:
            entry["suitcase"] = t.suitcases[to]
        return entry

    def _sunday_entry(self, t: Table, rng: random.Random) -> dict[str, Any]:
        """Turn up cards until one names another city, or the deck runs out."""
        pool, drew = dict(self.unseen(t)), []  # (in name order, as ``actions_total``, and kept so)
        while len(drew) < t.deck:
            name = pick_in_order(pool, rng)  # what ``rng.choice(sorted(pool.elements()))`` picks
            if pool[name] > 1:
                pool[name] -= 1
            else:
                del pool[name]
            drew.append(name)
            if (to := self.number_of[name]) != t.car:
                entry = {"player": t.notary, "action": "drive", "to": self.map.names[to], "drew": drew}
                if to not in t.opened:
                    entry["suitcase"] = t.suitcases[to]
                return entry
        return {"player": t.notary, "action": "drive", "drew": drew}

    def _show_options(self, t: Table) -> Weighed:
        """Let the day end; each heir's one or two cards of this city (or the last one alone); the
        notary's totals."""
        shows: list[tuple[str, list[str]]] = []
        (here, here_set), shown, hands, gone = self._here[t.arrived], t.shown, t.hands, False
        holders = t.holders.get(t.arrived)
        for p in self._holders(t, t.arrived) if holders is None else holders:
            if here_set.isdisjoint(known := hands[p].known):  # no card of the city left (C speed)
                gone = True
            elif room := MAX_SHOWN - shown.get(p, 0) if shown else MAX_SHOWN:  # (no __missing__)
                mine = list(filter(known.get, here))[:room]  # (a hand keeps no card at none)
                if mine:
                    shows.append((p, mine))
                    if len(mine) > 1:
                        shows.append((p, mine[-1:]))
        if gone:
            t.holders.pop(t.arrived)
        last = len(shows) + 1

        def entry(i: int) -> dict[str, Any] | None:
            if not i:
                return None
            if i == last:
                return self._totals_entry(t)
            p, cards = shows[i - 1]
            points = self.day_points[t.weekday]
            total = (2 if t.weekday in DOUBLE else 1) * sum(points[n] for n in cards)
            return {"player": p, "action": "show", "cards": list(cards), "points": total}

        return _SHOW_WEIGHTS[len(shows)], entry

    def _holders(self, t: Table, city: int) -> list[str]:
        """The heirs, in seating order, who held a card of ``city`` when last asked: no known card
        joins a hand after the setup, so the others hold none now (kept in ``t.holders``)."""
        holders = t.holders.get(city)
        if holders is None:
            here_set, hands = self._here[city][1], t.hands
            holders = t.holders[city] = [p for p in t.players if not here_set.isdisjoint(hands[p].known)]
        return holders

    def _totals_entry(self, t: Table) -> dict[str, Any]:
        return {
            "player": t.notary,
            "action": "totals",
            "points": dict(t.points),
            "cash": dict(t.cash),
            "testament": t.testament_holder(),
        }

    @functools.cached_property
    def _here(self) -> dict[int, tuple[list[str], frozenset[str]]]:
        """The action cards of each city (by number), in name order and as a set."""
        return {city: (names, frozenset(names)) for city, names in self.by_city.items()}


def greedy(rules: Rules, t: Table, options: list[Option], rng: random.Random) -> Option:
    """A heir who bids for the car when today's best city is worth it to them, drives where they
    score most, and shows a card when it scores 5 or more (or when the game is nearly over)."""
    assert isinstance(rules, MaloneyPlay)
    if t.phase != "auction" or rules.sunday(t):
        keep = [o for o in options if o[1] is None or o[1]["action"] != "show" or _worth(rules, t, o[1])]
        shows = [o for o in keep if o[1] is not None and o[1]["action"] == "show"]
        return max(shows, key=lambda o: (len(o[1]["cards"]), o[1]["points"])) if shows else keep[0]
    value = {p: max(rules.score(t, p, c)[0] for c in rules.map.links[t.car]) for p in t.players}
    driver, last = t.driver(), (t.bids[-1][1] if t.bids else 0)
    rivals = [p for p in t.players if p != driver and not t.joker_driver and value[p] > value[driver]]
    for p in sorted(rivals, key=lambda p: -value[p]):
        if p in t.jokers and t.weekday in JOKER_DAYS and value[p] >= 10:
            return next(o for o in options if o[1] and o[1] == {"player": p, "action": "joker"})
        limit = min(t.cash[p], value[p] * 250)
        if last + MIN_BID <= limit:
            want = {"player": p, "action": "bid", "amount": last + MIN_BID}
            found = [o for o in options if o[1] == want]
            if found:
                return found[0]
    best = max(rules.map.links[t.car], key=lambda c: (rules.score(t, driver, c)[0], c not in t.opened, -c))
    to = rules.map.names[best]
    return next(o for o in options if o[1] and o[1]["action"] == "drive" and o[1]["to"] == to)


def _worth(rules: MaloneyPlay, t: Table, entry: dict[str, Any]) -> bool:
    if entry["action"] != "show":
        return True
    best = max(card_points(rules.cards[n].get("best"), t.weekday) for n in entry["cards"])
    return best >= 5 or max(t.points.values()) >= 55


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy}
