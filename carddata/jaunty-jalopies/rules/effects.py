"""What the racer abilities a log writes do: ``ability: NAME`` on a ``rest``, ``meet``,
``retain``, ``road`` or ``drive`` entry, or a ``use`` entry of its own.

Whether the racer may use the ability at all (its name, Endurance / Partner races, once per
turn or race) is checked first, the same way for every ability (using.py); each power here is
data on the sheets (racers.yaml, field types in game.yaml). The abilities are designed (the
rulebook prints no sheet texts); the passages they rest on are Character Selection ("uses that
Racer's identity and Special Abilities") and Special Abilities ("used by the Racers to advance
their respective positions or avoid obstacles placed in their way by other Racers"). What each
ability allows, where the sheet leaves it open, is read in README.md ("Racers").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.load.model import Card
from generator.rules import Draws, Note, Zone

from .entries import Meet, Rest, Use
from .model import TURN_ACTIONS
from .phases import Phases
from .state import Race, Racer


class Abilities(Phases):
    def apply(self, s: Race, entry: Any, note: Note) -> None:
        name = entry.data.__dict__.get("ability")  # (a model asked for a field it lacks raises, slowly)
        if name is None:
            super().apply(s, entry, note)
            return
        if entry.player == s.current or entry.action in TURN_ACTIONS:
            s.advance()  # a new turn starts before its limits are checked
        racer = s.racers[entry.player]
        s.using = self.ability_for(s, racer, name, entry.action, note)
        try:
            if s.power("rest_and_play"):
                self._besides_rest(s, racer, entry, note)
            else:
                super().apply(s, entry, note)
        finally:
            s.using = None

    def _label(self, kind: str) -> str:
        return kind.replace("subplot", "Sub-Plot").title()

    # -- a turn you Rest (Royal Treasury, Thrifty, Polly) -------------------------------------------

    def _besides_rest(self, s: Race, racer: Racer, entry: Any, note: Note) -> None:
        """``rest_and_play``: one card of that kind played in a turn you Rest, the Action Phase's
        "EITHER play cards from your hand OR Rest" notwithstanding, in either order."""
        kind = str(s.power("rest_and_play"))
        card = self.cards.get(entry.data.card)
        if card is not None and kind not in self.kinds(card):
            note("ABILITY_WRONG", f"{s.using.name} plays an {self._label(kind)} card; {card.name} is not one")
        acted, rested = s.acted, s.rested
        s.acted = s.rested = False
        super().apply(s, entry, note)
        s.acted, s.rested = acted, rested

    def _rest(self, s: Race, racer: Racer, d: Rest, note: Note) -> None:
        """``swap``: up to that many cards from hand discarded, as many new ones drawn with the
        Rest's two (``discards``); ``rest_draws`` (phases.py) draws more."""
        most = int(s.power("swap") or 0)
        if d.discards and not most:
            note(
                "DISCARD_NOT_NEEDED",
                f"a Rest discards nothing; {racer.player} has no ability written "
                "that swaps cards (ability: NAME)",
            )
        elif len(d.discards) > most:
            note("ABILITY_WRONG", f"{s.using.name} swaps up to {most} cards, not {len(d.discards)}")
        self.discard_held(s, racer, d.discards, note, "swap away", karma=False)
        super()._rest(s, racer, d, note)

    # -- moving (Kiku, Jeeves-ish, Pemberton) --------------------------------------------------------

    def _may_move(self, s: Race, racer: Racer, note: Note) -> None:
        """``drive_under``: a Driving move while a Sub-Plot is in play against you (a stalling
        Mishap or Fiendish Plot still stops it)."""
        if not s.power("drive_under"):
            super()._may_move(s, racer, note)
            return
        if racer.subplot is None:
            note("ABILITY_WRONG", f"{s.using.name} drives under a Sub-Plot; none holds {racer.player}")
        if racer.stalled:
            stall = next(c.name for c in racer.lasting() if (c.get("effect") or {}).get("stall"))
            note("STALLED", f"{stall} stops {racer.player} playing Driving cards to move")

    def pay(self, s: Race, racer: Racer, names: list[str], section: int, what: str, note: Note) -> None:
        """``penalty_less`` and ``free_plots`` (state.py, Race.penalty) must lower the penalty;
        every card paid is remembered (``take_back``)."""
        if s.using and (s.power("penalty_less") or s.power("free_plots")):
            using, s.using = s.using, None
            plain = s.penalty(racer, section)
            s.using = using
            if s.penalty(racer, section) == plain:
                note("ABILITY_WRONG", f"{using.name} changes nothing here: {what} costs {plain} either way")
        super().pay(s, racer, names, section, what, note)
        paid = racer.penalties
        for name in names:  # (Counter.update asks whether ``names`` is a Mapping: slowly)
            paid[name] = paid.get(name, 0) + 1

    # -- requirements (Grease Monkey, Madame Zara, Fashion Plate, Noblesse Oblige) -------------------

    def _meet(self, s: Race, racer: Racer, d: Meet, note: Note) -> None:
        powers = s.using.powers if s.using else {}
        card = self.cards.get(d.card)
        target = s.racers.get(d.target or racer.player)
        if d.also is not None and not powers.get("also_counts"):
            note("ABILITY_WRONG", "`also` is written only with an ability that counts the card for you too")
        if s.using is not None and card is not None and target is not None:
            self._before_meet(s, racer, target, card, d, note)
        super()._meet(s, racer, d, note)
        if powers.get("also_counts") and card is not None and target is not None:
            self._also_counts(s, racer, target, card, d, str(powers["also_counts"]), note)

    def _before_meet(self, s: Race, racer: Racer, target: Racer, card: Card, d: Meet, note: Note) -> None:
        """``meets_two``: the card meets two requirements of its kind in a row; ``counts_as``
        [A, B]: a card of kind A meets a requirement of kind B; ``karma_from``: a Hero aiding."""
        name, named = s.using.name, [p for p in target.plots if p.card.name == d.plot]
        if kind := s.power("meets_two"):
            plot = next((p for p in named if p.needs[:2] == [kind, kind]), None)
            if kind in self.kinds(card) and plot is not None:
                plot.needs.pop(0)  # the first of the two; the meet itself takes the second
            else:
                note(
                    "ABILITY_WRONG",
                    f"{name} lets an {self._label(str(kind))} card meet two such "
                    f"requirements in a row: {card.name} on {d.plot} does not",
                )
        if pair := s.power("counts_as"):
            have, need = pair
            plot = next((p for p in named if p.needs[:1] == [need]), None)
            if have in self.kinds(card) and plot is not None:
                plot.needs[0] = have  # the requirement this card now meets
            else:
                note(
                    "ABILITY_WRONG",
                    f"{name} lets a {self._label(have)} card meet an "
                    f"{self._label(need)} requirement: {card.name} on {d.plot} does not",
                )
        if s.power("karma_from") and (racer.role != "hero" or target is racer):
            note("ABILITY_WRONG", f"{name} chooses a Hero's Karma card: only when a Hero aids another racer")

    def _also_counts(
        self, s: Race, racer: Racer, target: Racer, card: Card, d: Meet, kind: str, note: Note
    ) -> None:
        """``also_counts``: a card of that kind played on another racer's plot also meets the
        next requirement of your own plot ``also`` (any card, on a Neutral's own Sub-Plot)."""
        name = s.using.name
        own = next((p for p in racer.plots if p.card.name == d.also and p.needs), None)
        if kind not in self.kinds(card) or target is racer:
            note("ABILITY_WRONG", f"{name} counts a {self._label(kind)} card played to help another racer")
            return
        if own is None and d.also is None:
            note(
                "ABILITY_WRONG", f"{name}: write the plot of {racer.player}'s own it also meets (also: NAME)"
            )
        elif own is None:
            note("NO_SUCH_PLOT", f"{d.also} is not in play against {racer.player}")
        if own is None:
            return
        anything = own.kind == "subplot" and racer.role == "neutral"
        if own.needs[0] not in self.kinds(card) and not anything:
            note("WRONG_CARD", f"{own.card.name} needs {own.needs[0].upper()} next; {card.name} is not one")
        own.needs.pop(0)
        if not own.needs:
            self.discard(s, s.unplot(racer, own))
            if own.kind == "subplot":  # she played its final card, and it was in play against her
                s.resolved[own.card.name] = (racer.player, racer.player)
                s.completed.append(own.card.name)

    def _karma_draw(self, s: Race, racer: Racer, draws: Draws) -> None:
        """``karma_from``: that many cards drawn, the first (written first in ``drew``) kept in
        the Karma hand, the others discarded face up."""
        many = int(s.power("karma_from") or 1)
        if many == 1:
            super()._karma_draw(s, racer, draws)
            return
        seen = Zone()
        drawn = self.draw_into(s, seen, draws, many)
        kept = (draws.names or [None])[0] if drawn else None
        if not drawn:
            return
        if kept is not None and seen.holds(kept):
            seen.take(kept, Counter())
        else:
            kept = None
            seen.unknown -= 1
        racer.karma.add(kept)
        self.discard(s, sorted(seen.known.elements()))
        s.deck.discard_unknown += seen.unknown

    # -- an ability used on its own (`use`) ----------------------------------------------------------

    def _use(self, s: Race, racer: Racer, d: Use, note: Note) -> None:
        """``removes`` a Mishap (``plot``), ``take_back`` a card (``card``), ``draws`` at the
        start of the turn (``drew``); ``looks`` changes nothing the log records."""
        powers = s.using.powers if s.using else {}
        if "removes" in powers:
            self._remove(s, racer, d, list(powers["removes"]), note)
        elif "take_back" in powers:
            self._take_back(s, racer, d, str(powers["take_back"]), note)
        elif "draws" in powers:
            if s.acted or s.rested:
                note("ABILITY_WRONG", f"{s.using.name} draws at the start of the turn, before any play")
            draws = self.draws(d.drew)
            self.draw_into(s, racer.hand, draws, int(powers["draws"]))
            if why := draws.mismatch():
                note("DRAW_COUNT", f"{s.using.name} draws {powers['draws']}: {why}")

    def _remove(self, s: Race, racer: Racer, d: Use, removes: list[str], note: Note) -> None:
        name = s.using.name
        plot = next((p for p in racer.plots if p.card.name == d.plot), None)
        if d.plot is None or plot is None:
            note(
                "NO_SUCH_PLOT",
                f"{name} removes a card in play against {racer.player}: "
                + (f"{d.plot} is not one" if d.plot else "write which (plot: NAME)"),
            )
            return
        if plot.card.name not in removes and plot.kind not in removes:
            what = " or ".join(self._label(r) for r in removes)
            note("ABILITY_WRONG", f"{name} removes {what}, not {d.plot}")
        self.discard(s, s.unplot(racer, plot))

    def _take_back(self, s: Race, racer: Racer, d: Use, kind: str, note: Note) -> None:
        name = s.using.name
        card = self.card(d.card, note) if d.card else None
        if card is None:
            if d.card is None:
                note("ABILITY_WRONG", f"{name} takes back a card: write which (card: NAME)")
            return
        if kind not in self.kinds(card):
            note("ABILITY_WRONG", f"{name} takes back a {self._label(kind)}; {card.name} is not one")
        elif not racer.penalties[card.name]:
            note("ABILITY_WRONG", f"{racer.player} has discarded no {card.name} to a discard penalty")
        elif not s.deck.discard[card.name]:
            note("ABILITY_WRONG", f"{card.name} is no longer in the discard pile")
        if s.deck.discard[card.name]:  # only a card still in the discard pile comes back
            s.deck.discard[card.name] -= 1
            if not s.deck.discard[card.name]:
                del s.deck.discard[card.name]
            racer.penalties[card.name] = max(0, racer.penalties[card.name] - 1)
            racer.hand.add(card.name)
