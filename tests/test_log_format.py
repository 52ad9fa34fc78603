"""The playtest-log envelope and the replay engine: malformed logs, turn numbers, warnings, the
text and JSON reports, and a rules module that is broken or missing."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.load.loader import load_game
from generator.rules.logcheck import LogReport, check_logs, rules_for
from generator.rules.logfile import parse_log
from generator.rules.playthrough import playthrough, table_view, to_yaml
from generator.rules.report import as_json, text_lines
from tests.conftest import MINI_GAME, write_game
from tests.rules_fixtures.logkit import e, found, make, rules, run

P3 = ["Amy", "Brett", "Colin"]


def problems(text: str, game: str = "road-runner") -> list[str]:
    with pytest.raises(DataError) as exc:
        parse_log(textwrap.dedent(text).lstrip(), rules(game), "log.yaml")
    return [str(p) for p in exc.value.problems]


def test_every_envelope_problem_at_its_line():
    found_ = problems(
        """
        game: jokers-row
        version: "1.0"
        date: last tuesday
        players: [Amy, Brett, Colin]
        setup: {hands: {Amy: Road}}
        log:
          - {turn: 0, player: Amy, action: pass}
          - {turn: 1, player: Amy, action: escape}
          - {turn: 1, player: Amy, action: pass, to: [Brett]}
          - just a string
        result: {winner: Zed}
        colour: blue
        """
    )
    text = "\n".join(found_)
    assert "log.yaml:1:7: game: this log is for 'jokers-row', not 'road-runner'" in text
    assert "log.yaml:3:7: date:" in text
    assert "log.yaml:5:" in text and "setup.hands.Amy: expected a list" in text
    assert "log.yaml:7:" in text and "log[0].turn: expected a value >= 1" in text
    assert "log.yaml:8:" in text and "missing required key 'card'" in text
    assert "log.yaml:9:" in text and "log[2].to: expected text" in text
    assert "log.yaml:10:" in text and "log[3]: expected a mapping" in text
    assert "log.yaml:11:" in text and "'Zed' is not in players" in text
    assert "log.yaml:12:1: colour: unknown key 'colour'" in text


def test_missing_keys_and_empty_files():
    assert any("missing required key 'players'" in p for p in problems("game: road-runner\n"))
    assert any("missing required key 'game'" in p for p in problems(""))
    assert any("YAML syntax error" in p for p in problems("game: [road-runner\n"))


def test_turn_numbers_resync_after_one_slip():
    entries = [e(1, "Amy", "pass"), e(3, "Brett", "pass"), e(4, "Colin", "pass"), e(5, "Amy", "pass")]
    assert found(run(make("road-runner", P3, entries))) == {("TURN_NUMBER", 3)}
    entries[1]["turn"] = 1  # Brett's turn written with Amy's number
    assert found(run(make("road-runner", P3, entries))) == {("TURN_NUMBER", 1), ("TURN_NUMBER", 4)}


def test_an_older_game_version_is_a_warning():
    log = make("road-runner", P3, [e(1, "Amy", "pass")])
    result = run({**log, "version": "0.9"})
    assert not result.violations
    assert result.warnings == ["t.yaml:2: the log is of version 0.9, the game data is version 1.0"]


def test_scores_on_a_game_without_scores():
    entries = [e(1, "Amy", "capture", cards=["Giant Spring"])]
    result = run(make("road-runner", P3, entries, result={"winner": "Amy", "scores": {"Amy": 1}}))
    assert found(result) == {("WRONG_SCORES", None)}


def test_text_and_json_reports():
    good = run(
        make("road-runner", P3, [e(1, "Amy", "capture", cards=["Giant Spring"])], result={"winner": "Amy"})
    )
    bad = run(make("road-runner", P3, [e(2, "Amy", "pass")]), "b.yaml")
    reports = [LogReport("t.yaml", good), LogReport("b.yaml", bad)]
    assert text_lines(reports) == [
        "t.yaml: legal; 1 turns, won by Amy",
        "b.yaml:6: turn 2, Amy: written as turn 2, but by the rules this is turn 1 [TURN_NUMBER]",
        "b.yaml: 1 violation; 1 turns, unfinished",
        "2 logs checked, 1 with problems.",
    ]
    data = json.loads(as_json(reports))
    assert data["ok"] is False and [log["ok"] for log in data["logs"]] == [True, False]
    assert data["logs"][1]["violations"][0]["code"] == "TURN_NUMBER"


def test_to_yaml_round_trips_and_table_view_hides(tmp_path: Path):
    rr = rules("road-runner")
    log = playthrough(rr, P3, 7)
    path = tmp_path / "game.yaml"
    path.write_text(to_yaml(log), encoding="utf-8")
    (report,) = check_logs(rr.game, [path])
    assert report.ok and report.replay.outcome.winner == log["result"]["winner"]
    view = table_view(rr, log)
    assert "setup" not in view
    assert not any("drew" in x or x["action"] == "decline" for x in view["log"])
    assert not any("card" in x for x in view["log"] if x["action"] == "pass")


RULES_HEAD = "from generator.rules import Rules, Expect, Outcome\n"


def mini_with_rules(tmp_path: Path, code: str) -> Path:
    game = MINI_GAME + "rules_module: rules.py\n"
    return write_game(tmp_path / "mini", {"game.yaml": game, "rules.py": code})


def test_a_rules_module_that_does_not_load(tmp_path: Path):
    folder = mini_with_rules(tmp_path, "x = 1\ndef broken(:\n")
    with pytest.raises(DataError) as exc:
        rules_for(load_game(folder))
    assert "rules.py:2: the rules module failed to load: SyntaxError" in str(exc.value)


def test_a_rules_module_without_rules(tmp_path: Path):
    folder = mini_with_rules(tmp_path, "x = 1\n")
    with pytest.raises(DataError, match="define RULES"):
        rules_for(load_game(folder))


def test_a_rules_module_that_crashes_while_replaying(tmp_path: Path):
    code = RULES_HEAD + textwrap.dedent(
        """
        from generator.rules import NoSetup

        class Mini(Rules):
            actions = {"go": NoSetup}

            def start(self, players, setup, note):
                return {}

            def expected(self, state):
                raise KeyError("oops")
        RULES = Mini
        """
    )
    folder = mini_with_rules(tmp_path, code)
    log = tmp_path / "one.yaml"
    log.write_text(
        "game: mini\nversion: '1'\ndate: 2024-01-01\nplayers: [A]\nlog: [{turn: 1, player: A, action: go}]\n"
    )
    (report,) = check_logs(load_game(folder), [log])
    (problem,) = report.problems
    assert problem.file.endswith("rules.py") and problem.line == 12
    assert problem.message.endswith("one.yaml:5: KeyError: 'oops'")
    assert not report.ok


def test_a_rules_package_with_relative_imports(tmp_path: Path):
    """``rules_module: rules/`` loads a package; a crash names the submodule's file and line."""
    folder = write_game(
        tmp_path / "mini",
        {
            "game.yaml": MINI_GAME + "rules_module: rules\n",
            "rules/__init__.py": "from .model import Mini\nRULES = Mini\n",
            "rules/model.py": RULES_HEAD
            + textwrap.dedent(
                """
                from generator.rules import NoSetup
                from .state import start_state

                class Mini(Rules):
                    actions = {"go": NoSetup}

                    def start(self, players, setup, note):
                        return start_state()

                    def expected(self, state):
                        raise KeyError("oops")
                """
            ),
            "rules/state.py": "def start_state():\n    return {}\n",
        },
    )
    log = tmp_path / "one.yaml"
    log.write_text(
        "game: mini\nversion: '1'\ndate: 2024-01-01\nplayers: [A]\nlog: [{turn: 1, player: A, action: go}]\n"
    )
    (report,) = check_logs(load_game(folder), [log])
    (problem,) = report.problems
    assert problem.file.endswith("model.py") and problem.line == 13
    assert "KeyError: 'oops'" in problem.message


def test_a_rules_package_without_init(tmp_path: Path):
    folder = write_game(
        tmp_path / "mini", {"game.yaml": MINI_GAME + "rules_module: rules\n", "rules/state.py": "x = 1\n"}
    )
    with pytest.raises(DataError, match=r"package 'rules/' has no __init__\.py"):
        rules_for(load_game(folder))


def test_recorded_scores_may_be_whole_or_fractional():
    from generator.schema.playlog import ResultSpec

    scores = ResultSpec.model_validate({"winner": "Ann", "scores": {"Ann": "71.5", "Ben": "64"}}).scores
    assert scores == {"Ann": 71.5, "Ben": 64} and isinstance(scores["Ben"], int)


def test_to_yaml_writes_a_date_object_as_a_plain_date():
    """A log whose date was read back as a date object is written without a '...' marker."""
    import datetime

    import yaml

    from generator.rules.playthrough import to_yaml

    data = {"game": "mini", "version": "1", "date": datetime.date(2024, 5, 1), "players": ["A"], "log": []}
    text = to_yaml(data)
    assert "..." not in text
    assert yaml.safe_load(text)["date"] == datetime.date(2024, 5, 1)


def test_log_data_replays_like_its_yaml():
    from generator.rules.logfile import log_from_data
    from generator.rules.replay import replay

    rules = rules_for(load_game("jokers-row"))
    log = playthrough(rules, ["Ann", "Ben"], 3)
    from_data, from_text = (
        replay(rules, log_from_data(log, rules)),
        replay(rules, parse_log(to_yaml(log), rules)),
    )
    assert from_data.violations == from_text.violations == []
    assert from_data.outcome == from_text.outcome and from_data.turns == from_text.turns
    log["log"][0]["player"] = "Ben"
    assert [v.code for v in replay(rules, log_from_data(log, rules)).violations][:1] == ["TURN_ORDER"]
