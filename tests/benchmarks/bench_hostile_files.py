"""Time and peak memory of `deckwright check` on each hostile file of issue 39 (the cases of
tests/test_hostile_files.py), one fresh process each, refused or not.

    python tests/benchmarks/bench_hostile_files.py            # every case
    python tests/benchmarks/bench_hostile_files.py svg ods    # the cases whose name holds a word

Prints one line per case: seconds (wall), peak resident memory of the process, exit code, input
size, and the first line it printed on stderr. The aim (issue 39): under 10 s and 500 MB each.
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.conftest import write_game  # noqa: E402
from tests.test_hostile_files import CASES, _write  # noqa: E402


def measure(name: str, files: dict, folder: Path) -> str:
    game = write_game(folder / name / "mini")
    _write(game, files)
    size = sum(p.stat().st_size for p in game.rglob("*") if p.is_file())
    command = [sys.executable, "-m", "generator", "check", "mini"]
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: run the check alone, so its peak memory is its own
        os.chdir(folder / name)
        err = os.open(folder / name / "err.txt", os.O_WRONLY | os.O_CREAT)
        os.dup2(err, 2)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.execv(sys.executable, command)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    said = (folder / name / "err.txt").read_text(errors="replace").splitlines()
    first = said[0][:110] if said else ""
    code = os.waitstatus_to_exitcode(status)
    return f"{name:38} {seconds:6.2f} s {usage.ru_maxrss / 1024:7.0f} MB  exit {code}  {size / 1024:7.0f} KB  {first}"


def main(words: list[str]) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))  # a runaway fails instead of swapping
    with tempfile.TemporaryDirectory() as tmp:
        for name, files, _ in CASES:
            if not words or any(w in name for w in words):
                print(measure(name, files, Path(tmp)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
