"""Road Runner random playthroughs: the legal next entries, chance decided (a mixin of RoadRunner)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.rules import Option

from .facts import analyse, damage, prevents
from .state import HAND, State


class RandomPlay:
    """Random legal play; mixed into :class:`RoadRunner` (uses its cards, unseen and seats)."""

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = sorted(self.total.elements())
        rng.shuffle(deck)
        return {"hands": {p: deck[i * HAND : (i + 1) * HAND] for i, p in enumerate(players)}}

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
        pool = self.unseen(s) if s.pile else s.captures
        drew = {"drew": rng.choice(sorted(pool.elements()))} if pool else {}
        hand = s.hands[player].known + Counter(drew.values())
        attempts = list(self.attempts(hand))
        opts = [
            (3.0 / len(attempts), {"player": player, "action": "capture", "cards": c, **drew})
            for c in attempts
        ]
        passing = {"card": rng.choice(sorted(hand.elements()))} if hand else {}
        return [
            *opts,
            (
                2.0,
                {"player": player, "action": "pass", **passing, "to": self.receiver(s, player, used), **drew},
            ),
        ]

    def attempts(self, hand: Counter[str]) -> Iterator[list[str]]:
        """Sets of one to three different cards from ``hand`` that make a capture attempt."""
        names = [n for n in sorted(hand) if self.cards[n].type in ("capture", "dual")]
        makes = self.__dict__.setdefault("_makes_set", {})  # combination -> makes a set (cards never change)
        for size in (1, 2, 3):
            for combo in itertools.combinations(names, size):
                if combo not in makes:
                    makes[combo] = bool(analyse([self.cards[n] for n in combo]).sets)
                if makes[combo]:
                    yield list(combo)
