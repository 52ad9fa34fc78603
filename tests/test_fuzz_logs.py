"""A small seeded sample of the playtest-log fuzzer (``tests/fuzz/fuzz_logs.py``, run on demand
with 10,000 logs): damaged logs of all five games, a Jaunty Jalopies Rally among the sources,
give a clean result or located problems, never a traceback."""

from __future__ import annotations

from tests.fuzz.fuzz_logs import GAMES, run


def test_damaged_logs_of_every_game_never_end_in_a_traceback():
    summary = run(logs=40, seed=7, simulated=2)
    assert summary["per_game"] == dict.fromkeys(GAMES, 8)
    assert summary["failures"] == [], summary["failures"][0]["why"] if summary["failures"] else ""
