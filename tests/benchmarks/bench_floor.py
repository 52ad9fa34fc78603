"""Benchmark: the card build against the bare-ReportLab floor, measured as the shared yardstick
(``/work/shared/bench/README.md``) measures it, with its own scripts, used as they are.

    python tests/benchmarks/bench_floor.py 1000 10000            # the yardstick's figure
    python tests/benchmarks/bench_floor.py 1000 --no-accel       # as if rl-accel were absent
    git archive 169b014 | (mkdir /tmp/old && tar -x -C /tmp/old)
    python tests/benchmarks/bench_floor.py 1000 10000 --before /tmp/old   # before and after, one run
    python tests/benchmarks/bench_floor.py 1000 --before /tmp/old --before-accel   # both with rl-accel

``perf_game.py DIR N`` writes the game, ``perf_floor.py OUT --n N --font ttf --full --cutmarks``
draws the floor, ``deckwright build DIR --no-backs -o OUT`` is the build: whole processes, byte
code cached (one warm-up run each, which also writes it), then 3 interleaved runs, the minimum of
each as wall-clock seconds and the CPU seconds of that process (children's rusage), the ratio
build / floor. ``--no-accel`` hides ReportLab's C helpers (``_rl_accel``) from both processes.
``--before DIR`` adds, interleaved in the same runs, the floor without rl-accel and the build of
the checkout in DIR without it (its ``generator.cli.main``, DIR first on the path): the state
before rl-accel was a dependency; with ``--before-accel`` both keep rl-accel (an older checkout
against this one, both as installed today). ``--bench DIR`` names the folder of the yardstick
scripts.
Not part of the test suite.
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
BENCH = next((p for p in (ROOT.parent / "shared" / "bench", Path("/work/shared/bench")) if p.is_dir()), None)


# the older checkout's command line, not the editable install's (whose finder comes first); named
# 'deckwright' before ``generator`` is imported, so it sets up as the program does (collector)
OLD = (
    "import sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f)]; "
    "sys.path.insert(0, {tree!r}); sys.argv[0] = 'deckwright'; from generator.cli import main; main()"
)


def floor_command(py: str, bench: Path, out: Path, n: int) -> list[str]:
    """The yardstick's floor: ``perf_floor.py`` drawing the same N cards with bare ReportLab."""
    return [
        py,
        str(bench / "perf_floor.py"),
        str(out),
        "--n",
        str(n),
        "--font",
        "ttf",
        "--full",
        "--cutmarks",
    ]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one process run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str]) -> None:
    bench = Path(argv[argv.index("--bench") + 1]) if "--bench" in argv else BENCH
    if bench is None:
        sys.exit("the yardstick scripts were not found: give --bench DIR")
    sizes = [int(a) for a in argv if a.isdigit()] or [1000]
    py = str(Path(sys.executable))
    deckwright = str(Path(sys.executable).with_name("deckwright"))
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        shim = Path(tmp) / "shim"
        shim.mkdir()
        (shim / "_rl_accel.py").write_text("raise ImportError('hidden by bench_floor')\n")
        plain = {**env, "PYTHONPATH": str(shim)}
        if "--no-accel" in argv:
            env = plain
        before = Path(argv[argv.index("--before") + 1]).resolve() if "--before" in argv else None
        if "--before-accel" in argv:
            plain = env
        print(
            f"{'cards':>7} {'floor s (CPU)':>16} {'build s (CPU)':>16} {'ratio wall (CPU)':>18}   load: "
            + " ".join(f"{x:.2f}" for x in os.getloadavg())
        )
        for n in sizes:
            game = Path(tmp) / f"game{n}"
            subprocess.run([py, str(bench / "perf_game.py"), str(game), str(n)], check=True)
            floor_cmd = floor_command(py, bench, Path(tmp) / "floor.pdf", n)
            cmds = {
                "floor": (floor_cmd, env),
                "build": ([deckwright, "build", str(game), "--no-backs", "-o", str(Path(tmp) / "out")], env),
            }
            if before is not None:
                cmds["floor before"] = (floor_cmd, plain)
                cmds["build before"] = (
                    [
                        py,
                        "-c",
                        OLD.format(tree=str(before)),
                        "build",
                        str(game),
                        "--no-backs",
                        "-o",
                        str(Path(tmp) / "old"),
                    ],
                    plain,
                )
            for cmd, e in cmds.values():
                timed(cmd, e)  # warm-up: byte code written, files cached
            runs: dict[str, list[tuple[float, float]]] = {k: [] for k in cmds}
            for _ in range(3):
                for kind, (cmd, e) in cmds.items():
                    runs[kind].append(timed(cmd, e))
            pairs = [("", "floor", "build")] + (
                [("before", "floor before", "build before")] if before else []
            )
            for label, f, b in pairs:
                floor, build = min(runs[f]), min(runs[b])
                fcpu, bcpu = min(c for _, c in runs[f]), min(c for _, c in runs[b])
                print(
                    f"{n:>7} {floor[0]:>8.2f} ({fcpu:.2f}) {build[0]:>8.2f} ({bcpu:.2f}) "
                    f"{build[0] / floor[0]:>9.2f} ({bcpu / fcpu:.2f}) {label}",
                    flush=True,
                )


if __name__ == "__main__":
    main(sys.argv[1:])
