"""Joker's Row simulated players (``deckwright simulate jokers-row --policy NAME``).

The heuristics look only at their own hand and the open table (claimed places, omens, where
each Joker stands), never at a face-down place card or the other hand.

- ``greedy``: at the start of its turn breaks an opposing omen when it holds the ace (rulebook,
  "Omens"); else casts an omen on the row its Joker stands in, when it holds three of a suit
  (+2 to its attacks there); else claims. In a fight it counter-attacks with its lowest card that
  is high enough ("Claiming": equal or higher), so its high cards last.
- ``thrifty``: like ``greedy``, but lets a place go rather than spend a card more than
  ``THRIFT`` above the attack it answers.
"""

from __future__ import annotations

import random
from typing import Any

from generator.rules import Option, Rules

from .state import row_of

THRIFT = 3


def _turn(rules: Any, s: Any, options: list[Option]) -> Option:
    by_action: dict[str, list[Option]] = {}
    for option in options:
        if option[1] is not None:
            by_action.setdefault(option[1]["action"], []).append(option)
    if "break" in by_action:
        return by_action["break"][0]
    player = options[0][1]["player"]
    row = row_of(rules.place_of(s, player))
    for option in by_action.get("omen", []):
        if option[1]["row"] == row:
            return option
    if "claim" not in by_action:  # the draw deck ran out: the table writes its remake first
        return options[0]
    return by_action["claim"][0]


def _fight(rules: Any, s: Any, options: list[Option], thrift: int | None) -> Option:
    lapse = next(o for o in options if o[1] is None)
    attacks = [o for o in options if o[1] is not None]
    if not attacks:
        return lapse
    player = attacks[0][1]["player"]
    value = {o[1]["card"]: rules.value(s, player, rules.cards[o[1]["card"]], s.fight.place) for o in attacks}
    lowest = min(attacks, key=lambda o: (value[o[1]["card"]], o[1]["card"]))
    if thrift is not None and value[lowest[1]["card"]] > s.fight.value + thrift:
        return lapse
    return lowest


def _choose(rules: Rules, s: Any, options: list[Option], thrift: int | None) -> Option:
    if s.phase == "fight" and s.fight:
        return _fight(rules, s, options, thrift)
    if s.phase == "discard":
        return options[0]
    return _turn(rules, s, options)


def greedy(rules: Rules, s: Any, options: list[Option], rng: random.Random) -> Option:
    """Break, cast an omen where it stands, else claim; counter with the lowest card that will do."""
    return _choose(rules, s, options, None)


def thrifty(rules: Rules, s: Any, options: list[Option], rng: random.Random) -> Option:
    """Like ``greedy``, but keeps cards far above the attack it would answer."""
    return _choose(rules, s, options, THRIFT)


POLICIES = {"greedy": greedy, "thrifty": thrifty}
