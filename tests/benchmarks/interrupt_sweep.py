"""Send SIGINT to a real Deckwright process at fixed moments after it starts; count who handled it.

    python tests/benchmarks/interrupt_sweep.py [--repeat 3] [-- COMMAND...]

The default command is ``python -m generator build --all -o TMP``. Moments: every 10 ms up to
150 ms, then 200 and 300 ms. A signal that lands before Deckwright's first line runs (the
interpreter's own start-up, including the ``.pth`` import hook of an editable install) is handled
by Python; from that line on, Deckwright prints ``interrupted`` and exits 130.
"""

from __future__ import annotations

import collections
import signal
import subprocess
import sys
import tempfile
import time

MOMENTS_MS = (*range(0, 160, 10), 200, 300)


def outcome(code: int, err: str) -> str:
    """Who handled the signal, from the exit code and stderr."""
    if code == 130 and err.strip().splitlines()[-1:] == ["interrupted"] and "Traceback" not in err:
        return "Deckwright: 'interrupted', exit 130"
    if code == -signal.SIGINT and not err:
        return "Python start-up: ended by the signal, no output"
    if "Fatal Python error" in err:
        return "Python start-up: fatal error while importing site (.pth files)"
    if "Traceback" in err:
        return "KeyboardInterrupt traceback"
    return f"other (exit {code})"


def main(argv: list[str]) -> None:
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    with tempfile.TemporaryDirectory() as out:
        command = argv[argv.index("--") + 1 :] if "--" in argv else [
            sys.executable, "-m", "generator", "build", "--all", "-o", out,
        ]  # fmt: skip
        counts: collections.Counter[str] = collections.Counter()
        for moment in MOMENTS_MS:
            for _ in range(repeat):
                child = subprocess.Popen(command, cwd=out, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                time.sleep(moment / 1000)
                child.send_signal(signal.SIGINT)
                _, err = child.communicate(timeout=300)
                counts[outcome(child.returncode, err.decode(errors="replace"))] += 1
    for what, n in counts.most_common():
        print(f"{n:4d}  {what}")


if __name__ == "__main__":
    main(sys.argv[1:])
