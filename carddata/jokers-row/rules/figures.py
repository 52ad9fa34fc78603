"""Joker's Row figures for ``deckwright stats``: cards played (attacks, omens, aces that break
omens), and per game the omens cast and broken, the overloads, the counter-attacks and the
winning margin (rulebook, "Omens", "Overload", "Claiming", "The Goals")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.play.figures import Figures
from generator.rules import Entry, Rules


def per_game(rules: Rules, state: Any, entries: Sequence[Entry]) -> dict[str, float]:
    actions = [e.action for e in entries]
    scores = sorted((rules.outcome(state).scores or {}).values())
    return {
        "omens": actions.count("omen"),
        "omens broken": actions.count("break"),
        "overloads": actions.count("overload"),
        "counter-attacks": actions.count("attack"),
        "margin": scores[-1] - scores[0] if scores else 0,
    }


# a discard (down to three cards, or before an overload's draw) is not a play
FIGURES = Figures(plays={"attack": ("card",), "omen": ("cards",), "break": ("card",)}, per_game=per_game)
