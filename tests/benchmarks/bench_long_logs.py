"""Replay time of long hostile playtest logs, per game (issue 39: Jaunty Jalopies' replay was
quadratic, 10,000 entries 42 s and 20,000 151 s; now linear).

    .venv/bin/python tests/benchmarks/bench_long_logs.py [--entries 5000,10000,20000]

For each length it writes a log of a bundled playtest's setup followed by that many entries
played without end (Jaunty Jalopies: Mishaps on one another with a draw every other entry, the
plots piling up; the other games: their bundled log's entries repeated), replays it as ``log
check`` does and prints the seconds and the peak memory of the replay.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.core import paths
from generator.load.loader import load_game
from generator.rules.logcheck import check_logs

BASE = {
    "jaunty-jalopies": "standard-race.yaml",
    "jokers-row": "table-game.yaml",
    "road-runner": None,
    "maloney": None,
    "entenrallye": "table-of-three.yaml",
}


def jaunty(entries: int) -> str:
    source = (paths.CARDDATA / "jaunty-jalopies" / "playtests" / "standard-race.yaml").read_text(
        encoding="utf-8"
    )
    head = source[: source.index("log:\n") + len("log:\n")]
    names, cards = ["Amy", "Ben", "Cleo"], ["Lost the Map", "Flat Tire", "Heebie-Jeebies"]
    lines = []
    k = 0
    while len(lines) < entries:
        who, target = names[k % 3], names[(k + 1) % 3]
        lines.append(
            f"  - {{turn: {k + 1}, player: {who}, action: mishap, card: {cards[k % 3]}, target: {target}}}\n"
        )
        if k % 2:
            lines.append(f"  - {{turn: {k + 1}, player: {who}, action: draw}}\n")
        k += 1
    return head + "".join(lines[:entries])


def repeated(game: str, entries: int) -> str | None:
    logs = sorted((paths.CARDDATA / game / "playtests").glob("*.yaml"))
    name = BASE.get(game)
    path = next((p for p in logs if p.name == name), logs[0] if logs else None)
    if path is None:
        return None
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(text) if line.startswith("log:"))
    body = [line for line in text[start + 1 :] if line.startswith("  - ")]
    head = "".join(text[: start + 1])
    out = (body * (entries // max(1, len(body)) + 1))[:entries]
    return head + "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", default="5000,10000,20000")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in BASE:
            loaded = load_game(game)
            for n in (int(x) for x in args.entries.split(",")):
                text = jaunty(n) if game == "jaunty-jalopies" else repeated(game, n)
                if text is None:
                    continue
                path = Path(folder) / f"{game}-{n}.yaml"
                path.write_text(text, encoding="utf-8")
                tracemalloc.start()
                t0 = time.perf_counter()
                (report,) = check_logs(loaded, [path])
                spent = time.perf_counter() - t0
                peak = tracemalloc.get_traced_memory()[1] / 2**20
                tracemalloc.stop()
                found = len(report.replay.violations) if report.replay else len(report.problems)
                print(f"{game:16} {n:6} entries  {spent:6.2f} s  peak {peak:6.1f} MiB  {found} reports")


if __name__ == "__main__":
    main()
