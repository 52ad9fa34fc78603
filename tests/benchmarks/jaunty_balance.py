"""Jaunty Jalopies balance figures: seeded simulated races with the by-role policy.

    .venv/bin/python tests/benchmarks/jaunty_balance.py [--races N] [--players 2,3,4,6]

For each player count it plays N races (seeds 0..N-1; racer sheets and sides dealt at random by
the rules model's setup) and prints the race length in turns (all racers' turns counted) and in
rounds, and each seat's and each side's win rate with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.load.loader import load_game
from generator.rules.logcheck import rules_for
from generator.rules.module import load_rules_module
from generator.rules.playthrough import playthrough

NAMES = ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins / n:5.1%} [{low:5.1%}, {high:5.1%}] of {n}" if n else "-"


def simulate(players: int, races: int, policy_name: str = "by-role") -> list[str]:
    game = load_game("jaunty-jalopies")
    rules = rules_for(game)
    policy = load_rules_module(game).POLICIES[policy_name]
    names = NAMES[:players]
    turns, unfinished = [], 0
    seat_wins: Counter[str] = Counter()
    side_wins: Counter[str] = Counter()
    side_seen: Counter[str] = Counter()
    for seed in range(races):
        log = playthrough(rules, names, seed, max_entries=3000, policy=policy)
        roles = log["setup"]["roles"]
        side_seen.update(roles.values())
        if "result" not in log:
            unfinished += 1
            continue
        winner = log["result"]["winner"]
        turns.append(log["log"][-1]["turn"])
        seat_wins[winner] += 1
        side_wins[roles[winner]] += 1
    done = len(turns)
    rounds = [t / players for t in turns]
    lines = [
        f"{players} racers, {races} races ({unfinished} unfinished), policy {policy_name}",
        f"  length: {statistics.mean(turns):.1f} turns (sd {statistics.pstdev(turns):.1f}, "
        f"{min(turns)}-{max(turns)}); {statistics.mean(rounds):.1f} rounds each (sd {statistics.pstdev(rounds):.1f})",
    ]
    for i, name in enumerate(names):
        lines.append(f"  seat {i + 1}: {rate(seat_wins[name], done)}   (fair {1 / players:.1%})")
    for side in ("hero", "villain", "neutral"):
        # a side's rate: races won by a racer of that side, per racer of that side who raced
        lines.append(
            f"  {side:8s}: {rate(side_wins[side], side_seen[side])} racers   (fair {1 / players:.1%})"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=400)
    parser.add_argument("--players", default="2,3,4,6")
    parser.add_argument("--policy", default="by-role")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print("\n".join(simulate(players, args.races, args.policy)))


if __name__ == "__main__":
    main()
