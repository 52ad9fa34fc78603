"""Benchmark: simulation without logs (``simulate --results``), games per second per game.

    python tests/benchmarks/bench_tally.py            # 300 games per game and policy, one core
    python tests/benchmarks/bench_tally.py 2000
    python tests/benchmarks/bench_tally.py --run 100000 --jobs 2   # one Road Runner run, timed whole
    python tests/benchmarks/bench_tally.py --run 4000 --jobs 2 --game maloney
    python tests/benchmarks/bench_tally.py --best road-runner 600 random 3   # best of 4, one process

The first form plays each bundled game (its smallest player count) with every policy it offers,
counting each game into a tally as ``--results`` does, in this one process: CPU seconds of the
process (time.process_time), so other work on the machine skews them little. Each is timed after
one unmeasured pass over the same games (what a long run's workers have remembered by then).
``--run N`` times ``deckwright simulate GAME --games N --results`` (default road-runner, random
policy, smallest player count) as a whole process (wall and CPU of the process and its workers)
and projects 10^6 games from it. ``--best GAME N POLICY PLAYERS`` plays the same N games four
times after a warm pass and prints the best rate: run it alternately in two trees (a copy of this
file in each, ``git archive`` of the other commit) to compare them. Not part of the test suite.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.load.loader import load_game  # noqa: E402
from generator.play.plan import Plan, policies  # noqa: E402
from generator.play.runner import Job, player_for, run_chunk  # noqa: E402
from generator.rules.logcheck import rules_for  # noqa: E402

GAMES = ["road-runner", "jokers-row", "maloney", "entenrallye", "jaunty-jalopies"]


def per_game(games: int) -> None:
    print(
        f"{'game':<16} {'players':>7} {'policy':<10} {'games/s (CPU)':>14} {'ms/game':>8}   load: "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    for name in GAMES:
        game = load_game(name)
        players = (rules_for(game).player_range() or (2, 2))[0]
        for policy in policies(game):
            job = Job(str(game.folder), Plan(players, games, 1, (policy,)), None, logs=False)
            player_for(job)
            run_chunk(job, 0, games)  # warm: what a long run's worker has remembered
            start = time.process_time()
            run_chunk(job, 0, games)
            took = time.process_time() - start
            print(
                f"{name:<16} {players:>7} {policy:<10} {games / took:>14.0f} {1000 * took / games:>8.2f}",
                flush=True,
            )


def best_of(name: str, games: int, policy: str, players: int, runs: int = 4) -> None:
    game = load_game(name)
    job = Job(str(game.folder), Plan(players, games, 1, (policy,)), None, logs=False)
    run_chunk(job, 0, games)  # warm
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        run_chunk(job, 0, games)
        best = min(best, time.process_time() - start)
    print(f"{name} {policy} {players}p: best {games / best:.0f} games/CPU s")


def whole_run(games: int, jobs: int, name: str = "road-runner") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable,
            "-m",
            "generator",
            "simulate",
            name,
            "--games",
            str(games),
            "--jobs",
            str(jobs),
            "--results",
            str(Path(tmp) / "r.json"),
        ]
        load = os.getloadavg()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, cwd=ROOT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    print(
        f"{name}: {games} games, --jobs {jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU ({games / cpu:.0f} games "
        f"per CPU second); load before {load[0]:.2f}"
    )
    print(
        f"  10^6 games: {10**6 / games * wall / 60:.1f} min at this wall rate; "
        f"{10**6 / (games / cpu) / jobs / 60:.1f} min at this CPU rate on {jobs} free cores"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--best" in args:
        at = args.index("--best")
        best_of(args[at + 1], int(args[at + 2]), args[at + 3], int(args[at + 4]))
    elif "--run" in args:
        jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 2
        name = args[args.index("--game") + 1] if "--game" in args else "road-runner"
        whole_run(int(args[args.index("--run") + 1]), jobs, name)
    else:
        per_game(int(args[0]) if args and args[0].isdigit() else 300)
