"""Jaunty Jalopies property test: 200 seeded random playthroughs per player count (2, 3, 4, 6;
20 with five) apply with zero reports; a sample replays clean from YAML, as recorded and as a
table writes it; the simulated racers' policy plays legal races too; mutations are caught."""

from __future__ import annotations

import random

import pytest

from generator.rules.module import load_rules_module
from generator.rules.playthrough import playthrough, table_view
from tests.rules_fixtures.logkit import clean, rules, run

GAME = "jaunty-jalopies"
NAMES = ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"]
RUNS = {2: 200, 3: 200, 4: 200, 5: 20, 6: 200}


@pytest.mark.parametrize("players", sorted(RUNS))
def test_random_playthroughs_have_zero_reports(players):
    r = rules(GAME)
    finished = 0
    for seed in range(RUNS[players]):
        # playthrough raises IllegalPlaythrough on the first report the rules make
        log = playthrough(r, NAMES[:players], seed)
        finished += "result" in log
    assert finished == RUNS[players]  # every race reaches the final section within 800 entries


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_sample_replays_clean_as_recorded_and_as_a_table_writes_it(players):
    r = rules(GAME)
    policy = load_rules_module(r.game).POLICIES["by-role"]
    for seed in range(3):
        for log in (
            playthrough(r, NAMES[:players], seed),
            playthrough(r, NAMES[:players], seed, policy=policy),
        ):
            full = run(log)
            assert clean(full) and full.outcome.winner == log["result"]["winner"]
            assert clean(run(table_view(r, log)))


def test_mutations_are_caught():
    r = rules(GAME)
    for seed in range(6):
        log = playthrough(r, NAMES[:3], seed)
        rng = random.Random(seed)
        entries = log["log"]
        # a turn played by the wrong racer
        i = rng.choice([k for k, x in enumerate(entries) if x["action"] in ("road", "drive", "draw")])
        other = rng.choice([p for p in log["players"] if p != entries[i]["player"]])
        wrong = {**log, "log": [*entries[:i], {**entries[i], "player": other}, *entries[i + 1 :]]}
        # a turn's action out of turn is TURN_ORDER, and the message says whose turn it is
        found = [v for v in run(wrong).violations if v.code == "TURN_ORDER"]
        assert found and f"it is {entries[i]['player']}'s turn" in found[0].message
        # a false winner
        loser = rng.choice([p for p in log["players"] if p != log["result"]["winner"]])
        assert {v.code for v in run({**log, "result": {"winner": loser}}).violations} == {"WRONG_WINNER"}
        # a penalty left unpaid
        paid = [k for k, x in enumerate(entries) if x.get("pays")]
        if paid:
            k = rng.choice(paid)
            cheap = {
                **log,
                "log": [*entries[:k], {**entries[k], "pays": entries[k]["pays"][1:]}, *entries[k + 1 :]],
            }
            assert "PENALTY" in {v.code for v in run(cheap).violations}
