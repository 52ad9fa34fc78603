"""Jaunty Jalopies figures for ``deckwright stats``: the cards played, and per race the winner's
side, the Rests, Mishaps, Sub-Plots, Fiendish Plots and Negated attacks, the course laid and the
racer abilities used."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.play.figures import Figures
from generator.rules import Entry, Rules

ATTACKS = ("mishap", "subplot", "fiendish")


def per_game(rules: Rules, state: Any, entries: Sequence[Entry]) -> dict[str, float]:
    actions = [e.action for e in entries]
    winner = state.racers.get(state.winner) if state.winner else None
    side = winner.role if winner else None
    return {
        "won by a Hero": side == "hero",
        "won by a Villain": side == "villain",
        "won by a Neutral": side == "neutral",
        "rests": actions.count("rest"),
        "mishaps": actions.count("mishap"),
        "sub-plots": actions.count("subplot"),
        "fiendish plots": actions.count("fiendish"),
        "negated": sum(1 for e in entries if e.action in ATTACKS and e.data.__dict__.get("negated")),
        "sections laid": len(state.course),
        # racer abilities written in the log (on an entry, a `use`, or a Sidekick's Negate)
        "abilities used": sum(1 for e in entries if e.data.__dict__.get("ability"))
        + sum(1 for e in entries if e.action in ATTACKS and _sidekick_negated(state, e)),
    }


def _sidekick_negated(state: Any, entry: Entry) -> bool:
    target = state.racers.get(entry.data.__dict__.get("target"))
    return target is not None and entry.data.__dict__.get("negated") == target.sidekick


# discards paid for penalties or to make room are not plays
FIGURES = Figures(
    plays={
        "road": ("card", "driving"),
        "drive": ("card",),
        "terrain": ("card",),
        **{a: ("card", "negated") for a in ATTACKS},
        **{a: ("card",) for a in ("meet", "retain", "special", "experience", "negate")},
    },
    per_game=per_game,
)
