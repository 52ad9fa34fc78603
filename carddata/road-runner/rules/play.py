"""Road Runner random playthroughs: the legal next entries, chance decided (a mixin of RoadRunner)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.rules import Option

from .facts import analyse, damage, prevents
from .state import State


class RandomPlay:
    """Random legal play; mixed into :class:`RoadRunner` (uses its cards, unseen and seats)."""

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = sorted(self.total.elements())
        rng.shuffle(deck)
        return {"hands": {p: deck[i * self.hand : (i + 1) * self.hand] for i, p in enumerate(players)}}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if s.winner:
            return []
        if s.attempt and s.attempt.window:
            player, facts = s.attempt.window[0], s.attempt.facts
            usable = [
                n
                for n in sorted(s.hands[player].known)
                if (c := self.cards[n]).type == "escape" or (c.type == "dual" and s.reshuffles)
                if prevents(c.get("escape"), facts)
            ]
            weight = 1.0 if s.attempt.prevented else 4.0
            escape = {"player": player, "action": "escape"}
            opts: list[Option] = [
                (
                    weight / len(usable),
                    {**escape, "card": n, "damage": damage(self.cards[n].get("escape"), facts)},
                )
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
        pool = s.pile.pool(self.unseen(s)) if s.pile.size else s.captures
        drew = {"drew": [rng.choice(sorted(pool.elements()))]} if pool else {}
        hand = s.hands[player].known + Counter(drew.get("drew", []))
        attempts = list(self.attempts(hand))
        capture = {"player": player, "action": "capture"}
        opts = [(3.0 / len(attempts), {**capture, "cards": c, **self._method(c, rng), **drew})
                for c in attempts]
        passing = {"card": [rng.choice(sorted(hand.elements()))]} if hand else {}
        to = self.receiver(s, player, used)
        return [*between, *opts, (2.0, {"player": player, "action": "pass", **passing, "to": to, **drew})]

    def _method(self, cards: list[str], rng: random.Random) -> dict[str, str]:
        """Sometimes declare the attempt as one of the sets the cards make."""
        sets = self._sets(tuple(cards))
        return {"method": "+".join(rng.choice(sets))} if rng.random() < 0.5 else {}

    def attempts(self, hand: Counter[str]) -> Iterator[list[str]]:
        """Sets of one to three different cards from ``hand`` that make a capture attempt."""
        names = [n for n in sorted(hand) if self.cards[n].type in ("capture", "dual")]
        for size in (1, 2, 3):
            for combo in itertools.combinations(names, size):
                if self._sets(combo):
                    yield list(combo)

    def _sets(self, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        """The capture sets these cards make (remembered: random play asks often)."""
        made: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = self.__dict__.setdefault("_made", {})
        if names not in made:
            made[names] = analyse([self.cards[n] for n in names]).sets
        return made[names]
