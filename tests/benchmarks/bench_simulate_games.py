"""Benchmark: ``deckwright simulate GAME --results F --jobs 2`` of every bundled game, whole process.

    python tests/benchmarks/bench_simulate_games.py                          # this checkout
    python tests/benchmarks/bench_simulate_games.py --before /tmp/old        # and DIR, interleaved
    python tests/benchmarks/bench_simulate_games.py --runs 3 --scale 0.5     # more rounds, fewer games

Each row is one game: games a minute by the wall clock (the best of ``--runs``) and CPU seconds per
1,000 games (the process and its workers, children's rusage, the best of ``--runs``), with the
1-minute load average as the rounds began. On a shared machine the wall clock stretches with the
load and CPU seconds much less: compare CPU seconds side by side. With ``--before DIR`` the
checkout in DIR runs the same command interleaved with this one (its ``generator.cli.main``, DIR
first on the path), and the row says whether the two results files are the same. Not part of the
test suite.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from bench_floor import OLD, timed  # the script's own folder is on the path

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "entenrallye": 2000,
    "jaunty-jalopies": 2000,
    "jokers-row": 6000,
    "maloney": 3000,
    "road-runner": 20000,
}
"""Games per run: each game's run takes some seconds of CPU."""


def simulate_command(cli: list[str], game: str, games: int, results: Path) -> list[str]:
    """``deckwright simulate GAME --games N --jobs 2 --results F``, by the command line ``cli``."""
    return [*cli, "simulate", game, "--games", str(games), "--jobs", "2", "--results", str(results)]


def main(argv: list[str]) -> None:
    def arg(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    runs, scale = int(arg("--runs", "2")), float(arg("--scale", "1"))
    before = Path(arg("--before", "")).resolve() if "--before" in argv else None
    only = arg("--only", ",".join(GAMES)).split(",")
    py = sys.executable
    who = {"now": [str(Path(py).with_name("deckwright"))]}
    if before is not None:
        who["before"] = [py, "-c", OLD.format(tree=str(before))]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "0"}
    print(f"{os.cpu_count()} cores; `simulate GAME --games N --results F --jobs 2`, best of {runs}")
    print("| game | checkout | games | games a minute | CPU s per 1,000 games | load | results |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for game in only:
            games = max(1, int(GAMES[game] * scale))
            best: dict[str, tuple[float, float]] = {}
            load = f"{os.getloadavg()[0]:.1f}"
            for _ in range(runs):
                for name, cli in who.items():
                    out = Path(tmp) / f"{name}.json"
                    wall, cpu = timed(simulate_command(cli, game, games, out), env)
                    was = best.get(name, (wall, cpu))
                    best[name] = (min(was[0], wall), min(was[1], cpu))
            same = ""
            if before is not None:
                now, old = ((Path(tmp) / f"{n}.json").read_bytes() for n in ("now", "before"))
                same = "same" if now == old else "DIFFER"
            for name, (wall, cpu) in best.items():
                rate = games * 60 / wall
                print(
                    f"| {game} | {name} | {games:,} | {rate:,.0f} | {cpu * 1000 / games:.2f} | {load} | {same} |",
                    flush=True,
                )


if __name__ == "__main__":
    main(sys.argv[1:])
