"""Jaunty Jalopies readings revised for issue 20: any racer may play the last card of another
racer's Sub-Plot, permitted draws may be declined, and the messages say whose turn it is, why a
Sub-Plot was not Completed, how many discards were due and that a Hero's draw is a Karma card."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.rules.logfile import load_log
from generator.rules.replay import replay
from tests.rules_fixtures.logkit import clean, e, found, make, rules, run

GAME = "jaunty-jalopies"
LOGS = Path(__file__).resolve().parent.parent / "carddata" / GAME / "playtests"
SIDES = {"Amy": "villain", "Ben": "neutral", "Cy": "hero"}
RACERS = {"Amy": "Lady Chadwick", "Ben": "Angus MacTavish", "Cy": "Cliff Graham"}


def bundled(name: str):
    r = rules(GAME)
    return replay(r, load_log(LOGS / name, r))


def race(*entries: dict):
    return run(make(GAME, ["Amy", "Ben", "Cy"], list(entries), setup={"racers": RACERS, "roles": SIDES}))


def test_a_neutral_resolves_another_racers_sub_plot_and_permitted_draws_are_declined():
    out = bundled("helping-hands.yaml")
    assert clean(out)
    racers = out.state.racers
    assert not racers["Cy"].plots and not racers["Ben"].plots  # resolved, and the Flat Tire cured
    assert racers["Amy"].karma.size == 0 and racers["Cy"].karma.size == 0  # both draws declined
    assert racers["Ben"].karma.size == 0  # a Neutral never has a Karma hand


def test_only_the_last_card_of_anothers_sub_plot_is_open_to_everyone():
    plot = e(1, "Amy", "subplot", card="Jilted at the Speakeasy", target="Cy")
    draw = e(1, "Amy", "draw", discards=["Jerry Can"])
    first = race(
        plot, draw, e(2, "Ben", "meet", card="Line of Flattery", plot="Jilted at the Speakeasy", target="Cy")
    )
    assert found(first) == {("NOT_HERO", 2)} and "still needs 2" in first.violations[0].message
    last = race(
        plot,
        draw,
        e(2, "Ben", "meet", card="Line of Flattery", plot="Jilted at the Speakeasy", target="Cy"),
        e(2, "Ben", "meet", card="Double-Clutch", plot="Jilted at the Speakeasy", target="Cy"),
    )
    assert found(last) == {("NOT_HERO", 2)} and not last.state.racers["Cy"].plots  # only the first card


def test_the_illegal_log_messages_say_what_was_due():
    said = {v.code: v.message for v in bundled("illegal-who-acts.yaml").violations}
    assert "was Negated" in said["FIENDISH_DRAW"]
    assert "Karma card" in said["DRAW_COUNT"] and "drew: []" in said["DRAW_COUNT"]
    assert "played against Ben, not Cy" in said["NOT_COMPLETED"]
    assert "it is Amy's turn" in said["TURN_ORDER"]
    assert "1 card(s) were to be discarded before drawing, not 0" in said["HAND_SIZE"]


def test_a_villain_draws_at_most_one_fiendish_plot_and_may_decline():
    hit = e(1, "Amy", "mishap", card="Flat Tire", target="Ben")
    assert clean(race({**hit, "drew": []})) and clean(race({**hit, "drew": ["Oil Slick"]}))
    two = race({**hit, "drew": ["Oil Slick", "Framed!"]})
    assert found(two) == {("DRAW_COUNT", 1)} and "at most one Fiendish Plot" in two.violations[0].message


def test_racer_abilities_from_the_sheets_powers():
    out = bundled("racer-abilities.yaml")
    assert clean(out) and out.state.racers["Ben"].pos == 3  # John Smith drove on: no Sub-Plot held him
    log = yaml.safe_load((LOGS / "racer-abilities.yaml").read_text())
    log["setup"]["racers"] = {"Amy": "Sultan Mahmood", "Ben": "Dexter Johnson", "Cy": "Hata Marie"}
    plain = run(log)  # the same moves by racers without those powers
    assert found(plain) == {("REST_REMOVES", 3), ("PENALTY", 4), ("SUBPLOT_DRIVING", 5)}


def test_cliff_graham_ignores_one_terrain_card_a_turn():
    setup = {
        "racers": {"Amy": "Angus MacTavish", "Ben": "Cliff Graham"},
        "roles": {"Amy": "neutral", "Ben": "neutral"},
    }
    start = [
        e(1, "Amy", "road", card="County Line", pays=["Monkey Wrench"]),
        e(1, "Amy", "terrain", card="Muddy Ruts", section=1),
        e(1, "Amy", "road", card="Main Street"),
        e(1, "Amy", "terrain", card="Washboard Gravel", section=2),
        e(1, "Amy", "draw"),
    ]
    once = [
        e(2, "Ben", "drive", card="Double-Clutch", to=1, pays=["Baling Wire"])
    ]  # 2 due, Muddy Ruts ignored
    assert clean(run(make(GAME, ["Amy", "Ben"], [*start, *once], setup=setup)))
    twice = run(
        make(
            GAME,
            ["Amy", "Ben"],
            [*start, *once, e(2, "Ben", "drive", card="Hairpin Turn", to=2)],
            setup=setup,
        )
    )
    assert found(twice) == {("PENALTY", 2)}  # the second Terrain this turn costs its +1


def endurance_rules():
    """A fresh rules model whose random setups are Endurance races."""
    base = rules(GAME)
    r = type(base)(base.game)
    r.random_setup = lambda players, rng: {**type(base).random_setup(r, players, rng), "race": "endurance"}
    return r


def test_endurance_turns_the_main_abilities_on_and_off():
    out = bundled("endurance-race.yaml")
    assert clean(out) and out.over
    log = yaml.safe_load((LOGS / "endurance-race.yaml").read_text())
    log["setup"]["race"] = "standard"  # the same moves with John Smith's power on all race long
    assert found(run(log)) == {("NO_SUCH_PLOT", 3)}


def test_endurance_flips_the_sheet_when_the_first_racer_begins_a_turn():
    r = endurance_rules()
    s = r.start(
        ["Amy", "Ben"],
        r.setup_model.model_validate(
            {
                "race": "endurance",
                "racers": {"Amy": "Dexter Johnson", "Ben": "Zeke Hatfield"},
                "roles": {"Amy": "neutral", "Ben": "neutral"},
            }
        ),
        lambda c, m: None,
    )
    sizes = []
    for _ in range(4):  # Amy's and Ben's turns, twice round
        sizes.append(
            (s.turn, r.hand_size(s.racers["Amy"]), s.racers["Ben"].power("free_terrain") is not None)
        )
        s.ended = True
        s.advance()
    assert sizes == [(1, 6, False), (2, 6, False), (3, 7, True), (4, 7, True)]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seeded_endurance_races_replay_clean(players):
    from generator.rules.playthrough import playthrough

    r = endurance_rules()
    for seed in range(25):
        log = playthrough(r, ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"][:players], seed)
        assert log["setup"]["race"] == "endurance"
        out = run(log)
        assert clean(out) and out.outcome.winner == log["result"]["winner"]


def test_a_sidekick_negates_only_in_endurance_face_down_rounds_once_and_its_own_kind():
    out = bundled("illegal-sidekick.yaml")
    assert found(out) == {("SIDEKICK_OFF", 3), ("SIDEKICK_USED", 5)}
    assert not out.state.racers["Ben"].plots  # each Negated attack was discarded
    setup = {
        "racers": {"Amy": "Lady Chadwick", "Ben": "Fifi Le Boom"},
        "roles": {"Amy": "villain", "Ben": "neutral"},
    }
    plot = e(1, "Amy", "subplot", card="Jilted at the Speakeasy", target="Ben", negated="Bijou")
    assert clean(run(make(GAME, ["Amy", "Ben"], [plot], setup={**setup, "race": "endurance"})))
    standard = run(make(GAME, ["Amy", "Ben"], [plot], setup=setup))
    assert (
        found(standard) == {("SIDEKICK_OFF", 1)}
        and "this is a standard race" in standard.violations[0].message
    )
    mishap = e(1, "Amy", "mishap", card="Flat Tire", target="Ben", negated="Bijou")
    wrong = run(make(GAME, ["Amy", "Ben"], [mishap], setup={**setup, "race": "endurance"}))
    assert found(wrong) == {("NEGATE_WRONG", 1)}


def partner_rules():
    """A fresh rules model whose random setups are Partner races."""
    base = rules(GAME)
    r = type(base)(base.game)
    r.random_setup = lambda players, rng: {**type(base).random_setup(r, players, rng), "race": "partner"}
    return r


def test_a_partner_race_shares_one_pawn_and_the_win():
    out = bundled("partner-race.yaml")
    assert clean(out) and out.outcome.winners == ("Ben", "Dan") and out.state.length == 12  # four Racers
    assert out.state.racers["Ben"].pawn is out.state.racers["Dan"].pawn
    log = yaml.safe_load((LOGS / "partner-race.yaml").read_text())
    log["result"] = {"winner": "Ben"}
    wrong = run(log)
    assert (
        found(wrong) == {("WRONG_WINNER", None)}
        and "Ben and Dan shared the win" in wrong.violations[0].message
    )


def test_a_sub_plot_stops_only_its_racer_not_the_partner():
    setup = {
        "race": "partner",
        "racers": dict(
            zip("ABCD", ["Angus MacTavish", "Lady Chadwick", "Hata Marie", "Dexter Johnson"], strict=True)
        ),
        "roles": dict.fromkeys("ABCD", "neutral"),
    }
    plot = [
        e(1, "A", "road", card="Main Street"),
        e(1, "A", "draw", discards=["Step on the Gas"]),
        e(2, "B", "subplot", card="Jilted at the Speakeasy", target="A"),
        e(2, "B", "draw", discards=["Step on the Gas"]),
    ]
    partner = run(
        make(
            GAME,
            list("ABCD"),
            [*plot, e(3, "C", "road", card="Gin Mill Corner", pays=["Baling Wire"])],
            setup=setup,
        )
    )
    assert clean(partner) and partner.state.racers["A"].pos == 2  # C moved the pawn A shares
    held = run(
        make(
            GAME,
            list("ABCD"),
            [
                *plot,
                e(3, "C", "draw", discards=["Double-Clutch", "Hairpin Turn"]),
                e(4, "D", "draw", discards=["Open Throttle", "Double-Clutch"]),
                e(5, "A", "road", card="Gin Mill Corner", pays=["Baling Wire"]),
            ],
            setup=setup,
        )
    )
    assert found(held) == {("SUBPLOT_DRIVING", 5)}
    three = run(
        make(GAME, list("ABC"), [], setup={**setup, "racers": {k: setup["racers"][k] for k in "ABC"}})
    )
    assert found(three) == {("SETUP", None)} and "four or six players" in three.violations[0].message


@pytest.mark.parametrize("players", [4, 6])
def test_seeded_partner_races_replay_clean(players):
    from generator.rules.playthrough import playthrough

    r = partner_rules()
    for seed in range(25):
        log = playthrough(r, ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"][:players], seed)
        out = run(log)
        assert clean(out) and len(log["result"]["winners"]) == 2


def team_rules():
    """A fresh rules model whose random setups are Team races."""
    base = rules(GAME)
    r = type(base)(base.game)
    r.random_setup = lambda players, rng: {**type(base).random_setup(r, players, rng), "race": "team"}
    return r


def test_a_team_race_is_won_by_the_first_team_with_both_pawns_across():
    out = bundled("team-race.yaml")
    assert clean(out) and out.outcome.winners == ("Amy", "Cleo")
    assert out.state.crossed[0] == "Dan" and out.state.length == 12  # four pawns: 12 sections
    log = yaml.safe_load((LOGS / "team-race.yaml").read_text())
    log["result"] = {"winner": "Dan"}  # the first across is not the winner
    assert found(run(log)) == {("WRONG_WINNER", None)}


def test_no_road_section_beyond_the_finish_line():
    from generator.rules.base import Entry

    r = team_rules()
    setup = {
        "race": "team",
        "racers": dict(
            zip("ABCD", ["Angus MacTavish", "Lady Chadwick", "Hata Marie", "Dexter Johnson"], strict=True)
        ),
        "roles": dict.fromkeys("ABCD", "neutral"),
    }
    s = r.start(list("ABCD"), r.setup_model.model_validate(setup), lambda c, m: None)
    from importlib import import_module

    state = import_module(type(s).__module__)
    s.course = [state.Section(r.cards["Main Street"]) for _ in range(s.length)]
    s.racers["A"].pos = s.length
    codes: list[str] = []
    road = r.actions["road"].model_validate({"card": "County Line"})
    r.apply(s, Entry(0, 1, 1, "A", "road", road), lambda c, m: codes.append(c))
    assert codes == ["COURSE_COMPLETE"] and len(s.course) == s.length


def playthrough_of(r, players: int, seed: int) -> dict:
    from generator.rules.playthrough import playthrough

    return playthrough(r, ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"][:players], seed)


@pytest.mark.parametrize("players", [4, 6])
def test_seeded_team_races_replay_clean(players):
    r = team_rules()
    for seed in range(20):
        log = playthrough_of(r, players, seed)
        out = run(log)
        assert clean(out) and len(log["result"]["winners"]) == 2


def test_the_rest_draw_is_due_and_a_negated_card_is_still_played():
    """Issue 34, items 7 and 8: a Rest draws its two cards (only Karma and Fiendish Plot draws are
    "permitted"), the hand then holds what the log says; a Negated Fiendish Plot was declared and
    paid for, so it is the Action Phase's one Fiendish Plot."""
    out = bundled("illegal-readings.yaml")
    assert found(out) == {("REST_DRAW", 2), ("TWO_FIENDISH", 3)}
    assert "draws 2 here, not 0" in out.violations[0].message
    setup = {
        "racers": {"Amy": "Lady Chadwick", "Ben": "Angus MacTavish"},
        "roles": {"Amy": "villain", "Ben": "hero"},
    }
    one = [
        e(1, "Amy", "draw", discards=["Hairpin Turn", "Step on the Gas"]),
        e(2, "Ben", "rest", drew=["Main Street"]),
    ]
    assert found(run(make(GAME, ["Amy", "Ben"], one, setup=setup))) == {("REST_DRAW", 2)}
    two = [one[0], e(2, "Ben", "rest", drew=["Main Street", "County Line"])]
    assert clean(run(make(GAME, ["Amy", "Ben"], two, setup=setup)))


def test_a_partner_course_is_as_long_as_for_its_racers():
    """Issue 34, item 8: Rules of the Road counts Racers, and a Partner car "is driven by two
    professional Racers": four players race to the 12th section, six to the 12th."""
    for names in (["A", "B", "C", "D"], ["A", "B", "C", "D", "E", "F"]):
        setup = {
            "race": "partner",
            "racers": dict(zip(names, ["Angus MacTavish", "Lady Chadwick", "Hata Marie", "Dexter Johnson",
                                       "Zeke Hatfield", "Cliff Graham"], strict=False)),
            "roles": dict.fromkeys(names, "neutral"),
        }  # fmt: skip
        assert run(make(GAME, names, [], setup=setup)).state.length == 12
