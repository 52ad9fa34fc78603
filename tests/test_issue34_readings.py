"""Issue 34 for Maloney, Road Runner and Joker's Row: a tie is shared whoever holds the testament,
the setup exchange in rounds, exchange cards that make a third card of a place, one report per
rule broken (a void escape, a mid-game buy), and what a table can record of a blind pass pick and
of a break made before the refill."""

from __future__ import annotations

import pytest

from generator.core import paths
from generator.rules.logfile import load_log
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, codes, e, found, make, rules, run

P = ["Ann", "Ben", "Cy"]
MALONEY = paths.CARDDATA / "maloney" / "playtests"
FINAL = [  # Ben's hand after the two rounds of exchange-rounds.yaml
    "Chicago Mo", "Chicago Fr", "Detroit Do", "Detroit Fr", "Dallas Di", "Dallas Fr",
    "Atlanta Mo", "New York Sa", "Washington Di", "Santa Fe Do", "San Diego Sa", "Sacramento Mi",
]  # fmt: skip
ROUNDS = [{"gave": ["Chicago Mi"], "got": ["Detroit Di"]}, {"gave": ["Detroit Di"], "got": ["Dallas Fr"]}]


def maloney(*entries: dict, **setup):
    return run(make("maloney", P, list(entries), setup={"notary": "Ann", "first": "Cheyenne Mo", **setup}))


def bundled(game: str, name: str):
    r = rules(game)
    return replay(r, load_log(paths.CARDDATA / game / "playtests" / name, r))


# -- Maloney -----------------------------------------------------------------------------------


def test_a_tie_with_the_testament_holder_is_shared():
    out = bundled("maloney", "testament-tie.yaml")
    assert clean(out) and out.state.testament == "Ben"
    assert out.outcome.winner is None and out.outcome.winners == ("Ben", "Cy")


def test_the_exchange_in_rounds_is_judged_round_by_round():
    assert clean(bundled("maloney", "exchange-rounds.yaml"))
    legal = maloney(hands={"Ben": FINAL}, exchanges={"Ben": ROUNDS})
    assert clean(legal)
    # the same swaps as one pair are judged against the dealt hand: Detroit was held only twice
    one = {"gave": ["Chicago Mi", "Detroit Di"], "got": ["Detroit Di", "Dallas Fr"]}
    assert codes(maloney(hands={"Ben": FINAL}, exchanges={"Ben": one})) == ["EXCHANGE"]
    bad = bundled("maloney", "illegal-exchange-round.yaml")
    assert found(bad) == {("EXCHANGE", None)} and "in round 2" in bad.violations[0].message
    # a card got in round 1 that is neither in the hand nor given back later
    lost = [{"gave": ["Chicago Mi"], "got": ["Seattle Mo"]}, ROUNDS[1]]
    said = maloney(hands={"Ben": FINAL}, exchanges={"Ben": lost})
    assert any(
        "Seattle Mo in round 1" in v.message and "no later round" in v.message for v in said.violations
    )
    uneven = maloney(
        exchanges={"Ben": [ROUNDS[0], {"gave": ["Detroit Di"], "got": ["Dallas Fr", "Seattle Mo"]}]}
    )
    assert "round 2 gave 1 card(s) back and got 2" in uneven.violations[0].message


def test_rounds_without_a_recorded_hand_keep_what_was_got_last():
    out = maloney(exchanges={"Ben": ROUNDS})
    assert clean(out)
    hand = out.state.hands["Ben"]
    assert dict(hand.known) == {"Dallas Fr": 1} and hand.size == 12  # Detroit Di went back
    three = maloney(exchanges={"Ben": {"gave": ["Seattle Mo", "Seattle Sa", "Seattle Mi"],
                                       "got": ["Detroit Do", "Detroit Di", "Detroit Fr"]}})  # fmt: skip
    assert codes(three) == ["SETUP_HAND"] and "holds after the exchange 3 cards of Detroit" in str(
        three.violations[0]
    )


def test_a_card_got_in_the_exchange_counts_toward_a_third_of_its_place():
    bad = bundled("maloney", "illegal-exchanged-third.yaml")
    assert (
        found(bad) == {("SETUP_HAND", 2)}
        and "holds Detroit Do, got in the exchange" in bad.violations[0].message
    )
    swap = {"Ben": {"gave": ["Seattle Mo"], "got": ["Detroit Do"]}}
    days = [
        e(1, "Ann", "drive", to="Chicago", suitcase="+2 points"),
        e(2, "Ann", "drive", to="Detroit", suitcase="-$500"),
    ]
    one_more = maloney(*days, e(2, "Ben", "show", cards=["Detroit So"]), exchanges=swap)
    assert clean(one_more)  # two Detroit cards: the one got and one shown
    shown_too = maloney(*days, e(2, "Ben", "show", cards=["Detroit Do", "Detroit Fr"]), exchanges=swap)
    assert clean(shown_too)  # the card got is the one shown: still two


@pytest.mark.parametrize("written", [1, 2])
def test_a_mid_game_buy_is_one_report_whatever_day_it_is_written_under(written: int):
    out = maloney(
        e(1, "Ben", "bid", amount=300),
        e(1, "Ben", "drive", to="Chicago", paid=300, suitcase="+2 points"),
        e(written, "Ben", "buy", amount=1000),
        e(2, "Ben", "drive", to="Detroit", suitcase="-$500"),
        e(3, "Ben", "drive", to="New York", suitcase="+$500"),
    )
    assert found(out) == {("ACTION_NOT_ALLOWED", written)} and out.state.bought == {}
    assert "points are bought only when the game is over" in out.violations[0].message
    assert found(bundled("maloney", "illegal-early-buy.yaml")) == {("ACTION_NOT_ALLOWED", 1)}


def test_a_purchase_on_the_last_day_before_its_totals_closes_the_day():
    log = bundled("maloney", "shared-win.yaml").log.spec.model_dump(mode="json")
    entries = log["log"]
    last_totals = max(i for i, x in enumerate(entries) if x["action"] == "totals")
    del entries[last_totals]  # the purchases follow the last show directly
    assert clean(run({k: v for k, v in log.items() if v is not None and k not in ("races",)}))


# -- Road Runner -------------------------------------------------------------------------------


def test_an_escape_ruled_out_deals_no_damage_unless_written():
    out = bundled("road-runner", "illegal-void-escape.yaml")
    assert codes(out) == ["DOES_NOT_PREVENT"] and out.state.skips["Amy"] == 0
    log = make(
        "road-runner",
        ["Amy", "Brett", "Colin"],
        [
            e(1, "Amy", "capture", cards=["Leg Muscle Growth Pills"]),
            e(1, "Brett", "escape", card="Cactus!", damage=3),  # the table took the damage
            e(1, "Colin", "escape", card="Zoom!"),
            e(2, "Brett", "pass", to="Colin"),
            e(3, "Colin", "pass", to="Brett"),
        ],
    )
    written = run(log)
    assert codes(written) == ["DOES_NOT_PREVENT"] and written.state.skips["Amy"] == 3


def test_the_blind_pick_of_a_pass():
    assert codes(bundled("road-runner", "illegal-pick.yaml")) == ["PASS_PICK"]
    assert clean(bundled("road-runner", "new-fields.yaml"))
    seats = ["Amy", "Brett", "Colin"]
    too_far = run(make("road-runner", seats, [e(1, "Amy", "pass", to="Brett", pick=7, picked_by="Brett")]))
    assert codes(too_far) == ["PASS_PICK"] and "holds 6 card(s) face down" in too_far.violations[0].message


# -- Joker's Row -------------------------------------------------------------------------------


def test_held_shows_a_break_before_the_refill():
    bad = bundled("jokers-row", "illegal-break-before-refill.yaml")
    assert found(bad) == {("BREAK_BEFORE_REFILL", 3)}
    assert "holds 3 card(s) after the turn's refill, not 2" in bad.violations[0].message
    log = bad.log.spec.model_dump(mode="json")
    for x in log["log"]:
        if x["action"] == "break":
            x["held"] = 4
    over = run({k: v for k, v in log.items() if v is not None})
    assert codes(over) == ["HAND_COUNT"]
    assert clean(bundled("jokers-row", "table-game.yaml"))
