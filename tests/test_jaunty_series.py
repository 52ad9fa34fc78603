"""Jaunty Jalopies Rally and Circuit races (issue 20): several races in one log (``races:``),
each replayed with the standard rules, the standings carried from race to race as the
rulebook's ADVANCED RACES say, and the overall winner checked."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.core.errors import DataError
from generator.rules.logfile import load_log, parse_log
from generator.rules.playthrough import table_view, to_yaml
from generator.rules.series import series_playthrough
from tests.rules_fixtures.logkit import clean, found, rules, run

GAME = "jaunty-jalopies"
LOGS = Path(__file__).resolve().parent.parent / "carddata" / GAME / "playtests"
NAMES = ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def bundled(name: str):
    from generator.rules.replay import replay

    r = rules(GAME)
    return replay(r, load_log(LOGS / name, r))


def data(name: str) -> dict:
    return yaml.safe_load((LOGS / name).read_text(encoding="utf-8"))


def series(kind: str, players: int, seed: int) -> dict:
    """A seeded random Rally or Circuit as log data, everything recorded."""
    r = rules(GAME)
    rng = random.Random(seed)
    names = NAMES[:players]
    top = {**r.random_setup(names, rng), "race": kind}
    top.pop("hands")
    return series_playthrough(r, names, rng, top)


def violations(out) -> set[tuple[str, str, int | None]]:
    """(race, code, turn) for every violation."""
    return {(v.race, v.code, v.turn) for v in out.violations}


# -- the bundled logs -------------------------------------------------------------------------------


def test_the_bundled_rally_is_legal_and_carries_places_karma_and_the_lead():
    out = bundled("rally-race.yaml")
    assert clean(out) and out.over and out.outcome.winner == "Cleo"
    assert out.outcome.order == ("Cleo", "Amy", "Ben")  # the third segment's order
    first, second, third = (r.state for r in out.races)
    assert [s.length for s in (first, second, third)] == [6, 6, 6]  # six sections whatever the count
    assert first.crossed == ["Ben", "Amy", "Cleo"] and second.crossed[0] == "Ben"
    assert second.players == ["Ben", "Cleo", "Amy"] and third.players[0] == "Ben"  # the winner opens
    assert first.racers["Ben"].karma.size == 2 and first.racers["Cleo"].karma.size == 1


def test_a_segment_deals_the_hand_size_less_the_place_and_carries_the_karma_hands():
    r = rules(GAME)
    setup = r.setup_model.model_validate(
        {
            "race": "rally",
            "racers": {"Amy": "Dexter Johnson", "Ben": "Fifi Le Boom", "Cy": "Zeke Hatfield"},
            "roles": {"Amy": "hero", "Ben": "villain", "Cy": "neutral"},
        }
    )
    notes: list[tuple[str, str]] = []
    rally = r.series(["Amy", "Ben", "Cy"], setup, lambda c, m: notes.append((c, m)))
    s = rally.start(0, ["Amy", "Ben", "Cy"], setup, None, lambda c, m: notes.append((c, m)))
    assert [s.racers[p].hand.size for p in s.players] == [7, 5, 6] and s.length == 6
    s.crossed = ["Cy", "Amy", "Ben"]
    s.racers["Amy"].karma.add("Main Street")  # a Hero's Karma card
    s.racers["Ben"].karma.add(None)  # a Villain's Fiendish Plot nobody recorded
    rally.finish(0, s, lambda c, m: notes.append((c, m)))
    nxt = rally.start(1, ["Amy", "Ben", "Cy"], setup, None, lambda c, m: notes.append((c, m)))
    assert nxt.players == ["Cy", "Amy", "Ben"]  # Cy won segment 1 and goes first
    # Dexter 7 less 2, Fifi 5 less 3, Zeke 6 less 1
    assert {p: x.hand.size for p, x in nxt.racers.items()} == {"Amy": 5, "Ben": 2, "Cy": 5}
    assert nxt.racers["Amy"].karma.known == Counter({"Main Street": 1}) and nxt.racers["Ben"].karma.size == 1
    main, plots = sum(r.main_total.values()), sum(r.plot_total.values())
    assert nxt.deck.count == main - 12 - 1 and nxt.plots.count == plots - 1 and not notes
    wrong = setup.model_copy(update={"hands": {"Cy": sorted(r.main_total)[:6]}})
    rally.start(1, ["Amy", "Ben", "Cy"], wrong, None, lambda c, m: notes.append((c, m)))
    assert notes == [
        ("SETUP", "Cy begins segment 2 with 5 cards (hand size 6 less 1 for 1st place in segment 1), not 6")
    ]


def test_the_wrong_racer_opening_a_segment_is_reported_once():
    out = bundled("illegal-rally-first.yaml")
    assert violations(out) == {("segment 2", "FIRST_PLAYER", None)}
    assert "Amy won segment 1, so Amy goes first, not Ben" in out.violations[0].message
    assert out.violations[0].line == 50 and out.over  # the replay follows the log's turn order


def test_a_segment_without_first_opened_by_the_wrong_racer_is_one_violation_at_its_first_entry():
    out = bundled("illegal-rally-opener.yaml")
    assert violations(out) == {("segment 2", "FIRST_PLAYER", 1)}
    (v,) = out.violations
    assert v.player == "Ben" and v.line == out.races[1].log.entries[0].line == 52
    assert "Amy won segment 1, so Amy goes first, not Ben" in v.message
    assert out.over and out.outcome.winner == "Amy"  # the replay follows the log's turn order
    # opened by the winner, no `first:` needed: legal
    log = data("rally-race.yaml")
    log["races"][1].pop("first", None)
    assert clean(run(log))


def test_the_bundled_circuit_scores_ten_less_the_place_and_the_highest_total_wins():
    out = bundled("circuit-race.yaml")
    assert clean(out) and out.over and out.outcome.winner == "Ben"
    assert dict(out.outcome.scores) == {"Amy": 24, "Ben": 26, "Cleo": 22}
    labels = [v for v in out.state.labels]
    assert labels == [
        "race 1 (Rally segment 1)",
        "race 1 (Rally segment 2)",
        "race 1 (Rally segment 3)",
        "race 2",
        "race 3",
    ]
    points = [dict(r.outcome.scores) if r.outcome.scores else None for r in out.races]
    assert points[:2] == [None, None]  # a Rally scores once, for its third segment
    assert points[2] == {"Amy": 9, "Ben": 8, "Cleo": 7} and sorted(points[4].values()) == [7, 8, 9]
    assert out.races[4].state.endurance and out.races[3].state.length == 10  # a normal course for three


def test_naming_the_last_races_winner_as_the_circuits_is_reported():
    out = bundled("illegal-circuit-winner.yaml")
    assert violations(out) == {("", "WRONG_WINNER", None)}
    assert "the log says Ben won; by the rules Amy won" in out.violations[0].message


# -- what the series checks ------------------------------------------------------------------------


def test_a_wrong_finishing_order_is_reported_at_its_segment():
    log = data("rally-race.yaml")
    log["races"][1]["result"]["order"] = ["Ben", "Cleo", "Amy"]
    out = run(log)
    assert violations(out) == {("segment 2", "WRONG_ORDER", None)}
    assert "by the rules they finished Ben, Amy, Cleo" in out.violations[0].message


def test_a_rally_keeps_its_sides_and_has_three_segments():
    log = data("rally-race.yaml")
    log["races"][2]["setup"] = {"roles": {"Amy": "hero", "Ben": "hero", "Cleo": "hero"}}
    out = run(log)
    setup = [v for v in out.violations if v.code == "SETUP"]
    assert [v.race for v in setup] == ["segment 3"] and setup[0].line == out.races[2].log.line("setup")
    assert "Amy's side is chosen before it (villain) and stays, not hero" in setup[0].message
    assert ("segment 3", "HERO_MISHAP", 21) in violations(out)  # the replay follows the sides the log gives
    log = data("rally-race.yaml")
    log["races"].append(copy.deepcopy(log["races"][2]))
    out = run(log)
    assert violations(out) == {("segment 4", "AFTER_END", 1)}  # at its first entry
    assert "the series was over after segment 3 (Cleo won)" in out.violations[0].message


def test_a_race_begins_only_when_the_last_is_over_and_a_short_series_is_not_over():
    log = data("rally-race.yaml")
    log["races"][0]["log"] = log["races"][0]["log"][:-1]  # the last racer never crosses
    del log["races"][0]["result"]
    out = run(log)
    assert ("segment 2", "RACE_NOT_OVER", 1) in violations(out)
    log = data("rally-race.yaml")
    del log["races"][2]
    out = run(log)
    assert violations(out) == {("", "NOT_OVER", None)} and not out.over


def test_a_racer_who_crossed_keeps_taking_turns_in_a_rally_segment():
    """Issue 34, item 8: "Each segment continues until all Racers cross the Finish Line" and the
    Sequence of Play passes "clockwise around the table, each Racer completing a turn": nothing
    takes a racer who crossed out of the rotation, so Ben, across at turn 20 of segment 1, still
    plays (turns 23 and 26), and a log that skips him is TURN_ORDER."""
    out = bundled("rally-race.yaml")
    first = out.races[0].log
    crossed_at = next(
        e.turn for e in first.entries if e.player == "Ben" and e.action == "road" and e.turn == 20
    )
    later = [e for e in first.entries if e.player == "Ben" and e.turn > crossed_at]
    assert {e.turn for e in later} == {23, 26} and {e.action for e in later} >= {"subplot", "meet"}
    log = data("rally-race.yaml")
    log["races"][0]["log"] = [
        x for x in log["races"][0]["log"] if not (x["player"] == "Ben" and x["turn"] == 26)
    ]
    skipped = run(log)
    assert ("segment 1", "TURN_ORDER", 27) in violations(skipped)
    assert "Ben" in next(v.message for v in skipped.violations if v.code == "TURN_ORDER")


def test_every_series_violation_says_where_it_happens():
    """Issue 34, item 4: a race begun too early is reported at its first entry, with the turn,
    the player and who had not crossed; violations outside the entries name the part of the log."""
    out = bundled("illegal-circuit-unfinished.yaml")
    (v,) = out.violations
    assert (v.race, v.turn, v.player, v.code) == ("race 2 (Rally segment 1)", 1, "Amy", "RACE_NOT_OVER")
    assert v.line == out.races[1].log.entries[0].line
    assert (
        str(v)
        .split(":", 2)[2]
        .startswith(" race 2 (Rally segment 1), turn 1, Amy: race 1 is not over (Ben has not crossed);")
    )
    assert "where" not in v.as_dict() and v.as_dict()["turn"] == 1
    log = data("circuit-race.yaml")
    log["races"][1]["setup"]["race"] = "team"
    setup = next(v for v in run(log).violations if v.code == "SETUP")
    assert ": race 2, setup: " in str(setup) and setup.as_dict()["where"] == "setup"
    log = data("rally-race.yaml")
    log["races"][1]["log"] = []
    log["races"][0]["log"] = log["races"][0]["log"][:-1]
    del log["races"][0]["result"]
    early = next(v for v in run(log).violations if v.code == "RACE_NOT_OVER")
    assert early.turn is None and ": segment 2: segment 1 is not over (" in str(early)


def test_a_circuit_is_three_to_five_normal_rally_or_endurance_races():
    log = data("circuit-race.yaml")
    log["races"][3]["setup"]["race"] = "team"
    out = run(log)
    assert ("race 2", "SETUP", None) in violations(out)
    assert any("normal, Rally and/or Endurance races, not a team race" in v.message for v in out.violations)
    log = data("circuit-race.yaml")
    extra = copy.deepcopy(log["races"][3:5])
    log["races"] += extra + copy.deepcopy(extra)  # races 4 to 7
    out = run(log)
    # races 4 and 5 count (Ben wins them again: 44 points), race 6 is after the end
    assert violations(out) == {("race 6", "AFTER_END", 1), ("", "WRONG_SCORES", None)}
    assert out.outcome.scores["Ben"] == 44
    assert "a Circuit is three to five races" in next(
        v.message for v in out.violations if v.code == "AFTER_END"
    )


def test_a_circuits_race_points_are_checked_and_its_racers_stay():
    log = data("circuit-race.yaml")
    log["races"][3]["result"]["scores"]["Ben"] = 10  # first place counted as ten
    out = run(log)
    assert violations(out) == {("race 2", "WRONG_SCORES", None)}
    log = data("circuit-race.yaml")
    log["races"][4]["setup"]["racers"] = {
        "Amy": "John Smith",
        "Ben": "Fifi Le Boom",
        "Cleo": "Dexter Johnson",
    }
    out = run(log)
    assert ("race 3", "SETUP", None) in violations(out)


def test_a_tie_for_the_highest_total_is_a_shared_win():
    r = rules(GAME)
    setup = r.setup_model.model_validate(
        {"race": "circuit", "racers": dict(zip("AB", ["Zeke Hatfield", "Hata Marie"], strict=True))}
    )
    circuit = r.series(["A", "B"], setup, lambda c, m: None)
    for i, order in enumerate([["A", "B"], ["B", "A"], ["A", "B"], ["B", "A"]]):
        s = circuit.start(i, ["A", "B"], setup, None, lambda c, m: None)
        s.crossed = order
        circuit.finish(i, s, lambda c, m: None)
        assert circuit.over() == (i >= 2) and circuit.more()
    assert circuit.outcome().winners == ("A", "B") and dict(circuit.outcome().scores) == {"A": 34, "B": 34}


def test_one_race_logs_and_series_logs_do_not_mix():
    log = data("rally-race.yaml")
    one = {**{k: v for k, v in log.items() if k != "races"}, "log": log["races"][0]["log"]}
    out = run(one)
    assert ("SETUP", None) in found(out) and "write each under 'races:'" in out.violations[0].message
    log["setup"]["race"] = "team"
    out = run(log)
    assert {v.code for v in out.violations} == {"SERIES"} and not out.races
    r = rules(GAME)
    both = to_yaml(data("rally-race.yaml")).replace(
        "races:\n", "log:\n  - {turn: 1, player: Amy, action: draw}\nraces:\n", 1
    )
    with pytest.raises(DataError, match="not both"):
        parse_log(both, r, "both.yaml")
    stranger = data("rally-race.yaml")
    stranger["races"][1] = {"first": "Zed", **stranger["races"][1]}
    stranger["races"][2]["result"]["order"][0] = "Cloe"
    with pytest.raises(DataError) as err:
        parse_log(to_yaml(stranger), r, "stranger.yaml")
    said = str(err.value)
    assert "'Zed' is not in players" in said and "'Cloe' is not in players" in said and "Cleo" in said


def test_the_cli_names_the_race_in_text_and_json(run_cli):
    path = LOGS / "illegal-rally-first.yaml"
    code, out, _ = run_cli("log", "check", GAME, path)
    assert code == 1 and f"{path}:50: segment 2, setup: the winner of each segment goes first" in out
    code, out, _ = run_cli("log", "check", "--format", "json", GAME, path)
    report = json.loads(out)["logs"][0]
    assert code == 1 and report["violations"][0]["race"] == "segment 2" and report["winner"] == "Amy"
    code, out, _ = run_cli("log", "check", GAME, LOGS / "circuit-race.yaml", LOGS / "rally-race.yaml")
    assert code == 0 and "won by Ben (Amy 24, Ben 26, Cleo 22)" in out and "2 logs, all legal." in out


# -- seeded random playthroughs --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seeded_rallies_replay_clean(players):
    for seed in range(20):
        log = series("rally", players, seed)
        out = run(log)
        assert clean(out) and len(log["races"]) == 3
        assert out.outcome.winner == log["result"]["winner"] == log["races"][2]["result"]["winner"]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seeded_circuits_replay_clean(players):
    """Twenty Circuits (ten of four or six racers, each three to eleven races, a Rally counting its
    segments), every kind of race among them."""
    kinds = Counter()
    for seed in range(20 if players <= 3 else 10):
        log = series("circuit", players, seed)
        out = run(log)
        assert clean(out) and out.over
        assert out.outcome.winners == tuple(log["result"].get("winners") or [log["result"]["winner"]])
        assert 3 <= int(out.state.labels[-1].split()[1]) <= 5
        kinds.update(x["setup"]["race"] for x in log["races"])
    assert set(kinds) == {"standard", "endurance", "rally"}


def test_a_seeded_series_replays_clean_as_a_table_writes_it():
    r = rules(GAME)
    for kind in ("rally", "circuit"):
        log = table_view(r, series(kind, 4, 7))
        assert "hands" not in log["races"][1].get("setup", {})
        assert clean(run(log))


def test_stats_count_a_whole_series_as_one_game_won_by_its_winner():
    from generator.load.loader import load_game
    from generator.play.stats import gather

    stats = gather(load_game(GAME), [LOGS / "rally-race.yaml", LOGS / "circuit-race.yaml"])
    assert stats.read == 2 and not stats.rejected and len(stats.records) == 2
    rally, circuit = stats.records
    assert rally.turns == sum(r.turns for r in bundled("rally-race.yaml").races)
    assert rally.players[rally.winners[0]] == "Cleo" and circuit.players[circuit.winners[0]] == "Ben"
    assert rally.figures["sections laid"] == 3 * 6  # summed over the three segments


def test_the_readme_series_example_is_a_valid_log_envelope():

    from generator.core.yamlio import parse_yaml
    from generator.schema.messages import validate
    from generator.schema.playlog import PlayLogSpec
    from tests.docs_text import fenced

    blocks = fenced("yaml")
    text = next(b for b in blocks if b.startswith("game: jaunty-jalopies") and "races:" in b)
    doc = parse_yaml(text, "README.md")
    spec = validate(PlayLogSpec, doc.data, doc)
    assert len(spec.races) == 2 and spec.races[1].first == "Ben" and spec.races[0].result.order[0] == "Ben"


def test_a_malformed_series_log_is_reported_at_its_lines(run_cli, tmp_path):
    head = (
        'game: jaunty-jalopies\nversion: "1.0"\ndate: 2026-11-25\nplayers: [Amy, Ben]\n'
        "setup: {race: rally, racers: {Amy: John Smith, Ben: Hata Marie}, roles: {Amy: hero, Ben: hero}}\n"
    )
    (tmp_path / "none.yaml").write_text(head + "races: []\n", encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(
        head + "races:\n  - just a string\n  - setup: {race: sprint}\n    log:\n"
        "      - {turn: 1, player: Amy, action: fly}\n    result: {order: [Amy, Amy]}\n",
        encoding="utf-8",
    )
    code, out, err = run_cli("log", "check", GAME, tmp_path / "none.yaml", tmp_path / "bad.yaml")
    said = out + err
    assert code == 1 and "Traceback" not in said
    assert "none.yaml:6:1: races: lists no race" in said
    assert "bad.yaml:7:5: races[0]: expected a mapping" in said
    assert "bad.yaml:8:19: races[1].setup.race: expected one of standard" in said
    assert "bad.yaml:10:40: races[1].log[0].action: unknown action 'fly'" in said
    assert "bad.yaml:11:14: races[1].result.order: a player is listed twice" in said


def test_a_game_without_series_says_so():
    log = {
        "game": "road-runner",
        "version": rules("road-runner").game.version,
        "date": "2024-01-01",
        "players": ["Amy", "Ben", "Cy"],
        "races": [{"log": []}],
    }
    out = run(log)
    assert [v.code for v in out.violations] == ["SERIES"] and "records one game a log" in out.violations[
        0
    ].message


def test_a_segment_opened_out_of_turn_says_the_winner_goes_first():
    log = data("rally-race.yaml")
    log["races"][1]["log"].insert(0, {"turn": 1, "player": "Cleo", "action": "rest"})
    out = run(log)
    first = out.violations[0]
    assert (first.race, first.code, first.turn, first.player) == ("segment 2", "TURN_ORDER", 1, "Cleo")
    assert "it is Ben's turn; Ben won segment 1: the winner of each segment goes first" in first.message
