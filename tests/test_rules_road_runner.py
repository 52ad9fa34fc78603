"""Road Runner rules: capture sets, chases and Speed, escapes, damage, skipped turns, passing,
draws and reshuffles. Every rule has a legal log and an illegal one (code and turn asserted)."""

from __future__ import annotations

import pytest

from tests.rules_fixtures.logkit import clean, e, found, make, rules, rules_package, run

P3 = ["Amy", "Brett", "Colin"]
P8 = ["Amy", "Brett", "Colin", "Debby", "Evan", "Fay", "Gus", "Hal"]


def rr():
    return rules("road-runner")


def facts(*names: str):
    return rules_package("road-runner").analyse([rr().cards[n] for n in names])


def escape_works(escape: str, *attempt: str) -> bool:
    return rules_package("road-runner").prevents(rr().cards[escape].get("escape"), facts(*attempt))


def capture(cards: list[str], *responses: dict, result: str | None = "Amy", players=P3):
    entries = [e(1, "Amy", "capture", cards=cards), *responses]
    extra = {"result": {"winner": result}} if result else {}
    return run(make("road-runner", players, entries, **extra))


# -- the chase Speed rule ------------------------------------------------------------------------


def test_rulebook_example_chase_is_a_speed_1_vehicle_chase():
    f = facts("Skis", "Refrigerator", "Fan")
    assert f.chases == {"VEHICLE"} and f.speed == 1
    assert ("VEHICLE", "THRUSTER") in f.sets


def test_speeds_do_not_add_up_and_conditions_set_them():
    assert facts("Sail", "Fan").speed == 2
    assert facts("Sail").speed == 1
    assert facts("Rocket Motor", "Skateboard").speed == 4


def test_conditional_keywords_need_every_named_card():
    assert not facts("Ball Bearings", "Free Birdseed").sets
    assert ("BAIT", "TRAP") in facts("Ball Bearings", "Free Birdseed", "Giant Magnet").sets
    assert not facts("Outboard Motor", "Skateboard").sets
    assert facts("Outboard Motor", "Bucket Of Water", "Skateboard").speed == 2


def test_metal_and_mechanical_are_always_there_like_the_fans():
    """Outboard Motor and Skis read like the Fan: METAL (MECHANICAL) whatever they are played with."""
    assert {"METAL", "MECHANICAL"} <= facts("Outboard Motor", "Skateboard").keywords
    assert "METAL" in facts("Skis", "Rocket").keywords
    assert "VEHICLE" not in facts("Skis").keywords  # VEHICLE still needs the Refrigerator
    assert escape_works("Rust!", "Skis", "Leg Muscle Growth Pills")


def test_prevention_kinds():
    assert escape_works("Tiger Trap", "Skateboard", "Long Slope")
    assert not escape_works("Tiger Trap", "Hot Air Balloon", "Long Slope")  # involves HEIGHT
    assert escape_works("Gravity Failure!", "Anvil", "Tightrope")
    assert not escape_works("Gravity Failure!", "Free Birdseed", "Cliff")  # HEIGHT without DROP
    assert escape_works("Bad Aim!", "Sling Shot", "Arrow")
    assert not escape_works("Bad Aim!", "Giant Spring")
    assert escape_works("Rolling Boulder", "Free Birdseed", "Cliff")  # any capture
    assert escape_works("Zoom!", "Rocket") and not escape_works("Zoom!", "Rocket Motor", "Skateboard")


# -- capture attempts ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        (["Free Birdseed", "Cliff"], True),  # BAIT + TRAP
        (["Free Birdseed", "Detour Sign"], False),  # BAIT twice, no TRAP
        (["Road", "Knife And Fork"], True),  # ROAD + AMBUSH
        (["Anvil", "Tightrope"], True),  # DROP + HEIGHT
        (["Sling Shot", "Arrow"], True),  # SHOOTER + AMMO
        (["Sling Shot"], False),
        (["Skis", "Refrigerator", "Fan"], True),  # conditional VEHICLE
        (["Skis", "Fan"], False),  # ... not without the Refrigerator
        (["Ball Bearings", "Free Birdseed", "Giant Magnet"], True),  # two partners give TRAP
        (["Ball Bearings", "Free Birdseed"], False),
        (["Leg Muscle Growth Pills"], True),  # both keywords of a pair on one card
        (["Unicycle Helmet", "Tightrope"], True),  # both, by a condition
        (["Cliff"], False),  # HEIGHT and TRAP are not a pair
        (["Giant Spring"], True),  # LAUNCHER alone
        (["Giant Spring", "Bucket Of Water"], True),  # extra cards are allowed
    ],
)
def test_capture_sets(cards, legal):
    result = capture(cards)
    if legal:
        assert clean(result)
    else:
        assert ("NO_CAPTURE_SET", 1) in found(result)


def test_only_capture_cards_capture():
    assert clean(capture(["Giant Spring", "Catapult"]))
    assert ("NOT_A_CAPTURE_CARD", 1) in found(capture(["Giant Spring", "Rust!"]))


# -- escapes -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attempt", "escape", "works"),
    [
        (["Skis", "Refrigerator", "Fan"], "Fast Running!", True),  # Speed 1
        (["Leg Muscle Growth Pills"], "Fast Running!", False),  # Speed 2
        (["Sail", "Fan", "Skateboard"], "Burst Of Speed!", True),
        (["Sail", "Fan", "Skateboard"], "Fast Running!", False),  # Speed 2 by the condition
        (["Giant Spring"], "Beep Beep!", True),  # LAUNCHER chase
        (["Free Birdseed", "Cliff"], "Beep Beep!", False),  # no chase
        (["Sling Shot", "Arrow"], "Bad Aim!", True),  # shot AMMO
        (["Giant Spring"], "Bad Aim!", False),
        (["Skateboard", "Long Slope"], "Rust!", True),  # METAL
        (["Leg Muscle Growth Pills"], "Rust!", False),
        (["Anvil", "Tightrope"], "Gravity Failure!", True),  # HEIGHT and DROP
        (["Free Birdseed", "Cliff"], "Gravity Failure!", False),
        (["Free Birdseed", "Cliff"], "Too Dumb!", True),  # TRAP
    ],
)
def test_an_escape_must_stop_this_attempt(attempt, escape, works):
    result = capture(attempt, e(1, "Brett", "escape", card=escape), result=None)
    if works:
        assert clean(result)
    else:
        assert ("DOES_NOT_PREVENT", 1) in found(result)


def test_capture_cards_do_not_escape():
    result = capture(["Giant Spring"], e(1, "Brett", "escape", card="Anvil"), result=None)
    assert ("NOT_AN_ESCAPE_CARD", 1) in found(result)


def test_escapes_in_seat_order_one_chance_each():
    ok = capture(
        ["Giant Spring"], e(1, "Brett", "decline"), e(1, "Colin", "escape", card="Cactus!"), result=None
    )
    assert clean(ok)
    late = capture(
        ["Giant Spring"],
        e(1, "Colin", "escape", card="Cactus!"),
        e(1, "Brett", "escape", card="Beep Beep!"),
        result=None,
        players=[*P3, "Debby"],
    )
    assert found(late) == {("TURN_ORDER", 1)}
    closed = capture(
        ["Giant Spring"],
        e(1, "Colin", "escape", card="Cactus!"),
        e(1, "Brett", "escape", card="Beep Beep!"),
        result=None,
    )
    assert found(closed) == {("ACTION_NOT_ALLOWED", 1)}  # the last chance was taken: the attempt is over
    twice = capture(
        ["Giant Spring"],
        e(1, "Brett", "escape", card="Cactus!"),
        e(1, "Brett", "escape", card="Beep Beep!"),
        result=None,
    )
    assert found(twice) == {("TURN_ORDER", 1)}


def test_an_attempt_nobody_stops_wins():
    assert clean(capture(["Giant Spring"], e(1, "Brett", "decline"), e(1, "Colin", "decline")))
    assert clean(capture(["Giant Spring"]))  # declines may be left out
    after = capture(["Giant Spring"], e(2, "Brett", "pass"))
    assert found(after) == {("AFTER_END", 2)}
    assert found(capture(["Giant Spring"], result="Brett")) == {("WRONG_WINNER", None)}


@pytest.mark.parametrize(
    ("attempt", "escape", "damage"),
    [
        (["Skis", "Refrigerator", "Fan"], "Cliff Face!", 1),  # Speed
        (["Leg Muscle Growth Pills"], "Uh Oh!", 3),  # Speed + 1
        (["Anvil", "Tightrope"], "Gravity Failure!", 2),  # HEIGHT + DROP
        (["Huge Boulder", "Precarious Rock Spire"], "Gravity Failure!", 5),
        (["Rocket"], "Backfire!", 3),  # EXPLOSIVE
        (["Rocket"], "Boulder!", 4),  # 1 + EXPLOSIVE
        (["Sling Shot", "Arrow"], "U-Shaped Rock Formation!", 1),  # AMMO
        (["Giant Spring"], "Mechanical Failure!", 1),  # Speed, in a chase
        (["Refrigerator", "Tightrope"], "Mechanical Failure!", 0),  # not a chase: none
        (["Road", "Bear Trap"], "Truck!", 2),
        (["Dynamite", "Free Birdseed"], "Too Smart!", 2),  # TRAP 1 + AMBUSH 1
        (["Winding Mountain Road", "Anvil"], "Oops!", 3),  # HEIGHT
        (["Tunnel", "Knife And Fork"], "Express Train!", 3),
        (["Road", "Bear Trap"], "Why Didn't It Work?!", 1),  # AMBUSH
        (["Catapult"], "Cactus!", 3),
    ],
)
def test_damage_as_the_card_says(attempt, escape, damage):
    right = capture(attempt, e(1, "Brett", "escape", card=escape, damage=damage), result=None)
    assert clean(right)
    assert right.state.skips["Amy"] == damage
    wrong = capture(attempt, e(1, "Brett", "escape", card=escape, damage=damage + 1), result=None)
    assert found(wrong) == {("DAMAGE_MISMATCH", 1)}


def test_further_escapes_after_a_stopped_attempt_add_damage():
    result = capture(
        ["Leg Muscle Growth Pills"],
        e(1, "Brett", "escape", card="Burst Of Speed!"),
        e(1, "Colin", "escape", card="Uh Oh!", damage=3),
        result=None,
    )
    assert clean(result) and result.state.skips["Amy"] == 3


# -- skipped turns and passing ---------------------------------------------------------------------


def damaged_amy(*later: dict):
    """Amy takes 2 damage at turn 1 (Truck!)."""
    entries = [
        e(1, "Amy", "capture", cards=["Road", "Knife And Fork"]),
        e(1, "Brett", "escape", card="Truck!"),
    ]
    return run(make("road-runner", P3, [*entries, *later]))


def test_a_skipping_player_loses_turns_and_passed_cards():
    legal = damaged_amy(
        e(2, "Brett", "pass", to="Colin"),
        e(3, "Colin", "pass", to="Brett"),  # Amy is skipping: the card goes on to Brett
        e(4, "Brett", "pass", to="Colin"),
        e(5, "Colin", "pass", to="Brett"),  # Amy still has a turn to skip
        e(6, "Brett", "pass", to="Colin"),
        e(7, "Colin", "pass", to="Amy"),  # both skipped: Amy is back
        e(8, "Amy", "pass", to="Brett"),
    )
    assert clean(legal)
    wrong_target = damaged_amy(e(2, "Brett", "pass", to="Colin"), e(3, "Colin", "pass", to="Amy"))
    assert found(wrong_target) == {("PASS_TARGET", 3)}
    too_soon = damaged_amy(e(2, "Brett", "pass"), e(3, "Colin", "pass"), e(4, "Amy", "pass"))
    assert found(too_soon) == {("TURN_ORDER", 4)}


def test_a_skipping_player_may_still_escape():
    result = damaged_amy(e(2, "Brett", "capture", cards=["Giant Spring"]), e(2, "Colin", "decline"))
    result2 = damaged_amy(
        e(2, "Brett", "capture", cards=["Giant Spring"]),
        e(2, "Colin", "decline"),
        e(2, "Amy", "escape", card="Cactus!"),
    )
    assert result.outcome.winner == "Brett"
    assert clean(result2) and not result2.over


def test_escape_when_there_is_no_attempt():
    result = run(make("road-runner", P3, [e(1, "Amy", "escape", card="Cactus!")]))
    assert ("ACTION_NOT_ALLOWED", 1) in found(result)


# -- hands, draws and the reshuffle ----------------------------------------------------------------

HANDS = {
    "Amy": ["Giant Spring", "Road", "Rust!", "Anvil", "Tightrope"],
    "Brett": ["Cactus!", "Fan", "Sail", "Arrow", "Oops!"],
    "Colin": ["Beep Beep!", "Dud!", "Rocket", "Cliff", "Skis"],
}


def with_hands(*entries: dict, hands=HANDS):
    return run(make("road-runner", P3, list(entries), setup={"hands": hands}))


def test_recorded_hands_are_checked():
    assert clean(with_hands(e(1, "Amy", "capture", cards=["Anvil", "Tightrope"], drew="Catapult")))
    assert clean(with_hands(e(1, "Amy", "capture", cards=["Catapult"], drew="Catapult")))
    bad = with_hands(e(1, "Amy", "capture", cards=["Catapult"], drew="Bear Trap"))
    assert found(bad) == {("NOT_IN_HAND", 1)}
    passed = with_hands(
        e(1, "Amy", "pass", card="Road", to="Brett"), e(2, "Brett", "capture", cards=["Road", "Arrow"])
    )
    assert ("NOT_IN_HAND", 2) not in found(passed)
    assert ("NOT_IN_HAND", 1) in found(with_hands(e(1, "Amy", "pass", card="Fan")))


def test_a_drawn_card_must_be_in_the_pile():
    assert clean(with_hands(e(1, "Amy", "pass", drew="Cactus!")))  # Brett holds one of two
    assert found(with_hands(e(1, "Amy", "pass", drew="Fan"))) == {("CARD_UNAVAILABLE", 1)}  # Brett's
    assert found(with_hands(e(1, "Amy", "pass", drew="Giant Spring"))) == {("CARD_UNAVAILABLE", 1)}


def test_without_hands_every_copy_counts():
    two = capture(["Free Birdseed", "Free Birdseed", "Cliff"])
    assert clean(two)
    three = capture(["Free Birdseed", "Free Birdseed", "Free Birdseed", "Cliff"])
    assert found(three) == {("NOT_IN_HAND", 1)}


@pytest.mark.parametrize(
    ("hands", "code"),
    [
        ({"Amy": HANDS["Amy"][:4]}, "SETUP"),
        ({"Amy": ["Free Birdseed"] * 3 + ["Road", "Anvil"]}, "SETUP"),
        ({"Zed": HANDS["Amy"]}, "SETUP"),
        ({"Amy": ["Refrigeratr", *HANDS["Amy"][1:]]}, "UNKNOWN_CARD"),
    ],
)
def test_setup_hands(hands, code):
    assert clean(with_hands(e(1, "Amy", "pass"), hands={"Amy": HANDS["Amy"]}))
    assert code in {v.code for v in with_hands(e(1, "Amy", "pass"), hands=hands).violations}


def passes(first: int, last: int, players=P8, **fields) -> list[dict]:
    return [e(t, players[(t - 1) % len(players)], "pass", **fields) for t in range(first, last + 1)]


def reshuffle_game(passes_until: int, *then: dict):
    """8 players, 40 cards in the pile: Amy's Giant Spring is stopped at turn 1, then passes."""
    start = [e(1, "Amy", "capture", cards=["Giant Spring"]), e(1, "Brett", "escape", card="Fast Running!")]
    return run(make("road-runner", P8, [*start, *passes(2, passes_until), *then]))


def test_dual_cards_escape_only_after_a_reshuffle():
    after = reshuffle_game(
        40, e(41, "Amy", "capture", cards=["Catapult"]), e(41, "Brett", "escape", card="Rolling Boulder")
    )
    assert clean(after) and after.state.reshuffles == 1
    before = reshuffle_game(
        30, e(31, "Gus", "capture", cards=["Catapult"]), e(31, "Hal", "escape", card="Rolling Boulder")
    )
    assert found(before) == {("DUAL_BEFORE_RESHUFFLE", 31)}


def test_only_capture_cards_are_reshuffled():
    assert clean(reshuffle_game(40, e(41, "Amy", "pass", drew="Giant Spring")))
    assert found(reshuffle_game(40, e(41, "Amy", "pass", drew="Fast Running!"))) == {("CARD_UNAVAILABLE", 41)}


def test_nothing_to_draw_when_pile_and_captures_are_empty():
    entries = passes(1, 40)
    assert clean(run(make("road-runner", P8, [*entries, e(41, "Amy", "pass")])))
    drew = run(make("road-runner", P8, [*entries, e(41, "Amy", "pass", drew="Road")]))
    assert found(drew) == {("DRAW_COUNT", 41)}


def test_unknown_cards_are_named_with_a_suggestion():
    result = capture(["Giant Sprung"])
    assert ("UNKNOWN_CARD", 1) in found(result)
    assert "did you mean 'Giant Spring'" in result.violations[0].message


def test_player_count():
    result = run(make("road-runner", ["Amy", "Brett"], [e(1, "Amy", "pass")]))
    assert found(result) == {("PLAYER_COUNT", None)}
    assert rr().player_range() == (3, 8)
