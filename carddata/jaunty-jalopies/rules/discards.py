"""The order a simulated racer discards in (the cards least worth keeping first), for seeded
playthroughs: a shuffle, then the cards sorted by how much the racer's side wants to keep them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from generator.rules.chance import shuffle

from .effects import Abilities
from .state import Racer

KEEP = {"road": 7, "driving": 6, "mishap": 5, "subplot": 5, "equipment": 4, "personality": 4,
        "special": 3, "terrain": 2, "experience": 1, "fiendish": 9}  # fmt: skip


class Discards(Abilities):
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._fiendish_cards = frozenset(n for n, t in self._types.items() if t == "fiendish")
        self._keep_tables = {role: self._keep_of(role) for role in ("hero", "villain", "neutral")}

    def held(self, r: Racer) -> Counter[str]:
        """The cards a racer can play: hand and Karma hand (all known in a playthrough). Read
        only: without Karma cards, the hand's own counter (no copy made at every option list)."""
        hand, karma = r.hand.known, r.karma.known
        if not karma and (not hand or min(hand.values()) > 0):  # what the sum would hold
            return hand
        return hand + karma

    def _keep_of(self, role: str) -> dict[str, int]:
        dead = {"hero": "mishap", "neutral": "experience"}.get(role)  # cards the side may not play
        return {c: 0 if t == dead else KEEP[t] for c, t in self._types.items() if t in KEEP}

    def keep(self, role: str) -> dict[str, int]:
        """Per card, how much a racer of ``role`` wants to keep it (``KEEP`` by its type; none
        for a card the side may not play), worked out once per side."""
        tables = self._keep_tables
        if role not in tables:
            tables[role] = self._keep_of(role)
        return tables[role]

    def unshuffled(self, cards: Counter[str], names: list[str] | None = None) -> list[str]:
        """The copies in ``cards`` but Fiendish Plots, in name order: ``order`` before its shuffle
        (``names``: ``sorted(cards)``, if the caller has it; then possibly the very list)."""
        pool = sorted(cards) if names is None else names
        counts = cards.values()
        if pool and (len(pool) != sum(counts) or min(counts) <= 0):  # (the copies of a card)
            pool = sorted(cards.elements())
        if not self._fiendish_cards.isdisjoint(cards):  # (a hand holds none: only a Karma hand may)
            types = self._types
            pool = [c for c in pool if types[c] != "fiendish"]
        return pool

    def keep_key(self, r: Racer, cards: Counter[str]) -> Callable[[str], int]:
        """How much ``r`` wants to keep each of ``cards``: its side's ``keep``, and 3 more for a
        card that meets the next need of a plot against ``r``."""
        keep = self._keep_tables.get(r.role) or self.keep(r.role)
        needs = {p.needs[0] for p in r.plots if p.needs} if r.plots else None
        if needs:
            kinds = self._kinds
            return {c: keep[c] + (0 if needs.isdisjoint(kinds[c]) else 3) for c in cards}.__getitem__
        return keep.__getitem__

    def order(
        self,
        cards: Counter[str],
        r: Racer,
        rng: random.Random,
        pool: list[str] | None = None,
        key: Callable[[str], int] | None = None,
    ) -> list[str]:
        """``cards`` (no Fiendish Plots) least useful first: the order a racer discards in
        (``pool``: ``unshuffled(cards)``, copied, not changed; ``key``: ``keep_key`` of these
        cards or more; each when the caller has it)."""
        pool = self.unshuffled(cards) if pool is None else pool.copy()
        shuffle(rng, pool)
        pool.sort(key=key or self.keep_key(r, cards))
        return pool

    def cheapest(self, cards: Counter[str], n: int, r: Racer, rng: random.Random) -> list[str] | None:
        """``n`` cards to discard from ``cards``, least useful first; None if there are too few."""
        pool = self.order(cards, r, rng)
        return pool[:n] if len(pool) >= n else None

    @staticmethod
    def first(order: list[str], n: int, without: list[str]) -> list[str] | None:
        """The first ``n`` cards of ``order`` once the cards ``without`` are set aside."""
        if n <= 0:
            return [] if n == 0 else None
        skip, out = list(without), []  # (one or two cards: a list, not a Counter)
        for c in order:
            if c in skip:
                skip.remove(c)
            else:
                out.append(c)
                if len(out) == n:
                    return out
        return None
