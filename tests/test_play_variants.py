"""Variants (cards, files, rules parameters): applied to what the rules play, validated at the
variant's own file:line, and played on common random numbers (the same seeds, the same games
where the data does not differ)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core.errors import DataError
from generator.core.yamlio import OVERLAY
from generator.load.loader import load_game
from generator.play.plan import Plan
from generator.play.simulate import tally
from generator.play.variant import from_settings, parse_variant, playing, read_variant

runner = CliRunner()


def problems(text: str, game: str = "road-runner") -> list[str]:
    with pytest.raises(DataError) as caught, playing(parse_variant(text, "v.yaml"), game):
        pass
    return [str(p) for p in sorted(caught.value.problems)]


def test_a_card_field_and_count_reach_the_rules_model():
    variant = parse_variant("cards:\n  Rocket Motor: {speed: 2}\n  Cactus!: {count: 5}\n", "v.yaml")
    with playing(variant, "road-runner") as (game, rules):
        motor = next(c for c in game.all_cards() if c.name == "Rocket Motor")
        assert motor.fields["speed"] == 2 and motor.fields["damage"] == {"EXPLOSIVE": 4}
        assert rules.total["Cactus!"] == 5
    assert (
        next(c for c in load_game("road-runner").all_cards() if c.name == "Rocket Motor").fields["speed"] == 4
    )


def test_a_rules_parameter_is_typed_like_its_default():
    with playing(parse_variant("rules: {hand: 7}\n", "v.yaml"), "road-runner") as (_, rules):
        assert rules.hand == 7
    with playing(parse_variant("rules: {base_hand: 5, base_draw: 3}\n", "v.yaml"), "jaunty-jalopies") as (
        _,
        r,
    ):
        assert (r.base_hand, r.base_draw) == (5, 3)


def route_squares(rules: object) -> int:
    return sum(len(kinds) for kinds in rules.route.kinds)  # type: ignore[attr-defined]


def test_a_board_square_reaches_the_rules_and_is_taken_back_after():
    with playing(None, "entenrallye") as (_, rules):
        plain = route_squares(rules)
    variant = parse_variant("files:\n  board.yaml:\n    features[1].edges[0].spaces: 2\n", "v.yaml")
    with playing(variant, "entenrallye") as (_, rules):
        assert route_squares(rules) == plain - 6
    assert not OVERLAY
    with playing(None, "entenrallye") as (_, rules):
        assert route_squares(rules) == plain


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "cards:\n  Rocket Motr: {speed: 3}\n",
            "v.yaml:2:3: cards.Rocket Motr: no card is called 'Rocket Motr' (did you mean 'Rocket Motor'?)",
        ),
        ("cards:\n  Rocket Motor: {speed: fast}\n", "v.yaml:2:25: cards.Rocket Motor.speed: "),
        (
            "cards:\n  Rocket Motor: {sped: 3}\n",
            "v.yaml:2:18: cards.Rocket Motor.sped: 'Rocket Motor' has no "
            "field 'sped' to change (did you mean 'speed'?)",
        ),
        (
            "cards:\n  Rocket Motor: {count: -1}\n",
            "v.yaml:2:25: cards.Rocket Motor.count: a card's count is 0 or more",
        ),
        ("rules:\n  hnd: 6\n", "v.yaml:2:3: rules.hnd: no rules parameter 'hnd' (did you mean 'hand'?)"),
        ("rules:\n  hand: six\n", "v.yaml:2:9: rules.hand: "),
        (
            "card:\n  Rocket Motor: {speed: 3}\n",
            "v.yaml:1:1: card: unknown section 'card' (did you mean 'cards'?)",
        ),
        ("files:\n  bord.yaml: {a: 1}\n", "v.yaml:2:3: files.bord.yaml: the game has no file 'bord.yaml'"),
        ("files:\n  ../jokers-row/cards.yaml: {cards: 1}\n", "v.yaml:2:3: files.../jokers-row/cards.yaml: "),
        (
            "files:\n  cards.yaml:\n    cards[500].speed: 3\n",
            "v.yaml:3:5: files.cards.yaml.cards[500].speed: cards.yaml has no 'cards[500]'",
        ),
    ],
)
def test_every_mistake_is_located_in_the_variant(text: str, expected: str):
    found = problems(text)
    assert any(p.startswith(expected) for p in found), found


def test_a_file_edit_is_validated_like_the_file_and_located_in_the_variant():
    found = problems("files:\n  cards.yaml:\n    cards[5].speed: fast\n")
    assert found and found[0].startswith("v.yaml:3:21: cards[5].speed: "), found


def test_set_paths_make_the_same_variant_as_a_file(tmp_path: Path):
    (tmp_path / "v.yaml").write_text("cards:\n  Rocket Motor: {speed: 2}\nrules:\n  hand: 6\n")
    assert read_variant(tmp_path / "v.yaml") == from_settings(
        {"cards.Rocket Motor.speed": "2", "rules.hand": "6"}
    )


def test_common_random_numbers_same_data_same_games():
    game = load_game("road-runner")
    plan = Plan(3, 40, 5)
    base = tally(game, plan).as_dict()
    same = parse_variant("cards:\n  Cactus!: {count: 2}\n", "v.yaml")  # its count already
    assert tally(game, plan, variant=same).as_dict() == base
    changed = tally(game, plan, variant=parse_variant("cards:\n  Cactus!: {count: 4}\n", "v.yaml")).as_dict()
    assert changed != base and tally(game, plan, variant=same).as_dict() == base


def test_cli_bad_variant_exits_1_with_the_location_and_no_traceback(tmp_path: Path):
    bad = tmp_path / "faster.yaml"
    bad.write_text("cards:\n  Rocket Motor: {speed: fast}\n")
    result = runner.invoke(
        app, ["simulate", "road-runner", "--variant", str(bad), "--results", str(tmp_path / "r.json")]
    )
    assert result.exit_code == 1
    assert "faster.yaml:2:25: cards.Rocket Motor.speed:" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "r.json").exists()
    missing = runner.invoke(
        app, ["simulate", "road-runner", "--variant", str(tmp_path / "no.yaml"), "-o", str(tmp_path)]
    )
    assert missing.exit_code == 2 and "no such file" in missing.output


def test_stats_replays_a_variants_logs_with_its_data(tmp_path: Path):
    variant = tmp_path / "beeps.yaml"
    variant.write_text("cards:\n  Beep Beep!: {count: 10}\nrules: {hand: 6}\n")
    made = runner.invoke(
        app,
        ["simulate", "road-runner", "--games", "8", "--variant", str(variant), "-o", str(tmp_path / "logs")],
    )
    assert made.exit_code == 0, made.output
    plain = runner.invoke(app, ["stats", "road-runner", str(tmp_path / "logs"), "--json"])
    assert plain.exit_code == 0 and json.loads(plain.stdout)["rejected"]  # the rulebook's data: illegal
    replayed = runner.invoke(
        app, ["stats", "road-runner", str(tmp_path / "logs"), "--json", "--variant", str(variant)]
    )
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(replayed.stdout)
    assert not data["rejected"] and data["used"] == 8
