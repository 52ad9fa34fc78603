"""Benchmark: the live preview's resident memory over repeated rebuilds (issue 36, item 4).

    python tests/benchmarks/bench_preview_memory.py [N] [--every K]

Copies the bundled Road Runner into a temporary folder, starts a ``watch`` session with the
preview on it (``serve``'s ``Preview``: faces, pages, findings and the proofreader after every
good build), then edits one card's text N times (default 100; two texts alternate, so every save
is a real change) and hands each outcome to the preview as ``serve`` does. Every K rebuilds
(default 10) it prints the process's resident set (``/proc/self/statm``) and the load average.
Flat means the last figures stay within a few MB of the figure after the first K rebuilds.
Linux only (``/proc``). Not part of the test suite.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

OLD = "flavor: The bird swerves."


def rss_mb() -> float:
    """This process's resident set in MB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def measure(n: int, every: int) -> list[tuple[int, float, float]]:
    """(rebuilds done, RSS MB, 1-minute load) after the first build and every ``every`` rebuilds."""
    from generator.core.options import BuildOptions
    from generator.serve.preview import Preview
    from generator.serve.watch import Session

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "road-runner"
        shutil.copytree(ROOT / "carddata" / "road-runner", game)
        session = Session(str(game), BuildOptions(out_dir=Path(tmp) / "out"))
        preview = Preview(session)
        preview.apply(session.start())
        rows.append((0, rss_mb(), os.getloadavg()[0]))
        cards = game / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        if OLD not in text:
            raise SystemExit("the benchmark's card text is gone from road-runner/cards.yaml: pick another")
        for i in range(1, n + 1):
            cards.write_text(text.replace(OLD, OLD[:-1] + ("!" if i % 2 else "?"), 1), encoding="utf-8")
            outcome = session.changed([cards])
            if not outcome.ok:
                raise SystemExit(f"rebuild failed: {outcome.problems or outcome.error}")
            preview.apply(outcome)
            if i % every == 0:
                rows.append((i, rss_mb(), os.getloadavg()[0]))
    return rows


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv and argv[0].isdigit() else 100
    every = int(argv[argv.index("--every") + 1]) if "--every" in argv else 10
    started = time.perf_counter()
    print(f"{'rebuilds':>8} {'RSS MB':>8}   load")
    for done, mb, load in measure(n, every):
        print(f"{done:>8} {mb:>8.1f}   {load:.2f}", flush=True)
    print(f"{n} rebuilds in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
