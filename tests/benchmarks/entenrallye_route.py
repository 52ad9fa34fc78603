"""Entenrallye route tuning: seeded games played by the simulated players in POLICIES.

For each policy and player count, plays ``--games`` seeded games (every car driven by that policy)
and prints the share of cars that reached each meet in time (and so scored), the share that
passed the TöV and the ASU at their stations, and the mean total score. Repeat the README's
figures with:

    .venv/bin/python tests/benchmarks/entenrallye_route.py --games 200
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.load.loader import load_game
from generator.rules.logcheck import rules_for
from generator.rules.playthrough import playthrough

NAMES = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo"]


def measure(
    policy_name: str, players: int, games: int, seed: int = 0, game: str = "entenrallye"
) -> dict[str, float]:
    rules = rules_for(load_game(game))
    policy = sys.modules[type(rules).__module__.rsplit(".", 1)[0]].POLICIES[policy_name]
    counts: Counter[str] = Counter()
    cars = 0
    for g in range(games):
        log = playthrough(rules, NAMES[:players], seed + g, max_entries=20000, policy=policy)
        assert "result" in log, "the game did not end"
        table = replay_state(rules, log)
        for car in table.cars.values():
            cars += 1
            for meet in car.scores:
                counts[f"meet {meet}"] += 1
            counts["score"] += sum(car.scores.values())
            counts["passed"] += car.passed
    return {k: v / cars for k, v in counts.items()} | {"cars": cars}


def replay_state(rules, log):
    """The final table of a played log (replayed without the file round trip)."""
    from generator.rules.base import Entry

    notes: list[str] = []
    state = rules.start(
        log["players"], rules.setup_model.model_validate(log.get("setup") or {}), lambda c, m: notes.append(m)
    )
    for i, raw in enumerate(log["log"]):
        fields = {k: v for k, v in raw.items() if k not in ("turn", "player", "action")}
        data = rules.actions[raw["action"]].model_validate(fields)
        rules.apply(state, Entry(i, 0, raw["turn"], raw["player"], raw["action"], data), notes.append)
    assert not notes, notes
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--policies", default="flat-out,balanced,stylist")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--game", default="entenrallye", help="a game folder (to try another board)")
    args = parser.parse_args()
    print(
        "| policy | players | meet 1 Feb | meet 2 Jun | meet 3 Aug | meet 4 Dec | checks passed | mean score |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.policies.split(","):
        for n in (int(p) for p in args.players.split(",")):
            m = measure(name, n, args.games, game=args.game)
            meets = " | ".join(f"{m.get(f'meet {k}', 0):.0%}" for k in (1, 2, 3, 4))
            print(f"| {name} | {n} | {meets} | {m.get('passed', 0) / 2:.0%} | {m.get('score', 0):.1f} |")


if __name__ == "__main__":
    main()
