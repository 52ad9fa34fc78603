"""Joker's Row random playthroughs: the legal next entries, chance decided (a mixin of JokersRow)."""

from __future__ import annotations

import random
from typing import Any

from generator.rules import Option
from generator.rules.chance import below, randint, sample, shuffle
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
            out = [(weight, attack) for attack in fits]
            out.append(LAPSE)
            return out
        if s.phase == "discard":  # (not over: a discard is due)
            hand = sorted(s.hands[s.active].known.elements())
            return [
                (1.0, {"player": s.active, "action": "discard", "cards": sample(rng, hand, len(hand) - HAND)})
            ]
        if len(s.claimed) >= PLACES and s.phase != "fight":  # (``over``: no discard is due here)
            return []
        player = self.to_move(s)
        deck = s.deck
        if (
            s.phase == "start"
            and not sum(deck.known.values()) + deck.unknown
            and s.discard.size
            and rng.random() < 0.5
        ):
            return [(1.0, {"player": player, "action": "reshuffle"})]  # the table writes the remake
        refill = self._peek_refill(s, player, rng) if s.phase == "start" else []
        known = s.hands[player].known
        held = list(known) if len(known) == sum(known.values()) else list(known.elements())  # (one a name)
        hand = sorted(held + refill if refill else held)
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
            suits = list(map(self._suits.__getitem__, hand))
            if len(set(suits)) <= n - 2:  # (else no suit of three)
                self._omen_options(s, player, hand, suits, drew, rng, out)
        for omen in s.omens:
            ace = f"A of {omen.suit}"
            if omen.owner != player and ace in hand:
                out.append((8.0, {"player": player, "action": "break", "card": ace, "row": omen.row, **drew}))
        return out

    def _omen_options(
        self,
        s: State,
        player: str,
        hand: list[str],
        suits: list[str],
        drew: dict,
        rng: random.Random,
        out: list[Option],
    ) -> None:
        """Add an omen of each suit the hand (``suits``: its cards' suits) holds three of, cards
        and row chosen at random."""
        by_suit: dict[str, list[str]] = {}  # the hand's cards by suit, in hand order
        for name, suit in zip(hand, suits, strict=True):
            by_suit.setdefault(suit, []).append(name)
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
        pool: dict[str, int] | None = None  # a copy of the cards a known pile may give
        cards: list[str] | None = None  # or the unseen cards one per copy, from the unknown deck
        own = False  # ``cards`` is a copy of its own, to be counted down
        while len(out) < room:
            if not deck:
                deck, pool, cards = s.discard.size, dict(s.discard.known), None
            if not deck:
                break
            if pool is None and cards is None:
                unseen = self.remembered_unseen(s)
                if s.deck.known:
                    pool = dict(s.deck.pool(unseen))
                elif not unseen:  # (nothing to pick from: refused as ``pick_in_order`` refuses it)
                    pick_in_order(unseen, rng)
                else:  # in name order: the pick ``pick_in_order`` makes (see ``unseen_in_order``)
                    cards = self.unseen_in_order(s, unseen)
            if cards is not None:
                drawn = cards[below(rng, len(cards))]
                if len(out) + 1 < room:  # another card to come: this one is gone
                    cards = cards if own else list(cards)
                    cards.remove(drawn)
                    own = True
            else:
                drawn = pick(pool, rng)
                if pool[drawn] == 1:  # (a name at none left out, as ``pick`` leaves it out)
                    del pool[drawn]
                else:
                    pool[drawn] -= 1
            out.append(drawn)
            deck -= 1
        return out
