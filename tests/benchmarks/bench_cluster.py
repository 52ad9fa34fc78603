"""Benchmark: Road Runner without logs on a local Dask cluster of 1 and 2 workers (one thread
each, loopback), against one process, in one run: wall-clock seconds and games per second.

    python tests/benchmarks/bench_cluster.py [GAMES]      # 4000 by default

The load average is printed beside the figures: on a shared machine, wall-clock time with two
workers depends on what else runs. Not part of the test suite.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from distributed import LocalCluster

from generator.load.loader import load_game
from generator.play.plan import Plan
from generator.play.simulate import tally


def main(games: int) -> None:
    game = load_game("road-runner")
    plan = Plan(3, games, 1)
    start = time.perf_counter()
    here = tally(game, plan).as_dict()
    print(f"one process: {time.perf_counter() - start:.1f} s; load {os.getloadavg()[0]:.2f}", flush=True)
    for workers in (1, 2):
        with LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=40,
        ) as cluster:
            tally(game, Plan(3, 50, 99), scheduler=cluster.scheduler_address)  # workers load the game
            start = time.perf_counter()
            found = tally(game, plan, scheduler=cluster.scheduler_address).as_dict()
            took = time.perf_counter() - start
        assert found == here
        print(
            f"{workers} worker(s): {took:.1f} s, {games / took:.0f} games/s; load {os.getloadavg()[0]:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4000)
