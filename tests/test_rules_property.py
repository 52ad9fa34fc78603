"""Property tests: random legal playthroughs from each rules model replay with no violation, as
recorded and as a table would write them; each mutated into an illegal log is caught."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.rules.logfile import data_log
from generator.rules.playthrough import playthrough, table_view
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, rules, run

NAMES = ["Amy", "Brett", "Colin", "Debby", "Evan", "Fay", "Gus", "Hal"]
SETTINGS = settings(
    max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def before(log: dict[str, Any], i: int):
    """The replay state just before entry ``i``."""
    return run({**log, "log": log["log"][:i]}, finish=False).state


def caught(log: dict[str, Any], i: int | None, code: str) -> bool:
    """True when replaying ``log`` reports ``code`` at entry ``i`` (None: at the result)."""
    result = run(log)
    lines = {entry.index: entry.line for entry in result.log.entries}
    line = result.log.line("result") if i is None else lines[i]
    hits = [v for v in result.violations if v.code == code and (i is None or v.line == line)]
    if not hits:
        print("\n".join(str(v) for v in result.violations))
    return bool(hits)


def mutate(log: dict[str, Any], i: int, **fields: Any) -> dict[str, Any]:
    entries = [dict(x) for x in log["log"]]
    entries[i].update(fields)
    return {**log, "log": entries}


def check_legal(game: str, players: list[str], seed: int) -> dict[str, Any]:
    log = playthrough(rules(game), players, seed)
    full = run(log)
    assert clean(full)
    assert full.outcome.winner == log.get("result", {}).get("winner")
    assert clean(run(table_view(rules(game), log)))
    return log


def wrong_turn_order(log: dict[str, Any], rng: random.Random, turn_actions: set[str]) -> None:
    entries = log["log"]
    starts = [i for i, x in enumerate(entries) if x["action"] in turn_actions]
    starts = [i for i in starts if not i or entries[i]["turn"] != entries[i - 1]["turn"]]
    i = rng.choice(starts)
    other = rng.choice([p for p in log["players"] if p != entries[i]["player"]])
    assert caught(mutate(log, i, player=other), i, "TURN_ORDER")


def false_winner(log: dict[str, Any], rng: random.Random) -> None:
    if "result" in log:
        loser = rng.choice([p for p in log["players"] if p != log["result"]["winner"]])
        assert caught({**log, "result": {**log["result"], "winner": loser}}, None, "WRONG_WINNER")


@SETTINGS
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_road_runner_playthroughs(seed: int, players: int):
    log = check_legal("road-runner", NAMES[:players], seed)
    rng, rr, entries = random.Random(seed), rules("road-runner"), log["log"]
    # a card that is not in the hand
    plays = [i for i, x in enumerate(entries) if x["action"] in ("capture", "escape")]
    i = rng.choice(plays)
    x, state = entries[i], before(log, i)
    drew = x.get("drew") or []
    held = state.hands[x["player"]].known + Counter([drew] if isinstance(drew, str) else drew)
    kinds = ("capture", "dual") if x["action"] == "capture" else ("escape",)
    name = rng.choice(sorted(n for n, c in rr.cards.items() if c.type in kinds and n not in held))
    changed = (
        mutate(log, i, cards=[name, *x["cards"][1:]])
        if x["action"] == "capture"
        else mutate(log, i, card=name)
    )
    assert caught(changed, i, "NOT_IN_HAND")
    # a value too low: less damage than the escape deals
    hurt = [i for i, x in enumerate(entries) if x.get("damage")]
    if hurt:
        i = rng.choice(hurt)
        assert caught(mutate(log, i, damage=entries[i]["damage"] - 1), i, "DAMAGE_MISMATCH")
    wrong_turn_order(log, rng, {"capture", "pass"})
    false_winner(log, rng)


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_jokers_row_playthroughs(seed: int):
    log = check_legal("jokers-row", NAMES[:2], seed)
    rng, jr, entries = random.Random(seed), rules("jokers-row"), log["log"]
    attacks = [i for i, x in enumerate(entries) if x["action"] == "attack"]
    if attacks:
        # a card that is not in the hand
        i = rng.choice(attacks)
        state = before(log, i)
        player = entries[i]["player"]
        name = rng.choice(sorted(n for n in jr.total if n not in state.hands[player].known))
        assert caught(mutate(log, i, card=name), i, "NOT_IN_HAND")
        # a value too low to counter
        fight = state.fight
        low = [n for n in jr.total if jr.value(state, player, jr.cards[n], fight.place) < fight.value]
        if low:
            assert caught(mutate(log, i, card=rng.choice(sorted(low))), i, "ATTACK_TOO_LOW")
    wrong_turn_order(log, rng, {"claim", "overload", "omen", "break"})
    false_winner(log, rng)


COUNTS = [("road-runner", n) for n in range(3, 9)] + [("jokers-row", 2)]


@pytest.mark.parametrize(("game", "players"), COUNTS, ids=[f"{g}-{n}" for g, n in COUNTS])
def test_200_seeded_playthroughs_per_player_count_replay_with_no_report(game: str, players: int):
    """Seeds 0-199: each random legal game (skips, reshuffles and declared methods written where
    the model offers them) replays with zero violations; the last seeds also as a table writes
    them. Replayed from the data in memory (YAML round trips are tested above)."""
    model, names, written = rules(game), NAMES[:players], set()
    for seed in range(200):
        log = playthrough(model, names, seed)
        written |= {x["action"] for x in log["log"]}
        result = replay(model, data_log(log, model, f"seed {seed}"))
        assert clean(result), f"{game}, {players} players, seed {seed}"
        assert result.outcome.winner == log.get("result", {}).get("winner")
        if seed >= 190:
            assert clean(replay(model, data_log(table_view(model, log), model, f"seed {seed}, table")))
    # the new entries are exercised: skipped turns and remakes written, the discard after an overload
    want = {"skip", "reshuffle"} if game == "road-runner" and players > 3 else {"skip"}
    assert written >= (want if game == "road-runner" else {"discard", "overload"})
