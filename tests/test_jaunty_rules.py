"""Jaunty Jalopies rules: the bundled legal races (the illegal ones are checked line by line in
tests/test_log_cli.py), and one legal and one illegal log per rule
(code and turn asserted). Hands left out of a log are unknown, so any unseen card may be played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.rules.logfile import load_log, parse_log
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, e, found, make, rules, run

GAME = "jaunty-jalopies"
LOGS = Path(__file__).resolve().parent.parent / "carddata" / GAME / "playtests"
P = ["Amy", "Ben"]


def race(roles: dict[str, str], *entries: dict, **extra):
    setup = {"racers": {"Amy": "Angus MacTavish", "Ben": "Cliff Graham"}, "roles": roles}
    return run(make(GAME, P, list(entries), setup=setup, **extra))


NEUTRAL = {"Amy": "neutral", "Ben": "neutral"}
FILLER = ["Washboard Gravel", "Mountain Pass", "Jerry Can", "Blown Gasket"]


def rest_of_turn(turn: int, player: str, played: int) -> dict:
    """The Draw Phase of a racer (hand size 6, draw rate 2) who played ``played`` cards: discard
    to make room first (the reading of "Draw Phase" in README.md)."""
    room = max(0, 2 - played)
    return e(turn, player, "draw", **({"discards": FILLER[:room]} if room else {}))


def _file(name: str):
    r = rules(GAME)
    return replay(r, load_log(LOGS / name, r))


@pytest.mark.parametrize("name", ["standard-race.yaml", "six-racers.yaml"])
def test_bundled_legal_races(name):
    result = _file(name)
    assert clean(result) and result.over and result.outcome.winner


def test_first_onto_the_eighth_section_wins_with_two_racers():
    entries = [
        e(1, "Amy", "road", card="Main Street"), e(1, "Amy", "road", card="Main Street"),
        e(1, "Amy", "road", card="Cornfield Straight"), e(1, "Amy", "road", card="Cornfield Straight"),
        e(1, "Amy", "draw"),
        e(2, "Ben", "draw", discards=["Muddy Ruts", "Washboard Gravel"]),
        e(3, "Amy", "road", card="Ferry Landing", driving="Step on the Gas"),
        e(3, "Amy", "road", card="Ferry Landing", driving="Step on the Gas"),
        e(3, "Amy", "draw"),
        e(4, "Ben", "draw", discards=["Muddy Ruts", "Washboard Gravel"]),
        e(5, "Amy", "road", card="Grand Boulevard", driving="Hairpin Turn"),
        e(5, "Amy", "draw"),
        e(6, "Ben", "draw", discards=["Muddy Ruts", "Mountain Pass"]),
        e(7, "Amy", "road", card="Grand Boulevard", driving="Hairpin Turn"),
    ]  # fmt: skip
    won = race(NEUTRAL, *entries, result={"winner": "Amy"})
    assert clean(won) and won.state.winner == "Amy" and len(won.state.course) == 8
    late = race(NEUTRAL, *entries, e(7, "Amy", "draw"))
    assert found(late) == {("AFTER_END", 7)}
    wrong = race(NEUTRAL, *entries, result={"winner": "Ben"})
    assert found(wrong) == {("WRONG_WINNER", None)}


def test_terrain_adds_to_the_penalty_and_driving_moves_one_section():
    start = [e(1, "Amy", "road", card="County Line", pays=["Monkey Wrench"]),
             e(1, "Amy", "terrain", card="Muddy Ruts", section=1), e(1, "Amy", "draw")]  # fmt: skip
    legal = race(
        NEUTRAL, *start, e(2, "Ben", "drive", card="Double-Clutch", to=1, pays=["Baling Wire", "Spare Tire"])
    )
    assert clean(legal) and legal.state.racers["Ben"].pos == 1
    short = race(NEUTRAL, *start, e(2, "Ben", "drive", card="Double-Clutch", pays=["Baling Wire"]))
    assert clean(short)  # Ben drives Cliff Graham, who may ignore one Terrain card a turn
    plain = {"racers": {"Amy": "Angus MacTavish", "Ben": "Dexter Johnson"}, "roles": NEUTRAL}
    short = run(
        make(GAME, P, [*start, e(2, "Ben", "drive", card="Double-Clutch", pays=["Baling Wire"])], setup=plain)
    )
    assert found(short) == {("PENALTY", 2)}
    taken = race(NEUTRAL, *start, e(2, "Ben", "terrain", card="Fresh Pavement", section=1))
    assert found(taken) == {("TERRAIN_TAKEN", 2)}


def test_a_stalling_mishap_stops_driving_until_cured_in_order():
    start = [e(1, "Amy", "road", card="Main Street"), e(1, "Amy", "mishap", card="Boiling Radiator", target="Ben"),
             e(1, "Amy", "draw")]  # fmt: skip
    stalled = race(NEUTRAL, *start, e(2, "Ben", "drive", card="Double-Clutch", to=1))
    assert found(stalled) == {("STALLED", 2)}
    cured = race(
        NEUTRAL, *start,
        e(2, "Ben", "meet", card="Monkey Wrench", plot="Boiling Radiator"),
        e(2, "Ben", "meet", card="Hairpin Turn", plot="Boiling Radiator"),
        e(2, "Ben", "drive", card="Double-Clutch", to=1),
    )  # fmt: skip
    assert clean(cured)
    backwards = race(NEUTRAL, *start, e(2, "Ben", "meet", card="Hairpin Turn", plot="Boiling Radiator"))
    assert found(backwards) == {("OUT_OF_ORDER", 2)}


def test_one_sub_plot_at_a_time_and_negating_it():
    one = e(1, "Amy", "subplot", card="The Borrowed Carburetor", target="Ben")
    twice = race(NEUTRAL, one, e(1, "Amy", "subplot", card="Bluenose Inspection", target="Ben"))
    assert found(twice) == {("SUBPLOT_TWICE", 1)}
    negated = race(
        NEUTRAL,
        e(1, "Amy", "subplot", card="The Borrowed Carburetor", target="Ben", negated="Everything Is Jake"),
    )
    assert clean(negated) and not negated.state.racers["Ben"].plots
    wrong = race(
        NEUTRAL, e(1, "Amy", "subplot", card="The Borrowed Carburetor", target="Ben", negated="Second Wind")
    )
    assert found(wrong) == {("NEGATE_WRONG", 1)}
    removed = race(NEUTRAL, one, e(1, "Ben", "negate", card="Horsefeathers!", plot="The Borrowed Carburetor"))
    assert clean(removed) and not removed.state.racers["Ben"].plots  # a Negate may come at any time
    idle = race(NEUTRAL, e(1, "Amy", "special", card="Everything Is Jake"))
    assert found(idle) == {("NEGATE_NOTHING", 1)}


def test_valuable_experience_only_for_completing_your_own_sub_plot():
    start = [e(1, "Amy", "subplot", card="The Borrowed Carburetor", target="Ben"), rest_of_turn(1, "Amy", 1)]
    own = [e(2, "Ben", "meet", card="Monkey Wrench", plot="The Borrowed Carburetor")]
    hero = {"Amy": "hero", "Ben": "villain"}
    assert clean(race(hero, *start, *own, e(2, "Ben", "experience", card="Older and Wiser")))
    neutral = race(NEUTRAL, *start, *own, e(2, "Ben", "experience", card="Older and Wiser"))
    assert found(neutral) == {("NEUTRAL_EXPERIENCE", 2)}
    late = race(hero, *start, *own, e(2, "Ben", "draw", discards=["Baling Wire"]), rest_of_turn(3, "Amy", 0),
                e(4, "Ben", "experience", card="Older and Wiser"))  # fmt: skip
    assert found(late) == {("NOT_COMPLETED", 4)}
    # a Hero played the last card: the Sub-Plot is resolved, not Completed
    helped = race(
        {"Amy": "villain", "Ben": "hero"},
        rest_of_turn(1, "Amy", 0),
        e(2, "Ben", "subplot", card="The Borrowed Carburetor", target="Amy"),
        e(2, "Ben", "meet", card="Monkey Wrench", plot="The Borrowed Carburetor", target="Amy", drew=[]),
        e(2, "Ben", "draw"),
        e(3, "Amy", "experience", card="Older and Wiser", subplot="The Borrowed Carburetor"),
    )
    assert found(helped) == {("NOT_COMPLETED", 3)}


def test_sides_hero_karma_villain_plots():
    mishap = e(1, "Amy", "mishap", card="Flat Tire", target="Ben")
    villain = {"Amy": "villain", "Ben": "hero"}
    drew = race(
        villain,
        {**mishap, "drew": ["Oil Slick"]},
        e(1, "Amy", "fiendish", card="Oil Slick", target="Ben", discards=["Muddy Ruts"]),
    )
    assert clean(drew) and drew.state.racers["Ben"].plots[0].card.name == "Flat Tire"
    two = race(villain, {**mishap, "drew": ["Oil Slick"]}, e(1, "Amy", "mishap", card="Flat Tire", target="Ben", drew=["Bribed Flagman"]),
               e(1, "Amy", "fiendish", card="Oil Slick", target="Ben", discards=["Muddy Ruts"]),
               e(1, "Amy", "fiendish", card="Bribed Flagman", target="Ben", discards=["Muddy Ruts", "Muddy Ruts", "Baling Wire"]))  # fmt: skip
    assert found(two) == {("TWO_FIENDISH", 1)}
    neutral = race(NEUTRAL, {**mishap, "drew": ["Oil Slick"]})
    assert found(neutral) == {("FIENDISH_DRAW", 1)}
    not_villain = race(
        NEUTRAL,
        e(
            1,
            "Amy",
            "fiendish",
            card="Tacks on the Road",
            target="Ben",
            discards=["Muddy Ruts", "Baling Wire"],
        ),
    )
    assert ("NOT_VILLAIN", 1) in found(not_villain)
    helps = {"Amy": "neutral", "Ben": "hero"}
    aid = race(
        helps,
        mishap,
        rest_of_turn(1, "Amy", 1),
        e(2, "Ben", "meet", card="Monkey Wrench", plot="Flat Tire", target="Amy", drew=["Spare Tire"]),
    )
    assert found(aid) == {("NO_SUCH_PLOT", 2)}  # the Flat Tire is on Ben, not Amy
    aid = race({"Amy": "villain", "Ben": "hero"}, rest_of_turn(1, "Amy", 0), e(2, "Ben", "subplot", card="The Borrowed Carburetor", target="Amy"),
               e(2, "Ben", "meet", card="Monkey Wrench", plot="The Borrowed Carburetor", target="Amy", drew=["Spare Tire"]))  # fmt: skip
    assert clean(aid) and aid.state.racers["Ben"].karma.holds("Spare Tire")
    meddler = race(NEUTRAL, rest_of_turn(1, "Amy", 0), e(2, "Ben", "subplot", card="The Borrowed Carburetor", target="Amy"),
                   e(2, "Ben", "meet", card="Monkey Wrench", plot="The Borrowed Carburetor", target="Amy", drew=["Spare Tire"]))  # fmt: skip
    assert found(meddler) == {("KARMA", 2)}  # its last card: anyone may resolve it, only Heroes draw


def test_setup_needs_racers_and_sides():
    result = run(
        make(
            GAME,
            P,
            [rest_of_turn(1, "Amy", 0)],
            setup={"racers": {"Amy": "Angus MacTavish", "Ben": "Nobody"}, "roles": {"Amy": "hero"}},
        )
    )
    assert [v.code for v in result.violations] == ["SETUP", "SETUP"]


def test_the_readme_example_log_is_legal():
    text = (LOGS.parent / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", text, re.S) if "game: jaunty-jalopies" in b)
    r = rules(GAME)
    assert clean(replay(r, parse_log(block, r, "README.md")))


def test_stats_figures_of_a_race():
    from generator.rules.module import load_rules_module

    r = rules(GAME)
    result = _file("six-racers.yaml")
    figures = load_rules_module(r.game).FIGURES.game(r, result.state, result.log.entries)
    assert figures["sections laid"] == 12
    assert sum(figures[f"won by a {side}"] for side in ("Hero", "Villain", "Neutral")) == 1
    assert figures["rests"] == sum(1 for e in result.log.entries if e.action == "rest") > 0
