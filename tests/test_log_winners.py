"""A shared win in the playtest-log envelope: ``result: {winners: [...]}`` beside ``winner:``.

The rules model says who shares a win (``Outcome.shared``); playthroughs and ``simulate`` write
``winners`` on a tie, and the checker compares it like ``winner``. Entenrallye breaks no tie, and
its ``flat-out`` cars fit no parts, so every car ends on 0 points and all share the win."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.rules.base import Outcome
from generator.rules.logfile import parse_log
from generator.rules.playthrough import playthrough, result_of, to_yaml
from tests.rules_fixtures.logkit import codes, rules, rules_package, run

GAME = "entenrallye"


@pytest.fixture(scope="module")
def tied() -> dict:
    """A finished two-player game in which both cars score 0 (flat-out fits no parts)."""
    policy = rules_package(GAME).POLICIES["flat-out"]
    log = playthrough(rules(GAME), ["Ann", "Ben"], 3, policy=policy)
    assert log["result"]["scores"] == {"Ann": 0, "Ben": 0}
    return log


def with_result(log: dict, **result) -> dict:
    return {**log, "result": {**result, "scores": log["result"]["scores"]}}


def test_outcome_winners():
    assert Outcome("Ann").winners == ("Ann",)
    assert Outcome(None, shared=("Ann", "Ben")).winners == ("Ann", "Ben")
    assert Outcome(None).winners == ()
    assert result_of(Outcome(None, {"Ann": 3, "Ben": 3}, shared=("Ann", "Ben"))) == {
        "winners": ["Ann", "Ben"],
        "scores": {"Ann": 3, "Ben": 3},
    }
    assert result_of(Outcome("Ann")) == {"winner": "Ann"}
    assert result_of(Outcome(None)) == {}


def test_a_tie_is_written_as_winners_and_replays_clean(tied):
    assert tied["result"]["winners"] == ["Ann", "Ben"] and "winner" not in tied["result"]
    assert "result:\n  winners:\n  - Ann\n  - Ben\n" in to_yaml(tied)
    result = run(tied)
    assert not result.violations and result.outcome.winners == ("Ann", "Ben")
    assert not run(with_result(tied, winners=["Ben", "Ann"])).violations  # any order


@pytest.mark.parametrize("result", [{"winner": "Ann"}, {"winners": ["Ann"]}, {}])
def test_a_tie_recorded_otherwise_is_a_wrong_winner(tied, result):
    replayed = run(with_result(tied, **result))
    assert codes(replayed) == ["WRONG_WINNER"]
    assert "Ann and Ben shared the win" in replayed.violations[0].message


def test_one_winner_written_as_winners_of_one_is_accepted_but_not_two():
    log = playthrough(rules(GAME), ["Ann", "Ben", "Cy"], 1)
    (winner,) = run(log).outcome.winners
    assert not run({**log, "result": {"winners": [winner]}}).violations
    other = next(p for p in log["players"] if p != winner)
    wrong = run({**log, "result": {"winners": [winner, other]}})
    assert codes(wrong) == ["WRONG_WINNER"] and f"{winner} won" in wrong.violations[0].message


def envelope_problems(result: str) -> str:
    text = textwrap.dedent(f"""\
        game: {GAME}
        version: "{rules(GAME).game.version}"
        date: 2024-01-01
        players: [Ann, Ben]
        log: []
        result: {result}
        """)
    with pytest.raises(DataError) as exc:
        parse_log(text, rules(GAME), "log.yaml")
    return "\n".join(str(p) for p in exc.value.problems)


def test_bad_winners_are_reported_at_their_line():
    text = envelope_problems("{winners: [Ann, Zed]}")
    assert "log.yaml:6:" in text and "result.winners[1]: 'Zed' is not in players" in text
    assert "listed twice" in envelope_problems("{winners: [Ann, Ann]}")
    assert "not both" in envelope_problems("{winner: Ann, winners: [Ann, Ben]}")
    empty = envelope_problems("{winners: []}")
    assert "log.yaml:6:" in empty and "list the players who share the win" in empty


def test_simulate_writes_winners_on_a_tie(run_cli, tmp_path: Path):
    code, out, err = run_cli(
        "simulate", GAME, "--players", "2", "--games", "1", "--policy", "flat-out", "-o", tmp_path / "logs"
    )
    assert code == 0, out + err
    (written,) = sorted((tmp_path / "logs").rglob("*.yaml"))
    text = written.read_text(encoding="utf-8")
    assert "winners:" in text and "\nwinner:" not in text
    code, out, err = run_cli("log", "check", GAME, written)
    assert code == 0 and "won by Ann and Bob" in out, out + err
