"""Road Runner named composition checks (constraints.yaml ``check:``)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from generator.load.model import Game
from generator.rules import Checks, Finding

from .facts import analyse, prevents

CHECKS = Checks()


@CHECKS.register("escapes-can-fire")
def escapes_can_fire(game: Game) -> Iterator[Finding]:
    """Every Escape effect stops at least one attempt the deck's Capture cards can make."""
    captures = {c.name: c for c in game.all_cards() if c.type in ("capture", "dual")}
    combos = [[c] for c in captures.values()] + [
        list(p) for p in itertools.combinations(captures.values(), 2)
    ]
    for card in captures.values():
        partners = [
            captures[n] for cond in card.get("conditions") or () for n in cond["with"] if n in captures
        ]
        combos += [[card, *partners, other] for other in captures.values()]
    attempts = [f for f in map(analyse, combos) if f.sets]
    for card in game.all_cards():
        effect = card.get("escape")
        if effect and not any(prevents(effect, f) for f in attempts):
            yield Finding("this Escape stops no attempt the deck's Capture cards can make", card, "escape")
