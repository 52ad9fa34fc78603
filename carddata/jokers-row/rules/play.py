"""Joker's Row random playthroughs: the legal next entries, chance decided (a mixin of JokersRow)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from generator.rules import Option
from generator.rules.zones import pick

from .state import HAND, PLACES, State


class RandomPlay:
    """Random legal play; mixed into :class:`JokersRow` (uses its cards, phases and places)."""

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = sorted(self.total.elements())
        rng.shuffle(deck)
        hands = {p: deck[PLACES + i * HAND : PLACES + (i + 1) * HAND] for i, p in enumerate(players)}
        return {"places": deck[:PLACES], "hands": hands}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if self.over(s):
            return []
        if s.phase == "fight" and s.fight:
            f, p = s.fight, s.fight.next
            fits = [
                n for n in sorted(s.hands[p].known) if self.value(s, p, self.cards[n], f.place) >= f.value
            ]
            return [(3.0 / len(fits), {"player": p, "action": "attack", "card": n}) for n in fits] + [
                (2.0, None)
            ]
        if s.phase == "discard":
            hand = sorted(s.hands[s.active].known.elements())
            return [
                (1.0, {"player": s.active, "action": "discard", "cards": rng.sample(hand, len(hand) - HAND)})
            ]
        player = next(iter(self.expected(s).moves))
        if s.phase == "start" and not s.deck.size and s.discard.size and rng.random() < 0.5:
            return [(1.0, {"player": player, "action": "reshuffle"})]  # the table writes the remake
        refill = self._peek_refill(s, player, rng) if s.phase == "start" else []
        drew = {"drew": refill} if refill else {}
        hand = sorted((s.hands[player].known + Counter(refill)).elements())
        return list(self._turn_options(s, player, hand, drew, rng))

    def _turn_options(
        self, s: State, player: str, hand: list[str], drew: dict, rng: random.Random
    ) -> Iterator[Option]:
        place = self.place_of(s, player)
        yield 6.0, {"player": player, "action": "claim", "place": s.places[place], "at": place, **drew}
        keep = rng.randint(0, min(len(hand), HAND))
        yield (
            1.0,
            {"player": player, "action": "overload", "discard": rng.sample(hand, len(hand) - keep), **drew},
        )
        open_rows = [r for r in range(1, 6) if any(p not in s.claimed for p in range(3 * r - 2, 3 * r + 1))]
        suit_of = self.__dict__.get("_suits")  # each card's suit, read from the cards once
        if suit_of is None:
            suit_of = self._suits = {n: c.get("suit") for n, c in self.cards.items()}
        for suit in sorted({suit_of[n] for n in hand}):
            same = [n for n in hand if suit_of[n] == suit]
            if len(same) >= 3 and open_rows:
                omen = {"cards": rng.sample(same, 3), "row": rng.choice(open_rows)}
                yield 4.0, {"player": player, "action": "omen", **omen, **drew}
        for omen in s.omens:
            ace = f"A of {omen.suit}"
            if omen.owner != player and ace in hand:
                yield 8.0, {"player": player, "action": "break", "card": ace, "row": omen.row, **drew}

    def _peek_refill(self, s: State, player: str, rng: random.Random) -> list[str]:
        """The cards a start-of-turn refill will draw (chance decided here, before the choice)."""
        deck, out = s.deck.size, []
        pool: Counter[str] | None = None  # the cards the draw pile may give, asked for when needed
        while s.hands[player].size + len(out) < HAND:
            if not deck:
                deck, pool = s.discard.size, Counter(s.discard.known)
            if not deck:
                break
            if pool is None:
                pool = s.deck.pool(self.unseen(s))
            drawn = pick(pool, rng)  # rng.choice(sorted(pool.elements())), faster
            pool[drawn] -= 1
            deck -= 1
            out.append(drawn)
        return out
