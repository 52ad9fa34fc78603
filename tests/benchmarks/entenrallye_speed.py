"""Entenrallye rules-model speed: seeded random playthroughs per second, per player count.

Plays the games the property test plays (tests/test_entenrallye_rules.py -k seeded: seeds
0..N-1, random choices, every entry applied and checked by the rules model) and prints games/s
and entries/s for each player count, in CPU seconds of this process (time.process_time), so
other work on the machine skews the figures little. Not part of the test suite.

    .venv/bin/python tests/benchmarks/entenrallye_speed.py --games 50
    .venv/bin/python tests/benchmarks/entenrallye_speed.py --game /tmp/old-entenrallye  # another copy
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.load.loader import load_game
from generator.rules.logcheck import rules_for
from generator.rules.playthrough import playthrough

NAMES = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per player count")
    parser.add_argument("--game", default="entenrallye", help="a game name or folder")
    args = parser.parse_args()
    rules = rules_for(load_game(args.game))
    print("| players | games/s | entries/s | CPU s for 200 games |")
    print("|---|---|---|---|")
    total = 0.0
    for players in range(2, 7):
        start, entries = time.process_time(), 0
        for seed in range(args.games):
            entries += len(playthrough(rules, NAMES[:players], seed, max_entries=20000)["log"])
        took = time.process_time() - start
        total += took * 200 / args.games
        print(
            f"| {players} | {args.games / took:.1f} | {entries / took:.0f} | {took * 200 / args.games:.1f} |",
            flush=True,
        )
    print(f"200 games per player count: {total:.0f} CPU s")


if __name__ == "__main__":
    main()
