"""Benchmark: where a card build's CPU time goes, phase by phase, in one process.

    python tests/benchmarks/bench_phases.py 1000 10000               # this checkout
    git archive main | (mkdir /tmp/old && tar -x -C /tmp/old)
    python tests/benchmarks/bench_phases.py 1000 10000 --before /tmp/old   # both, side by side

The game is the shared yardstick's (``perf_game.py DIR N``: N poker cards, title and ~170-character
body); the build is ``deckwright build DIR --no-backs``, run by ``generator.cli.main`` in a child
process (one per figure, the minimum of ``--runs``, 3, after a warm-up that writes the byte code)
whose functions are wrapped with ``time.process_time`` timers. Each phase is counted without the
phases nested in it (the page gate runs inside the page's end, fonts are parsed inside the
layout), so the rows add up to the total; "start + imports" is the interpreter's start and the
imports of ``generator.cli.build`` and ``generator.kit.assemble``. The timers add about 1 µs a
call. Not part of the test suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = next((p for p in (ROOT.parent / "shared" / "bench", Path("/work/shared/bench")) if p.is_dir()), None)

CHILD = r"""
import json, os, sys, time
tree, game, out = sys.argv[1:4]
if tree:
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f)]
    sys.path.insert(0, tree)
sys.argv = ["deckwright", "build", game, "--no-backs", "-o", out]
os._exit = lambda code: None
acc, stack = {}, []

def timed(label, f):
    def call(*a, **k):
        stack.append(0.0)
        t = time.process_time()
        try:
            return f(*a, **k)
        finally:
            took = time.process_time() - t
            inner = stack.pop()
            acc[label] = acc.get(label, 0.0) + took - inner
            if stack:
                stack[-1] += took
    return call

import generator.cli, generator.cli.build, generator.kit.assemble
import generator.kit.build as kb, generator.load.loader as ll, generator.layout.deck as ld
import generator.proof.gate as pg, generator.render.packed as rp
import reportlab.pdfgen.canvas as rc, reportlab.pdfbase.ttfonts as tt
start = time.process_time()
ll.load_game = timed("load the game (YAML, card models)", ll.load_game)
tt.TTFontFile.__init__ = timed("fonts parsed", tt.TTFontFile.__init__)
ld.DeckFaces.faces = timed("lay out the faces (text fitting)", ld.DeckFaces.faces)
kb.draw_card = timed("draw the faces, record them", kb.draw_card)
kb._note_card = timed("draw the faces, record them", kb._note_card)
kb.draw_marks = timed("crop marks, recorded", kb.draw_marks)
kb.finish_sheet = timed("sheet label, scale bar, page end", kb.finish_sheet)
pg.proofread = timed("page gate (proof rules)", pg.proofread)
rp.packed = timed("page content compressed", rp.packed)
rc.Canvas.save = timed("PDF file written", rc.Canvas.save)
generator.cli.main()
end = time.process_time()
rows = {"start + imports": start, **acc}
rows["the rest (command line, kit, guide)"] = end - start - sum(acc.values())
rows["total"] = end
print(json.dumps(rows))
"""


def measure(tree: str, game: Path, out: Path, runs: int) -> dict[str, float]:
    """The phases of one build, the minimum of ``runs`` child processes each."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(out.parent / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [sys.executable, "-c", CHILD, tree, str(game), str(out)]
    subprocess.run(cmd, env=env, check=True, capture_output=True)  # warm-up: byte code written
    best: dict[str, float] = {}
    for _ in range(runs):
        done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
        for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items():
            best[k] = min(best.get(k, v), v)
    return best


def main(argv: list[str]) -> None:
    if BENCH is None:
        sys.exit("the yardstick scripts (perf_game.py) were not found")
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    sizes = [int(a) for k, a in enumerate(argv) if a.isdigit() and (k == 0 or argv[k - 1] != "--runs")]
    sizes = sizes or [1000]
    before = str(Path(argv[argv.index("--before") + 1]).resolve()) if "--before" in argv else None
    print("load: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            game = Path(tmp) / f"game{n}"
            subprocess.run([sys.executable, str(BENCH / "perf_game.py"), str(game), str(n)], check=True)
            now = measure("", game, Path(tmp) / "out", runs)
            old = measure(before, game, Path(tmp) / "old", runs) if before else None
            print(f"\n{n:,} cards, CPU seconds" + (": before | now" if old else ""))
            for k in now:
                print(f"  {k:40s} " + (f"{old.get(k, 0.0):7.3f} | " if old else "") + f"{now[k]:7.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
