"""Simulated players (``POLICIES``): a heuristic per side, chosen by the acting racer's role.

Every side races first (lay or drive onto sections, clear its own plots). Then a Villain spends
Fiendish Plots and Mishaps on the leader, a Hero helps whoever is held up (for Karma), and a
Neutral sticks to its own race, using Sub-Plots on the leader only.
"""

from __future__ import annotations

import random
from typing import Any

from generator.rules import Option, Rules
from generator.rules.playthrough import Policy

BASE = {"road": 10.0, "drive": 9.0, "meet": 8.0, "negate": 8.5, "experience": 7.0, "special": 6.5,
        "retain": 6.0, "terrain": 2.0, "subplot": 4.0, "mishap": 3.0, "fiendish": 5.0, "rest": 1.0,
        "draw": 1.5, "use": 7.5}  # fmt: skip
SIDES = {
    "hero": {"meet_other": 5.0, "mishap": -99.0},
    "villain": {"mishap": 7.5, "fiendish": 8.0, "subplot": 6.0, "meet_other": -99.0},
    "neutral": {"mishap": 2.0, "subplot": 5.0, "meet_other": -99.0},
}


def _score(rules: Rules, s: Any, entry: dict[str, Any]) -> float:
    racer = s.racers[entry["player"]]
    side = SIDES[racer.role]
    action = entry["action"]
    if action == "meet" and entry.get("target"):
        behind = s.racers[entry["target"]].pos < racer.pos  # help only those who trail you
        return side["meet_other"] if behind else -99.0
    score = side.get(action, BASE[action])
    if action == "drive" and entry["to"] < racer.pos:
        return -50.0
    if action in ("road", "drive"):
        score -= 0.5 * len(entry.get("pays", []))
    if action in ("mishap", "subplot", "fiendish"):
        # aim at whoever is furthest ahead; no one in particular while the field is level
        ahead = s.racers[entry["target"]].pos - racer.pos
        score += 0.3 * ahead
        if "negated" in entry:
            score -= 3.0
    if action == "rest":
        stuck = racer.stalled or racer.subplot is not None
        score = 7.0 if stuck and racer.hand.size <= 3 else (3.0 if stuck else 0.5)
    if action == "terrain":
        score += 1.0 if entry["section"] > racer.pos else -3.0
    return score


def by_role(rules: Rules, state: Any, options: list[Option], rng: random.Random) -> Option:
    """The best-scoring legal option for the acting racer's side (ties broken by ``rng``)."""
    # the same move with an ability is at least as good (it pays less, draws more, meets more)
    scored = [
        (_score(rules, state, entry) + 0.2 * bool(entry.get("ability")) + rng.random() * 0.01, (w, entry))
        for w, entry in options
        if entry
    ]
    if not scored:
        return options[0]
    return max(scored, key=lambda x: x[0])[1]


POLICIES: dict[str, Policy] = {"by-role": by_role}
