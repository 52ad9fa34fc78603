"""Maloney readings revised for issue 20: a tie the rules do not break is a shared win, buying
points is optional and recorded, the exchange at setup can be written and no heir shows a third
card of a place, and the messages name the right heir, sum and code."""

from __future__ import annotations

from generator.core import paths
from generator.rules.logcheck import LogReport
from generator.rules.logfile import load_log
from generator.rules.replay import replay
from generator.rules.report import summary
from tests.rules_fixtures.logkit import clean, codes, e, found, make, rules, run

P = ["Ann", "Ben", "Cy"]
LOGS = paths.CARDDATA / "maloney" / "playtests"
HAND = [
    "Seattle Mi",
    "Detroit Do",
    "Chicago Mo",
    "Chicago Fr",
    "Dallas Di",
    "Dallas Fr",
    "Atlanta Mo",
    "New York Sa",
    "Washington Di",
    "Santa Fe Do",
    "San Diego Sa",
    "Sacramento Mi",
]


def game(*entries: dict, result: dict | None = None, **setup):
    extra = {"result": result} if result else {}
    return run(
        make("maloney", P, list(entries), setup={"notary": "Ann", "first": "Cheyenne Mo", **setup}, **extra)
    )


def shared_win_log() -> dict:
    """The bundled shared-win log as data, to vary its purchases and result."""
    import yaml

    return yaml.safe_load((LOGS / "shared-win.yaml").read_text())


def test_a_tie_without_the_testament_is_a_shared_win():
    r = rules("maloney")
    out = replay(r, load_log(LOGS / "shared-win.yaml", r))
    assert clean(out) and out.outcome.winners == ("Ann", "Cy") and out.state.testament == "Ben"
    log = shared_win_log()
    log["result"] = {"winner": "Ann", "scores": log["result"]["scores"]}
    wrong = run(log)
    assert codes(wrong) == ["WRONG_WINNER"]
    said = str(wrong.violations[0])
    assert "at the end of the game (after turn 54)" in said and "Ann and Cy shared the win" in said


def test_buying_is_optional_and_the_scores_follow_what_was_bought():
    log = shared_win_log()
    assert [x["amount"] for x in log["log"] if x["action"] == "buy"] == [9800, 7000, 8800]
    log["log"] = [x for x in log["log"] if x["action"] != "buy" or x["player"] != "Ben"]
    everything = run(log)  # Ben writes no purchase: he buys with all his cash (73.4)
    assert codes(everything) == ["WRONG_SCORES"] and everything.outcome.scores["Ben"] == 73.4
    nothing = shared_win_log()
    nothing["log"] = [
        {**x, "amount": 0} if x["action"] == "buy" and x["player"] == "Ben" else x for x in nothing["log"]
    ]
    nothing["result"]["scores"]["Ben"] = 66
    assert clean(run(nothing))


def test_a_purchase_beyond_the_cash_twice_or_before_the_end_is_reported():
    log = shared_win_log()
    buys = [i for i, x in enumerate(log["log"]) if x["action"] == "buy"]
    over = shared_win_log()
    over["log"][buys[1]]["amount"] = 7450
    over.pop("result")
    bad = run(over)
    assert (
        found(bad) == {("WRONG_BUY", 54)}
        and "steps of $100 and at most the $7,400" in bad.violations[0].message
    )
    twice = shared_win_log()
    twice["log"].insert(buys[1], {**twice["log"][buys[1]], "amount": 100})
    twice.pop("result")
    assert found(run(twice)) == {("WRONG_BUY", 54)}
    early = game(e(1, "Ben", "bid", amount=200), e(1, "Ben", "buy", amount=200))
    assert codes(early) == ["ACTION_NOT_ALLOWED"]
    assert "points are bought only when the game is over" in early.violations[0].message
    assert early.state.bought == {}


def test_no_heir_shows_a_third_card_of_a_place():
    r = rules("maloney")
    third = replay(r, load_log(LOGS / "illegal-third-card.yaml", r))
    assert found(third) == {("SETUP_HAND", 3)} and "3 cards of Chicago" in third.violations[0].message
    two = game(
        e(1, "Ben", "bid", amount=300),
        e(1, "Ben", "drive", to="Chicago", paid=300, suitcase="+2 points"),
        e(1, "Ben", "show", cards=["Chicago Mo"]),
        e(2, "Ben", "drive", to="Detroit", suitcase="-$500"),
        e(3, "Ben", "drive", to="Chicago"),
        e(3, "Ben", "show", cards=["Chicago Mi"]),
    )
    assert clean(two)


def test_the_exchange_at_setup_can_be_written_and_is_checked():
    swap = {"Ben": {"gave": ["Seattle Mo", "Seattle Sa"], "got": ["Detroit Do", "Chicago Fr"]}}
    legal = game(exchanges=swap)  # hands not recorded: the cards got are known in Ben's hand
    assert clean(legal) and legal.state.hands["Ben"].known["Chicago Fr"] == 1
    taken = game(
        e(1, "Ann", "drive", to="Chicago", suitcase="+2 points"),
        e(1, "Cy", "show", cards=["Chicago Fr"]),
        exchanges=swap,
    )
    assert found(taken) == {("CARD_UNAVAILABLE", 1)}  # Ben holds it since the exchange
    r = rules("maloney")
    bad = replay(r, load_log(LOGS / "illegal-exchange.yaml", r))
    assert codes(bad) == ["EXCHANGE"] and "dealt only 2 cards of Seattle" in bad.violations[0].message
    kept_two = [("Seattle Do" if n == "Dallas Fr" else n) for n in HAND]  # dealt Seattle Mi, Do and Mo
    dealt_three = game(
        hands={"Ben": kept_two}, exchanges={"Ben": {"gave": ["Seattle Mo"], "got": ["Sacramento Mi"]}}
    )
    assert clean(dealt_three)
    uneven = game(exchanges={"Ben": {"gave": ["Seattle Mo"], "got": ["Detroit Do", "Chicago Fr"]}})
    assert codes(uneven) == ["EXCHANGE"] and "card for card" in uneven.violations[0].message
    unheld = game(hands={"Ben": HAND}, exchanges={"Ben": {"gave": ["Seattle Mo"], "got": ["Dallas Mi"]}})
    assert "EXCHANGE" in codes(unheld)


def test_an_overbid_is_reported_once_and_consistently():
    out = game(
        e(1, "Cy", "bid", amount=300),
        e(1, "Ben", "bid", amount=11_000),
        e(1, "Ben", "drive", to="Chicago", paid=11_000, suitcase="+2 points"),
    )
    assert codes(out) == ["ACTION_NOT_ALLOWED", "FINE_MISSING"]
    drive, fine = (v.message for v in out.violations)
    assert "Ann drives today" in drive and "auction starts again" in drive and "Cy" not in drive
    assert "auction starts again" in fine


def test_a_wrong_driver_is_told_who_drives_and_is_not_billed_for_anothers_bid():
    out = game(
        e(1, "Ben", "bid", amount=200), e(1, "Ann", "drive", to="Chicago", paid=200, suitcase="+2 points")
    )
    assert codes(out) == ["ACTION_NOT_ALLOWED"]
    assert out.violations[0].message == "Ann cannot drive now: Ben drives today (Ben made the last bid, $200)"


def test_money_prints_as_money_on_both_sides():
    out = game(
        e(1, "Ben", "bid", amount=200),
        e(1, "Ben", "drive", to="Chicago", paid=200, suitcase="+2 points"),
        e(1, "Ann", "totals", cash={"Ben": 9300}),
    )
    assert [v.message for v in out.violations] == ["Ben has $10,300, not $9,300"]


def test_an_unfinished_log_counts_the_days_it_has():
    out = game(e(1, "Ann", "drive", to="Chicago", suitcase="+2 points"), e(2, "Ann", "drive", to="Detroit"))
    assert out.turns == 2 and not out.over
    assert "2 turns, unfinished" in summary(LogReport("t.yaml", out))
