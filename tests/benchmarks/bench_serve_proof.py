"""Benchmark: `deckwright serve` on Road Runner, save one edited card -> the page shows the
proofreader's findings on the rebuilt kit (the pictures come first; this times the second step).

Copies the bundled Road Runner into a temporary folder and serves it (the real file watcher, its
200 ms debounce included) on a free loopback port; then, N times, edits one card's flavour text
and times from the save to the moment ``/api/state`` says the new build was proofread
(``proofread in ... s`` on its line, nothing left to check). Prints the median and worst wall
time, and the process's CPU seconds per edit (all threads: on a shared machine the figure to
compare). ``--tree DIR`` runs the checkout in DIR instead (``git archive main | tar -x -C DIR``),
so before and after can be run one after the other::

    python tests/benchmarks/bench_serve_proof.py 10 --tree /tmp/old
    python tests/benchmarks/bench_serve_proof.py 10

Not part of the test suite.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench_serve import OLD, copied_game, start_serving  # the script's own folder is on the path


def _state(url: str) -> dict:
    with urllib.request.urlopen(url + "api/state", timeout=60) as response:
        return json.load(response)


def _proofread(url: str, after: int) -> dict | None:
    """The state once a version after ``after`` was proofread, else None."""
    state = _state(url)
    done = state["version"] > after and state["proofing"] == "" and "proofread in" in state["line"]
    return state if done else None


def main(n: int, root: Path) -> None:
    import generator

    print(f"checkout: {Path(generator.__file__).parents[1]}")
    with tempfile.TemporaryDirectory() as tmp:
        cards, text = copied_game(root, Path(tmp))
        wall, cpu = time.perf_counter(), time.process_time()
        url, stop, thread = start_serving(cards.parent, Path(tmp) / "out")
        while _proofread(url, 0) is None:
            time.sleep(0.05)
        print(
            f"first build, pictures and proofreading (whole kit): {time.perf_counter() - wall:.2f} s "
            f"({time.process_time() - cpu:.2f} s CPU)"
        )
        walls, cpus = [], []
        for i in range(n):
            version = _state(url)["version"]
            time.sleep(0.3)  # let the watcher settle: each save is its own burst
            cards.write_text(text.replace(OLD, OLD[:-1] + ("!" if i % 2 == 0 else "?"), 1), encoding="utf-8")
            wall, cpu = time.perf_counter(), time.process_time()
            while _proofread(url, version) is None:
                time.sleep(0.02)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        stop.set()
        thread.join(30)
        print(f"one card edited, {n} times: save -> the rebuilt deck proofread on the page")
        print(f"  wall median {statistics.median(walls):.3f} s, worst {max(walls):.3f} s")
        print(f"  CPU  median {statistics.median(cpus):.3f} s, worst {max(cpus):.3f} s")


if __name__ == "__main__":
    argv = sys.argv[1:]
    tree = Path(__file__).resolve().parents[2]
    if "--tree" in argv:
        at = argv.index("--tree")
        tree = Path(argv[at + 1]).resolve()
        del argv[at : at + 2]
        sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f)]
    sys.path.insert(0, str(tree))
    main(int(argv[0]) if argv else 10, tree)
