"""Jaunty Jalopies figures for ``deckwright stats``: the cards played, and per race the winner's
side, the Rests, Mishaps, Sub-Plots, Fiendish Plots and Negated attacks, the course laid and the
racer abilities used."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from generator.play.figures import Figures
from generator.rules import Entry, Rules

ATTACKS = ("mishap", "subplot", "fiendish")


def per_game(rules: Rules, state: Any, entries: Sequence[Entry]) -> dict[str, float]:
    actions = Counter(e.action for e in entries)
    winner = state.racers.get(state.winner) if state.winner else None
    side = winner.role if winner else None
    negated = abilities = 0
    for e in entries:  # (one pass: the fields read from the entry's dict, as a model lacks some)
        fields = e.data.__dict__
        if fields.get("ability"):
            abilities += 1
        if e.action in ATTACKS:
            negated += 1 if fields.get("negated") else 0
            abilities += _sidekick_negated(state, e)
    return {
        "won by a Hero": side == "hero",
        "won by a Villain": side == "villain",
        "won by a Neutral": side == "neutral",
        "rests": actions["rest"],
        "mishaps": actions["mishap"],
        "sub-plots": actions["subplot"],
        "fiendish plots": actions["fiendish"],
        "negated": negated,
        "sections laid": len(state.course),
        # racer abilities written in the log (on an entry, a `use`, or a Sidekick's Negate)
        "abilities used": abilities,
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
