"""Entenrallye playtest logs: legal and illegal logs are bundled (each is replayed against its
``# BAD ... [CODE, ...]`` marks by tests/test_log_cli.py), and a malformed log gets file:line
messages. ``python -m tests.test_entenrallye_logs`` rewrites the
generated logs (see ``regenerate``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.core import paths
from generator.rules.base import Entry
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
    passed = next(i for i, e in enumerate(entries) if e.get("check") == "passed" and i > max(failed, sent))
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


def illegal_repair(log: dict[str, Any], code: str) -> tuple[dict[str, Any], int] | None:
    """The legal game with one repair added after a turn on grey that leaves dice points unspent:
    REPAIR_AFTER_ASU (the car has had its ASU) or REPAIR_OVER_20 (the marker would pass 20);
    the first such place that breaks nothing else. Returns the log and the new entry's index
    (None: the game has no such place)."""
    er = rules(GAME)
    state = er.start(log["players"], er.setup_model.model_validate(log.get("setup") or {}), _ignore)
    for i, raw in enumerate(log["log"]):
        data = er.actions[raw["action"]].model_validate({k: v for k, v in raw.items() if k not in ENTRY})
        er.apply(state, Entry(i, 0, raw["turn"], raw["player"], raw["action"], data), _ignore)
        turn, car = state.turn, state.cars[raw["player"]]
        following = log["log"][i + 1]["action"] if i + 1 < len(log["log"]) else "drive"
        if following not in ("drive", "time") or not turn or not turn.grey or turn.roll < 2 or turn.left < 1:
            continue  # only after the turn's last special action, with dice points left
        if code == "REPAIR_AFTER_ASU" and "asu" in car.checked:
            points = 1
        elif code == "REPAIR_OVER_20" and "asu" not in car.checked and car.repair + turn.left > 20:
            points = 21 - car.repair
        else:
            continue
        entry = {"turn": raw["turn"], "player": raw["player"], "action": "repair", "points": points}
        trial = _with(log, i + 1, entry, insert=True)
        if [v.code for v in run(trial).violations] == [code]:
            return trial, i + 1
    return None


ENTRY = ("turn", "player", "action")


def _ignore(code: str, message: str) -> None:
    """Notes while walking a legal log (there are none)."""


def seeded(players: int, policy: str, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first seeded game (seed 0, 1, ...) of ``policy`` players that shows what ``wanted`` asks."""
    P = sys.modules[type(rules(GAME)).__module__.rsplit(".", 1)[0]].POLICIES
    for seed in range(200):
        log = playthrough(rules(GAME), NAMES[:players], seed, max_entries=20000, policy=P[policy])
        if "winner" in log.get("result", {}) and wanted(log):
            log["date"] = "2026-11-20"
            return log
    raise LookupError(f"no {policy} game of {players} shows it")


def tour(log: dict[str, Any]) -> bool:
    """Waiting at a meet, a car sent to a workshop, a failed check and a pass after both (and,
    checked by the caller, a car driving over a meet too late, for illegal-checks.yaml)."""
    entries = log["log"]
    failed = [i for i, e in enumerate(entries) if e.get("check") == "failed"]
    sent = [i for i, e in enumerate(entries) if "workshop" in e.get("sent", {}).values()]
    waits = any(e["action"] == "drive" and e["moved"] == 0 for e in entries)
    return bool(failed and sent and waits) and any(
        e.get("check") == "passed" and i > max(failed[0], sent[0]) for i, e in enumerate(entries)
    )


def regenerate() -> None:
    """Write the generated logs: two legal games and broken copies of them."""
    three = seeded(3, "balanced", lambda log: tour(log) and len(illegal_checks(log)[1]) == 4)
    two = seeded(2, "stylist", lambda log: True)
    head = (
        "# A complete legal game of three, played by the 'balanced' simulated player (rules/policy.py;\n"
        "# the first seed showing all of this): a car waits at a meet for its month, a car is sent to a\n"
        "# workshop at the end of a check month, one onto the minus squares.\n"
        "# Regenerate: python -m tests.test_entenrallye_logs\n"
    )
    (PLAYTESTS / "table-of-three.yaml").write_text(head + to_yaml(three), encoding="utf-8")
    head = (
        "# A complete legal game of two 'stylist' simulated players (the first seed with one winner):\n"
        "# both want four parts for every meet, and pay for it at the TöV and ASU.\n"
        "# Regenerate: python -m tests.test_entenrallye_logs\n"
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
    for name, code, why in (
        ("illegal-repair-after-asu.yaml", "REPAIR_AFTER_ASU", "a repair after the car's ASU"),
        ("illegal-repair-over-20.yaml", "REPAIR_OVER_20", "a repair taking the marker past 20"),
    ):
        found = illegal_repair(
            seeded(2, "stylist", lambda log, c=code: illegal_repair(log, c) is not None), code
        )
        assert found is not None
        broken, i = found
        head = (
            f"# Broken on purpose: a legal game of two 'stylist' simulated players with {why}\n"
            "# added (regenerate: python -m tests.test_entenrallye_logs). The entry marked BAD is reported.\n"
        )
        text = _comment(to_yaml(broken), {i: f"{why} [{code}]"})
        (PLAYTESTS / name).write_text(head + text, encoding="utf-8")


if __name__ == "__main__":
    regenerate()
