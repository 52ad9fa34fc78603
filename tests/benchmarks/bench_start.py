"""Benchmark: what a card build's fixed start-up is made of, as whole processes on the yardstick.

    python tests/benchmarks/bench_start.py            # one card, 7 interleaved runs
    python tests/benchmarks/bench_start.py 1 1000 --runs 5

Each row is a whole process (interpreter start to exit, byte code cached), the minimum CPU
seconds (user + system) of ``--runs`` interleaved runs after one warm-up each; the rows of one
size share the runs. The import rows add one library or stage at a time, so the differences
between rows are what each costs: bare Python; ReportLab as the floor uses it; PyYAML;
pydantic (with its plugin loader, which its first validator imports); typer (with the pydantic
adapters it builds per option); every module of ``generator`` a build imports; then the build of
the yardstick's game with its N cards, first called directly (``load_game`` and ``build_kit``,
no command line, the collector paused over the imports as the program pauses it), then as the
program (``deckwright build DIR --no-backs``), and the floor (``perf_floor.py``) drawing the
same cards. Not part of the test suite.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_floor import floor_command  # the script's own folder is on the path

ROOT = Path(__file__).resolve().parents[2]
BENCH = next((p for p in (ROOT.parent / "shared" / "bench", Path("/work/shared/bench")) if p.is_dir()), None)

RL = "import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts"
YAML = f"{RL}; import yaml"
PYDANTIC = f"{YAML}; import pydantic, pydantic.plugin._loader; from pydantic import BaseModel, TypeAdapter"
TYPER = f"{PYDANTIC}; import typer, typer.main, typer._adapters"
OURS = (
    f"{TYPER}; import gc; gc.disable()\n"
    "import generator.cli.build, generator.kit.assemble, generator.kit.build, generator.lang.edition\n"
    "import generator.load.loader, generator.layout.card, generator.render.draw, generator.proof.gate\n"
    "gc.freeze(); gc.enable()"
)
DIRECT = (
    "import gc, os, sys; from pathlib import Path; gc.disable()\n"
    "from generator.kit.assemble import build_kit\nfrom generator.kit.build import BuildOptions\n"
    "from generator.load.loader import load_game\ngc.freeze(); gc.enable()\n"
    "build_kit(load_game(Path(sys.argv[1])), BuildOptions(out_dir=Path(sys.argv[2]), backs=False))\n"
    "sys.stdout.flush(); os._exit(0)"
)


def cpu(cmd: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one process run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def rows(py: str, bench: Path, tmp: Path, n: int) -> dict[str, list[str]]:
    game, out = tmp / f"game{n}", tmp / "out"
    subprocess.run([py, str(bench / "perf_game.py"), str(game), str(n)], check=True)
    deckwright = str(Path(py).with_name("deckwright"))
    return {
        "bare Python": [py, "-c", "pass"],
        "+ ReportLab (as the floor imports it)": [py, "-c", RL],
        "+ PyYAML": [py, "-c", YAML],
        "+ pydantic": [py, "-c", PYDANTIC],
        "+ typer": [py, "-c", TYPER],
        "+ the build's own modules": [py, "-c", OURS],
        f"build of {n} card(s), called directly": [py, "-c", DIRECT, str(game), str(out)],
        f"build of {n} card(s), the program": [deckwright, "build", str(game), "--no-backs", "-o", str(out)],
        f"floor, {n} card(s)": floor_command(py, bench, tmp / "floor.pdf", n),
    }


def main(argv: list[str]) -> None:
    if BENCH is None:
        sys.exit("the yardstick scripts were not found")
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 7
    sizes = [int(a) for i, a in enumerate(argv) if a.isdigit() and (i == 0 or argv[i - 1] != "--runs")] or [1]
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        print("load: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        for n in sizes:
            cmds = rows(py, BENCH, Path(tmp), n)
            for cmd in cmds.values():
                cpu(cmd, env)  # warm-up: byte code written, files cached
            got: dict[str, list[float]] = {k: [] for k in cmds}
            for _ in range(runs):
                for kind, cmd in cmds.items():
                    got[kind].append(cpu(cmd, env))
            last = 0.0
            for i, (kind, times) in enumerate(got.items()):
                best = min(times)
                step = f"(+{best - last:.3f})" if 0 < i < 6 else ""
                print(f"{kind:<42} {best:6.3f} {step}")
                last = best
            print(flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
