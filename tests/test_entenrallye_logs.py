"""Entenrallye playtest logs: legal and illegal logs are bundled (each is replayed against its
``# BAD ... [CODE, ...]`` marks by tests/test_log_cli.py), and a malformed log gets file:line
messages. ``python -m tests.test_entenrallye_logs`` rewrites the
generated logs (see ``regenerate``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from generator import paths
from generator.rules.playthrough import playthrough, to_yaml
from tests.rules_fixtures.logkit import rules, run

GAME = "entenrallye"
PLAYTESTS = paths.CARDDATA / GAME / "playtests"
LOGS = sorted(PLAYTESTS.glob("*.yaml"))
NAMES = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo"]


def test_legal_and_illegal_logs_are_bundled():
    names = [p.name for p in LOGS]
    assert sum(n.startswith("illegal-") for n in names) >= 3
    legal = [p for p in LOGS if not p.name.startswith("illegal")]
    text = "".join(p.read_text(encoding="utf-8") for p in legal)
    assert "moved: 0" in text  # waiting at a meet
    assert "workshop" in text and "check: failed" in text  # sent to a workshop, onto the minus squares
    assert "result:" in text


def test_malformed_log_gets_file_line_messages(run_cli, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: entenrallye\nversion: '1.0'\ndate: 2026-11-20\nplayers: [Ann, Ben]\nlog:\n"
        "  - {turn: 1, player: Ann, action: drve, roll: 3, moved: 1}\n"
        "  - {turn: 2, player: Ben, action: drive, roll: 7, moved: 1}\n",
        encoding="utf-8",
    )
    code, out, err = run_cli("log", "check", GAME, bad)
    text = out + err
    assert code != 0 and "Traceback" not in text
    assert "bad.yaml:6:" in text and "did you mean 'drive'" in text
    assert "bad.yaml:7:" in text and "roll" in text


# -- generated logs -----------------------------------------------------------------------------
def _comment(text: str, marks: dict[int, str]) -> str:
    """Append ``# BAD ...`` comments to the entry lines of a log written by ``to_yaml``."""
    lines = text.splitlines()
    first = lines.index("log:") + 1
    for i, comment in marks.items():
        lines[first + i] += f"  # BAD: {comment}"
    return "\n".join(lines) + "\n"


def _codes(log: dict[str, Any]) -> set[str]:
    return {v.code for v in run(log).violations}


def _with(log: dict[str, Any], i: int, entry: dict[str, Any] | None = None, insert: bool = False):
    entries = [dict(e) for e in log["log"]]
    if insert:
        entries.insert(i, entry)
    else:
        entries[i] = entry
    return {**log, "log": entries}


def illegal_checks(log: dict[str, Any]) -> tuple[dict[str, Any], dict[int, str]]:
    """The legal game broken at the TöV/ASU, the month's end, a late meet and the result."""
    entries, marks = log["log"], {}
    failed = next(i for i, e in enumerate(entries) if e.get("check") == "failed")
    e = {k: v for k, v in entries[failed].items() if k != "minus"} | {"check": "passed"}
    log, marks[failed] = _with(log, failed, e), "too few repair points for the faults [WRONG_CHECK]"
    sent = next(i for i, e in enumerate(entries) if e.get("sent"))
    e = {k: v for k, v in entries[sent].items() if k not in ("sent", "repairs")}
    log, marks[sent] = _with(log, sent, e), "a car that missed the check is not sent [NOT_SENT]"
    passed = next(i for i, e in enumerate(entries) if e.get("check") == "passed" and i > failed)
    e = {k: v for k, v in entries[passed].items() if k != "check"}
    log, marks[passed] = _with(log, passed, e), "the check at the station is not written [CHECK_MISSING]"
    before = _codes(log)
    for i, e in enumerate(entries):
        if e["action"] == "drive" and i not in marks and "score" not in e and e["moved"] > 1:
            trial = _with(log, i, {**e, "score": 3})
            if _codes(trial) - before == {"LATE_SCORE"}:
                log, marks[i] = trial, "this car drove over the meet after its month [LATE_SCORE]"
                break
    winner = log["result"]["winner"]
    loser = next(p for p in log["players"] if p != winner)
    log = {**log, "result": {**log["result"], "winner": loser}}
    return log, marks


def regenerate() -> None:
    """Write the generated logs: two legal games and the broken copy of the first."""
    P = sys.modules[type(rules(GAME)).__module__.rsplit(".", 1)[0]].POLICIES
    three = playthrough(rules(GAME), NAMES[:3], 0, max_entries=20000, policy=P["balanced"])
    two = playthrough(rules(GAME), NAMES[:2], 0, max_entries=20000, policy=P["stylist"])
    for log in (three, two):
        log["date"] = "2026-11-20"
    head = (
        "# A complete legal game of three, played by the 'balanced' simulated player (rules/policy.py)\n"
        "# with seed 0: a car waits at a meet for its month, cars are sent to a workshop at the end\n"
        "# of a check month and onto the minus squares. Regenerate: python -m tests.test_entenrallye_logs\n"
    )
    (PLAYTESTS / "table-of-three.yaml").write_text(head + to_yaml(three), encoding="utf-8")
    head = (
        "# A complete legal game of two 'stylist' simulated players (seed 0): both fit four parts for\n"
        "# every meet, and pay for it at the TöV and ASU. Regenerate: python -m tests.test_entenrallye_logs\n"
    )
    (PLAYTESTS / "two-stylists.yaml").write_text(head + to_yaml(two), encoding="utf-8")
    broken, marks = illegal_checks(three)
    head = (
        "# Broken on purpose: table-of-three.yaml with its checks, a month's end, a late meet and the\n"
        "# result spoiled. Every entry marked BAD is reported with the code in brackets.\n"
    )
    text = _comment(to_yaml(broken), marks)
    winner = f"  winner: {broken['result']['winner']}\n"
    text = text.replace(winner, winner[:-1] + "  # BAD: not the winner [WRONG_WINNER]\n")
    (PLAYTESTS / "illegal-checks.yaml").write_text(head + text, encoding="utf-8")


if __name__ == "__main__":
    regenerate()
