"""Benchmark: the full Deckwright pipeline against a bare-ReportLab floor, in the same run.

Builds N synthetic poker cards (title, icon, three lines of fitted text), fronts only, 9 per A4
sheet, through load -> validate -> layout -> render -> write, and draws the same content with a
bare ReportLab script. Each variant runs in its own process so peak memory is its own.

    python3 tasks.py bench            # 1,000 and 10,000 cards
    python tests/benchmarks/bench_pipeline.py 500 2000
    python tests/benchmarks/bench_pipeline.py --whole 1000 --repeat 5
    git worktree add /tmp/old <commit> && python tests/benchmarks/bench_pipeline.py --whole 1000 --tree /tmp/old

The first table times the work inside each process (imports excluded): cards per second for
both, the ratio (pipeline time / floor time) and the peak resident memory of each process.
The second table times whole processes from start to exit, as a user waits for them:
``python -m generator build GAME --no-backs`` against ``python`` running the bare script (its
imports included), the median of ``--repeat`` runs (default 3) each, interleaved so that a busy
machine slows both alike, as wall-clock seconds with CPU seconds in brackets; target ratio <= 1.5.
Byte code is cached for every process (in a temporary PYTHONPYCACHEPREFIX, even where the shell
sets PYTHONDONTWRITEBYTECODE), as an installed package has it.
It also times ``python -m generator --help`` (start-up) and ``python -c pass`` (the interpreter
alone); ``--tree DIR`` adds the same for another checkout. It covers the first size given, or
every size with ``--whole`` (which leaves the first table out). Not part of the test suite.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORDS = [
    "rocket",
    "anvil",
    "canyon",
    "sprint",
    "dust",
    "coyote",
    "bird",
    "trap",
    "spring",
    "cliff",
    "mesa",
    "road",
    "boulder",
    "cactus",
    "magnet",
    "fuse",
    "kaboom",
    "skid",
    "zoom",
    "gravity",
    "ledge",
    "sling",
    "crate",
    "paint",
    "tunnel",
]


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _cards(n: int) -> list[tuple[str, str]]:
    rng = random.Random(1234)
    return [(f"Card {i + 1} {rng.choice(WORDS).title()}", _sentence(rng, 16)) for i in range(n)]


GAME = """\
name: bench
title: Benchmark
card_fields:
  text: text
decks:
  - name: cards
    size: poker
    template: bench-front
    cards: [cards.yaml]
icons:
  rocket: thruster.svg
"""

TEMPLATE = """\
elements:
  - {type: rect, box: [3mm, 3mm, 57.5mm, 82.9mm], radius: 2mm, stroke: "#333333", stroke_width: 1pt}
  - {type: text, box: [5mm, 5mm, 53.5mm, 9mm], text: "{name}", font: Lato, bold: true, size: 14pt, min_size: 8pt}
  - {type: icon, box: [21.75mm, 18mm, 20mm, 20mm], icon: rocket, color: "#333333"}
  - {type: text, box: [5mm, 45mm, 53.5mm, 17mm], text: "{text}", size: 10pt, min_size: 6pt}
"""


def write_game(folder: Path, n: int) -> Path:
    """The synthetic game of ``n`` cards in ``folder`` (created); return the folder."""
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "templates" / "bench-front.yaml").write_text(TEMPLATE)
    lines = ["cards:"]
    for name, text in _cards(n):
        lines += [f"  - name: {name}", f"    text: {text}"]
    (folder / "cards.yaml").write_text("\n".join(lines) + "\n")
    return folder


def run_pipeline(n: int) -> None:
    sys.path.insert(0, str(ROOT))
    from generator.kit.build import BuildOptions, build_game
    from generator.load.loader import load_game

    with tempfile.TemporaryDirectory() as tmp:
        folder = write_game(Path(tmp) / "bench", n)
        start = time.perf_counter()
        game = load_game(folder)
        build_game(game, BuildOptions(out_dir=Path(tmp) / "out", backs=False))
        _report(time.perf_counter() - start)


def run_floor(n: int, out: Path | None = None) -> None:
    """The same cards drawn directly: frame, title, icon (one form), three pre-wrapped lines."""
    start = time.perf_counter()
    from reportlab.graphics import renderPDF
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from svglib.svglib import svg2rlg

    with tempfile.TemporaryDirectory() as tmp:
        if out is None:
            start = time.perf_counter()  # the in-process table leaves imports out
        pdfmetrics.registerFont(TTFont("L", str(ROOT / "fonts/lato/Lato-Regular.ttf")))
        pdfmetrics.registerFont(TTFont("LB", str(ROOT / "fonts/lato/Lato-Bold.ttf")))
        c = Canvas(str(out or Path(tmp) / "floor.pdf"), pagesize=(210 * mm, 297 * mm), invariant=1)
        drawing = svg2rlg(str(ROOT / "templates/icons/thruster.svg"))
        c.beginForm("icon", 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm()
        w, h = 63.5 * mm, 88.9 * mm
        x0, y0 = (210 * mm - 3 * w) / 2, (297 * mm - 3 * h) / 2
        for i, (name, text) in enumerate(_cards(n)):
            if i and i % 9 == 0:
                c.showPage()
            col, row = i % 3, (i % 9) // 3
            x, y = x0 + col * w, y0 + (2 - row) * h
            c.roundRect(x + 3 * mm, y + 3 * mm, w - 6 * mm, h - 6 * mm, 2 * mm)
            c.setFont("LB", 14)
            c.drawString(x + 5 * mm, y + h - 12 * mm, name)
            c.saveState()
            c.translate(x + 21.75 * mm, y + h - 38 * mm)
            c.scale(20 * mm / drawing.width, 20 * mm / drawing.height)
            c.doForm("icon")
            c.restoreState()
            words = text.split()
            c.setFont("L", 10)
            for k in range(3):
                c.drawString(x + 5 * mm, y + h - (50 + 5 * k) * mm, " ".join(words[k * 6 : (k + 1) * 6]))
        c.save()
        _report(time.perf_counter() - start)


def _report(seconds: float) -> None:
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "peak_mib": peak_kib / 1024}))


def _measure(kind: str, n: int) -> dict:
    result = subprocess.run(
        [sys.executable, __file__, "--worker", kind, str(n)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def _byte_code_env(cache: Path) -> dict[str, str]:
    """The environment of the timed processes: byte code written to and read from ``cache``.

    An installed package has its byte code compiled; a development shell that sets
    PYTHONDONTWRITEBYTECODE would make every run compile the pipeline's own modules again
    (about 0.14 s CPU that no user pays, and the floor, all of it in site-packages, does not
    pay either)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def _timed(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one whole process, start to exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_process(sizes: list[int], repeat: int, tree: Path | None = None) -> None:
    """The second table: whole processes, medians of ``repeat`` interleaved runs, wall clock and
    CPU time (CPU time varies less on a busy machine). With ``tree`` (another checkout, e.g. a
    ``git worktree`` of an older commit) its ``--help`` and build are timed in the same runs."""
    py = sys.executable
    print(f"\nwhole processes, median of {repeat} runs, seconds wall (cpu)")
    print(
        f"{'cards':>7} {'python':>13} {'--help':>13} {'floor':>13} {'build':>13} {'build c/s':>10} {'ratio':>11}"
    )
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            game = write_game(Path(tmp) / "bench", n)
            commands = {
                "python": [py, "-c", "pass"],
                "help": [py, "-m", "generator", "--help"],
                "floor": [py, __file__, "--floor-file", str(n), str(Path(tmp) / "floor.pdf")],
                "build": [
                    py,
                    "-m",
                    "generator",
                    "build",
                    str(game),
                    "--no-backs",
                    "-o",
                    str(Path(tmp) / "out"),
                ],
            }
            where = dict.fromkeys(commands, ROOT)
            if tree is not None:  # python -m runs the package found in the working directory
                commands["tree help"], where["tree help"] = commands["help"], tree
                commands["tree build"], where["tree build"] = commands["build"], tree
            env = _byte_code_env(Path(tmp) / "pycache")
            for kind, cmd in commands.items():  # warm the file cache and the byte code once
                _timed(cmd, where[kind], env)
            runs: dict[str, list[tuple[float, float]]] = {kind: [] for kind in commands}
            for _ in range(repeat):
                for kind, cmd in commands.items():
                    runs[kind].append(_timed(cmd, where[kind], env))
            wall = {kind: statistics.median(t[0] for t in times) for kind, times in runs.items()}
            cpu = {kind: statistics.median(t[1] for t in times) for kind, times in runs.items()}
            cell = {kind: f"{wall[kind]:.3f} ({cpu[kind]:.3f})" for kind in commands}
            ratio = f"{wall['build'] / wall['floor']:.2f} ({cpu['build'] / cpu['floor']:.2f})"
            print(
                f"{n:>7} {cell['python']:>13} {cell['help']:>13} {cell['floor']:>13} {cell['build']:>13} "
                f"{n / wall['build']:>10.0f} {ratio:>11}"
            )
            if tree is not None:
                ratio = f"{wall['tree build'] / wall['floor']:.2f} ({cpu['tree build'] / cpu['floor']:.2f})"
                print(
                    f"{'(tree)':>7} {'':>13} {cell['tree help']:>13} {'':>13} {cell['tree build']:>13} "
                    f"{n / wall['tree build']:>10.0f} {ratio:>11}"
                )


def main(argv: list[str]) -> None:
    if argv[:1] == ["--worker"]:
        {"pipeline": run_pipeline, "floor": run_floor}[argv[1]](int(argv[2]))
        return
    if argv[:1] == ["--floor-file"]:
        run_floor(int(argv[1]), Path(argv[2]))
        return
    repeat, tree = 3, None
    if "--repeat" in argv:
        at = argv.index("--repeat")
        repeat = int(argv[at + 1])
        del argv[at : at + 2]
    if "--tree" in argv:
        at = argv.index("--tree")
        tree = Path(argv[at + 1]).resolve()
        del argv[at : at + 2]
    whole_only = "--whole" in argv
    sizes = [int(a) for a in argv if a != "--whole"] or [1000, 10000]
    if not whole_only:
        print(
            f"{'cards':>7} {'floor c/s':>10} {'pipeline c/s':>13} {'ratio':>6} {'floor MiB':>10} {'pipeline MiB':>13}"
        )
        for n in sizes:
            floor = min((_measure("floor", n) for _ in range(2)), key=lambda r: r["seconds"])
            pipe = min((_measure("pipeline", n) for _ in range(2)), key=lambda r: r["seconds"])
            print(
                f"{n:>7} {n / floor['seconds']:>10.0f} {n / pipe['seconds']:>13.0f} "
                f"{pipe['seconds'] / floor['seconds']:>6.2f} {floor['peak_mib']:>10.1f} {pipe['peak_mib']:>13.1f}"
            )
    whole_process(sizes[:1] if not whole_only else sizes, repeat, tree)


if __name__ == "__main__":
    main(sys.argv[1:])
