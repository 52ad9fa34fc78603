"""Jaunty Jalopies: the cards face up on the table are counted as they come and go
(``Race.table``), and each racer's lasting effects and plots by kind likewise, so a long log
replays in time proportional to its length (issue 39: a 10,000-entry log of Mishaps took 42 s,
each entry walking every plot in play).

The counts must always equal a walk over the table (course, terrain, retained cards, plots and
the cards under them) and over each racer's plots and retained cards: checked after every entry of every bundled log, of simulated races of
every kind (standard, endurance, partner, team, rally, circuit) and of a long hostile log.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from generator.core import paths
from generator.load.loader import load_game
from generator.play.setups import play
from generator.rules.logcheck import check_logs, rules_for
from generator.rules.playthrough import random_policy

GAME = "jaunty-jalopies"


def walked(s: Any) -> Counter[str]:
    """The table counted the slow way: every section, terrain, retained card and plot."""
    out: Counter[str] = Counter()
    for sec in s.course:
        out[sec.card.name] += 1
        if sec.terrain:
            out[sec.terrain.name] += 1
    for r in s.racers.values():
        out.update(c.name for c in r.retained)
        for plot in r.plots:
            out[plot.card.name] += 1
            out.update(plot.under)
    return out


def effects(racer: Any) -> Counter[str]:
    """A racer's lasting effects added up the slow way (its plots' cards and retained cards)."""
    out: Counter[str] = Counter()
    for card in [p.card for p in racer.plots] + racer.retained:
        for key, value in (card.get("effect") or {}).items():
            out[key] += value or 0
    return out


@pytest.fixture
def checked(monkeypatch):
    """Every ``apply`` of the Jaunty rules followed by a comparison of the two counts."""
    rules = rules_for(load_game(GAME))
    klass = next(k for k in type(rules).__mro__ if "apply" in vars(k))  # the race model's apply
    original = vars(klass)["apply"]
    seen = {"entries": 0}

    def apply(self, s, entry, note):
        original(self, s, entry, note)
        assert +s.table == walked(s), f"table count drifted at {entry}"
        for r in s.racers.values():
            assert +r.effects == +effects(r) and +r.kinds == +Counter(p.kind for p in r.plots), entry
        seen["entries"] += 1

    monkeypatch.setattr(klass, "apply", apply)
    return rules, seen


def test_bundled_logs_keep_the_count(checked):
    rules, seen = checked
    logs = sorted((paths.CARDDATA / GAME / "playtests").glob("*.yaml"))
    check_logs(rules.game, logs)
    assert seen["entries"] > 500


@pytest.mark.parametrize("race", ["standard", "endurance", "partner", "team", "rally", "circuit"])
def test_simulated_races_keep_the_count(checked, race):
    rules, seen = checked
    players = ["Amy", "Ben", "Cleo", "Dan"]
    for seed in range(4):
        play(rules, players, random.Random(f"{race}/{seed}"), random_policy, (("race", race),))
    assert seen["entries"] > 100


def test_a_log_of_thousands_of_mishaps_replays_with_the_count_kept(checked, tmp_path: Path):
    """The log of the issue's kind: racers playing Mishaps on one another without end."""
    rules, seen = checked
    source = (paths.CARDDATA / GAME / "playtests" / "standard-race.yaml").read_text(encoding="utf-8")
    head = source[: source.index("log:\n") + len("log:\n")]
    names = ["Amy", "Ben", "Cleo"]
    lines = []
    for k in range(1500):
        who, target = names[k % 3], names[(k + 1) % 3]
        card = ["Lost the Map", "Flat Tire", "Heebie-Jeebies"][k % 3]
        lines.append(
            f"  - {{turn: {k + 1}, player: {who}, action: mishap, card: {card}, target: {target}}}\n"
        )
        if k % 2:
            lines.append(f"  - {{turn: {k + 1}, player: {who}, action: draw}}\n")
    path = tmp_path / "mishaps.yaml"
    path.write_text(head + "".join(lines), encoding="utf-8")
    (report,) = check_logs(rules.game, [path])
    assert not report.problems and report.replay is not None
    assert report.replay.violations and seen["entries"] == len(lines)
