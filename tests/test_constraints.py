"""Deck composition constraints: the bundled decks pass, every kind of rule catches what it
should at the right file:line, and malformed constraint files get clear errors."""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest
import yaml

from generator.core import paths
from generator.core.errors import DataError
from generator.load.loader import load_game
from generator.rules import composition_breaches
from tests.conftest import MINI_CARDS, MINI_GAME, write_game


@pytest.mark.parametrize("game", ["road-runner", "jokers-row"])
def test_bundled_decks_pass(game: str):
    assert composition_breaches(load_game(game)) == []


def copy_road_runner(folder: Path, edit) -> Path:
    """The Road Runner data (cards, constraints, rules) in ``folder``, cards.yaml edited."""
    source = paths.CARDDATA / "road-runner"
    spec = yaml.safe_load((source / "game.yaml").read_text(encoding="utf-8"))
    spec = {k: v for k, v in spec.items() if k not in ("boards", "components", "sheets", "summary")}
    folder.mkdir()
    (folder / "game.yaml").write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    (folder / "constraints.yaml").write_text(
        (source / "constraints.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    shutil.copytree(source / "rules", folder / "rules", ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "cards.yaml").write_text(
        edit((source / "cards.yaml").read_text(encoding="utf-8")), encoding="utf-8"
    )
    return folder


def line_of(path: Path, text: str, after: int = 0) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if n > after and text in line)


def test_a_modified_deck_fails_with_rule_ids_and_lines(tmp_path: Path):
    def edit(text: str) -> str:
        text = text.replace(
            "      - {with: [Refrigerator], keywords: [VEHICLE]}",
            "      - {with: [Fridge], keywords: [VEHICLE]}",
        )
        text = text.replace("    speed: 4\n", "    speed: 9\n")  # Rocket Motor
        return text.replace(
            "  - name: Cactus!\n    type: escape\n    count: 2",
            "  - name: Cactus!\n    type: escape\n    count: 3",
        )

    folder = copy_road_runner(tmp_path / "rr", edit)
    breaches = composition_breaches(load_game(folder))
    cards = folder / "cards.yaml"
    where = {(b.rule, b.at.line if b.at else None) for b in breaches}
    assert where == {
        ("condition-cards-exist", line_of(cards, "conditions:", after=line_of(cards, "name: Skis"))),
        ("speed-range", line_of(cards, "speed: 9")),
        ("copies", line_of(cards, "count: 3")),
        ("escape-count", None),
        ("deck-size", None),
    }
    shown = {b.rule: str(b.problem()) for b in breaches}
    rules_file = folder / "constraints.yaml"
    assert re.search(
        rf"cards.yaml:{line_of(cards, 'Fridge') - 1}:\d+: Skis: \[condition-cards-exist\] .*'Fridge'.*"
        rf"\(constraint at .*constraints.yaml:{line_of(rules_file, 'id: condition-cards-exist')}:5\)",
        shown["condition-cards-exist"],
    )
    assert f"constraints.yaml:{line_of(rules_file, 'id: deck-size')}:5: [deck-size]" in shown["deck-size"]
    assert "expected exactly 80 cards, found 81" in shown["deck-size"]


def test_check_command_reports_composition(run_cli, tmp_path: Path):
    folder = copy_road_runner(
        tmp_path / "rr",
        lambda t: t.replace("keywords: [ROAD, RAIL]", "keywords: [ROAD, RAIL]\n    speed: 0", 1),
    )
    code, _, err = run_cli("check", folder)
    assert code == 1
    assert "Tunnel: [speed-range] Speeds are 1 to 4: speed is 0, outside 1..4" in err
    code, out, _ = run_cli("check", "road-runner")
    assert code == 0 and "no problems found" in out


# -- every kind, on the small test game ----------------------------------------------------------


def mini(tmp_path: Path, constraints: str, cards: str = MINI_CARDS, rules: str | None = None):
    files = {"game.yaml": MINI_GAME + "constraints: constraints.yaml\n", "cards.yaml": cards}
    files["constraints.yaml"] = (
        "constraints:\n" + textwrap.indent(textwrap.dedent(constraints).strip(), "  ") + "\n"
    )
    if rules is not None:
        files["game.yaml"] += "rules_module: rules.py\n"
        files["rules.py"] = textwrap.dedent(rules)
    return load_game(write_game(tmp_path / "mini", files))


def breaches(tmp_path: Path, constraints: str, **kw) -> list[tuple[str, str, int | None]]:
    found = composition_breaches(mini(tmp_path, constraints, **kw))
    return [(b.rule, b.detail, b.at.line if b.at else None) for b in found]


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("deck_size: 3", []),
        ("deck_size: {min: 4}", [("expected at least 4 cards, found 3", None)]),
        ("count: {where: {type: hero}, exactly: 1}", []),
        ("count: {where: {powers: fire}, min: 2}", [("expected at least 2 cards, found 1", None)]),
        ("count: {per: type, max: 1}", [("expected at most 1 cards with type villain, found 2", None)]),
        ("copies: {max: 1}", [("2 copies of 'Beta', at most 1 allowed", 9)]),
        ("range: {field: speed, min: 1, max: 2}", [("speed is 3, outside 1..2", 4)]),
        ("unique: {fields: [type]}", []),
        ("refers: {from: 'powers[]', to: [name]}", [("'fire' (powers[]) is not a name on any card", 5)]),
        ("refers: {from: 'powers[]', to: ['powers[]'], same_card: true}", []),
        ("fields: {where: {type: hero}, required: [text], forbidden: [speed]}", [("must not have speed", 4)]),
        ("fields: {where: {type: villain}, required: [speed]}", [("has no speed", 7)]),
    ],
)
def test_each_kind(tmp_path: Path, rule: str, expected):
    found = breaches(tmp_path, f"- id: r\n  message: m\n  {rule}")
    assert [(detail, line) for _, detail, line in found] == expected


def test_unique_reports_the_repeat(tmp_path: Path):
    cards = MINI_CARDS + "  - name: Alpha\n    type: villain\n"
    found = breaches(tmp_path, "- {id: names, message: m, unique: {}}", cards=cards)
    assert [(r, line) for r, _, line in found] == [("names", 11)]
    assert "already used by 'Alpha' at " in found[0][1]


NAMED = """
from generator.rules import Checks, Finding

CHECKS = Checks()

@CHECKS.register("slow-heroes")
def slow_heroes(game):
    for card in game.all_cards():
        if card.type == "hero" and (card.get("speed") or 0) > 2:
            yield Finding("heroes are slow", card, "speed")
"""


def test_named_checks(tmp_path: Path):
    found = breaches(tmp_path, "- {id: slow, message: m, check: slow-heroes}", rules=NAMED)
    assert found == [("slow", "heroes are slow", 4)]


@pytest.mark.parametrize(
    ("rule", "rules", "message"),
    [
        (
            "check: slow-heros",
            NAMED,
            "4:12: constraints[0].check: unknown check 'slow-heros' (did you mean 'slow-heroes'?)",
        ),
        ("check: slow", None, "named check 'slow' needs a rules module"),
        ("cuont: {min: 1}", None, "unknown key 'cuont' (did you mean 'count'?)"),
        ("deck_size: 3\n  copies: {max: 1}", None, "exactly one of deck_size, count"),
        ("range: {field: 'speed[', min: 1}", None, "'speed[' is not a field path"),
        ("count: {where: {type: hero}}", None, "give 'exactly', 'min' or 'max'"),
        ("deck_size: 3\n  deck: cardz", None, "unknown deck 'cardz' (did you mean 'cards'?)"),
    ],
)
def test_malformed_constraints(tmp_path: Path, rule: str, rules, message: str):
    with pytest.raises(DataError) as exc:
        breaches(tmp_path, f"- id: r\n  message: m\n  {rule}", rules=rules)
    text = str(exc.value)
    assert "constraints.yaml:" in text and message in text


def test_duplicate_ids_and_a_missing_file(tmp_path: Path):
    with pytest.raises(DataError, match="duplicate id 'a' \\(first used at line 2\\)"):
        breaches(tmp_path, "- {id: a, message: m, deck_size: 3}\n- {id: a, message: m, deck_size: 3}")
    folder = write_game(tmp_path / "other", {"game.yaml": MINI_GAME + "constraints: nowhere.yaml\n"})
    with pytest.raises(DataError, match=r"game.yaml:\d+:\d+: constraints: file 'nowhere.yaml' not found"):
        composition_breaches(load_game(folder))


def test_a_failing_named_check_is_reported_at_its_line(tmp_path: Path):
    rules = NAMED.replace('yield Finding("heroes are slow", card, "speed")', "yield 1 / 0")
    with pytest.raises(DataError, match=r"rules.py:\d+: check 'slow-heroes' failed: ZeroDivisionError"):
        breaches(tmp_path, "- {id: slow, message: m, check: slow-heroes}", rules=rules)
