"""The bundled Maloney playtest logs: the legal ones replay clean with their recorded result,
each illegal one reports exactly the violation its BAD comment names, at that line; and the
command line reports them as a user sees them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core import paths
from generator.rules.logfile import load_log
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, rules

LOGS = paths.CARDDATA / "maloney" / "playtests"
LEGAL = sorted(p for p in LOGS.glob("*.yaml") if not p.name.startswith("illegal-"))
ILLEGAL = sorted(LOGS.glob("illegal-*.yaml"))


def test_there_are_legal_and_illegal_logs():
    assert len(LEGAL) >= 4 and len(ILLEGAL) >= 3


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_logs_replay_clean(path: Path):
    result = replay(rules("maloney"), load_log(path, rules("maloney")))
    assert clean(result)


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_each_illegal_log_breaks_the_one_rule_it_names(path: Path):
    marked = [
        (m.group(1), n)
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if (m := re.search(r"# BAD \[(\w+)\]", line))
    ]
    result = replay(rules("maloney"), load_log(path, rules("maloney")))
    assert [(v.code, v.line) for v in result.violations] == marked
    assert len(marked) == 1


def test_the_games_end_as_recorded():
    r = rules("maloney")
    six = replay(r, load_log(LOGS / "six-heirs-recorded.yaml", r))
    assert len(six.log.spec.players) == 6 and all(len(h) == 10 for h in six.log.setup.hands.values())
    assert six.over and max(six.state.points.values()) >= 69
    out = replay(r, load_log(LOGS / "hand-played-out.yaml", r))
    assert out.over and max(out.state.points.values()) < 69
    assert min(h.size for h in out.state.hands.values()) == 0
    assert any(isinstance(s, float) for s in out.outcome.scores.values())  # bought tenths


def test_log_check_command(run_cli):
    code, out, _ = run_cli("log", "check", "maloney", *LEGAL)
    assert code == 0 and f"{len(LEGAL)} logs, all legal." in out
    code, out, _ = run_cli("log", "check", "maloney", LOGS / "illegal-joker.yaml")
    assert code != 0
    assert re.search(
        r"illegal-joker.yaml:\d+: turn 5, Cy: a joker may only be played on Mo, Mi, Do or Sa, "
        r"not on Fr \[JOKER_DAY\]",
        out,
    )


def test_a_malformed_log_is_reported_at_its_line(run_cli, tmp_path: Path):
    text = (LOGS / "edge-cases-3.yaml").read_text().replace("amount: 400}", "amount: lots}", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "amount: lots" in t)
    code, out, err = run_cli("log", "check", "maloney", bad)
    assert code != 0 and "Traceback" not in out + err
    assert re.search(rf"bad.yaml:{line}:\d+: log\[1\]\.amount: .*whole number", out + err)


def test_stats_figures_of_a_game():
    from generator.play.figures import figures_of
    from generator.rules.module import load_rules_module

    r = rules("maloney")
    game = replay(r, load_log(LOGS / "table-game.yaml", r))
    figures = figures_of(load_rules_module(r.game))
    found = figures.game(r, game.state, game.log.entries)
    assert found["days"] == game.state.day == 16 and found["ended at 69"] == 1.0
    assert found["points bought per heir"] == sum(game.state.cash.values()) / 4000
    shows = [e for e in game.log.entries if e.action == "show"]
    assert sum(len(figures.played(r, e)) for e in shows) == sum(len(e.data.cards) for e in shows)
