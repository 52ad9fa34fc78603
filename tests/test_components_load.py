"""Component files: loading, sizes and scaling, items as cards, and every bad-input message."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.components import component_files, load_components
from generator.components.sizes import component_size
from generator.core.errors import DataError
from generator.core.units import mm
from generator.load.loader import load_game

TOL = 1e-6


@pytest.fixture(scope="module")
def game():
    return load_game("road-runner")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "components.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems(tmp_path: Path, game, text: str) -> list[str]:
    with pytest.raises(DataError) as exc:
        load_components(write(tmp_path, text), game)
    return [f"{p.line}:{p.column}: {p.path}: {p.message}" for p in exc.value.problems]


def test_road_runner_lists_its_component_file(game):
    assert component_files(game) == [game.folder / "components.yaml"]


def test_road_runner_damage_counters(game):
    (components,) = [load_components(p, game) for p in component_files(game)]
    damage = components.groups[0]
    assert (damage.name, damage.kind, damage.shape) == ("damage", "counter", "square")
    assert damage.size == 40
    assert not damage.two_sided
    assert damage.width == pytest.approx(mm(20)) and damage.height == pytest.approx(mm(20))
    assert damage.deck.template == "counter-square"
    (card,) = damage.deck.cards
    assert card.type == "counter" and card.deck == "damage" and card.count == 40
    values = card.values()
    assert {k: values[k] for k in ("value", "icon", "kind", "shape")} == {
        "value": "1",
        "icon": "damage",
        "kind": "counter",
        "shape": "square",
    }


def test_road_runner_damage_pad_is_a_sheet(game):
    pad = load_components(component_files(game)[0], game).groups[1]
    assert pad.kind == "sheet" and pad.deck.template == "sheet-tick-pad"
    assert (pad.width, pad.height) == pytest.approx(component_size("a6"))
    assert pad.deck.cards[0].fields["rows"] == [str(n) for n in range(1, 9)]


def test_sizes_presets_cards_and_paper():
    assert component_size("counter-20mm") == pytest.approx((mm(20), mm(20)))
    assert component_size("Poker") == pytest.approx((mm(63.5), mm(88.9)))
    assert component_size("half letter") == pytest.approx((mm(139.7), mm(215.9)))
    with pytest.raises(ValueError, match="did you mean 'counter-25mm'"):
        component_size("counter-21mm")


def test_template_design_size_scales_to_the_group(tmp_path, game):
    path = write(
        tmp_path,
        """
        groups:
          - name: big
            kind: counter
            size: counter-30mm
            template: counter-round
            items: [{name: X, icon: star, color: navy}]
          - name: custom
            kind: marker
            size: {width: 60mm, height: 30mm}
            template: counter-marker
            items: [{name: Y, icon: star, color: navy}]
        """,
    )
    big, custom = load_components(path, game).groups
    assert big.deck.width == pytest.approx(mm(20)) and big.width == pytest.approx(mm(30))
    assert big.scale == pytest.approx((1.5, 1.5))
    assert custom.scale == pytest.approx((1.5, 1.5))
    assert custom.shape == "rect"


def test_defaults_types_and_standee_back(tmp_path, game):
    path = write(
        tmp_path,
        """
        groups:
          - name: pawns
            title: Racers
            kind: standee
            size: standee-large
            template: standee-pawn
            defaults: {icon: car, color: "#c62828"}
            items:
              - {name: Red, count: 2, type: fast}
              - {name: Blue, color: "#1565c0"}
        """,
    )
    (pawns,) = load_components(path, game).groups
    red, blue = pawns.deck.cards
    assert pawns.title == "Racers" and pawns.tab == pytest.approx(mm(12))
    assert pawns.deck.back == "standee-pawn" and not pawns.two_sided
    assert (red.type, red.count, red.fields["color"]) == ("fast", 2, "#c62828")
    assert (blue.type, blue.count, blue.fields["color"], blue.fields["icon"]) == (
        "standee",
        1,
        "#1565c0",
        "car",
    )


def test_schema_problems(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        groups:
          - name: Bad Name
            kind: counters
            size: counter-20mm
            template: counter-round
            sizee: 3
            items: []
        """,
    ) == [
        "6:5: groups[0].sizee: unknown key 'sizee' (did you mean 'size'?)",
        "2:11: groups[0].name: expected a lowercase name of letters, digits, '-' and '_', found 'Bad Name'",
        "3:11: groups[0].kind: expected one of counter, marker, money, standee, sheet, found 'counters'",
        "7:5: groups[0].items: expected at least 1 item(s), found a list",
    ]


def test_empty_file(tmp_path, game):
    assert problems(tmp_path, game, "") == ["1:1: groups: missing required key 'groups'"]


def test_group_problems(tmp_path, game):
    assert problems(
        tmp_path,
        game,
        """
        groups:
          - name: damage
            kind: counter
            size: counter-21mm
            template: counter-rund
            items:
              - {name: Damage, count: many}
          - name: notes
            kind: money
            size: {width: 30mm, height: 20mm}
            shape: round
            tab: 5mm
            template: money-note
            items:
              - {count: 2, shape: round, "my field": 1, color: "not a colour!", value: }
          - name: pawns
            kind: standee
            size: standee
            template: standee-pawn
            back: money-note-back
            items: [{name: P}]
          - name: pawns
            kind: counter
            size: {width: 20mm, height: 10mm}
            shape: square
            template: counter-square
            items: [{name: Q, kind: x}]
        """,
    ) == [
        "5:15: groups[0].template: no template named 'counter-rund' (did you mean 'counter-round'?) "
        "(looked in carddata/road-runner/templates, carddata/road-runner, templates)",
        "4:11: groups[0].size: unknown size 'counter-21mm' (did you mean 'counter-25mm'?): use a preset "
        "(counter-13mm, counter-16mm, counter-20mm, counter-25mm, counter-30mm, counter-38mm, "
        "marker-30x15mm, marker-40x20mm, marker-50x25mm, money-small, money, money-large, standee-small, "
        "standee, standee-large), a card or paper size (such as poker, a6, half-letter) or "
        "{width: .., height: ..}",
        "10:5: groups[1].size: the template is designed for 120 x 60 mm and drawn scaled to other sizes, "
        "but 30 x 20 mm has other proportions: use a size shaped like 120 x 60 mm or another template",
        "15:27: groups[1].items[0].shape: 'shape' is set by the group, not per item: remove it "
        "(templates can use {shape})",
        "15:46: groups[1].items[0].my field: field name 'my field' cannot be used in a template: "
        "use letters, digits, '_' and '-'",
        "20:11: groups[2].back: the back template is designed for 120 x 60 mm but the front template "
        "for 25 x 45 mm: give both the same 'size:'",
        "22:11: groups[3].name: group name 'pawns' is used twice (first at line 16): rename one",
        "24:5: groups[3].size: the template is designed for 20 x 20 mm and drawn scaled to other sizes, "
        "but 20 x 10 mm has other proportions: use a size shaped like 20 x 20 mm or another template",
        "27:29: groups[3].items[0].kind: 'kind' is set by the group, not per item: remove it "
        "(templates can use {kind})",
        "7:31: groups[0].items[0].count: expected a whole number, found 'many'",
        "11:12: groups[1].shape: shape 'round' is for counters and markers; a banknote is a rectangle (rect)",
        "12:10: groups[1].tab: 'tab' (the base tab at each end of the strip) is only for standees",
        "15:9: groups[1].items[0].name: missing required key 'name'",
        "15:56: groups[1].items[0].color: expected a colour such as '#c0392b', 'navy', 'none' or '$style', "
        "found 'not a colour!'",
        "15:73: groups[1].items[0].value: expected a value, found nothing",
        "25:12: groups[3].shape: shape 'square' needs equal width and height, found 20 x 10 mm",
    ]


def test_missing_file(tmp_path, game):
    with pytest.raises(DataError, match="cannot read file"):
        load_components(tmp_path / "nope.yaml", game)


def test_a_listed_file_that_does_not_exist(tmp_path):
    folder = tmp_path / "mini"
    folder.mkdir()
    (folder / "cards.yaml").write_text("cards:\n  - {name: A}\n", encoding="utf-8")
    (folder / "game.yaml").write_text(
        "name: mini\ntitle: Mini\ndecks:\n  - {name: cards, template: playing-card, cards: [cards.yaml]}\n"
        "components: [tokens.yaml, more.yaml]\n",
        encoding="utf-8",
    )
    (folder / "more.yaml").write_text("groups: []\n", encoding="utf-8")
    game = load_game(str(folder))
    with pytest.raises(DataError) as exc:
        component_files(game)
    (problem,) = exc.value.problems
    assert (problem.line, problem.column, problem.path) == (5, 14, "components[0]")
    assert problem.message.startswith("component file 'tokens.yaml' not found in ")
