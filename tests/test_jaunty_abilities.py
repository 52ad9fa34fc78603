"""Jaunty Jalopies racer abilities a log writes (issue 20): ``ability: NAME`` on the entry it
changes or a ``use`` entry; whether it works now (Endurance / Partner races), its once-per-turn
or once-per-race limit and what it does are checked from the sheets (racers.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.rules.module import load_rules_module
from generator.rules.playthrough import playthrough
from tests.rules_fixtures.logkit import clean, e, found, make, rules, run
from tests.test_jaunty_readings import bundled, endurance_rules

GAME = "jaunty-jalopies"
LOGS = Path(__file__).resolve().parent.parent / "carddata" / GAME / "playtests"


def without_abilities(name: str) -> dict:
    """A bundled log with every written ability taken out (the same moves, no abilities)."""
    log = yaml.safe_load((LOGS / name).read_text())
    for entry in log["log"]:
        entry.pop("ability", None)
        entry.pop("also", None)
        if entry.get("negated") == "Fritz":
            entry.pop("negated")
    log["log"] = [x for x in log["log"] if x["action"] != "use"]
    return log


def race(racers: dict[str, str], *entries: dict, kind: str = "standard", roles: dict | None = None):
    players = list(racers)
    setup = {"race": kind, "racers": racers, "roles": roles or dict.fromkeys(players, "neutral")}
    return run(make(GAME, players, list(entries), setup=setup))


def test_the_written_special_abilities_do_what_the_sheets_say():
    out = bundled("written-abilities.yaml")
    assert clean(out)
    s = out.state
    assert not s.racers["Ben"].plots  # Grease Monkey: one Baling Wire met both EQUIPMENT cures
    assert s.racers["Cy"].karma.known == {"Baling Wire": 1} and s.deck.discard["Hairpin Turn"] >= 1
    assert not s.racers["Dee"].plots and not s.racers["Eve"].plots  # Fashion Plate met both
    assert s.racers["Fay"].hand.holds("Switchback Hill")  # Trophy Cabinet took it back
    assert [c.name for c in s.racers["Amy"].retained] == ["Balloon Tires"]  # Royal Treasury
    plain = run(without_abilities("written-abilities.yaml"))
    assert found(plain) == {("STALLED", 2), ("DRAW_COUNT", 3), ("OUT_OF_ORDER", 4), ("SUBPLOT_DRIVING", 4),
                            ("DISCARD_NOT_NEEDED", 5), ("PLAY_AFTER_REST", 7)}  # fmt: skip


def test_the_sidekicks_work_in_the_face_down_rounds_of_an_endurance_race():
    out = bundled("sidekicks.yaml")
    assert clean(out)
    assert out.state.racers["Ben"].pos == 1  # Fritz ignored the Taken for a Ride
    assert out.state.racers["Amy"].hand.size == 5  # Another John Smith's card: 6 + 1 - 4 played + 2
    plain = run(without_abilities("sidekicks.yaml"))
    assert found(plain) == {("SUBPLOT_DRIVING", 3), ("WRONG_CARD", 4), ("PENALTY", 5), ("PENALTY", 6)}
    log = yaml.safe_load((LOGS / "sidekicks.yaml").read_text())
    log["setup"]["race"] = "standard"  # no Sidekick Ability works in a standard race
    off = [v.turn for v in run(log).violations if v.code == "SIDEKICK_OFF"]
    assert off == [1, 1, 3, 4, 5, 6]  # (and Otto von Klank's hand size is his own 7 now)


def test_the_illegal_log_breaks_one_rule_a_line():
    out = bundled("illegal-abilities.yaml")
    assert found(out) == {("SIDEKICK_USED", 3), ("SIDEKICK_OFF", 5), ("NO_ABILITY", 6), ("DISCARD_NOT_NEEDED", 7),
                          ("SIDEKICK_USED", 8), ("ABILITY_OFF", 9), ("ABILITY_WRONG", 9), ("ABILITY_USED", 10)}  # fmt: skip
    said = {v.code: v.message for v in out.violations}
    assert (
        "once per race" in said["ABILITY_USED"]
        and "(theirs: Trophy Cabinet, Pemberton)" in said["NO_ABILITY"]
    )
    assert "face down" in said["ABILITY_OFF"] and "`road` or `drive`" in said["ABILITY_WRONG"]


FLAT = e(1, "Amy", "mishap", card="Flat Tire", target="Ben")
DRAW = e(1, "Amy", "draw", discards=["Muddy Ruts"])


@pytest.mark.parametrize(
    ("racer", "entries", "expected"),
    [
        # Grease Monkey: only where the plot needs EQUIPMENT twice in a row next
        (
            "Luigi Rigatoni",
            [e(2, "Ben", "meet", card="Monkey Wrench", plot="Flat Tire", ability="Grease Monkey")],
            {("ABILITY_WRONG", 2)},
        ),
        # Noblesse Oblige: a Hero's Karma card only; meeting your own plot draws none
        (
            "Sir R. Bartholomew III",
            [e(2, "Ben", "meet", card="Monkey Wrench", plot="Flat Tire", ability="Noblesse Oblige")],
            {("ABILITY_WRONG", 2)},
        ),
        # Thrifty swaps up to two cards
        (
            "Angus MacTavish",
            [e(2, "Ben", "rest", ability="Thrifty", discards=["Jerry Can", "Spare Tire", "Baling Wire"])],
            {("ABILITY_WRONG", 2)},
        ),
        # Fashion Plate needs the own plot it also meets
        (
            "Hata Marie",
            [e(2, "Ben", "meet", card="Monkey Wrench", plot="Flat Tire", also="Flat Tire")],
            {("ABILITY_WRONG", 2)},
        ),
        # Trophy Cabinet: only a Road Section you paid to a penalty
        (
            "Lady Chadwick",
            [e(2, "Ben", "use", ability="Trophy Cabinet", card="County Line")],
            {("ABILITY_WRONG", 2)},
        ),
        # an ability that works by itself is not written
        (
            "Zeke Hatfield",
            [e(2, "Ben", "rest", remove=["Flat Tire"], ability="Backroads")],
            {("ABILITY_WRONG", 2)},
        ),
        # Royal Treasury plays an Equipment card, and once a race
        (
            "Sultan Mahmood",
            [
                e(2, "Ben", "rest", remove=["Flat Tire"]),
                e(2, "Ben", "retain", card="Balloon Tires", ability="Royal Treasury"),
                e(2, "Ben", "draw", discards=["Hairpin Turn", "Open Throttle", "Double-Clutch"]),
                e(3, "Amy", "draw", discards=["Hairpin Turn", "Open Throttle"]),
                e(4, "Ben", "rest"),
                e(4, "Ben", "retain", card="Picnic Hamper", ability="Royal Treasury"),
            ],
            {("ABILITY_USED", 4)},
        ),  # over the limit, yet played: no PLAY_AFTER_REST as well
    ],
)
def test_a_special_ability_is_checked_against_its_sheet(racer, entries, expected):
    out = race({"Amy": "Cliff Graham", "Ben": racer}, FLAT, DRAW, *entries,
               roles={"Amy": "villain", "Ben": "hero"})  # fmt: skip
    assert found(out) == expected


def test_once_per_race_is_a_limit_a_used_ability_stays_used():
    # the second Royal Treasury in one race is ABILITY_USED; it still takes effect as written
    out = race({"Amy": "Cliff Graham", "Ben": "Sultan Mahmood"}, FLAT, DRAW,
               e(2, "Ben", "rest", remove=["Flat Tire"]),
               e(2, "Ben", "retain", card="Balloon Tires", ability="Royal Treasury"),
               e(2, "Ben", "draw", discards=["Hairpin Turn", "Open Throttle", "Double-Clutch"]),
               e(3, "Amy", "draw", discards=["Hairpin Turn", "Open Throttle"]),
               e(4, "Ben", "rest"), e(4, "Ben", "retain", card="Spare Tire", ability="Royal Treasury"))  # fmt: skip
    assert found(out) == {("ABILITY_USED", 4), ("NOT_RETAINED", 4)}


def endurance(racers: dict[str, str], *entries: dict, roles: dict | None = None):
    return race(racers, *entries, kind="endurance", roles=roles)


def test_sidekicks_remove_mishaps_by_name_or_kind():
    hamish = endurance({"Amy": "Cliff Graham", "Ben": "Angus MacTavish"},
                       e(1, "Amy", "mishap", card="Heebie-Jeebies", target="Ben"),
                       e(1, "Amy", "mishap", card="Flat Tire", target="Ben"),
                       e(1, "Amy", "draw"),
                       e(2, "Ben", "use", ability="Wee Hamish", plot="Heebie-Jeebies"),
                       e(2, "Ben", "use", ability="Wee Hamish", plot="Flat Tire"))  # fmt: skip
    assert found(hamish) == {("SIDEKICK_USED", 2), ("ABILITY_WRONG", 2)}  # once a turn, Heebie-Jeebies only
    nonna = endurance({"Amy": "Cliff Graham", "Ben": "Luigi Rigatoni"},
                      e(1, "Amy", "mishap", card="Pinched!", target="Ben"), DRAW,
                      e(2, "Ben", "use", ability="Nonna Rigatoni", plot="Pinched!"))  # fmt: skip
    assert clean(nonna) and not nonna.state.racers["Ben"].plots
    rusty = endurance({"Amy": "Angus MacTavish", "Ben": "Cliff Graham"},
                      e(1, "Amy", "mishap", card="Flat Tire", target="Ben"), DRAW,
                      e(2, "Ben", "use", ability="Rusty", plot="Lost the Map"))  # fmt: skip
    assert found(rusty) == {("NO_SUCH_PLOT", 2)}


def test_polly_draws_two_more_on_a_rest_and_rashid_looks_once_a_turn():
    polly = endurance({"Amy": "Cliff Graham", "Ben": "Dexter Johnson"}, e(1, "Amy", "draw", discards=["Jerry Can", "Spare Tire"]),
                      e(2, "Ben", "rest", ability="Polly", drew=["Jerry Can", "Spare Tire", "Baling Wire"]))  # fmt: skip
    assert found(polly) == {("REST_DRAW", 2)} and "draws 4 here" in polly.violations[0].message
    rashid = endurance({"Amy": "Sultan Mahmood", "Ben": "Cliff Graham"},
                       e(1, "Amy", "use", ability="Rashid"), e(1, "Amy", "use", ability="Rashid"))  # fmt: skip
    assert found(rashid) == {("SIDEKICK_USED", 1)}


def test_another_john_smith_draws_only_as_the_turn_starts():
    late = endurance({"Amy": "John Smith", "Ben": "Cliff Graham"},
                     e(1, "Amy", "road", card="Main Street"), e(1, "Amy", "use", ability="Another John Smith"))  # fmt: skip
    assert found(late) == {("ABILITY_WRONG", 1)}


def test_madame_zara_and_kiku_and_jeeves_ish_only_where_they_change_something():
    zara = endurance({"Amy": "Cliff Graham", "Ben": "The Great Hoodini"},
                     e(1, "Amy", "mishap", card="Lost the Map", target="Ben"), DRAW,
                     e(2, "Ben", "meet", card="Line of Flattery", plot="Lost the Map", ability="Madame Zara"))  # fmt: skip
    # Lost the Map needs DRIVING, not EQUIPMENT: the ability does nothing, and the card does not meet it
    assert found(zara) == {("ABILITY_WRONG", 2), ("WRONG_CARD", 2)}
    kiku = endurance({"Amy": "Cliff Graham", "Ben": "Hata Marie"}, e(1, "Amy", "road", card="Main Street"),
                     DRAW, e(2, "Ben", "drive", card="Hairpin Turn", to=1, ability="Kiku"))  # fmt: skip
    assert found(kiku) == {("ABILITY_WRONG", 2)}  # no Sub-Plot holds her
    jeeves = endurance({"Amy": "Cliff Graham", "Ben": "Sir R. Bartholomew III"}, e(1, "Amy", "road", card="Main Street"),
                       DRAW, e(2, "Ben", "drive", card="Hairpin Turn", to=1, ability="Jeeves-ish"))  # fmt: skip
    assert found(jeeves) == {("ABILITY_WRONG", 2)} and "costs 0 either way" in jeeves.violations[0].message


def test_fritz_ignores_only_a_taken_for_a_ride_and_no_sidekick_works_in_a_partner_race():
    names = {"Amy": "Cliff Graham", "Ben": "Otto von Klank"}
    villain = {"Amy": "villain", "Ben": "neutral"}
    hit = e(1, "Amy", "mishap", card="Flat Tire", target="Ben", drew=["Oil Slick"])
    wrong = endurance(
        names, hit, e(1, "Amy", "fiendish", card="Oil Slick", target="Ben", negated="Fritz"), roles=villain
    )
    assert found(wrong) == {("NEGATE_WRONG", 1)}
    partner = race(dict(zip("ABCD", ["Angus MacTavish", "Lady Chadwick", "Hata Marie", "Zeke Hatfield"], strict=True)),
                   e(1, "A", "mishap", card="Flat Tire", target="D", negated="Ol' Blue"), kind="partner")  # fmt: skip
    assert (
        found(partner) == {("SIDEKICK_OFF", 1)} and "this is a Partner race" in partner.violations[0].message
    )


@pytest.mark.parametrize("players", [2, 4, 6])
def test_seeded_races_with_abilities_replay_clean(players):
    """The simulated racers use the abilities (ability_options.py); every such race replays clean."""
    used = set()
    for r in (rules(GAME), endurance_rules()):
        for seed in range(4):
            log = playthrough(r, ["Amy", "Ben", "Cleo", "Dan", "Eve", "Fay"][:players], seed)
            used |= {x["ability"] for x in log["log"] if "ability" in x}
            out = run(log)
            assert clean(out) and out.outcome.winner == log["result"]["winner"]
    assert used  # some ability was used


def test_stats_count_the_abilities_used():
    r = rules(GAME)
    figures = load_rules_module(r.game).FIGURES
    for name in ("written-abilities.yaml", "sidekicks.yaml"):
        out = bundled(name)
        assert figures.game(r, out.state, out.log.entries)["abilities used"] == 6


def test_a_malformed_ability_entry_gets_file_line_messages(run_cli, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: jaunty-jalopies\nversion: '1.0'\ndate: 2026-11-26\nplayers: [Amy, Ben]\n"
        "setup:\n  racers: {Amy: Angus MacTavish, Ben: Cliff Graham}\n  roles: {Amy: neutral, Ben: neutral}\n"
        "log:\n"
        "  - {turn: 1, player: Amy, action: use}\n"
        "  - {turn: 1, player: Amy, action: rest, ablity: Thrifty}\n",
        encoding="utf-8",
    )
    code, out, err = run_cli("log", "check", GAME, bad)
    text = out + err
    assert code != 0 and "Traceback" not in text
    assert "bad.yaml:9:" in text and "missing required key 'ability'" in text
    assert "bad.yaml:10:" in text and "did you mean 'ability'" in text
