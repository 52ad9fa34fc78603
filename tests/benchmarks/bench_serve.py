"""Benchmark: `deckwright serve` on Road Runner, save one edited card -> the page can show it.

Copies the bundled Road Runner into a temporary folder and serves it (the real file watcher,
its 200 ms debounce included) on a free loopback port. Then, N times, edits one card's flavour
text in cards.yaml and times from the save to the moment an event-stream client that fetches
``/api/state`` on each event sees the card's new front picture: what the page waits for, less
the image download. Each save waits for the previous one's PDFs to be written (edits seconds
apart, as a designer makes them).

    python tests/benchmarks/bench_serve.py [N]

Prints the median and worst latency. Target: under a second. Not part of the test suite.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
OLD = "flavor: The bird swerves."


def _state(url: str) -> dict:
    with urllib.request.urlopen(url + "api/state", timeout=30) as response:
        return json.load(response)


def _front(url: str, name: str) -> str:
    return next(c["front"]["url"] for c in _state(url)["cards"] if c["name"] == name)


def copied_game(root: Path, tmp: Path) -> tuple[Path, str]:
    """Road Runner copied from the checkout at ``root`` into ``tmp``: its cards file and text."""
    game = tmp / "road-runner"
    shutil.copytree(root / "carddata" / "road-runner", game)
    cards = game / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    if OLD not in text:
        raise SystemExit("the benchmark's card text is gone from road-runner/cards.yaml: pick another")
    return cards, text


def start_serving(game: Path, out: Path) -> tuple[str, threading.Event, threading.Thread]:
    """``serve`` of ``game`` (the real file watcher) on a free loopback port in a thread, once it
    listens: its address, the event that stops it, the thread."""
    from generator.core.options import BuildOptions
    from generator.serve.run import serve

    stop, ready, where = threading.Event(), threading.Event(), []

    def started(server: object) -> None:
        where.append(server.url)  # type: ignore[attr-defined]
        ready.set()

    args = (str(game), BuildOptions(out_dir=out), "127.0.0.1", 0, started, lambda o: None, stop)
    thread = threading.Thread(target=serve, args=args, daemon=True)
    thread.start()
    ready.wait(60)
    return where[0], stop, thread


def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cards, text = copied_game(ROOT, Path(tmp))
        name = text[: text.index(OLD)].rsplit("- name: ", 1)[1].split("\n", 1)[0].strip()
        started_at = time.perf_counter()
        url, stop, thread = start_serving(cards.parent, Path(tmp) / "out")
        while _state(url)["status"] != "ok":
            time.sleep(0.05)
        print(f"first build and pictures (whole kit): {time.perf_counter() - started_at:.2f} s")
        times = []
        events = urllib.request.urlopen(url + "events", timeout=60)  # as the page: wait, then fetch
        for i in range(n):
            before = _front(url, name)
            time.sleep(0.3)  # let the watcher settle: each save is its own burst
            cards.write_text(text.replace(OLD, OLD[:-1] + ("!" if i % 2 == 0 else "?"), 1), encoding="utf-8")
            saved = time.perf_counter()
            while True:
                line = events.readline()
                if line.startswith(b"data:") and _front(url, name) != before:
                    break
            times.append(time.perf_counter() - saved)
            while "rebuilt" not in _state(url)["line"]:  # the PDFs written: the session is idle again
                events.readline()
        events.close()
        stop.set()
        thread.join(30)
        print(f"one card ('{name}') edited, {n} times: save -> new picture in the page's state")
        print(f"  median {statistics.median(times):.3f} s, worst {max(times):.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
