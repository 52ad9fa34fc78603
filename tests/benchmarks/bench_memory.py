"""Benchmark: peak resident memory of a whole ``deckwright build`` against the deck's size.

    python tests/benchmarks/bench_memory.py 1000 10000 30000 100000
    git archive 35046bc | (mkdir /tmp/old35 && tar -x -C /tmp/old35)   # an older commit
    python tests/benchmarks/bench_memory.py 1000 100000 --before /tmp/old35

For each N, the yardstick's ``perf_game.py DIR N`` writes the game (``/work/shared/bench``, used
as it is) and ``deckwright build DIR --no-backs -o OUT`` builds it as one process; its peak
resident set (``ru_maxrss`` of that child, from ``os.wait4``) is printed in MB, with seconds and
the pages written, beside the bare-ReportLab floor's (``perf_floor.py OUT --n N --font ttf --full
--cutmarks``) for the same N. A card file may hold at most 8 MiB, so where ``cards.yaml`` is
larger (about 40,000 of these cards) its cards are moved, in order and unchanged, into as many
files as needed and game.yaml lists them all: the deck and its PDF stay the same.
``--before DIR`` also builds with the checkout in DIR (its ``generator.cli.main``).
Not part of the test suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_floor import BENCH, OLD, floor_command  # the script's own folder is on the path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 8 * 1024 * 1024
"""The most a card file may hold (``generator.core.yamlio.MAX_BYTES``)."""


def peak(cmd: list[str]) -> tuple[float, float]:
    """(peak resident MB, wall seconds) of one process run to its end."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{err}")
    return usage.ru_maxrss / 1024, wall


def split_cards(game: Path) -> int:
    """Move the cards of an oversize ``cards.yaml`` into files of at most LIMIT bytes, in order;
    return how many card files the game lists."""
    cards = game / "cards.yaml"
    if cards.stat().st_size <= LIMIT:
        return 1
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)[1:]  # after "cards:"
    parts: list[list[str]] = [[]]
    size = 0
    for i in range(0, len(lines), 2):  # each card is two lines: "  - name: ...", "    body: ..."
        card = lines[i : i + 2]
        if size + sum(len(s) for s in card) > LIMIT - 100:
            parts.append([])
            size = 0
        parts[-1] += card
        size += sum(len(s) for s in card)
    names = []
    for n, part in enumerate(parts, start=1):
        names.append(f"cards-{n}.yaml")
        (game / names[-1]).write_text("cards:\n" + "".join(part), encoding="utf-8")
    cards.unlink()
    spec = game / "game.yaml"
    spec.write_text(spec.read_text().replace("cards: [cards.yaml]", f"cards: [{', '.join(names)}]"))
    return len(names)


def main(argv: list[str]) -> None:
    bench = Path(argv[argv.index("--bench") + 1]) if "--bench" in argv else BENCH
    if bench is None:
        sys.exit("the yardstick scripts were not found: give --bench DIR")
    before = Path(argv[argv.index("--before") + 1]).resolve() if "--before" in argv else None
    sizes = [int(a) for a in argv if a.isdigit()] or [1000, 10000]
    py = sys.executable
    deckwright = str(Path(py).with_name("deckwright"))
    print(
        f"{'cards':>7} {'files':>5} {'floor MB (s)':>14} {'build MB (s)':>14}"
        + (f" {'before MB (s)':>14}" if before else "")
        + "   load: "
        + " ".join(f"{x:.2f}" for x in os.getloadavg()),
        flush=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            game = Path(tmp) / f"game{n}"
            subprocess.run([py, str(bench / "perf_game.py"), str(game), str(n)], check=True)
            files = split_cards(game)
            floor = peak(floor_command(py, bench, Path(tmp) / "floor.pdf", n))
            build = peak([deckwright, "build", str(game), "--no-backs", "-o", str(Path(tmp) / "out")])
            row = f"{n:>7} {files:>5} {floor[0]:>7.0f} ({floor[1]:>4.0f}) {build[0]:>7.0f} ({build[1]:>4.0f})"
            if before is not None:
                old = peak(
                    [
                        py,
                        "-c",
                        OLD.format(tree=str(before)),
                        "build",
                        str(game),
                        "--no-backs",
                        "-o",
                        str(Path(tmp) / "old"),
                    ]
                )
                row += f" {old[0]:>7.0f} ({old[1]:>4.0f})"
            print(row, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
