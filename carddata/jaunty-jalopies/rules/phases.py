"""Meeting requirements, the cards played for their own effect, Rest and the Draw Phase."""

from __future__ import annotations

from generator.rules import Draws, Note

from .cards import REST_DRAW
from .entries import DrawPhase, Meet, Play, Rest
from .moves import Moves
from .state import Race, Racer


class Phases(Moves):
    def _meet(self, s: Race, racer: Racer, d: Meet, note: Note) -> None:
        """Play a card toward a Mishap's, Sub-Plot's or Fiendish Plot's requirements, in order."""
        self._playing(s, racer, "cards", note)
        card = self.take_card(s, racer, d.card, note)
        target = s.racers.get(d.target or racer.player)
        if card is None or target is None:
            if target is None:
                note("BAD_TARGET", f"'{d.target}' is not racing")
            return
        helping = target is not racer
        named = [p for p in target.plots if p.card.name == d.plot]  # two copies: the one it fits
        plot = next(
            (p for p in named if p.needs and p.needs[0] in self.kinds(card)), named[0] if named else None
        )
        # "As a Hero, the Racer may play cards to aid other Racers"; any racer "can resolve a
        # Sub-Plot for another Racer by playing the last card required for that Sub-Plot"
        last = plot is not None and plot.kind == "subplot" and len(plot.needs) == 1
        if helping and racer.role != "hero" and plot is not None and not last:
            note(
                "NOT_HERO",
                f"only Heroes play cards on other racers' plots, except the last card a Sub-Plot needs; "
                f"{racer.player} is a {racer.role.title()} and {plot.card.name} on {target.player} "
                f"still needs {len(plot.needs)}",
            )
        if plot is None:
            note("NO_SUCH_PLOT", f"{d.plot} is not in play against {target.player}")
            self.discard(s, [card])
        else:
            need = plot.needs[0]
            anything = plot.kind == "subplot" and not helping and racer.role == "neutral"
            if need not in self.kinds(card) and not anything:
                later = [n for n in plot.needs[1:] if n in self.kinds(card)]
                code = "OUT_OF_ORDER" if later else "WRONG_CARD"
                order = ", ".join(plot.needs).upper()
                note(
                    code,
                    f"{plot.card.name} needs {need.upper()} next (in order: {order}); {card.name} is not one",
                )
            plot.needs.pop(0)
            plot.under.append(card.name)
            s.lay(card.name)
            if not plot.needs:
                self.discard(s, s.unplot(target, plot))
                if plot.kind == "subplot":
                    s.resolved[plot.card.name] = (racer.player, target.player)
                    if not helping:
                        s.completed.append(plot.card.name)
        draws = self.draws(d.drew)
        if helping and racer.role == "hero":  # each card "permits the Racer to draw": drew: [] declines
            if draws.names is None and draws.chance is None and (s.deck.count or s.deck.discard):
                note(
                    "DRAW_COUNT",
                    f"a Hero aiding another racer may draw one Karma card: write it "
                    f"(drew: [CARD]), or drew: [] when {racer.player} declines",
                )
            if draws.names != []:
                self._karma_draw(s, racer, draws)
            if why := draws.mismatch():
                note("DRAW_COUNT", f"a Hero draws at most one Karma card per card played to aid: {why}")
        elif draws.names:
            drew = len(draws.names)
            note("KARMA", f"only a Hero aiding another racer draws a Karma card; {racer.player} drew {drew}")

    def _karma_draw(self, s: Race, racer: Racer, draws: Draws) -> None:
        """A Hero's Karma card for a card played to aid: one, into the Karma hand."""
        self.draw_into(s, racer.karma, draws, 1)

    def _retain(self, s: Race, racer: Racer, d: Play, note: Note) -> None:
        self._playing(s, racer, "cards", note)
        card = self.take_card(s, racer, d.card, note)
        if card is None:
            return
        if not card.get("retain"):
            note("NOT_RETAINED", f"{card.name} cannot be Retained")
            self.discard(s, [card])
        else:
            s.retain(racer, card)

    def _effect(self, s: Race, racer: Racer, d: Play, note: Note, amount: int) -> None:
        draws = self.draws(d.drew)
        self.draw_into(s, racer.hand, draws, amount)
        if why := draws.mismatch():
            note("DRAW_COUNT", why)

    def _experience(self, s: Race, racer: Racer, d: Play, note: Note) -> None:
        """Valuable Experience: only for Completing a Sub-Plot against you; never by a Neutral."""
        self._playing(s, racer, "cards", note)
        card = self.take_card(s, racer, d.card, note)
        if not self._kind(card, "experience", note):
            return
        self.discard(s, [card])
        if racer.role == "neutral":
            note("NEUTRAL_EXPERIENCE", f"{racer.player} is Neutral and may never play a Valuable Experience")
        wanted = d.subplot or (s.completed[0] if s.completed else None)
        if wanted in s.completed:
            s.completed.remove(wanted)
        elif wanted in s.resolved:
            by, against = s.resolved[wanted]
            why = (
                f"{wanted} was played against {against}, not {racer.player} ({by} played its last card)"
                if against != racer.player
                else f"{by} played the last card of {wanted}: it was resolved for {racer.player}, "
                "and is not considered Completed"
            )
            note(
                "NOT_COMPLETED",
                f"{why}; a Valuable Experience follows Completing a Sub-Plot played against you",
            )
        else:
            note("NOT_COMPLETED", f"{racer.player} Completed no Sub-Plot this Action Phase")
        self._effect(s, racer, d, note, (card.get("effect") or {}).get("draw") or 0)

    def _special(self, s: Race, racer: Racer, d: Play, note: Note) -> None:
        """Special: may be played at any time (its Negates are played as `negate` or `negated`)."""
        card = self.take_card(s, racer, d.card, note)
        if not self._kind(card, "special", note):
            return
        self.discard(s, [card])
        amount = (card.get("effect") or {}).get("draw") or 0
        if not amount:
            note(
                "NEGATE_NOTHING",
                f"{card.name} only Negates: play it as a card is played on you, or to Remove one",
            )
        self._effect(s, racer, d, note, amount)

    def _rest(self, s: Race, racer: Racer, d: Rest, note: Note) -> None:
        """Rest: no cards played; draw two and remove one Mishap.

        The two cards are drawn, not offered. Action Phase: "If you decide to Rest, you may not
        play cards, BUT you may draw two cards AND remove one Mishap" - the "may" sets what a
        Rest allows against playing cards; Draw Phase then states it as what happens: "A Racer
        who rests draws cards twice ... When Resting, the Racer draws two cards." The Karma
        card ("permits the Racer to draw") and the Fiendish Plot ("permits the Villain to draw")
        have no such sentence, so those draws may be declined (``drew: []``) and this one not:
        a Rest recording fewer cards than due is ``REST_DRAW`` (the hand then holds what the
        log says was drawn, so the Draw Phase after it is judged on that hand). The Mishap is
        "one", at most: removing none is allowed."""
        if s.acted:
            note("REST_AFTER_PLAY", f"{racer.player} played cards this turn and may not also Rest")
        if s.rested:
            note("REST_TWICE", f"{racer.player} already rested this turn")
        s.rested = True
        most = int(racer.power("rest_removes") or 1)
        if len(d.remove) > most:
            note(
                "REST_REMOVES",
                f"a Rest removes {'one Mishap' if most == 1 else f'up to {most} Mishaps'} "
                f"for {racer.player}, not {len(d.remove)}",
            )
        for name in d.remove:
            plot = next((p for p in racer.plots if p.card.name == name), None)
            if plot is None or plot.kind == "subplot":
                note("NO_SUCH_PLOT", f"{name} is not a Mishap in play against {racer.player}")
                continue
            self.discard(s, s.unplot(racer, plot))
        # an ability may draw more: a swap's new cards (``discards``), ``rest_draws`` more
        count = REST_DRAW + int(s.power("rest_draws") or 0) + len(d.discards)
        draws = self.draws(d.drew)
        short = draws.names is not None and len(draws.names) < count
        drawn = self.draw_into(s, racer.hand, draws, len(draws.names) if short else count)  # type: ignore[arg-type]
        left = s.deck.count or s.deck.discard.total() or s.deck.discard_unknown
        if short and left:  # more could be drawn: the Rest's cards are not optional
            note(
                "REST_DRAW",
                f"a Rest draws {count} here, not {drawn}: when resting the racer draws the cards "
                "(only the Karma and Fiendish Plot draws are permitted and may be declined)",
            )
        elif why := draws.mismatch():
            note("REST_DRAW", f"a Rest draws {count} here: {why}")

    def _draw(self, s: Race, racer: Racer, d: DrawPhase, note: Note) -> None:
        """Draw Phase: draw your Draw Rate; discard only to make room; respect your Hand Size."""
        size, rate = racer.sizes(self.base_hand, self.base_draw)
        room = racer.hand.size + rate - size
        if d.discards:
            if len(d.discards) > max(0, room):
                note(
                    "DISCARD_NOT_NEEDED",
                    f"{racer.player} may discard only to make room for the draw ({max(0, room)} card(s))",
                )
            self.discard_held(s, racer, d.discards, note, karma=False)
        draws = self.draws(d.drew)
        self.draw_into(s, racer.hand, draws, rate)
        if why := draws.mismatch():
            note("DRAW_COUNT", f"{racer.player}'s draw rate is {rate}: {why}")
        if racer.hand.size > size:
            note(
                "HAND_SIZE",
                f"{racer.player} holds {racer.hand.size} cards after the draw; the hand size is {size}, so "
                f"{max(0, room)} card(s) were to be discarded before drawing, not {len(d.discards)}",
            )
        s.ended = True
