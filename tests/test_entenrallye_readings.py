"""Entenrallye readings revised for issue 20: a missing time step is reported at the turn that
owes it (also at the end of a log), a one-way road driven backwards is called one-way, an open
turn says what the roll on that square allows, and a recorded pile order makes buying checkable."""

from __future__ import annotations

import pytest

from generator.rules.playthrough import playthrough
from tests.rules_fixtures.logkit import clean, codes, e, found, make, rules, run

GAME = "entenrallye"
P = ["Ann", "Ben"]


def game(*entries: dict, **setup):
    return run(make(GAME, P, list(entries), **({"setup": setup} if setup else {})))


@pytest.fixture(scope="module")
def finished() -> dict:
    """A whole seeded game of two whose last entry is a time entry."""
    for seed in range(40):
        log = playthrough(rules(GAME), P, seed)
        if log["log"][-1]["action"] == "time" and "result" in log:
            return log
    raise AssertionError("no seed ends on a time entry")


def test_a_missing_time_step_is_the_moving_players_at_that_turn():
    cut = game(e(1, "Ann", "drive", roll=6, moved=2))  # the log stops right after Ann's 6
    assert found(cut) == {("TIME_NOT_ADVANCED", 1)} and cut.violations[0].player == "Ann"
    later = game(e(1, "Ann", "drive", roll=6, moved=2), e(2, "Ben", "drive", roll=2, moved=2))
    assert [(v.code, v.turn, v.player, v.line) for v in later.violations] == [
        ("TIME_NOT_ADVANCED", 1, "Ann", 6)
    ]
    assert "first movement, then special actions, then advance time" in later.violations[0].message


def test_the_last_time_step_of_a_game_left_out_is_reported_not_an_unfinished_game(finished):
    log = {**finished, "log": finished["log"][:-1]}
    out = run(log)
    assert codes(out) == ["TIME_NOT_ADVANCED"] and out.over  # the result still checks out
    assert out.violations[0].line == out.log.entries[-1].line  # the last entry: the turn that owes it


def test_a_one_way_road_is_named_one_way():
    out = game(e(1, "Ann", "drive", roll=3, moved=3, path=["start"]))
    assert (
        codes(out) == ["ONE_WAY"] and "is one-way, from Start (start) to Meet 1" in out.violations[0].message
    )


def test_an_open_turn_says_what_this_roll_on_this_square_allows():
    two = game(e(1, "Ann", "drive", roll=3, moved=2), e(2, "Ann", "drive", roll=3, moved=1))
    said = two.violations[0].message
    assert two.violations[0].code == "ACTION_NOT_ALLOWED"
    assert "after a 3 on square 2" in said and "Ann may repair, then Ben drives" in said
    assert "steal" not in said and "buy" not in said and "exchange" not in said
    beige = game(e(1, "Ann", "drive", roll=1, moved=1), e(2, "Ann", "drive", roll=3, moved=1))
    assert "may make no special action" in beige.violations[0].message


def test_no_turn_zero_and_no_markers_to_off():
    early = game(e(1, "Ann", "buy", parts=["Red bonnet 5/3"]), e(1, "Ann", "drive", roll=3, moved=1))
    assert codes(early) == ["ACTION_NOT_ALLOWED"] and "Ann drives first" in early.violations[0].message
    idle = game(e(1, "Ann", "drive", roll=3, moved=1), e(1, "Ann", "time", to="Jan 1"))
    assert codes(idle) == ["TIME_NOT_DUE"] and "off the board" in idle.violations[0].message
    assert " off," not in idle.violations[0].message


def test_specials_after_the_time_entry_say_so_and_name_the_square():
    out = game(
        e(1, "Ann", "drive", roll=6, moved=1),
        e(1, "Ann", "time", to="Jan 1"),
        e(1, "Ann", "repair", points=1),
    )
    assert codes(out) == ["AFTER_TIME", "NOT_GREY"]


def pile() -> list[str]:
    return sorted(rules(GAME).parts.slot)


def test_a_recorded_pile_order_makes_buying_checkable():
    order = pile()
    top, second = order[0], order[1]
    ann = [e(1, "Ann", "drive", roll=5, moved=2)]
    assert clean(game(*ann, e(1, "Ann", "buy", parts=[top]), pile=order))
    wrong = game(*ann, e(1, "Ann", "buy", parts=[second]), pile=order)
    assert codes(wrong) == ["BLIND_DRAW"] and f"top part is {top}" in wrong.violations[0].message
    assert clean(game(*ann, e(1, "Ann", "buy", parts=[second])))  # no order recorded: unchecked
    short = game(*ann, pile=[*order[1:], order[2]])
    assert codes(short) == ["PILE_ORDER"] and f"missing: {top}" in short.violations[0].message
    held = game(
        *ann,
        e(1, "Ann", "buy", parts=[top]),
        e(2, "Ben", "drive", roll=5, moved=2),
        e(2, "Ben", "buy", parts=[top]),
        pile=order,
    )
    assert codes(held) == ["PART_UNAVAILABLE"]  # one mistake, one report


def test_a_shuffle_at_a_meet_forgets_the_order_unless_recorded_again():
    er = rules(GAME)
    pkg = __import__(type(er).__module__.rsplit(".", 1)[0], fromlist=["pile", "state"])
    table = er.start(P, er.setup_model.model_validate({"pile": pile()}), lambda c, m: None)
    notes: list[str] = []
    table.pile.discard(pile()[0])
    pkg.pile.reshuffle(table, None, lambda c, m: notes.append(c))
    assert table.order is None and not notes  # shuffled, order not written: unchecked again
    again = sorted(table.pile, reverse=True)
    pkg.pile.reshuffle(table, again, lambda c, m: notes.append(c))
    assert table.order == again and not notes
    pkg.pile.take_top(table, again[1], lambda c, m: notes.append(c))
    assert notes == ["BLIND_DRAW"]
