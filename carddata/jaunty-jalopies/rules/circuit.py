"""The Circuit (ADVANCED RACES, Circuit (Tournament) Racing): three to five normal, Rally and
Endurance races, each run until the last racer crosses; ten points a race less the place. The
readings and the passages they rest on are in ``races.py``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from generator.rules import Note, Outcome
from generator.rules.series import Series

from .entries import Setup
from .rally import CIRCUIT_KINDS, CIRCUIT_RACES, POINTS, SEGMENTS, Leg, Rally, deal, not_crossed, rotated
from .state import Race


class Circuit(Series):
    """Three to five races, each run until the last racer crosses; ten points less the place."""

    def __init__(self, rules: Any, players: list[str], setup: Setup) -> None:
        self.rules, self.players, self.setup = rules, players, setup
        self.points: dict[str, int] = dict.fromkeys(players, 0)
        self.completed = 0  # races completed (a Rally once its third segment is over)
        self.number = 0  # races begun (a Rally counts once)
        self.rally: Rally | None = None  # the Rally under way, and the index of its first segment
        self.rally_at = 0
        self.labels: list[str] = []
        self.kinds: list[str] = []

    @staticmethod
    def _kind(setup: Setup | None) -> str:
        kind = setup.race if setup is not None else "standard"
        return "standard" if kind == "circuit" else kind  # a race that names no kind is a normal one

    def _rallying(self) -> bool:
        return self.rally is not None and self.rally.begun < SEGMENTS

    def label(self, index: int, setup: Setup | None = None) -> str:
        if index < len(self.labels):
            return self.labels[index]
        if self._kind(setup) == "rally":
            if self._rallying():
                return f"race {self.number} (Rally segment {self.rally.begun + 1})"  # type: ignore[union-attr]
            return f"race {self.number + 1} (Rally segment 1)"
        return f"race {self.number + 1}"

    def due_first(self, index: int) -> str | None:
        """In a Rally under way, its last segment's winner; else the table's choice."""
        return self.rally.due_first(index - self.rally_at) if self._rallying() else None  # type: ignore[union-attr]

    def more(self) -> bool:
        return self.completed < CIRCUIT_RACES[1] or self._rallying()

    def unfinished(self, index: int, state: Race) -> str:
        return not_crossed(state)

    def ending(self) -> str:
        return "a Circuit is three to five races"

    def over(self) -> bool:
        return self.completed >= CIRCUIT_RACES[0] and not self._rallying()

    def outcome(self) -> Outcome:
        if not self.over():
            return Outcome(None)
        top = max(self.points.values())
        best = tuple(p for p in self.players if self.points[p] == top)
        return Outcome(
            best[0] if len(best) == 1 else None,
            scores=dict(self.points),
            shared=best if len(best) > 1 else (),
        )

    def start(self, index: int, players: list[str], setup: Setup, first: str | None, note: Note) -> Race:
        label, kind = self.label(index, setup), self._kind(setup)
        for p in players:
            if setup.racers.get(p) != self.setup.racers.get(p):
                note(
                    "SETUP",
                    f"the racers stay through a Circuit: {p} races {self.setup.racers.get(p)}, "
                    f"not {setup.racers.get(p)}",
                )
        if kind not in CIRCUIT_KINDS:
            note("SETUP", f"a Circuit is a series of normal, Rally and/or Endurance races, not a {kind} race")
            setup, kind = setup.model_copy(update={"race": "standard"}), "standard"
        if self._rallying() and kind != "rally":
            note(
                "SETUP",
                f"race {self.number} is a Rally that has run {self.rally.begun} of its "  # type: ignore[union-attr]
                f"{SEGMENTS} segments; its next segment comes before a {kind} race",
            )
            self.rally = None
        self.labels.append(label)
        self.kinds.append(kind)
        if kind == "rally" and self._rallying():
            return self.rally.start(index - self.rally_at, players, setup, first, note)  # type: ignore[union-attr]
        self.number += 1
        if kind == "rally":
            self.rally, self.rally_at = (
                Rally(self.rules, players, setup, POINTS, f"race {self.number} (Rally "),
                index,
            )
            return self.rally.start(0, players, setup, first, note)
        return self.rules.begin(rotated(players, first or players[0]), setup, Leg(label, POINTS), note)

    def finish(self, index: int, state: Race, note: Note) -> None:
        order = tuple(state.crossed)
        if self.kinds[index] == "rally" and self.rally is not None:
            self.rally.finish(index - self.rally_at, state, note)
            if not self.rally.over():
                return
        self.completed += 1
        for place, p in enumerate(order, 1):
            self.points[p] += POINTS - place

    def shared(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The racers and sides; each race is dealt its own hands."""
        return {k: v for k, v in setup.items() if k != "hands"}

    def random_race(self, index: int, players: list[str], rng: random.Random) -> dict[str, Any] | None:
        """A random kind of race (a Rally's segments in a row), random sides, full hands."""
        if self._rallying():
            rally = self.rally
            hands = rally.random_race(index - self.rally_at, players, rng) or {}  # type: ignore[union-attr]
            return {"race": "rally", "roles": dict(rally.setup.roles), **hands}  # type: ignore[union-attr]
        if self.over() and (not self.more() or rng.random() < 0.5):
            return None
        kind = rng.choice(CIRCUIT_KINDS)
        roles = {p: rng.choice(["hero", "villain", "neutral"]) for p in players}
        return {
            "race": kind,
            "roles": roles,
            "hands": deal(self.rules, self.setup.racers, players, {}, Counter(), rng),
        }
