"""Benchmark: the figures issue 36 asks for, as one table with the machine's load beside each.

    python3 tasks.py benchtable                          # writes docs/development/benchmark-table.md
    python tests/benchmarks/bench_table.py --runs 3 --before /tmp/old    # before and after, one run
    python tests/benchmarks/bench_table.py --only build,check --no-write  # some rows, printed only

Rows, each measured as whole processes (interpreter start to exit, byte code cached):

- ``build``: ``deckwright build DIR --no-backs`` of the yardstick's 1,000- and 10,000-card games
  against the bare-ReportLab floor (``bench_floor``: the shared yardstick's scripts, as they are),
  runs interleaved, the minimum of ``--runs`` of each; wall and CPU seconds, the ratio.
- ``check``: ``deckwright check GAME`` of every bundled game (minimum of ``--slow-runs``, 1).
- ``simulate``: ``deckwright simulate GAME --games N --results F --jobs 2`` of every bundled game;
  games a minute by the wall clock (the best of ``--slow-runs``) and CPU seconds per 1,000 games
  (the process and its workers: the figure to compare on a shared machine); with ``--before``,
  whether the two checkouts counted the same games.
- ``preview``: the preview's resident memory over ``--rebuilds`` rebuilds of one edited card
  (``bench_preview_memory``, in its own process).

``--before DIR`` runs the checkout in DIR the same way, interleaved with this one (its
``generator.cli.main``, DIR first on the path). The load is the 1-minute load average as each
figure's runs began, and the number of cores: on a shared machine wall-clock figures stretch
with the load, CPU seconds much less, so compare figures taken side by side. Not part of the
test suite.
"""

from __future__ import annotations

import datetime
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_floor import BENCH, OLD, floor_command  # the script's own folder is on the path
from bench_simulate_games import simulate_command

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "development" / "benchmark-table.md"
GAMES = ("entenrallye", "jaunty-jalopies", "jokers-row", "maloney", "road-runner")
ROWS = ("build", "check", "simulate", "preview")


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one process run to its end (its output dropped)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def _commands(py: str, before: Path | None) -> dict[str, list[str]]:
    """The command line of each checkout: ``now`` (this one) and ``before`` (DIR)."""
    found = {"now": [str(Path(py).with_name("deckwright"))]}
    if before is not None:
        found["before"] = [py, "-c", OLD.format(tree=str(before))]
    return found


def _interleaved(
    runs: int, cmds: dict[str, list[str]], env: dict[str, str]
) -> dict[str, tuple[float, float]]:
    """(wall, CPU) of each command: one warm-up each, then ``runs`` rounds, the minimum of each."""
    for cmd in cmds.values():
        timed(cmd, env)
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in cmds}
    for _ in range(runs):
        for kind, cmd in cmds.items():
            times[kind].append(timed(cmd, env))
    return {k: (min(w for w, _ in v), min(c for _, c in v)) for k, v in times.items()}


def build_rows(py: str, who: dict[str, list[str]], runs: int, env: dict[str, str], tmp: Path) -> list[str]:
    rows = [
        "| cards | checkout | floor s (CPU) | build s (CPU) | ratio wall (CPU) | load |",
        "|---|---|---|---|---|---|",
    ]
    for n in (1000, 10000):
        game = tmp / f"game{n}"
        subprocess.run([py, str(BENCH / "perf_game.py"), str(game), str(n)], check=True)
        cmds = {"floor": floor_command(py, BENCH, tmp / "floor.pdf", n)}
        for name, cli in who.items():
            cmds[name] = [*cli, "build", str(game), "--no-backs", "-o", str(tmp / f"out-{name}")]
        at = load()
        found = _interleaved(runs, cmds, env)
        (fw, fc) = found["floor"]
        for name in who:
            bw, bc = found[name]
            rows.append(
                f"| {n:,} | {name} | {fw:.2f} ({fc:.2f}) | {bw:.2f} ({bc:.2f}) | "
                f"{bw / fw:.2f}x ({bc / fc:.2f}x) | {at} |"
            )
            print(rows[-1], flush=True)
    return rows


def check_rows(who: dict[str, list[str]], runs: int, env: dict[str, str]) -> list[str]:
    rows = ["| game | checkout | check s (CPU) | load |", "|---|---|---|---|"]
    for game in GAMES:
        at = load()
        cmds = {name: [*cli, "check", game] for name, cli in who.items()}
        for name, (wall, cpu) in _interleaved(runs, cmds, env).items():
            rows.append(f"| {game} | {name} | {wall:.2f} ({cpu:.2f}) | {at} |")
            print(rows[-1], flush=True)
    return rows


def simulate_rows(
    who: dict[str, list[str]], runs: int, games: int, env: dict[str, str], tmp: Path
) -> list[str]:
    rows = [
        "| game | checkout | games | seconds (CPU) | games a minute | CPU s per 1,000 games | load |",
        "|---|---|---|---|---|---|---|",
    ]
    for game in GAMES:
        at = load()
        cmds = {name: simulate_command(cli, game, games, tmp / f"{name}.json") for name, cli in who.items()}
        found = _interleaved(runs, cmds, env)
        same = (
            ""
            if "before" not in who
            else (
                " (same counts)"
                if json.loads((tmp / "now.json").read_text()) == json.loads((tmp / "before.json").read_text())
                else " (COUNTS DIFFER)"
            )
        )
        for name, (wall, cpu) in found.items():
            rows.append(
                f"| {game} | {name} | {games:,} | {wall:.1f} ({cpu:.1f}) | {games * 60 / wall:,.0f}{same}"
                f" | {cpu * 1000 / games:.2f} | {at} |"
            )
            print(rows[-1], flush=True)
    return rows


def preview_rows(py: str, rebuilds: int, env: dict[str, str]) -> list[str]:
    rows = ["| rebuilds | RSS MB | load |", "|---|---|---|"]
    every = max(1, rebuilds // 10)
    out = subprocess.run(
        [py, str(Path(__file__).with_name("bench_preview_memory.py")), str(rebuilds), "--every", str(every)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in out.splitlines()[1:]:
        parts = line.split()
        if len(parts) == 3 and parts[0].isdigit():
            rows.append(f"| {parts[0]} | {parts[1]} | {parts[2]} |")
            print(rows[-1], flush=True)
    return rows


def main(argv: list[str]) -> None:
    def arg(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    runs, games, rebuilds = (
        int(arg("--runs", "3")),
        int(arg("--games", "2000")),
        int(arg("--rebuilds", "100")),
    )
    slow_runs = int(arg("--slow-runs", "1"))  # check and simulate take seconds each: fewer rounds
    only = arg("--only", ",".join(ROWS)).split(",")
    before = Path(arg("--before", "")).resolve() if "--before" in argv else None
    if BENCH is None:
        sys.exit("the yardstick scripts (/work/shared/bench) were not found")
    py = sys.executable
    who = _commands(py, before)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    lines = [
        "# Benchmark table",
        "",
        "Written by `python3 tasks.py benchtable` (`tests/benchmarks/bench_table.py`, which says how each",
        "figure is taken); do not edit by hand. Whole processes, byte code cached; wall-clock and CPU",
        "seconds, the minimum of the runs. **load** is the machine's 1-minute load average as that",
        "figure's runs began: on a shared machine a wall-clock figure stretches with the load and CPU",
        "seconds much less, so compare figures taken side by side in one table.",
        "",
        f"Taken {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC at commit {commit or '?'} on "
        f"{os.cpu_count()} cores; after one warm-up each, {runs} interleaved runs of each build, "
        f"{slow_runs} of each check and simulation"
        + (f"; `before` is the checkout in `{before}`." if before else "."),
        "",
    ]
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if "build" in only:
            lines += ["## Card build against the bare-ReportLab floor", "", "The target: at most 1.4x.", ""]
            lines += [*build_rows(py, who, runs, env, tmp), ""]
        if "check" in only:
            lines += ["## `deckwright check` of each bundled game", ""]
            lines += [*check_rows(who, slow_runs, env), ""]
        if "simulate" in only:
            lines += ["## `deckwright simulate --results --jobs 2`", ""]
            lines += [*simulate_rows(who, slow_runs, games, env, tmp), ""]
        if "preview" in only:
            lines += [f"## The preview's resident memory over {rebuilds} rebuilds of one edited card", ""]
            lines += [*preview_rows(py, rebuilds, env), ""]
    if "--no-write" not in argv:
        page = Path(arg("--write", str(PAGE)))
        page.write_text("\n".join(lines), encoding="utf-8")
        print(f"wrote {page}")


if __name__ == "__main__":
    main(sys.argv[1:])
