"""Joker's Row's unseen cards (in no known place), and how a simulated game keeps them up to date
instead of counting them afresh at every draw (a mixin of JokersRow)."""

from __future__ import annotations

from collections import Counter

from generator.rules import Zone, seen_after_draw

from .state import State


class Unseen:
    """The unseen cards of a Joker's Row table; mixed into :class:`JokersRow` (uses its total)."""

    def unseen(self, s: State) -> Counter[str]:
        """The cards in no known place (hands, row, discards, deck, won, fight, omens), counted
        straight from each place."""
        held: list[dict[str, int]] = [
            *(h.known for h in s.hands.values()),
            s.discard.known,
            s.deck.known,
            s.won,
        ]
        lone = [*s.places.values(), *(c for o in s.omens for c in o.cards)]
        if s.fight:
            held.append(s.fight.attacks)
            lone.append(s.fight.card)
        left = dict(self.total)
        for name, n in ((name, n) for counter in held for name, n in counter.items() if n > 0):
            if name in left:
                left[name] -= n
        for name in lone:
            if name in left:
                left[name] -= 1
        return Counter({name: n for name, n in left.items() if n > 0})

    def remembered_unseen(self, s: State) -> Counter[str]:
        """``unseen``, kept up to date through a simulated game (``chance`` set) instead of
        counted at every draw. Every move of a simulated game takes a known card to a known place
        (a hand, the row, a fight, an omen, the discards, the deck remade from them), which
        changes nothing unseen, except a draw from the unknown deck: that card is seen now
        (``_seen_after_draw``). Anything else forgets what was remembered, and a replayed log
        (``chance`` unset) counts afresh every time. Read only: a caller that changes the
        counter copies it."""
        if self.chance is None:
            return self.unseen(s)
        if s.seen is None:
            s.seen = self.unseen(s)
        return s.seen

    def unseen_in_order(self, s: State, unseen: Counter[str]) -> list[str]:
        """``unseen`` one name per copy, in its own (name) order: what ``pick_in_order`` walks, so
        ``cards[below(rng, len(cards))]`` is the card it picks from the same number. Made once for
        the remembered cards (``s.seen``) and counted down with them (``_seen_after_draw``); read
        only: a caller that changes the list copies it."""
        kept = s.in_order
        if kept is not None and kept[0] is unseen:
            return kept[1]
        cards = [name for name, n in unseen.items() for _ in range(n)]
        if unseen is s.seen:
            s.in_order = (unseen, cards)
        return cards

    def _seen_after_draw(self, s: State, hand: Zone, name: str | None, unknown: tuple[int, int]) -> None:
        """Keep ``s.seen`` right after one draw (``unknown``: the deck's and the hand's unknown
        cards before it): a known card moved, nothing changes; the named card from the unknown
        deck into the hand is seen now (and leaves ``unseen_in_order``'s list); anything else
        forgets."""
        seen, now = s.seen, (s.deck.unknown, hand.unknown)
        if seen is None or now == unknown:
            return
        s.seen = seen_after_draw(seen, unknown, now, name)
        kept = s.in_order
        if s.seen is not None and kept is not None and kept[0] is seen:
            kept[1].remove(name)
