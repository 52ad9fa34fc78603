"""Benchmark: Road Runner simulated without logs, with the unseen cards counted for every card
played (as before) or only when needed (now), alternated in one process; the tallies must match.

    python tests/benchmarks/bench_take_ab.py

CPU seconds per 1,000 games (time.process_time), best of four each. Not part of the test suite.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.load.loader import load_game
from generator.play.plan import Plan
from generator.play.runner import Job, player_for, run_chunk


def main() -> None:
    game = load_game("road-runner")
    job = Job(str(game.folder), Plan(3, 1000, 1), None, logs=False)
    cls = type(player_for(job).rules)
    lazy = cls._take

    def eager(self, s, player, name, note, verb="play"):  # the version before: counted every time
        self.take(s.hands[player], name, self.unseen(s), note, player, verb)

    times: dict[str, list[float]] = {"before": [], "now": []}
    tallies = {}
    try:
        for _ in range(4):
            for label, take in (("before", eager), ("now", lazy)):
                cls._take = take
                start = time.process_time()
                tallies[label] = run_chunk(job, 0, 1000).as_dict()
                times[label].append(time.process_time() - start)
    finally:
        cls._take = lazy
    assert tallies["before"] == tallies["now"], "the two versions played different games"
    for label, took in times.items():
        print(
            f"{label}: best {min(took):.2f} s CPU per 1000 games ({1000 / min(took):.0f} games/s)",
            [round(t, 2) for t in took],
        )


if __name__ == "__main__":
    main()
