"""The moves of a standard race, each checked against the rulebook section cited."""

from __future__ import annotations

from generator.load.model import Card
from generator.rules import Note

from .entries import Attack, Drive, Negate, Road, Terrain
from .state import Plot, Race, Racer, Section
from .using import Using


class Moves(Using):
    def _playing(self, s: Race, racer: Racer, what: str, note: Note) -> None:
        """Action Phase: EITHER play cards OR Rest."""
        if s.rested:
            note("PLAY_AFTER_REST", f"{racer.player} rested this turn and may not also play {what}")
        s.acted = True

    def _kind(self, card: Card | None, kind: str, note: Note, what: str = "") -> bool:
        if card is not None and kind not in self.kinds(card):
            note("WRONG_CARD", f"{card.name} is not a {kind.replace('subplot', 'Sub-Plot')} card{what}")
            return False
        return card is not None

    def _may_move(self, s: Race, racer: Racer, note: Note) -> None:
        """Sub-Plot: no Driving to change position while one is in play; stalling Mishaps likewise."""
        if racer.subplot:
            note(
                "SUBPLOT_DRIVING",
                f"{racer.player} is under the Sub-Plot {racer.subplot.card.name} and may not drive",
            )
        elif racer.stalled:
            stall = next(c.name for c in racer.lasting() if (c.get("effect") or {}).get("stall"))
            note("STALLED", f"{stall} stops {racer.player} playing Driving cards to move")

    # -- the course (Rules of the Road) ----------------------------------------------------------

    def _road(self, s: Race, racer: Racer, d: Road, note: Note) -> None:
        self._playing(s, racer, "a Road Section", note)
        card = self.take_card(s, racer, d.card, note)
        if not self._kind(card, "road", note):
            return
        if len(s.course) >= s.length:
            note(
                "COURSE_COMPLETE",
                f"the course ends at the Finish Line (section {s.length}); no Road Section is laid beyond it",
            )
            self.discard(s, [card])
            return
        self._may_move(s, racer, note)
        if racer.pos != len(s.course):
            front = f"section {len(s.course)}" if s.course else "the Starting Line"
            here = f"section {racer.pos}" if racer.pos else "the Starting Line"
            note(
                "NOT_FRONT",
                f"{racer.player} is on {here}; a Road Section is laid only from the front-most ({front})",
            )
        if "driving" in self.kinds(card):
            if d.driving:
                note("DRIVING_NOT_NEEDED", f"{card.name} is a Driving card itself; {d.driving} is not needed")
                if self.take_card(s, racer, d.driving, note):
                    self.discard(s, [d.driving])
        elif d.driving is None:
            note("NO_DRIVING", f"{card.name} is not a Driving card: entering it needs a Driving card too")
        else:
            drive = self.take_card(s, racer, d.driving, note)
            if self._kind(drive, "driving", note, f" to drive onto {card.name}"):
                self.discard(s, [drive])
        s.course.append(Section(card))
        s.lay(card.name)
        self.pay(s, racer, d.pays, len(s.course), card.name, note)
        racer.pos = len(s.course)
        self._cross(s, racer)

    def _cross(self, s: Race, racer: Racer) -> None:
        """VICTORY!: the first to enter the final Road Section wins; in a Team race "Victory is
        determined by the order when the second pawn from each team crosses the Finish Line"."""
        if racer.pos < s.length or racer.player in s.crossed or s.winner is not None:
            return
        s.crossed.append(racer.player)
        if not s.team or s.partners[racer.player] in s.crossed:
            s.winner = racer.player

    def _drive(self, s: Race, racer: Racer, d: Drive, note: Note) -> None:
        self._playing(s, racer, "a Driving card", note)
        card = self.take_card(s, racer, d.card, note)
        if not self._kind(card, "driving", note):
            return
        self.discard(s, [card])
        to = d.to if d.to is not None else racer.pos + 1
        if abs(to - racer.pos) != 1:
            note(
                "TOO_FAR", f"one Driving card moves one section; {racer.player} went from {racer.pos} to {to}"
            )
        if to > len(s.course):
            note("NO_SECTION", f"there is no section {to} in play (the course has {len(s.course)})")
            to = len(s.course)
        self._may_move(s, racer, note)  # Sub-Plot: no Driving "to modify his or her position"
        self.pay(s, racer, d.pays, to, f"section {to}", note)
        racer.pos = to
        self._cross(s, racer)

    def _terrain(self, s: Race, racer: Racer, d: Terrain, note: Note) -> None:
        self._playing(s, racer, "a Terrain card", note)
        card = self.take_card(s, racer, d.card, note)
        if not self._kind(card, "terrain", note):
            return
        if d.section > len(s.course):
            note("NO_SECTION", f"there is no section {d.section} in play (the course has {len(s.course)})")
            self.discard(s, [card])
        elif s.course[d.section - 1].terrain is not None:
            note("TERRAIN_TAKEN", f"section {d.section} already has {s.course[d.section - 1].terrain.name}")
            self.discard(s, [card])
        else:
            s.course[d.section - 1].terrain = card
            s.lay(card.name)

    # -- attacks (Mishap, Sub-Plot, Fiendish Plot; Negate) -----------------------------------------

    def _attack(self, s: Race, racer: Racer, d: Attack, kind: str, note: Note) -> tuple[Card, Racer] | None:
        """Play an attack; None when it does not land. Negate: "Let the Player of the card to be
        Negated declare how his or her card is entering play. All costs of the Negated card are
        paid, but none of the effects are generated" - the entry's action and target are the
        declaration, so what the caller checked before (Heroes' Mishaps, one Fiendish Plot an
        Action Phase) stands for a Negated card too; its effects (and draws) do not."""
        self._playing(s, racer, f"a {kind}", note)
        card = self.take_card(s, racer, d.card, note)
        if not self._kind(card, kind, note):
            return None
        target = s.racers.get(d.target)
        if target is None or target is racer:
            note("BAD_TARGET", f"a {kind} is played on another racer, not '{d.target}'")
            self.discard(s, [card])
            return None
        if d.negated is not None and d.negated == target.sidekick:
            self._sidekick_negates(s, target, card, note)
            self.discard(s, [card])
            return None
        if d.negated is not None:
            negater = self.take_card(s, target, d.negated, note, "Negate with")
            if negater is not None and card.type not in (negater.get("negates") or []):
                note("NEGATE_WRONG", f"{negater.name} cannot Negate a {card.type} card")
            self.discard(s, [card] + ([negater] if negater else []))
            return None
        return card, target

    def _sidekick_negates(self, s: Race, target: Racer, card: Card, note: Note) -> None:
        """Negate: "play a card or use an ability"; the Sidekick's ``negates`` lists the kinds
        (or names) of card it Negates, its use is checked like any ability's (using.py)."""
        ability = self.ability_for(s, target, target.sidekick or "", "negated", note)
        kinds = (ability.powers.get("negates") if ability else None) or []
        if ability is not None and card.type not in kinds and card.name not in kinds:
            note("NEGATE_WRONG", f"{ability.name} cannot Negate {card.name} (a {card.type} card)")

    def _lasting(self, s: Race, card: Card, target: Racer, by: str) -> None:
        needs = list(card.get("requires") or card.get("cure") or [])
        if card.type == "subplot":  # a target whose power drops the last requirement(s)
            needs = needs[: len(needs) - min(len(needs), int(target.power("subplot_fewer") or 0))]
        if needs or (card.get("effect") or {}).get("stall"):
            s.add_plot(target, Plot(card, needs, by))
        else:  # nothing left to meet: the card goes straight to the discards
            self.discard(s, [card])

    def _mishap(self, s: Race, racer: Racer, d: Attack, note: Note) -> None:
        if racer.role == "hero":
            note("HERO_MISHAP", f"{racer.player} is a Hero; Heroes may not play Mishaps")
        hit = self._attack(s, racer, d, "mishap", note)
        draws = self.draws(d.drew)
        if hit is None:
            if draws.names:
                note(
                    "FIENDISH_DRAW",
                    f"{d.card} was Negated, so it was not Successfully Played; "
                    "no Fiendish Plot is drawn for it",
                )
            return
        self._lasting(s, hit[0], hit[1], racer.player)
        if racer.role != "villain":  # Heroes, Villains, and Neutrals
            if draws.names:
                note(
                    "FIENDISH_DRAW",
                    f"only a Villain draws a Fiendish Plot for a Mishap; "
                    f"{racer.player} is a {racer.role.title()}",
                )
            return
        if draws.names == []:
            return  # a successful Mishap "permits the Villain to draw": drew: [] declines it
        self.draw_into(s, racer.karma, draws, 1, plots=True)
        if why := draws.mismatch():
            note("DRAW_COUNT", f"a Villain draws at most one Fiendish Plot per successful Mishap: {why}")

    def _subplot(self, s: Race, racer: Racer, d: Attack, note: Note) -> None:
        hit = self._attack(s, racer, d, "subplot", note)
        if hit is None:
            return
        card, target = hit
        if target.subplot is not None:
            note("SUBPLOT_TWICE", f"{target.player} already has the Sub-Plot {target.subplot.card.name}")
            self.discard(s, [card])
            return
        self._lasting(s, card, target, racer.player)

    def _fiendish(self, s: Race, racer: Racer, d: Attack, note: Note) -> None:
        if racer.role != "villain":
            note(
                "NOT_VILLAIN", f"only Villains play Fiendish Plots; {racer.player} is a {racer.role.title()}"
            )
        if s.fiendish_played:
            note("TWO_FIENDISH", "only one Fiendish Plot may be played in an Action Phase")
        s.fiendish_played = True
        hit = self._attack(s, racer, d, "fiendish", note)
        if hit is None:
            return
        card, target = hit
        effect = card.get("effect") or {}
        target.pos = max(0, target.pos - (effect.get("back") or 0))
        due = min(effect.get("discard") or 0, target.hand.size + target.karma.size)
        if len(d.discards) != due:
            note(
                "DISCARD_COUNT",
                f"{card.name} makes {target.player} discard {due}; the log has {len(d.discards)}",
            )
        self.discard_held(s, target, d.discards, note)
        self._lasting(s, card, target, racer.player)

    def _negate(self, s: Race, racer: Racer, d: Negate, note: Note) -> None:
        """Negate: a card already in play is Removed by a card that can Negate it."""
        card = self.take_card(s, racer, d.card, note, "Negate with")
        plot = next((p for p in racer.plots if p.card.name == d.plot), None)
        if card is None:
            return
        self.discard(s, [card])
        if not card.get("negates"):
            note("CANNOT_NEGATE", f"{card.name} cannot Negate anything")
        elif plot is None:
            note("NO_SUCH_PLOT", f"{d.plot} is not in play against {racer.player}")
        elif plot.kind not in card.get("negates"):
            note("NEGATE_WRONG", f"{card.name} cannot Negate a {plot.kind} card")
        if plot is not None:
            self.discard(s, s.unplot(racer, plot))
