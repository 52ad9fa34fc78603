"""Entenrallye's exchange takes a part "without looking" (issue 20): the place picked in the other
player's row of face-down parts (``take_at``) decides the part, a row rearranged at the table may
be written (``row``), and without a place the part is taken on the log's word (rules/row.py)."""

from __future__ import annotations

from pathlib import Path

from generator.rules.logfile import load_log
from generator.rules.module import load_rules_module
from generator.rules.playthrough import playthrough
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, codes, e, found, make, rules, run

GAME = "entenrallye"
LOGS = Path(__file__).resolve().parent.parent / "carddata" / GAME / "playtests"
P = ["Ann", "Ben", "Cy"]
# Ben lays Yellow roof then Blue doors face down; Cy holds Green bonnet; Cy's turn 6 rolls a 2
START = [
    e(1, "Ann", "drive", roll=5, moved=2), e(1, "Ann", "repair", points=3),
    e(2, "Ben", "drive", roll=5, moved=2), e(2, "Ben", "buy", parts=["Yellow roof 4/3"]),
    e(3, "Cy", "drive", roll=5, moved=2), e(3, "Cy", "buy", parts=["Green bonnet 4/3"]),
    e(4, "Ann", "drive", roll=5, moved=2), e(4, "Ann", "repair", points=3),
    e(5, "Ben", "drive", roll=5, moved=2), e(5, "Ben", "buy", parts=["Blue doors 3/5"]),
    e(6, "Cy", "drive", roll=2, moved=2),
]  # fmt: skip


def swap(**fields):
    """Cy's exchange with Ben, giving the Green bonnet."""
    return run(
        make(
            GAME, P, [*START, e(6, "Cy", "exchange", **{"with": "Ben", "give": "Green bonnet 4/3", **fields})]
        )
    )


def test_the_bundled_log_breaks_the_blind_take_once():
    r = rules(GAME)
    out = replay(r, load_log(LOGS / "illegal-blind-take.yaml", r))
    assert found(out) == {("BLIND_TAKE", 7)}
    assert "place 1 of Ben's row" in out.violations[0].message
    assert out.state.cars["Ben"].hidden == ["Red roof 5/3", "Blue doors 3/5"]  # Ben's place-only take
    assert out.state.cars["Cy"].hidden == ["Yellow roof 4/3"]


def test_the_place_picked_decides_the_part():
    named = swap(take_at=2, take="Blue doors 3/5")
    assert clean(named) and named.state.cars["Cy"].hidden == ["Blue doors 3/5"]
    placed = swap(take_at=1)  # the part need not be named: place 1 holds the Yellow roof
    assert clean(placed) and placed.state.cars["Cy"].hidden == ["Yellow roof 4/3"]
    assert placed.state.cars["Ben"].hidden == ["Blue doors 3/5", "Green bonnet 4/3"]  # given: at the right
    wrong = swap(take_at=1, take="Blue doors 3/5")
    assert codes(wrong) == ["BLIND_TAKE"]
    assert clean(swap(take="Blue doors 3/5"))  # no place written: taken on the log's word


def test_a_rearranged_row_is_written_and_must_be_the_players_parts():
    turned = swap(row=["Blue doors 3/5", "Yellow roof 4/3"], take_at=1, take="Blue doors 3/5")
    assert clean(turned)
    bad = swap(row=["Blue doors 3/5", "Red roof 5/3"], take_at=1, take="Blue doors 3/5")
    assert (
        codes(bad) == ["ROW_ORDER"]
        and "Ben holds: Yellow roof 4/3, Blue doors 3/5" in bad.violations[0].message
    )


def test_an_exchange_says_which_part_or_where():
    assert codes(swap()) == ["NOT_HELD"] and "take_at" in swap().violations[0].message
    far = swap(take_at=3)
    assert codes(far) == ["NOT_HELD"] and "none at place 3" in far.violations[0].message


def test_simulated_exchanges_write_the_place_and_replay_clean():
    r = rules(GAME)
    stylist = load_rules_module(r.game).POLICIES["stylist"]  # the simulated players who exchange most
    seen = 0
    for seed in range(6):
        log = playthrough(r, P, seed, policy=stylist)
        exchanges = [x for x in log["log"] if x["action"] == "exchange"]
        assert all(x["take_at"] >= 1 for x in exchanges)
        seen += len(exchanges)
        if exchanges:
            assert clean(run(log))
    assert seen


def test_a_steal_picks_a_place_too():
    """Issue 34, item 7: "takes a face down part" - the thief sees places, not parts, so a steal
    writes ``take_at`` (and ``row``) as an exchange does; ``part`` alone is taken on the log's word."""
    r = rules(GAME)
    out = replay(r, load_log(LOGS / "illegal-blind-steal.yaml", r))
    assert found(out) == {("BLIND_TAKE", 9)} and "is stolen unseen" in out.violations[0].message
    assert out.state.cars["Ben"].hidden == ["Yellow roof 4/3", "Green bonnet 4/3"]  # place 1 of Cy's row

    def steal(**fields):
        start = [*START[:-1], e(6, "Cy", "drive", roll=1, moved=1)]  # Cy rolls a 1: square 3, beige
        return run(make(GAME, P, [*start, e(6, "Cy", "steal", **{"from": "Ben", **fields})]))

    assert codes(steal(take_at=2)) == ["NOT_GREY"]  # square 3 is beige; the steal itself is read
    assert codes(steal()) == ["NOT_GREY", "NOT_HELD"] and "take_at" in steal().violations[1].message
    assert codes(steal(take_at=1, part="Blue doors 3/5")) == ["NOT_GREY", "BLIND_TAKE"]


def test_simulated_steals_write_the_place_and_replay_clean():
    r = rules(GAME)
    steals = 0
    for seed in range(8):
        log = playthrough(r, P, seed)
        found_steals = [x for x in log["log"] if x["action"] == "steal"]
        assert all(x["take_at"] >= 1 and x["part"] for x in found_steals)
        steals += len(found_steals)
        if found_steals:
            assert clean(run(log))
    assert steals
