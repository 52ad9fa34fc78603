"""The checker follows every rule (issue 8, section 2): a remade pile is fully known, a rejected
entry counts as played (one violation, one report), and the log fields the rules turn on
(declared method, draw and pass lists, skipped turns, the discard after an overload, reshuffles)
are checked. Each case failed before the fix."""

from __future__ import annotations

from typing import Any

from generator.rules.logfile import data_log
from generator.rules.playthrough import playthrough
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, e, found, make, rules, run

P3 = ["Amy", "Brett", "Colin"]
P8 = ["Amy", "Brett", "Colin", "Debby", "Evan", "Fay", "Gus", "Hal"]


def rr(*entries: dict, players=P3, **extra):
    return run(make("road-runner", players, list(entries), **extra))


def passes(first: int, last: int) -> list[dict]:
    return [e(t, P8[(t - 1) % 8], "pass") for t in range(first, last + 1)]


def remade(*then: dict):
    """8 players, 40 cards in the pile: Amy's Giant Spring is stopped at turn 1, then everyone
    passes until the pile is gone; its remake holds the one played Capture card."""
    start = [e(1, "Amy", "capture", cards=["Giant Spring"]), e(1, "Brett", "escape", card="Fast Running!")]
    return rr(*start, *passes(2, 40), *then, players=P8)


# -- Road Runner -----------------------------------------------------------------------------------


def test_road_runner_draws_after_a_remake_come_from_the_remade_pile():
    assert clean(remade(e(41, "Amy", "pass", drew="Giant Spring")))
    # Catapult was never played: after the remake it cannot be drawn (before, any unseen card passed)
    assert found(remade(e(41, "Amy", "pass", drew="Catapult"))) == {("CARD_UNAVAILABLE", 41)}
    # the remade pile is one card: the next turn draws nothing, and a written draw is reported
    after = remade(e(41, "Amy", "pass", drew=["Giant Spring"]), e(42, "Brett", "pass", drew=["Road"]))
    assert found(after) == {("DRAW_COUNT", 42)}


def test_road_runner_reshuffle_entries_are_checked():
    assert clean(remade(e(40, "Amy", "reshuffle"), e(41, "Amy", "pass", drew="Giant Spring")))
    early = rr(e(1, "Amy", "pass"), e(1, "Brett", "reshuffle"))
    assert found(early) == {("RESHUFFLE_NOT_DUE", 1)}


def test_road_runner_draw_and_pass_lists_are_counted():
    assert clean(rr(e(1, "Amy", "pass", card=["Road"], drew=["Anvil"], to="Brett")))
    two = rr(e(1, "Amy", "pass", drew=["Anvil", "Road"]))
    assert found(two) == {("DRAW_COUNT", 1)}
    assert found(rr(e(1, "Amy", "pass", card=["Road", "Anvil"]))) == {("PASS_COUNT", 1)}
    assert found(rr(e(1, "Amy", "pass", card=[]))) == {("PASS_COUNT", 1)}


def test_road_runner_the_declared_method_is_checked_and_decides_the_attempt():
    """Giant Bow + Arrow make a LAUNCHER chase and a SHOOTER+AMMO shot: declared as a shot,
    Cactus! (LAUNCHER chases only) cannot stop it; declared as a chase, or not declared, it can."""
    shot = rr(
        e(1, "Amy", "capture", cards=["Giant Bow", "Arrow"], method="SHOOTER+AMMO"),
        e(1, "Brett", "escape", card="Cactus!"),
    )
    assert found(shot) == {("DOES_NOT_PREVENT", 1)}
    for method in ("LAUNCHER", None):
        chase = rr(
            e(1, "Amy", "capture", cards=["Giant Bow", "Arrow"], **({"method": method} if method else {})),
            e(1, "Brett", "escape", card="Cactus!", damage=3),
        )
        assert clean(chase), method
    wrong = rr(e(1, "Amy", "capture", cards=["Sling Shot", "Arrow"], method="VEHICLE+THRUSTER"))
    assert found(wrong) == {("METHOD", 1)}


def test_road_runner_skipped_turns_may_be_written_and_are_checked():
    start = [e(1, "Amy", "capture", cards=["Road", "Knife And Fork"]), e(1, "Brett", "escape", card="Truck!")]
    written = rr(
        *start, e(2, "Brett", "pass"), e(3, "Colin", "pass"), e(3, "Amy", "skip"), e(4, "Brett", "pass")
    )
    assert clean(written) and written.state.skips["Amy"] == 1
    not_skipping = rr(*start, e(2, "Brett", "pass"), e(2, "Colin", "skip"))
    assert found(not_skipping) == {("ACTION_NOT_ALLOWED", 2)}  # Colin is not skipping: it is his turn


# -- Joker's Row -----------------------------------------------------------------------------------

P2 = ["Ann", "Ben"]
PLACES = [
    "9 of clubs", "4 of hearts", "K of spades", "2 of diamonds", "7 of spades",
    "Q of clubs", "3 of hearts", "8 of diamonds", "A of spades", "5 of clubs",
    "J of hearts", "6 of diamonds", "10 of spades", "2 of clubs", "7 of hearts",
]  # fmt: skip
HANDS = {
    "Ann": ["10 of clubs", "J of diamonds", "3 of spades"],
    "Ben": ["8 of hearts", "Q of spades", "5 of diamonds"],
}


def jr(*entries: dict, **extra):
    return run(make("jokers-row", P2, list(entries), **extra))


def test_jokers_row_a_card_not_in_the_hand_still_leaves_it():
    """Ben's attack with a card he does not hold is one report; his next refill draws one card."""
    log = jr(
        e(1, "Ann", "claim", place="9 of clubs", at=1),
        e(1, "Ben", "attack", card="K of hearts"),
        e(2, "Ben", "claim", place="7 of hearts", at=15, drew=["2 of hearts"]),
        setup={"places": PLACES, "hands": HANDS},
    )
    assert found(log) == {("NOT_IN_HAND", 1)}


def test_jokers_row_a_break_after_the_claim_does_not_open_a_turn():
    log = jr(
        e(1, "Ann", "claim", place="9 of clubs"),
        e(2, "Ben", "omen", cards=["2 of hearts", "5 of hearts", "6 of hearts"], row=2),
        e(3, "Ann", "claim", place="4 of hearts"),
        e(3, "Ann", "break", card="A of hearts", row=2),  # after her claim: too late
        e(4, "Ben", "claim", place="7 of hearts"),  # legal: Ben's turn
    )
    assert found(log) == {("TURN_ORDER", 3)}


def test_jokers_row_reshuffle_entries_are_checked():
    assert found(jr(e(1, "Ann", "claim", place="9 of clubs"), e(1, "Ben", "reshuffle"))) == {
        ("RESHUFFLE_NOT_DUE", 1)
    }


def _after_remake(log: dict[str, Any]) -> int | None:
    """The first entry drawing from a fully known (remade) deck."""
    model = rules("jokers-row")
    for i, x in enumerate(log["log"]):
        if x.get("drew"):
            state = replay(model, data_log({**log, "log": log["log"][:i]}, model), finish=False).state
            if (not state.deck.unknown and state.deck.known) or (not state.deck.size and state.discard.size):
                return i
    return None


def test_jokers_row_draws_after_a_remake_come_from_the_discards():
    model = rules("jokers-row")
    for seed in range(40):
        log = playthrough(model, P2, seed)
        if (i := _after_remake(log)) is not None:
            break
    else:
        raise AssertionError("no seeded game remade its deck")
    assert clean(replay(model, data_log(log, model)))
    state = replay(model, data_log({**log, "log": log["log"][:i]}, model), finish=False).state
    pile = state.deck.known if state.deck.size else state.discard.known
    stranger = next(n for n in sorted(state.won) if not pile[n])  # a claimed place: never discarded
    entries = [dict(x) for x in log["log"]]
    entries[i]["drew"] = [stranger, *entries[i]["drew"][1:]]
    result = replay(model, data_log({**log, "log": entries}, model))
    assert ("CARD_UNAVAILABLE", entries[i]["turn"]) in found(result)


def test_each_game_ships_three_illegal_logs_with_one_violation_each():
    """Every marked line is reported (tests/test_log_cli.py); here: at least three logs per game
    whose single violation is the one marked line."""
    from generator.core import paths
    from generator.rules.logfile import load_log

    for game in ("road-runner", "jokers-row"):
        model, single = rules(game), []
        for path in sorted((paths.CARDDATA / game / "playtests").glob("illegal-*.yaml")):
            result = replay(model, load_log(path, model))
            marked = [n for n, line in enumerate(path.read_text().splitlines(), 1) if "# BAD" in line]
            if len(result.violations) == 1 and [v.line for v in result.violations] == marked:
                single.append(path.name)
        assert len(single) >= 3, (game, single)
