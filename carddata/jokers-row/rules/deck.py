"""Joker's Row's draw deck: refills, one draw and the remake from the discards (a mixin of
JokersRow). A turn starts by drawing up to three cards, an overload draws up to five, a break
leaves a hand of fewer than three to draw one (README, "How the checker reads the rules")."""

from __future__ import annotations

from generator.rules import Draws, Note
from generator.rules.chance import below

from .state import State


class Deck:
    """Draws from the deck; mixed into :class:`JokersRow` (uses its cards and unseen cards)."""

    def _refill(self, s: State, player: str, size: int, draws: Draws, note: Note) -> None:
        hand = s.hands[player]  # (its size, as ``Zone.size`` counts it)
        for _ in range(size - sum(hand.known.values()) - hand.unknown):  # a draw adds one card to it
            if not self._draw(s, player, draws, note):
                break

    def _draw(self, s: State, player: str, draws: Draws, note: Note) -> bool:
        """One card from the draw deck. "If the draw deck is depleted during gameplay the discard
        pile is shuffled ... and becomes the new draw deck": from then on every draw is one of
        the discarded cards. The unseen cards are the pool of an unrecorded draw from the unknown
        deck (picked here, recorded as ``Draws`` would) and what a named card from it is checked
        against; a simulated game keeps them through the draw (``seen_after_draw``)."""
        hand, deck = s.hands[player], s.deck
        if not sum(deck.known.values()) + deck.unknown:  # (``deck.size``)
            deck.remake(s.discard)
            if not deck.size:
                return False
        before = (deck.unknown, hand.unknown)
        unseen = self.remembered_unseen(s)
        names = draws.names
        unrecorded = names is None or draws.used >= len(names)
        if draws.chance and unrecorded and unseen and deck.unknown and not deck.known:
            # the pool: the unseen cards, in name order
            cards = self.unseen_in_order(s, unseen)  # what ``pick_in_order`` would pick
            draws.names = names = [*(names or []), cards[below(draws.chance, len(cards))]]
            unrecorded = False
        if unrecorded:  # (as ``Rules.draw_from`` draws)
            name = draws.next(lambda: deck.pool(unseen))
        else:  # the next recorded card, handed out as ``Draws.next`` hands it out
            draws.used += 1
            name = names[draws.used - 1]
        card = (self._suited.get(name) or self.suited(name, note)) if name is not None else None
        if card is not None and deck.unknown and not deck.known:  # as ``Zone.take`` takes it from there
            deck.unknown -= 1
            why = None if unseen.get(card.name, 0) > 0 else "every copy is somewhere else"
        else:
            why = deck.take(card.name if card else None, unseen, "draw deck")
        if why and card is not None:
            note("CARD_UNAVAILABLE", f"{name} cannot be drawn: {why}")
        hand.add(card.name if card else None)
        if s.seen is not None:
            self._seen_after_draw(s, hand, name, before)  # (the card recorded as drawn, if any)
        return True

    def _reshuffle(self, s: State, note: Note) -> None:
        """A written remake of the draw deck: due only when the deck is empty."""
        if s.deck.size:
            note("RESHUFFLE_NOT_DUE", f"the draw deck still holds {s.deck.size} card(s)")
        elif not s.discard.size:
            note("RESHUFFLE_NOT_DUE", "the discard pile is empty: there is nothing to shuffle")
        else:
            s.deck.remake(s.discard)
