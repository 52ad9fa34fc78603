"""Joker's Row rules: refills, claims and counter-attacks, omens, overloads, Joker movement, the
end and the winner. Every rule has a legal log and an illegal one (code and turn asserted)."""

from __future__ import annotations

import pytest

from tests.rules_fixtures.logkit import clean, e, found, make, run

P = ["Ann", "Ben"]
PLACES = [
    "9 of clubs", "4 of hearts", "K of spades", "2 of diamonds", "7 of spades",
    "Q of clubs", "3 of hearts", "8 of diamonds", "A of spades", "5 of clubs",
    "J of hearts", "6 of diamonds", "10 of spades", "2 of clubs", "7 of hearts",
]  # fmt: skip
HANDS = {
    "Ann": ["10 of clubs", "J of diamonds", "3 of spades"],
    "Ben": ["8 of hearts", "Q of spades", "5 of diamonds"],
}
SETUP = {"places": PLACES, "hands": HANDS}


def game(*entries: dict, **extra):
    return run(make("jokers-row", P, list(entries), **extra))


# -- claims and counter-attacks ---------------------------------------------------------------------


def test_counter_attacks_equal_or_higher_and_the_last_attacker_wins():
    legal = game(
        e(1, "Ann", "claim", place="9 of clubs", at=1),
        e(1, "Ben", "attack", card="9 of hearts"),  # equal is enough
        e(1, "Ann", "attack", card="J of spades"),
        e(2, "Ben", "claim", place="7 of hearts", at=15),
    )
    assert clean(legal)
    assert legal.state.claimed == {1: "Ann", 15: "Ben"}  # the end of the log closes the last claim
    low = game(e(1, "Ann", "claim", place="9 of clubs"), e(1, "Ben", "attack", card="8 of hearts"))
    assert found(low) == {("ATTACK_TOO_LOW", 1)}


def test_counter_attacks_alternate():
    legal = game(e(1, "Ann", "claim", place="9 of clubs"), e(1, "Ben", "attack", card="10 of hearts"))
    assert clean(legal)
    own = game(e(1, "Ann", "claim", place="9 of clubs"), e(1, "Ann", "attack", card="10 of hearts"))
    assert found(own) == {("TURN_ORDER", 1)}


def test_recorded_hands_and_places():
    legal = game(
        e(1, "Ann", "claim", place="9 of clubs", at=1), e(1, "Ben", "attack", card="Q of spades"), setup=SETUP
    )
    assert clean(legal)
    not_held = game(
        e(1, "Ann", "claim", place="9 of clubs"), e(1, "Ben", "attack", card="K of hearts"), setup=SETUP
    )
    assert found(not_held) == {("NOT_IN_HAND", 1)}
    wrong_place = game(e(1, "Ann", "claim", place="4 of hearts"), setup=SETUP)
    assert found(wrong_place) == {("PLACE_MISMATCH", 1)}
    drawn_place = game(
        e(1, "Ann", "claim", place="9 of clubs"),
        e(1, "Ben", "attack", card="Q of spades"),
        e(2, "Ben", "claim", place="7 of hearts", drew=["4 of hearts"]),  # place 2 lies face down
        setup=SETUP,
    )
    assert found(drawn_place) == {("CARD_UNAVAILABLE", 2)}


def test_a_card_seen_elsewhere_cannot_turn_up():
    taken = game(e(1, "Ann", "claim", place="9 of clubs"), e(2, "Ben", "claim", place="9 of clubs"))
    assert found(taken) == {("CARD_UNAVAILABLE", 2)}


def test_jokers_are_not_cards():
    result = game(e(1, "Ann", "claim", place="9 of clubs"), e(1, "Ben", "attack", card="Red Joker"))
    assert found(result) == {("NOT_PLAYABLE", 1)}


# -- refilling to three -----------------------------------------------------------------------------


def test_refill_to_three_at_the_start_of_a_turn():
    entries = [
        e(1, "Ann", "claim", place="9 of clubs"),
        e(1, "Ben", "attack", card="10 of hearts"),
        e(1, "Ann", "attack", card="J of spades"),
        e(1, "Ben", "attack", card="Q of hearts"),
    ]
    legal = game(*entries, e(2, "Ben", "claim", place="7 of hearts", drew=["2 of hearts", "3 of hearts"]))
    assert clean(legal)
    short = game(*entries, e(2, "Ben", "claim", place="7 of hearts", drew=["2 of hearts"]))
    assert found(short) == {("DRAW_COUNT", 2)}
    full = game(e(1, "Ann", "claim", place="9 of clubs", drew=["2 of hearts"]))
    assert found(full) == {("DRAW_COUNT", 1)}


# -- omens --------------------------------------------------------------------------------------------

HEARTS = ["2 of hearts", "5 of hearts", "6 of hearts"]


def test_an_omen_adds_two_to_its_casters_attacks_in_its_row():
    start = [e(1, "Ann", "omen", cards=HEARTS, row=1), e(2, "Ben", "claim", place="7 of hearts", at=15)]
    legal = game(
        *start,
        e(3, "Ann", "claim", place="9 of clubs", at=1),  # attacks at 11
        e(3, "Ben", "attack", card="J of diamonds"),
        e(3, "Ann", "attack", card="9 of spades"),  # 9 + 2 answers 11
    )
    assert clean(legal)
    low = game(*start, e(3, "Ann", "claim", place="9 of clubs"), e(3, "Ben", "attack", card="10 of diamonds"))
    assert found(low) == {("ATTACK_TOO_LOW", 3)}


def test_an_omen_needs_three_cards_of_one_suit_on_an_open_row():
    assert clean(game(e(1, "Ann", "omen", cards=HEARTS, row=5)))
    mixed = game(e(1, "Ann", "omen", cards=["2 of hearts", "5 of hearts", "6 of clubs"], row=5))
    assert found(mixed) == {("OMEN_SUITS", 1)}


def row_one_claimed(*then: dict):
    return game(
        e(1, "Ann", "omen", cards=HEARTS, row=1),
        e(2, "Ben", "overload", discard=[]),
        e(3, "Ann", "claim", place="9 of clubs", at=1),
        e(4, "Ben", "omen", cards=["2 of clubs", "3 of clubs", "4 of clubs"], row=4),
        e(5, "Ann", "claim", place="4 of spades", at=2),
        e(6, "Ben", "overload", discard=["K of diamonds", "Q of diamonds"]),
        e(7, "Ann", "claim", place="K of spades", at=3),  # row 1 is full: Ann's omen breaks
        *then,
    )


def test_an_omen_breaks_when_its_row_is_claimed():
    result = row_one_claimed()
    assert clean(result)
    assert [o.row for o in result.state.omens] == [4]
    gone = row_one_claimed(e(8, "Ben", "break", card="A of hearts", row=1))
    assert found(gone) == {("NO_OMEN_TO_BREAK", 8)}
    full_row = row_one_claimed(
        e(8, "Ben", "omen", cards=["2 of spades", "3 of spades", "5 of spades"], row=1)
    )
    assert found(full_row) == {("OMEN_ROW_CLAIMED", 8)}


@pytest.mark.parametrize(
    ("card", "row", "drew", "code"),
    [
        ("A of hearts", 1, None, None),
        ("A of hearts", 1, ["8 of clubs"], None),  # back to two cards: one more is drawn
        ("A of hearts", 1, ["8 of clubs", "9 of clubs"], "DRAW_COUNT"),
        ("K of hearts", 1, None, "BREAK_NOT_ACE"),
        ("A of spades", 1, None, "NO_OMEN_TO_BREAK"),  # the omen is of hearts
        ("A of hearts", 2, None, "NO_OMEN_TO_BREAK"),  # and lies on row 1
    ],
)
def test_breaking_an_omen(card, row, drew, code):
    fields = {"drew": drew} if drew else {}
    result = game(
        e(1, "Ann", "omen", cards=HEARTS, row=1),
        e(2, "Ben", "break", card=card, row=row, **fields),
        e(2, "Ben", "claim", place="7 of hearts", at=15),
    )
    if code is None:
        assert clean(result) and not result.state.omens
    else:
        assert found(result) == {(code, 2)}


def test_only_the_opponent_breaks_an_omen_and_only_before_acting():
    own = game(
        e(1, "Ann", "omen", cards=HEARTS, row=1),
        e(2, "Ben", "overload"),
        e(3, "Ann", "break", card="A of hearts", row=1),
    )
    assert ("NO_OMEN_TO_BREAK", 3) in found(own)
    late = game(
        e(1, "Ann", "omen", cards=HEARTS, row=1),
        e(2, "Ben", "claim", place="7 of hearts"),
        e(2, "Ben", "break", card="A of hearts", row=1),
    )
    assert ("TURN_ORDER", 2) in found(late)


# -- overload -------------------------------------------------------------------------------------------


def overloaded(*then: dict):
    return game(
        e(1, "Ann", "overload", discard=["3 of spades"]), e(2, "Ben", "claim", place="7 of hearts"), *then
    )


def test_overload_then_discard_back_to_three_at_the_end_of_the_next_turn():
    assert clean(
        overloaded(
            e(3, "Ann", "claim", place="9 of clubs"),
            e(3, "Ann", "discard", cards=["2 of clubs", "4 of clubs"]),
        )
    )
    # the discard is due, so leaving it out is one violation (and the next turn is judged as usual)
    missing = overloaded(e(3, "Ann", "claim", place="9 of clubs"), e(4, "Ben", "claim", place="8 of hearts"))
    assert found(missing) == {("DISCARD_MISSING", 3)}
    attacked = overloaded(
        e(3, "Ann", "claim", place="9 of clubs"),
        e(3, "Ben", "attack", card="10 of clubs"),
        e(3, "Ann", "attack", card="J of clubs"),  # four left: one to discard
        e(3, "Ann", "discard", cards=["2 of clubs"]),
    )
    assert clean(attacked)
    wrong = overloaded(e(3, "Ann", "claim", place="9 of clubs"), e(3, "Ann", "discard", cards=["2 of clubs"]))
    assert found(wrong) == {("DISCARD_COUNT", 3)}
    assert overloaded(e(3, "Ann", "omen", cards=HEARTS, row=2)).state.hands["Ann"].size == 3


def test_overloading_again_with_more_than_three_cards():
    again = overloaded(e(3, "Ann", "overload", discard=["2 of clubs", "4 of clubs"]))
    assert clean(again) and again.state.hands["Ann"].size == 5
    keeps = overloaded(e(3, "Ann", "overload", discard=["2 of clubs"]))
    assert found(keeps) == {("OVERLOAD_DISCARD", 3)}
    drew = overloaded(e(3, "Ann", "overload", discard=["2 of clubs", "4 of clubs"], drew=["5 of clubs"]))
    assert found(drew) == {("DRAW_COUNT", 3)}  # two were discarded, so two are drawn


# -- Joker movement, the end and the winner -----------------------------------------------------------


def crossing(final_at: int = 7, *then: dict, result=None):
    """Ann claims 1-6 and then overloads; Ben claims 15 down to 7, where Ann's Joker also stands."""
    names = iter(f"{r} of {s}" for s in ("spades", "hearts", "diamonds") for r in ("2", "3", "4", "5", "6"))
    entries = []
    for t in range(1, 19):
        if t % 2:
            if t <= 11:
                entries.append(e(t, "Ann", "claim", place=next(names), at=(t + 1) // 2))
            else:
                discard = (
                    []
                    if t == 13
                    else ["Q of clubs", "K of clubs"]
                    if t == 15
                    else ["J of clubs", "10 of clubs"]
                )
                entries.append(e(t, "Ann", "overload", discard=discard))
        else:
            at = final_at if t == 18 else 16 - t // 2
            entries.append(e(t, "Ben", "claim", place=next(names), at=at))
    extra = {"result": result} if result else {}
    return game(*entries, *then, **extra)


def test_jokers_walk_the_lawnmower_path_and_meet():
    result = crossing(result={"winner": "Ben", "scores": {"Ann": 6, "Ben": 9}})
    assert clean(result) and result.over
    assert result.state.steps == {"Ann": 15, "Ben": 15}  # both Jokers moved past the last place
    assert found(crossing(8)) == {("JOKER_PLACE", 18)}


def test_the_game_ends_when_every_place_is_claimed():
    after = crossing(7, e(19, "Ann", "claim", place="8 of clubs"))
    assert found(after) == {("AFTER_END", 19)}
    wrong_winner = crossing(result={"winner": "Ann", "scores": {"Ann": 6, "Ben": 9}})
    assert found(wrong_winner) == {("WRONG_WINNER", None)}
    wrong_scores = crossing(result={"winner": "Ben", "scores": {"Ann": 7, "Ben": 8}})
    assert found(wrong_scores) == {("WRONG_SCORES", None)}
    early = game(e(1, "Ann", "claim", place="9 of clubs"), result={"winner": "Ann"})
    assert found(early) == {("NOT_OVER", None)}


def test_turns_alternate_and_are_numbered():
    assert found(game(e(1, "Ann", "claim", place="9 of clubs"), e(2, "Ann", "overload"))) == {
        ("TURN_ORDER", 2)
    }
    assert found(game(e(1, "Ann", "overload"), e(3, "Ben", "overload"))) == {("TURN_NUMBER", 3)}


@pytest.mark.parametrize(
    "setup",
    [
        {"hands": {"Ann": ["10 of clubs", "J of diamonds"]}},
        {"places": PLACES, "hands": {"Ann": ["9 of clubs", "J of diamonds", "3 of spades"]}},  # 9 is a place
        {"hands": {"Cy": ["10 of clubs", "J of diamonds", "3 of spades"]}},
    ],
)
def test_setup(setup):
    assert clean(game(e(1, "Ann", "overload"), setup=SETUP))
    assert found(game(e(1, "Ann", "overload"), setup=setup)) == {("SETUP", None)}


def test_two_players():
    result = run(make("jokers-row", ["Ann", "Ben", "Cy"], [e(1, "Ann", "overload")]))
    assert found(result) == {("PLAYER_COUNT", None)}


def test_greedy_writes_the_remake_when_the_deck_runs_out(tmp_path):
    """Game 180 of seed 5 reaches a turn whose only option is the reshuffle: ``greedy`` writes it
    (it raised KeyError 'claim' before), and the log replays clean."""
    from generator.load.loader import load_game
    from generator.play.plan import Plan
    from generator.play.simulate import simulate
    from generator.rules.logcheck import check_logs

    loaded = load_game("jokers-row")
    written = simulate(loaded, Plan(2, 180, 5, ("greedy",)), tmp_path)
    assert "action: reshuffle" in written[179].read_text()
    reports = check_logs(loaded, written[179:])
    assert all(r.ok for r in reports), [str(v) for r in reports for v in r.replay.violations]
