"""Benchmark: `deckwright watch` on Road Runner, one edited card -> its deck's PDF rebuilt.

Copies the bundled Road Runner into a temporary folder, builds the kit once, then edits one
card's text N times (alternating two texts, so every save is a real change) and times
``Session.changed`` for each: the whole rebuild a save triggers (compare the watched files with
the last build, reload and diff the game, lay out and write the 80-card PDF, publish it). The
watcher's own debounce (200 ms after the last event of a burst) is not included. It also times
the same edit of a kit-wide file (components.yaml) for comparison.

    python tests/benchmarks/bench_watch.py [N]

Prints the median and worst wall-clock and CPU time per rebuild. Target: under a second for a
card edit. Not part of the test suite.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _timed(session, path: Path, text: str, old: str, new: str) -> tuple[float, float, str]:
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    wall, cpu = time.perf_counter(), time.process_time()
    outcome = session.changed([path])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if not outcome.ok:
        raise SystemExit(f"rebuild failed: {outcome.problems or outcome.error}")
    return wall, cpu, outcome.scope


def main(n: int) -> None:
    from generator.core.options import BuildOptions
    from generator.serve.watch import Session

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "road-runner"
        shutil.copytree(ROOT / "carddata" / "road-runner", game)
        session = Session(str(game), BuildOptions(out_dir=Path(tmp) / "out"))
        first = session.start()
        print(f"first build (whole kit): {first.seconds:.2f} s")
        cards = game / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        old = "flavor: The bird swerves."
        if old not in text:
            raise SystemExit("the benchmark's card text is gone from road-runner/cards.yaml: pick another")
        rows = []
        for i in range(n):
            rows.append(_timed(session, cards, text, old, old[:-1] + ("!" if i % 2 == 0 else "?")))
        cards.write_text(text, encoding="utf-8")
        session.changed([cards])
        walls, cpus = [r[0] for r in rows], [r[1] for r in rows]
        print(f"one card edited, {n} times -> rebuilt {rows[0][2]}")
        print(f"  wall: median {statistics.median(walls):.3f} s, worst {max(walls):.3f} s")
        print(f"  cpu:  median {statistics.median(cpus):.3f} s, worst {max(cpus):.3f} s")
        parts = game / "components.yaml"
        wall, cpu, scope = _timed(session, parts, parts.read_text(encoding="utf-8"), "\n", "\n# edited\n")
        print(f"components.yaml edited -> rebuilt {scope}: wall {wall:.3f} s, cpu {cpu:.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
