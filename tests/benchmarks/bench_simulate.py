"""Benchmark: simulated games per second, per game, player count and policy, on one core.

    python tests/benchmarks/bench_simulate.py                 # 300 games per configuration
    python tests/benchmarks/bench_simulate.py 2000            # more games
    python tests/benchmarks/bench_simulate.py 300 --stats     # also time `stats` reading them back

Each configuration plays its games the way ``deckwright simulate`` does (rules model, policy,
log text), without writing files, in this one process. ``--stats`` writes the logs to a temporary
folder and times replaying them with ``gather`` (load, validate, replay: what ``log check`` does).
Times are CPU seconds of this process (time.process_time), so other work on the machine
skews them little. Not part of the test suite.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.load.loader import load_game  # noqa: E402
from generator.play.plan import Plan, play_one, policies  # noqa: E402
from generator.play.runner import Player  # noqa: E402
from generator.play.simulate import simulate  # noqa: E402
from generator.play.stats import gather  # noqa: E402

CONFIGS = [("road-runner", n) for n in (3, 5, 8)] + [("jokers-row", 2)]


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and argv[0].isdigit() else 300
    with_stats = "--stats" in argv
    print(
        f"{'game':<12} {'players':>7} {'policy':<10} {'games/s':>9} {'entries/game':>13}"
        + (f" {'stats games/s':>14}" if with_stats else "")
    )
    for name, players in CONFIGS:
        game = load_game(name)
        for policy in policies(game):
            plan = Plan(players, games, 1, (policy,))
            player = Player(game, plan)
            start = time.process_time()
            texts = [play_one(player.rules, plan, i, player.policy) for i in range(games)]
            took = time.process_time() - start
            entries = sum(t.count("\n  - {") for t in texts) / games
            line = f"{name:<12} {players:>7} {policy:<10} {games / took:>9.0f} {entries:>13.1f}"
            if with_stats:
                with tempfile.TemporaryDirectory() as tmp:
                    simulate(game, plan, Path(tmp))
                    start = time.process_time()
                    gather(game, [Path(tmp)])
                    line += f" {games / (time.process_time() - start):>14.0f}"
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
