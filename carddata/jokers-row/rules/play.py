"""Joker's Row random playthroughs: the legal next entries, chance decided (a mixin of JokersRow)."""

from __future__ import annotations

import random
from typing import Any

from generator.rules import Option
from generator.rules.chance import randint, sample, shuffle
from generator.rules.zones import pick, pick_in_order

from .state import HAND, PLACES, State


class RandomPlay:
    """Random legal play; mixed into :class:`JokersRow` (uses its cards, phases and places)."""

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = sorted(self.total.elements())
        shuffle(rng, deck)
        hands = {p: deck[PLACES + i * HAND : PLACES + (i + 1) * HAND] for i, p in enumerate(players)}
        return {"places": deck[:PLACES], "hands": hands}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if s.phase == "fight" and s.fight:  # (not over: a fight is open)
            f, p, values = s.fight, s.fight.next, self._values
            need = f.value - self.bonus(s, p, f.place)  # "Claiming": equal or higher
            fits = [n for n in sorted(s.hands[p].known) if values[n] >= need]
            return [(3.0 / len(fits), {"player": p, "action": "attack", "card": n}) for n in fits] + [
                (2.0, None)
            ]
        if s.phase == "discard":  # (not over: a discard is due)
            hand = sorted(s.hands[s.active].known.elements())
            return [
                (1.0, {"player": s.active, "action": "discard", "cards": sample(rng, hand, len(hand) - HAND)})
            ]
        if self.over(s):
            return []
        player = self.to_move(s)
        if s.phase == "start" and not s.deck.size and s.discard.size and rng.random() < 0.5:
            return [(1.0, {"player": player, "action": "reshuffle"})]  # the table writes the remake
        refill = self._peek_refill(s, player, rng) if s.phase == "start" else []
        drew = {"drew": refill} if refill else {}
        hand = sorted([*s.hands[player].known.elements(), *refill])
        return self._turn_options(s, player, hand, drew, rng)

    def _turn_options(
        self, s: State, player: str, hand: list[str], drew: dict, rng: random.Random
    ) -> list[Option]:
        place = self.place_of(s, player)
        keep = randint(rng, 0, min(len(hand), HAND))
        discard = sample(rng, hand, len(hand) - keep)
        out: list[Option] = [
            (6.0, {"player": player, "action": "claim", "place": s.places[place], "at": place, **drew}),
            (1.0, {"player": player, "action": "overload", "discard": discard, **drew}),
        ]
        if len(hand) >= 3:  # an omen: three cards of a suit on a row with an unclaimed place
            claimed, suit_of = s.claimed, self._suits
            open_rows = [
                r
                for r in range(1, 6)
                if not (3 * r - 2 in claimed and 3 * r - 1 in claimed and 3 * r in claimed)
            ]
            by_suit: dict[str, list[str]] = {}  # the hand's cards by suit, in hand order
            for n in hand:
                by_suit.setdefault(suit_of[n], []).append(n)
            for suit in sorted(by_suit):
                same = by_suit[suit]
                if len(same) >= 3 and open_rows:
                    omen = {"cards": sample(rng, same, 3), "row": rng.choice(open_rows)}
                    out.append((4.0, {"player": player, "action": "omen", **omen, **drew}))
        for omen in s.omens:
            ace = f"A of {omen.suit}"
            if omen.owner != player and ace in hand:
                out.append((8.0, {"player": player, "action": "break", "card": ace, "row": omen.row, **drew}))
        return out

    def _peek_refill(self, s: State, player: str, rng: random.Random) -> list[str]:
        """The cards a start-of-turn refill will draw (chance decided here, before the choice)."""
        deck, out, room = s.deck.size, [], HAND - s.hands[player].size
        pool: dict[str, int] | None = None  # the cards the draw pile may give, asked for when needed
        in_order = False
        while len(out) < room:
            if not deck:
                deck, pool, in_order = s.discard.size, dict(s.discard.known), False
            if not deck:
                break
            if pool is None:
                pool = dict(s.deck.pool(self.remembered_unseen(s)))  # a copy: counted down here
                in_order = not s.deck.known  # the unseen cards, in name order (see ``unseen``)
            drawn = pick_in_order(pool, rng) if in_order else pick(pool, rng)
            if pool[drawn] == 1:  # (a name at none left out, as ``pick`` leaves it out)
                del pool[drawn]
            else:
                pool[drawn] -= 1
            deck -= 1
            out.append(drawn)
        return out
