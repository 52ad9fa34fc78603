"""Road Runner random playthroughs: the legal next entries, chance decided (a mixin of RoadRunner).

Simulation asks for the options at every step of millions of games, so the answers that depend
only on the cards (which sets some cards make, which Escapes stop an attempt and for how much)
are worked out once per rules model and remembered; the random numbers drawn, and the options
offered, are the same as working everything out afresh.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, compress
from typing import Any

from generator.rules import Option
from generator.rules.zones import pick

from .facts import Facts, analyse, damage, prevents
from .state import State

CAPTURING = ("capture", "dual")


class RandomPlay:
    """Random legal play; mixed into :class:`RoadRunner` (uses its cards, unseen and seats)."""

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        ordered = self.__dict__.get("_deck")
        if ordered is None:
            ordered = self._deck = sorted(self.total.elements())
        deck = list(ordered)
        rng.shuffle(deck)
        return {"hands": {p: deck[i * self.hand : (i + 1) * self.hand] for i, p in enumerate(players)}}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if s.winner:
            return []
        if s.attempt and s.attempt.window:
            player = s.attempt.window[0]
            stop = self.stops(s.attempt.facts, bool(s.reshuffles))
            usable = [n for n in sorted(s.hands[player].known) if n in stop]
            weight = 1.0 if s.attempt.prevented else 4.0
            opts: list[Option] = [
                (weight / len(usable), {"player": player, "action": "escape", "card": n, "damage": stop[n]})
                for n in usable
            ]
            return [*opts, (2.0, {"player": player, "action": "decline"})]
        player, used = self.next_player(s)
        between: list[Option] = []
        if s.reshuffled:  # the table may write the remake of the pile
            between.append((4.0, {"player": player, "action": "reshuffle"}))
        if used:  # ... and the turns it skips
            seats = (s.players[(s.seat + k) % len(s.players)] for k in range(1, len(s.players)))
            between.append((4.0, {"player": next(p for p in seats if used[p]), "action": "skip"}))
        pool = s.pile.pool(self.remembered_unseen(s)) if s.pile.size else s.captures
        drawn = pick(pool, rng) if pool else None  # rng.choice(sorted(pool.elements())), faster
        hand = dict(s.hands[player].known)  # (a hand's counts are never zero)
        if drawn is not None:
            hand[drawn] = hand.get(drawn, 0) + 1
        names = sorted(hand)
        attempts = self._attempts(names)
        share = 3.0 / len(attempts) if attempts else 0.0
        opts = []
        chance, choice = rng.random, rng.choice
        for combo, methods in attempts:
            option = {"player": player, "action": "capture", "cards": list(combo)}
            if chance() < 0.5:  # sometimes declare the attempt as one of the sets the cards make
                option["method"] = choice(methods)
            if drawn is not None:
                option["drew"] = [drawn]
            opts.append((share, option))
        last: dict[str, Any] = {"player": player, "action": "pass"}
        if hand:  # a card at random: each copy in the hand alike
            copies = names if len(names) == sum(hand.values()) else sorted(Counter(hand).elements())
            last["card"] = [choice(copies)]
        last["to"] = self.receiver(s, player, used)
        if drawn is not None:
            last["drew"] = [drawn]
        return [*between, *opts, (2.0, last)]

    def attempts(self, hand: Counter[str]) -> Iterator[list[str]]:
        """Sets of one to three different cards from ``hand`` that make a capture attempt."""
        for combo, _ in self._attempts(sorted(hand)):
            yield list(combo)

    def _attempts(self, names: list[str]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """The attempts these (sorted, different) card names allow, smallest first, each with the
        sets it may be declared as ("BAIT+TRAP")."""
        capturing = self.__dict__.get("_capturing")
        if capturing is None:
            capturing = self._capturing = frozenset(n for n, c in self.cards.items() if c.type in CAPTURING)
        usable = [n for n in names if n in capturing]
        combos = [*combinations(usable, 1), *combinations(usable, 2), *combinations(usable, 3)]
        made: dict[tuple[str, ...], tuple[str, ...]] = self.__dict__.setdefault("_made", {})
        try:  # each combination's declarable sets
            found = [made[c] for c in combos]
        except KeyError:
            for c in combos:
                if c not in made:
                    made[c] = tuple("+".join(x) for x in analyse([self.cards[n] for n in c]).sets)
            found = [made[c] for c in combos]
        return list(compress(zip(combos, found, strict=True), found))

    def stops(self, facts: Facts, reshuffled: bool) -> dict[str, int]:
        """The Escapes that stop the attempt ``facts`` describes (dual cards too once the pile was
        reshuffled), each with the damage it deals; worked out once per attempt's facts (and
        once per different facts: many attempts are alike)."""
        memo: dict[int, tuple[Facts, dict[str, int], dict[str, int]]] = self.__dict__.setdefault("_stops", {})
        found = memo.get(id(facts))
        if found is None or found[0] is not facts:
            alike: dict[tuple, tuple[dict[str, int], dict[str, int]]] = self.__dict__.setdefault("_alike", {})
            key = (facts.keywords, facts.sets, facts.chases, facts.speed, frozenset(facts.damage.items()))
            pair = alike.get(key)
            if pair is None:
                escapes, duals = {}, {}
                for n in sorted(self.cards):
                    c = self.cards[n]
                    if c.type in ("escape", "dual") and prevents(effect := c.get("escape"), facts):
                        (escapes if c.type == "escape" else duals)[n] = damage(effect, facts)
                pair = alike[key] = (escapes, {**escapes, **duals})
            found = (facts, *pair)
            if len(memo) > 65536:  # facts made by replaying logs are not remembered by analyse
                memo.clear()
            memo[id(facts)] = found
        return found[2] if reshuffled else found[1]
