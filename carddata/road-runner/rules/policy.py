"""Road Runner simulated players (``deckwright simulate road-runner --policy NAME``).

Each heuristic sees only what its coyote could know: its own hand and the cards played face up
(the Escape discards, the Capture discards), never the other hands or the draw pile.

- ``eager``: makes a capture attempt whenever it can, choosing the attempt the fewest Escape
  cards it cannot account for would stop (rulebook, "Basic Strategy": an early attempt can win
  because few Escapes are out yet, and hoarded Capture cards get passed away). Answers an
  attempt that still stands with its most damaging Escape; piles on an attempt already stopped
  only when its Escape deals 2 or more damage ("Capture Attempts": later players may still play).
- ``patient``: the same, but holds back an attempt that more than ``PATIENCE`` unaccounted Escape
  copies could stop, unless its hand is full of Capture cards; it passes instead.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from generator.rules import Option, Rules

from .facts import analyse, prevents

PATIENCE = 6
PILE_ON = 2


def stoppers(rules: Rules, cards: tuple[str, ...], reshuffled: bool) -> Counter[str]:
    """The Escape cards (copies in the deck) that would stop an attempt made with ``cards``."""
    cache: dict[tuple[tuple[str, ...], bool], Counter[str]] = rules.__dict__.setdefault("_stoppers", {})
    key = (cards, reshuffled)
    if key not in cache:
        facts = analyse([rules.cards[n] for n in cards])
        kinds = ("escape", "dual") if reshuffled else ("escape",)
        cache[key] = Counter(
            {
                n: rules.total[n]
                for n, c in rules.cards.items()
                if c.type in kinds and prevents(c.get("escape"), facts)
            }
        )
    return cache[key]


def risk(rules: Rules, s: Any, player: str, cards: list[str]) -> int:
    """How many Escape copies that stop ``cards`` the player cannot account for."""
    stop = stoppers(rules, tuple(cards), bool(s.reshuffles))
    hand, played, discards = s.hands[player].known, s.escapes, s.captures
    return sum(max(0, n - played[name] - discards[name] - hand[name]) for name, n in stop.items())


def respond(options: list[Option], s: Any) -> Option:
    """Escape with the most damaging card while the attempt stands; pile on only if it hurts."""
    escapes = [o for o in options if o[1] is not None and o[1]["action"] == "escape"]
    decline = next(o for o in options if o[1] is None or o[1]["action"] == "decline")
    if not escapes:
        return decline
    best = max(escapes, key=lambda o: (o[1]["damage"], o[1]["card"]))
    if s.attempt.prevented and best[1]["damage"] < PILE_ON:
        return decline
    return best


def _choose(rules: Rules, s: Any, options: list[Option], patience: int | None) -> Option:
    if s.attempt and s.attempt.window:
        return respond(options, s)
    captures = [o for o in options if o[1] is not None and o[1]["action"] == "capture"]
    passing = next(o for o in options if o[1] is not None and o[1]["action"] == "pass")
    if not captures:
        return passing
    player = captures[0][1]["player"]
    scored = sorted(captures, key=lambda o: (risk(rules, s, player, o[1]["cards"]), len(o[1]["cards"])))
    best = scored[0]
    if patience is not None:
        drew = best[1].get("drew") or []  # one name or a list
        hand = s.hands[player].known + Counter([drew] if isinstance(drew, str) else drew)
        full = sum(n for name, n in hand.items() if rules.cards[name].type != "escape") >= 5
        if risk(rules, s, player, best[1]["cards"]) > patience and not full:
            return passing
    return best


def eager(rules: Rules, s: Any, options: list[Option], rng: random.Random) -> Option:
    """Capture whenever possible with the least stoppable attempt (see the module docstring)."""
    return _choose(rules, s, options, None)


def patient(rules: Rules, s: Any, options: list[Option], rng: random.Random) -> Option:
    """Like ``eager``, but wait for an attempt few unaccounted Escapes can stop."""
    return _choose(rules, s, options, PATIENCE)


POLICIES = {"eager": eager, "patient": patient}
