"""Road Runner figures for ``deckwright stats``: cards played, and per game the capture attempts,
the Escapes played, the damage dealt (rulebook, "Capture Attempts": damage makes a coyote skip
that many turns) and the reshuffles of the draw pile ("Playing the Game")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.play.figures import Figures
from generator.rules import Entry, Rules


def per_game(rules: Rules, state: Any, entries: Sequence[Entry]) -> dict[str, float]:
    actions = [e.action for e in entries]
    return {
        "capture attempts": actions.count("capture"),
        "escapes": actions.count("escape"),
        "damage": sum(e.data.damage or 0 for e in entries if e.action == "escape"),  # as logged
        "reshuffles": state.reshuffles,
    }


# a pass hands a card on face down: it is not played
FIGURES = Figures(plays={"capture": ("cards",), "escape": ("card",)}, per_game=per_game)
