"""Joker's Row named composition checks (constraints.yaml ``check:``)."""

from __future__ import annotations

from collections.abc import Iterator

from generator.load.model import Game
from generator.rules import Checks, Finding

from .state import RANK_VALUES

CHECKS = Checks()


@CHECKS.register("values-match-ranks")
def values_match_ranks(game: Game) -> Iterator[Finding]:
    """Aces high: 2-10 their number, J 11, Q 12, K 13, A 14."""
    for card in game.all_cards():
        rank = card.get("rank")
        if rank is not None and card.get("value") != RANK_VALUES.get(rank):
            yield Finding(
                f"rank {rank} must have value {RANK_VALUES.get(rank)}, found {card.get('value')}",
                card,
                "value",
            )
