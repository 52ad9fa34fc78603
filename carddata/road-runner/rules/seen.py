"""Road Runner's unseen cards (not in any known place), and how a simulated game keeps them up to
date instead of working them out at every step (a mixin of RoadRunner)."""

from __future__ import annotations

from collections import Counter

from generator.rules import Draws, Zone, seen_after_draw, unseen

from .state import State


class Unseen:
    """The unseen cards of a Road Runner table; mixed into :class:`RoadRunner` (uses its total)."""

    def unseen(self, s: State) -> Counter[str]:
        table = s.attempt.cards if s.attempt else Counter()
        known = [*(h.known for h in s.hands.values()), s.captures, s.escapes, table, s.pile.known]
        ordered = self.__dict__.get("_by_name")  # the deck in name order, so the unseen cards
        if ordered is None:  # come out in the order a draw sorts them into
            ordered = self._by_name = Counter(dict(sorted(self.total.items())))
        return unseen(ordered, known)

    def remembered_unseen(self, s: State) -> Counter[str]:
        """``unseen``, kept up to date through a simulated game instead of worked out at every step.

        Almost every move takes a known card to a known place (a hand, the table, the discards,
        the pile remade from them), which changes nothing unseen; a draw from the unknown pile
        makes that card seen (``_seen_after_draw``). Anything else (a card from or into an
        unknown slot, a card that cannot be where it is taken from) forgets what was remembered,
        and so does every entry replayed from a log (``chance`` unset)."""
        if s.seen is None:
            s.seen = self.unseen(s)
        return s.seen

    def _seen_after_draw(self, s: State, hand: Zone, draws: Draws, unknown: tuple[int, int]) -> None:
        """Keep ``s.seen`` right after a draw (``unknown``: the pile's and the hand's unknown cards
        before it): a known card moved, nothing changes; a named card from the unknown pile into the
        hand is seen now; anything else forgets."""
        name = draws.names[draws.used - 1] if draws.names and draws.used else None
        s.seen = seen_after_draw(s.seen, unknown, (s.pile.unknown, hand.unknown), name)
