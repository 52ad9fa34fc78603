"""Entenrallye rules model: the route comes from the board file, rules the logs cannot easily
show are checked on a table set up directly, the route checks catch a broken board, and seeded
playthroughs (200 per player count) replay with no report."""

from __future__ import annotations

import os
import random
import re
import shutil
import sys
from pathlib import Path

import pytest

from generator.core import paths
from generator.rules.base import Entry
from generator.rules.logfile import log_from_data
from generator.rules.playthrough import playthrough
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, e, make, rules, run

GAME = "entenrallye"
NAMES = ["Ann", "Ben", "Cy", "Dee", "Ed", "Flo"]


@pytest.fixture(scope="module")
def er():
    return rules(GAME)


def package(er):
    return sys.modules[type(er).__module__.rsplit(".", 1)[0]]


def apply(er, table, player: str, action: str, **fields) -> list[str]:
    codes: list[str] = []
    data = er.actions[action].model_validate(fields)
    er.apply(table, Entry(0, 1, table.turns + 1, player, action, data), lambda c, m: codes.append(c))
    return codes


def test_route_is_read_from_the_board(er):
    route = er.route
    assert {m: route.months[n] for m, n in route.meets.items()} == {1: 2, 2: 6, 3: 8, 4: 12}
    assert route.months[route.stations["tuev"]] == 4 and route.months[route.stations["asu"]] == 10
    assert sorted(route.minus["tuev"]) == [1, 2, 3, 4, 5, 6]
    # junction choices are named by where each road leads
    square, came = route.start, None
    choices = []
    for _ in range(200):
        ways = route.ways_on(square, came)
        if not ways:
            break
        if len(ways) > 1:
            choices.append(sorted(w.choice for w in ways))
        way = ways[-1]
        came, square = route.came_by(square, way.to), way.to
    assert ["tuev", "tuev-join"] in choices and ["meet2", "meet2-join"] in choices
    assert route.node(square) == route.meets[4]


def test_cars_turn_only_at_the_stations(er):
    """Into the TöV spur, round at the station, and back out onto the main road (not back in)."""
    route = er.route
    square, came = ("node", route.meets[1]), None
    while True:
        ways = route.ways_on(square, came)
        way = next(w for w in ways if w.choice == "tuev") if len(ways) > 1 else ways[0]
        came, square = route.came_by(square, way.to), way.to
        if route.node(square) == "tuev":
            break
    for _ in range(3):
        (way,) = route.ways_on(square, came)  # one way on: back down the spur
        came, square = route.came_by(square, way.to), way.to
    assert square[0] == "road" and route.edges[square[1]].to == "tuev-join"


def test_turning_round_is_written_and_allowed_only_at_a_dead_end(er):
    """Issue 34, item 5: ``u_turn: N`` turns the car after N squares; free at the TöV or ASU,
    NO_TURNING on the road (the car then drives back, as the log says); a path is checked to
    the end also on a drive that stops at a station or meet."""
    route = er.route
    spur = next(k for k, edge in enumerate(route.edges) if edge.to == "tuev")
    table = er.start(NAMES[:2], er.setup_model(), lambda c, m: None)
    ann, ben = table.cars["Ann"], table.cars["Ben"]
    ann.square = ben.square = ("road", spur, 0, 1)  # the first square of the spur, heading in
    table.time = 7  # March: the TöV is still ahead
    assert apply(er, table, "Ann", "drive", roll=3, moved=1, u_turn=0) == ["NO_TURNING"]
    assert route.edges[ann.square[1]].from_ == "tuev-turn"  # back at the junction, then on
    assert ann.square[1] != spur and route.edges[ann.square[1]].to == "tuev-join"
    codes = apply(er, table, "Ben", "drive", roll=2, moved=2, path=["meet3"], check="failed", minus=6)
    assert codes == ["PATH_UNUSED"]  # the drive ended at the TöV: meet3 was never a choice
    ben.square, ben.came = ("node", "tuev"), (spur, 1)  # a car that passed, still at the station
    ben.checked.add("tuev")
    table.turn.timed = True
    assert apply(er, table, "Ann", "drive", roll=2, moved=1) == []
    table.turn.timed = True
    assert apply(er, table, "Ben", "drive", roll=2, moved=1, u_turn=0) == []  # a dead end: allowed
    assert ben.square == ("road", spur, 1, -1)
    table.turn.timed = True
    assert apply(er, table, "Ann", "drive", roll=2, moved=1, u_turn=3) == ["BAD_TURN"]


def test_waiting_at_a_meet_before_its_month(er):
    table = er.start(NAMES[:2], er.setup_model(), lambda c, m: None)
    car = table.cars["Ann"]
    car.square, car.scores[1] = ("node", er.route.meets[1]), 0
    assert apply(er, table, "Ann", "drive", roll=4, moved=0) == []
    assert apply(er, table, "Ben", "drive", roll=4, moved=0) == ["MOVE_TOO_FEW"]


def test_repairs_end_at_twenty_and_at_the_asu(er):
    table = er.start(NAMES[:2], er.setup_model(), lambda c, m: None)
    car = table.cars["Ann"]
    car.repair = 18
    assert apply(er, table, "Ann", "drive", roll=6, moved=2) == []  # square 2 is grey
    assert apply(er, table, "Ann", "repair", points=3) == ["REPAIR_OVER_20"]
    assert car.repair == 20
    car.checked.add("asu")
    assert apply(er, table, "Ann", "repair", points=1) == ["REPAIR_AFTER_ASU", "REPAIR_OVER_20"]


def test_month_end_sends_cars_to_the_workshop_or_the_minus_squares(er):
    table = er.start(NAMES[:3], er.setup_model(), lambda c, m: None)
    table.time = 4 * 3  # April, period 3 of 3
    ann, ben, cy = table.cars.values()
    ann.checked.add("tuev")
    ben.repair = 15  # 12 faults: enough
    cy.repair = 10  # 2 short
    assert apply(er, table, "Ann", "drive", roll=6, moved=2) == []
    assert (
        apply(
            er,
            table,
            "Ann",
            "time",
            to="May 1",
            sent={"Ben": "workshop", "Cy": "-2"},
            repairs={"Ben": 3, "Cy": 0},
        )
        == []
    )
    assert er.route.node(ben.square) == "tuev-workshop" and ben.repair == 3
    assert cy.square == er.route.minus["tuev"][2] and cy.repair == 0
    assert ann.square[0] == "road"


def test_exchange_needs_a_two_and_two_holders(er):
    table = er.start(NAMES[:3], er.setup_model(), lambda c, m: None)
    ann, ben, _cy = table.cars.values()
    ann.hidden, ben.hidden = ["Red roof 5/3"], ["Black roof 5/3"]
    assert apply(er, table, "Ann", "drive", roll=2, moved=2) == []
    assert (
        apply(
            er, table, "Ann", "exchange", **{"with": "Ben", "take": "Black roof 5/3", "give": "Red roof 5/3"}
        )
        == []
    )
    assert ann.hidden == ["Black roof 5/3"] and ben.hidden == ["Red roof 5/3"]
    assert apply(er, table, "Ann", "attach", part="Black roof 5/3") == []
    assert apply(
        er, table, "Ann", "exchange", **{"with": "Ben", "take": "Red roof 5/3", "give": "Black roof 5/3"}
    ) == ["EXCHANGE_TWICE", "EXCHANGE_TOO_FEW", "ATTACHED_TAKEN"]


def test_a_meet_scores_parts_plus_colour_and_returns_them(er):
    log = make(
        GAME,
        NAMES[:2],
        [
            e(1, "Ann", "drive", roll=5, moved=2),
            e(1, "Ann", "buy", parts=["Red roof 5/3"]),
            e(1, "Ann", "attach", part="Red roof 5/3"),
            e(2, "Ben", "drive", roll=5, moved=2),
            e(2, "Ben", "buy", parts=["Black roof 5/3"]),
            e(3, "Ann", "drive", roll=4, moved=4),
            e(4, "Ben", "drive", roll=1, moved=1),
            e(5, "Ann", "drive", roll=3, moved=3, score=6),
            e(5, "Ann", "time", to="Jan 1"),
        ],
    )
    result = run(log)
    assert clean(result)
    assert result.state.cars["Ann"].scores == {1: 6} and not result.state.cars["Ann"].attached
    assert "Red roof 5/3" in result.state.pile


def test_broken_board_is_reported_by_check(run_cli, tmp_path: Path):
    folder = tmp_path / GAME
    shutil.copytree(paths.CARDDATA / GAME, folder, ignore=shutil.ignore_patterns("__pycache__"))
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    text = text.replace("{from: meet3-join, to: asu-turn,", "{from: asu-turn, to: meet3-join,")
    text = text.replace("      minus: {fill:", '      pink: {fill: "#ff00ff"}\n      minus: {fill:')
    text = re.sub(r"(\{from: asu-join, to: meet4, .*pattern: \[beige, )grey\]", r"\1pink]", text)
    board.write_text(text, encoding="utf-8")
    code, out, err = run_cli("check", folder)
    text = out + err
    assert code == 1 and "Traceback" not in text
    assert "route-meets" in text and "meet 4" in text
    assert "route-colours" in text and "'pink', not grey or beige" in text
    assert "constraints.yaml" in text


# -- property: seeded playthroughs replay with no report ------------------------------------------
# 200 games per player count, each also replayed as a log: about 40 s of CPU in all
# (ENTENRALLYE_PLAYTHROUGHS=N changes the count; tests/benchmarks/entenrallye_speed.py times it).
GAMES = int(os.environ.get("ENTENRALLYE_PLAYTHROUGHS", "200"))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seeded_playthroughs_per_player_count(er, players: int):
    """Every entry a random playthrough makes is applied by the rules model, which would report
    any rule it breaks (``playthrough`` raises on the first report); each finished game is then
    replayed as a log (entries validated, turn order, result with its winner or winners)."""
    shared = 0
    for seed in range(GAMES):
        log = playthrough(er, NAMES[:players], seed, max_entries=20000)
        result = replay(er, log_from_data(log, er))
        assert result.ok and result.over, [str(v) for v in result.violations]
        shared += "winners" in log["result"]
    assert shared < GAMES  # random cars score: most games have one winner


def test_policy_playthroughs_replay_from_file(er):
    """A few games by each simulated player, written as YAML and replayed like a table log."""
    policies = package(er).POLICIES
    assert set(policies) >= {"flat-out", "balanced", "stylist"}
    rng = random.Random(7)
    for _name, policy in sorted(policies.items()):
        log = playthrough(
            er, NAMES[: rng.randint(2, 6)], rng.randint(0, 10**6), max_entries=20000, policy=policy
        )
        result = run(log)
        assert clean(result) and result.over
        written = log["result"].get("winners") or [log["result"]["winner"]]
        assert list(result.outcome.winners) == written


def test_the_tuned_route_lets_flat_out_cars_make_every_meet():
    """The tuning claim of the README on a few seeded games: flat-out cars make each meet (almost)
    always; stylists, who must also pay for parts, miss June far more often."""
    from tests.benchmarks.entenrallye_route import measure

    fast = measure("flat-out", 4, 10)
    style = measure("stylist", 4, 10)
    assert all(fast[f"meet {m}"] >= 0.85 for m in (1, 2, 3, 4)), fast
    assert style["meet 2"] < fast["meet 2"] - 0.3, (style, fast)
    assert style["score"] > 10 > fast["score"] == 0
