"""Maloney property test: 200 seeded random playthroughs per player count (3 to 6) replay with
no report, as recorded and as a table would write them; the heuristic heirs too; and a mutated
playthrough is caught at the right entry."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.rules.engine import Replay
from generator.rules.logfile import log_from_data
from generator.rules.module import load_rules_module
from generator.rules.playthrough import playthrough, table_view
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, rules, run

NAMES = ["Amy", "Brett", "Colin", "Debby", "Evan", "Fay"]
GAMES = 200


def direct(log: dict[str, Any]) -> Replay:
    """Replay log data through the engine without writing and parsing YAML (the same checks;
    the YAML round trip is covered by the sample below and by test_maloney_logs)."""
    return replay(rules("maloney"), log_from_data(log, rules("maloney")))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_playthroughs_replay_clean(players: int):
    """Every game replays as a table writes it (hands and suitcases unrecorded); every tenth also
    with everything recorded, and a sample through YAML exactly as a log file is read."""
    r = rules("maloney")
    ends = set()
    for seed in range(GAMES):
        log = playthrough(r, NAMES[:players], 9000 + seed)
        assert "result" in log, f"seed {9000 + seed} did not finish"
        table = direct(table_view(r, log))
        assert clean(table), f"seed {9000 + seed}"
        assert table.outcome.winner == log["result"].get("winner")
        assert table.outcome.scores == log["result"]["scores"]
        if seed % 10 == 0:
            assert clean(direct(log)), f"seed {9000 + seed} (recorded hands)"
        if seed % 100 == 0:
            assert clean(run(table_view(r, log)))
        ends.add(max(table.state.points.values()) >= 69)
    assert ends == {True, False}  # games end both ways: 69 points, and a hand played out


def test_heuristic_heirs_play_legal_games():
    r = rules("maloney")
    greedy = load_rules_module(r.game).POLICIES["greedy"]
    for seed in range(40):
        log = playthrough(r, NAMES[: 3 + seed % 4], seed, policy=greedy)
        assert "result" in log and clean(direct(log)) and clean(direct(table_view(r, log)))


def test_a_mutated_playthrough_is_caught():
    r, rng = rules("maloney"), random.Random(5)
    log = playthrough(r, NAMES[:4], 77)
    entries = log["log"]
    shows = [i for i, e in enumerate(entries) if e["action"] == "show"]
    i = rng.choice(shows)
    bad = {**log, "log": [dict(e) for e in entries]}
    bad["log"][i]["points"] += 1
    assert any(v.code == "WRONG_POINTS" and v.line == i + 1 for v in direct(bad).violations)
    drives = [i for i, e in enumerate(entries) if e["action"] == "drive" and "drew" not in e]
    i = rng.choice(drives)
    bad = {**log, "log": [dict(e) for e in entries]}
    bad["log"][i]["paid"] = entries[i]["paid"] + 100
    assert any(v.code == "WRONG_PAYMENT" and v.line == i + 1 for v in direct(bad).violations)
    loser = next(p for p in log["players"] if p != log["result"]["winner"])
    assert any(v.code == "WRONG_WINNER" for v in direct({**log, "result": {"winner": loser}}).violations)
