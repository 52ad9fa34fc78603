"""Rally and Circuit races (ADVANCED RACES): several races in one log (``races:``).

Each race is replayed with the standard rules; this module starts each one from what the last
left and keeps the standings. Readings, each resting on the rulebook passage quoted:

- Rally Racing: "Players complete three Races of six Road sections each" - three segments, each
  course six sections long whatever the number of racers; "Each segment continues until all
  Racers cross the Finish Line" - a racer who has crossed has a place and keeps taking turns (as
  in a Team race): the segment "continues" and the Sequence of Play passes "clockwise around the
  table, each Racer completing a turn"; nothing takes a crossed racer out of the rotation.
  "The winner of the third segment wins the entire race".
- "Each racer begins with his or her proper number of cards, less the position in which he or
  she finished": the hand size on the racer's sheet less last segment's place (six less one
  for first place). Only the deal is smaller: the Draw Phase fills to the full hand size.
- "Unused cards in Karma hands carry into the following segment": everything else (course,
  hands, discards, cards in play) is shuffled back; the Karma cards stay out of both decks.
- "A Rally is a race that is run in segments" and "Each Racer decides whether to be a Hero, a
  Villain, or Neutral before the start of each Race": the sides (and racers) are chosen once,
  before the first segment, and stay for the whole Rally.
- "The winner of each segment goes first in the following segment. Play continues from that
  Racer's position clockwise around the table": the seats stay, the turn order starts at the
  winner. Who goes first in the first segment is the table's choice ("Choose one Racer to go
  first by whatever means you prefer", GO!): the race's ``first``, else the first of ``players``.
- Circuit (Tournament) Racing: "a series of three to five normal, Rally, and/or Endurance races
  that are played until the last Racer crosses the Finish Line": three to five races, each
  standard, endurance or rally (a Rally is three segments of the list and counts as one race),
  every one run until all have crossed; Partner and Team races are not among them.
- "Each player scores ten points for each race completed, less the position he or she came in
  during that race": ten less the place; a Rally's places are those of its third segment (its
  winner "wins the entire race"). "The Racer with the highest overall total wins": a tie for the
  highest total is a shared win (the rulebook breaks no tie). Each race chooses its sides anew
  ("before the start of each Race"); Karma hands do not carry (only the Rally says they do).
"""

from __future__ import annotations

from typing import Any

from generator.rules import Expect, Note, Outcome
from generator.rules.series import Series

from .circuit import Circuit
from .entries import Setup
from .options import Options
from .rally import Leg, Rally
from .state import Race


class RaceRules(Options):
    """The standard rules, with races that run until the last racer crosses (``Race.leg``)."""

    def series(self, players: list[str], setup: Setup, note: Note) -> Series | None:
        if setup.race == "rally":
            return Rally(self, players, setup)
        if setup.race == "circuit":
            return Circuit(self, players, setup)
        note(
            "SERIES",
            f"only a Rally or a Circuit is several races (setup race: rally or circuit); "
            f"a {setup.race} race is one game, written under 'log'",
        )
        return None

    def start(self, players: list[str], setup: Setup, note: Note) -> Race:
        if setup.race in ("rally", "circuit"):
            note(
                "SETUP",
                f"a {setup.race.title()} is several races: write each under 'races:', "
                "each race with its own 'log'",
            )
        return super().start(players, setup, note)

    def begin(self, players: list[str], setup: Setup, leg: Leg, note: Note) -> Race:
        """A race of a series: the standard start, on until every pawn crosses."""
        race = super().start(players, setup, note)
        race.leg = leg
        return race

    def expected(self, s: Race) -> Expect:
        """Who acts; on a Rally segment's first turn the reason its winner opens it."""
        expect = super().expected(s)
        if s.leg is None or not s.leg.opens or s.turn != 1 or s.ended:
            return expect
        why = {p: f"it is {s.current}'s turn; {s.leg.opens}" for p in expect.why}
        return Expect(expect.moves, why=why)

    def _cross(self, s: Race, racer: Any) -> None:
        """Rally, Circuit: "continues until all Racers cross the Finish Line"; the order they
        cross in is their place."""
        if s.leg is None:
            super()._cross(s, racer)
        elif racer.pos >= s.length and racer.player not in s.crossed:
            s.crossed.append(racer.player)
            if len(s.crossed) == len(s.players):
                s.winner = s.crossed[0]

    def outcome(self, s: Race) -> Outcome:
        if s.leg is None:
            return super().outcome(s)
        if s.winner is None:
            return Outcome(None)
        points = {p: s.leg.points - place for place, p in enumerate(s.crossed, 1)} if s.leg.points else None
        return Outcome(s.winner, scores=points, order=tuple(s.crossed))
