"""Cards moving in a standard race: draws from the piles (reshuffled when they run out), cards
taken from hands, discards and discard penalties (Rules of the Road), what is on the table."""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.load.model import Card
from generator.rules import Note, Zone, unseen
from generator.rules.chance import below
from generator.rules.zones import pick_in_order

from .model import NOTHING, Base
from .state import Race, Racer


class Piles(Base):
    # -- cards moving ------------------------------------------------------------------------------

    def on_table(self, s: Race) -> Counter[str]:
        """Every card face up on the table: the course, terrain, retained cards, plots in play
        (``Race.table``, counted as cards come and go: a long log costs no walk over the table)."""
        return +s.table

    def unseen(self, s: Race) -> Counter[str]:
        zones = [r.hand.known for r in s.racers.values()] + [r.karma.known for r in s.racers.values()]
        return unseen(self.total, [*zones, self.on_table(s), s.deck.discard, s.plots.discard])

    def pool(self, s: Race, plots: bool = False) -> Counter[str]:
        """The cards the draw pile (or Fiendish Plot pile) may hold."""
        total = self.plot_total if plots else self.main_total
        return Counter({n: c for n, c in self.unseen(s).items() if n in total})

    def draw_into(self, s: Race, zone: Zone, draws: Any, count: int, plots: bool = False) -> int:
        """Draw ``count`` cards (reshuffling when the pile runs out); returns how many were drawn."""
        pile = s.plots if plots else s.deck
        chance, total, known = draws.chance, self.total, zone.known
        if chance is not None and draws.names is None and 0 < count <= pile.count and pile.cards:
            copies = pile.in_order()  # (the common random draw: every card from a known pile)
            if copies:
                names: list[str] = []
                draws.names, draws.used, pile.count, cards = names, count, pile.count - count, pile.cards
                for _ in range(count):
                    name = copies.pop(below(chance, len(copies)))
                    names.append(name)
                    have = cards[name]
                    if have > 1:
                        cards[name] = have - 1
                    else:
                        cards.pop(name)  # (dict's own: a Counter's del is Python code)
                    if name in total:
                        known[name] = known.get(name, 0) + 1
                    else:
                        zone.unknown += 1
                return count
        drawn = 0
        while drawn < count:
            if not pile.count:
                pile.refill()
                if not pile.count:
                    break
            names, cards, copies = draws.names, pile.cards, None
            if chance is not None and not (names is not None and draws.used < len(names)):
                copies = pile.in_order() if cards else None
                if copies:  # (only random playthroughs pick) a pile in name order: picked here
                    name = copies.pop(below(chance, len(copies)))  # as pick_in_order picks it,
                    draws.names, draws.used = [*(names or ()), name], draws.used + 1  # recorded as
                elif cards:  # Draws.next would
                    name = pick_in_order(cards, chance)
                    draws.names, draws.used = [*(names or ()), name], draws.used + 1
                else:
                    name = draws.next(cards if cards is not None else self.pool(s, plots))
            else:
                name = draws.next(NOTHING)
            pile.count -= 1
            if not copies:
                pile.copies_of = None  # (the copies follow the cards only through random draws)
            if cards is not None:
                have = cards.get(name, 0) if name else 0
                if have > 1:
                    cards[name] = have - 1
                elif have:
                    cards.pop(name)  # (dict's own: a Counter's del is Python code)
                else:
                    pile.cards = None  # an unknown or impossible draw: the pile is no longer known
            if name in total:  # (Zone.add, in line: a draw is the commonest step of a race)
                known[name] = known.get(name, 0) + 1
            else:
                zone.unknown += 1
            drawn += 1
        return drawn

    def take_card(
        self, s: Race, racer: Racer, name: str, note: Note, verb: str = "play", karma: bool = True
    ) -> Card | None:
        """Take a card from the racer's Karma hand (if known there and ``karma``) or hand."""
        card = self.cards.get(name)
        if card is not None:  # a card known where it is taken from: taken in line
            karmic = (karma and racer.karma.known.get(name, 0) > 0) or card.type == "fiendish"
            known = racer.karma.known if karmic else racer.hand.known
            have = known.get(name, 0)
            if have > 0:
                if have == 1:
                    known.pop(name)  # (dict's own: a Counter's del is Python code)
                else:
                    known[name] = have - 1
                return card
        card = self.card(name, note)
        if (
            card is not None and karma and racer.karma.known.get(name, 0) > 0
        ):  # (Zone.holds: a missing name is Python code)
            racer.karma.take(name, NOTHING)
            return card
        zone = racer.karma if card is not None and card.type == "fiendish" else racer.hand
        known = card is not None and zone.known.get(name, 0) > 0
        why = zone.take(name if card else None, NOTHING if known else lambda: self.unseen(s))
        if why and card is not None:
            where = "Karma hand" if zone is racer.karma else "hand"
            note("NOT_IN_HAND", f"{racer.player} cannot {verb} {name}: {why.replace('hand', where)}")
        return card

    def discard_held(
        self, s: Race, racer: Racer, names: list[str], note: Note, verb: str = "discard", karma: bool = True
    ) -> None:
        """``take_card`` each of ``names`` and discard the ones taken: a card known in the hand
        (and not in the Karma hand, where ``take_card`` would look first) taken in line."""
        hand, types, plot_total = racer.hand.known, self._types, self.plot_total
        first = racer.karma.known if karma else NOTHING
        for name in names:
            have = hand.get(name, 0)
            if have > 0 and not first.get(name, 0) and types.get(name, "fiendish") != "fiendish":
                if have == 1:
                    hand.pop(name)  # (dict's own: a Counter's del is Python code)
                else:
                    hand[name] = have - 1
                pile = (s.plots if name in plot_total else s.deck).discard
                pile[name] = pile.get(name, 0) + 1
            elif self.take_card(s, racer, name, note, verb, karma):
                self.discard(s, [name])

    def discard(self, s: Race, cards: list[Card | str]) -> None:
        for c in cards:
            name = c if isinstance(c, str) else c.name
            pile = (s.plots if name in self.plot_total else s.deck).discard
            pile[name] = pile.get(name, 0) + 1

    def pay(self, s: Race, racer: Racer, names: list[str], section: int, what: str, note: Note) -> None:
        """Discard ``names`` for the penalty of entering ``section`` (Rules of the Road); a racer
        who may ignore a Terrain card once a turn may pay the penalty without it."""
        due = s.penalty(racer, section)
        if len(names) != due:
            ignoring = s.penalty(racer, section, ignore_terrain=True)
            if len(names) == ignoring and racer.power("ignore_terrain") and not s.terrain_ignored:
                s.terrain_ignored = True
            else:
                note("PENALTY", f"{what} costs a discard penalty of {due}; {racer.player} paid {len(names)}")
        self.discard_held(s, racer, names, note)

    def kinds(self, card: Card | None) -> tuple[str, ...]:
        return self._kinds[card.name] if card else ()

    def hand_size(self, racer: Racer) -> int:
        return racer.hand_size(self.base_hand)

    def draw_rate(self, racer: Racer) -> int:
        return racer.draw_rate(self.base_draw)
