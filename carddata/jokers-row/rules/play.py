"""Joker's Row random playthroughs: the legal next entries, chance decided (a mixin of JokersRow)."""

from __future__ import annotations

import random
from typing import Any

from generator.rules import Option
from generator.rules.chance import randint, sample, shuffle
from generator.rules.zones import pick, pick_in_order

from .state import HAND, PLACES, State

_ROWS = {r: (3 * r - 2, 3 * r - 1, 3 * r) for r in range(1, 6)}
"""The places of each row."""
LAPSE: Option = (2.0, None)
"""The open fight's attacks lapse (the place goes to the last attacker)."""


class RandomPlay:
    """Random legal play; mixed into :class:`JokersRow` (uses its cards, phases and places)."""

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = list(self._deck)
        shuffle(rng, deck)
        hands = {p: deck[PLACES + i * HAND : PLACES + (i + 1) * HAND] for i, p in enumerate(players)}
        return {"places": deck[:PLACES], "hands": hands}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if s.phase == "fight" and s.fight:  # (not over: a fight is open)
            f, values = s.fight, self._values
            p = f.next
            need = f.value - self.bonus(s, p, f.place) if s.omens else f.value  # "Claiming": equal or higher
            attacks = self._attacks.get(p) or self._attacks_of(p)
            fits = [attacks[n] for n in sorted(s.hands[p].known) if values[n] >= need]
            if not fits:
                return [LAPSE]
            weight = 3.0 / len(fits)
            return [*((weight, attack) for attack in fits), LAPSE]
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
        known = s.hands[player].known
        hand = sorted([*known.elements(), *refill]) if refill else sorted(known.elements())
        return self._turn_options(s, player, hand, refill, rng)

    def _attacks_of(self, player: str) -> dict[str, dict[str, str]]:
        """The attack entries ``player`` may make, one per card, made once (read only: the loop
        copies the entry it chooses)."""
        made = {n: {"player": player, "action": "attack", "card": n} for n in self._values}
        self._attacks[player] = made
        return made

    def _turn_options(
        self, s: State, player: str, hand: list[str], refill: list[str], rng: random.Random
    ) -> list[Option]:
        place, n = self.place_of(s, player), len(hand)
        keep = randint(rng, 0, min(n, HAND))
        discard = sample(rng, hand, n - keep)
        claim = {"player": player, "action": "claim", "place": s.places[place], "at": place}
        overload = {"player": player, "action": "overload", "discard": discard}
        drew = {"drew": refill} if refill else {}
        if refill:
            claim["drew"] = overload["drew"] = refill
        out: list[Option] = [(6.0, claim), (1.0, overload)]
        if n >= 3:  # an omen: three cards of a suit on a row with an unclaimed place
            self._omen_options(s, player, hand, drew, rng, out)
        for omen in s.omens:
            ace = f"A of {omen.suit}"
            if omen.owner != player and ace in hand:
                out.append((8.0, {"player": player, "action": "break", "card": ace, "row": omen.row, **drew}))
        return out

    def _omen_options(
        self, s: State, player: str, hand: list[str], drew: dict, rng: random.Random, out: list[Option]
    ) -> None:
        """Add an omen of each suit the hand holds three of (cards and row chosen at random)."""
        suit_of = self._suits
        by_suit: dict[str, list[str]] = {}  # the hand's cards by suit, in hand order
        for name in hand:
            by_suit.setdefault(suit_of[name], []).append(name)
        if len(by_suit) > len(hand) - 2:  # no suit of three
            return
        open_rows = None  # asked only for a suit of three
        for suit in sorted(by_suit):
            same = by_suit[suit]
            if len(same) >= 3:
                if open_rows is None:
                    claimed = s.claimed
                    open_rows = [r for r in range(1, 6) if not all(p in claimed for p in _ROWS[r])]
                if open_rows:
                    omen = {"cards": sample(rng, same, 3), "row": rng.choice(open_rows)}
                    out.append((4.0, {"player": player, "action": "omen", **omen, **drew}))

    def _peek_refill(self, s: State, player: str, rng: random.Random) -> list[str]:
        """The cards a start-of-turn refill will draw (chance decided here, before the choice)."""
        hand, out = s.hands[player], []
        room = HAND - sum(hand.known.values()) - hand.unknown
        if room <= 0:
            return out
        deck = s.deck.size
        pool: dict[str, int] | None = None  # the cards the draw pile may give, asked for when needed
        in_order = own = False  # own: ``pool`` is a copy of its own, to be counted down
        while len(out) < room:
            if not deck:
                deck, pool, in_order, own = s.discard.size, dict(s.discard.known), False, True
            if not deck:
                break
            if pool is None:  # read only until a second card is drawn from it
                pool = s.deck.pool(self.remembered_unseen(s))
                in_order = not s.deck.known  # the unseen cards, in name order (see ``unseen``)
            drawn = pick_in_order(pool, rng) if in_order else pick(pool, rng)
            out.append(drawn)
            deck -= 1
            if len(out) < room:
                if not own:
                    pool, own = dict(pool), True
                if pool[drawn] == 1:  # (a name at none left out, as ``pick`` leaves it out)
                    del pool[drawn]
                else:
                    pool[drawn] -= 1
        return out
