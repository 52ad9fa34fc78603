"""What ``deckwright stats maloney`` reports beyond wins and length: the action cards shown are
the cards played, Sunday's turned-up cards are the cards drawn, and per game how it ended."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.play.figures import Figures
from generator.rules import Entry, Rules

from .state import GOAL, Table


def per_game(rules: Rules, t: Table, entries: Sequence[Entry]) -> Mapping[str, float]:
    """Days played, whether 69 ended it, suitcase points, and what cash and the auction were worth."""
    suitcase, paid, jokers, cards = 0, [], 0, rules.cards
    for e in entries:  # one pass (asking another entry for a field it lacks is slow)
        action = e.action
        if action != "drive":
            jokers += action == "joker"
            continue
        data = e.data
        found = getattr(data, "suitcase", None)
        card = cards.get(found) if found else None
        if card is not None and card.get("gain") == "points":
            suitcase += card.get("amount") * (len(t.players) if getattr(data, "drew", None) else 1)
        if (price := getattr(data, "paid", None)) is not None:
            paid.append(price)
    return {
        "days": t.day,
        "ended at 69": float(max(t.points.values()) >= GOAL),
        "suitcase share of points": suitcase / max(1, sum(t.points.values())),
        "points bought per heir": sum(t.cash.values()) / 1000 / len(t.players),
        "mean price of a drive": sum(paid) / len(paid) if paid else 0.0,
        "jokers played": float(jokers),
    }


FIGURES = Figures(plays={"show": ("cards",)}, per_game=per_game)
