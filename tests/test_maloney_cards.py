"""Maloney's Inheritance cards: every face shows what its data says, and the deck checks catch
a broken copy of the game at the right rule and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.core import paths
from generator.core.units import mm
from generator.kit.build import check_faces
from generator.layout.ops import IconOp
from generator.load.loader import load_game
from generator.rules import composition_breaches
from tests.cardfaces import flat, laid_faces, text_ops, words

DAYS = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]


@pytest.fixture(scope="module")
def game():
    return load_game("maloney")


@pytest.fixture(scope="module")
def faces(game):
    return laid_faces(game)


def test_all_text_fits(game):
    assert check_faces(game, FontBook.load(game.font_dirs)) == []


def test_the_deck_checks_pass(game):
    assert composition_breaches(game) == []


def test_decks_and_their_backs(game):
    decks = {d.name: d for d in game.decks}
    assert {n: sum(c.count for c in d.cards) for n, d in decks.items()} == {
        "actions": 64,
        "suitcases": 24,
        "jokers": 6,
    }
    assert len({d.back for d in decks.values()}) == 3  # each deck its own back


def test_action_faces_show_city_number_and_every_days_points(game, faces):
    for card in game.decks[0].cards:
        _, front, _ = faces[card.name]
        shown = text_ops(front)
        by_text = [words(op) for op in shown]
        assert card.get("city") in by_text and str(card.get("number")) in by_text
        # the day rows run top to bottom Mo..So, each with its points on the same line
        labels = [op for op in shown if words(op) in DAYS]
        assert [words(op) for op in sorted(labels, key=lambda op: -op.box.y)] == DAYS
        for label in labels:
            row = [op for op in shown if abs(op.box.y - label.box.y) < 0.01 and op.box.x > mm(40)]
            assert [words(op) for op in row] == [str(card.get("points")[words(label)])]


def test_the_best_day_is_picked_out(game, faces):
    for card in game.decks[0].cards:
        _, front, _ = faces[card.name]
        ops = flat(front.ops)
        seven = next(op for op in text_ops(front) if words(op) == "7" and op.box.x > mm(40))
        day = next(op for op in text_ops(front) if words(op) in DAYS and abs(op.box.y - seven.box.y) < 0.01)
        assert words(day) == card.get("best")
        gold = [op for op in ops if getattr(op, "fill", None) == "#f0c75e" and op.box.w > mm(50)]
        assert len(gold) == 1 and abs(gold[0].box.y - seven.box.y) < 0.01


def test_suitcase_faces_show_their_outcome(game, faces):
    for card in game.decks[1].cards:
        _, front, _ = faces[card.name]
        shown = [words(op) for op in text_ops(front)]
        amount, gain = card.get("amount"), card.get("gain")
        expected = f"{'+' if amount > 0 else '-'}" + (
            f"${abs(amount):,}" if gain == "cash" else f"{abs(amount)} point{'s' * (abs(amount) != 1)}"
        )
        assert shown[0] == expected
        icons = {op.name for op in flat(front.ops) if isinstance(op, IconOp)}
        assert ("dollar" if gain == "cash" else "star") in icons


def test_joker_faces_say_when_they_may_be_played(game, faces):
    _, front, _ = faces["Joker"]
    text = " ".join(words(op) for op in text_ops(front))
    assert all(day in text for day in ("Mo", "Mi", "Do", "Sa"))
    assert "Di" not in text.replace("drives", "") and "pay nothing" in text


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "maloney"
    shutil.copytree(paths.CARDDATA / "maloney", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("file", "old", "new", "rules"),
    [
        ("actions.yaml", "Mo: 7, Di: 6, Mi: 5", "Mo: 7, Di: 5, Mi: 5", {"weekday-points"}),
        (
            "actions.yaml",
            "San Diego Do, type: action, city: San Diego, number: 2, best: Do",
            "San Diego Do, type: action, city: San Diego, number: 2, best: Di",
            {"best-days-distinct", "best-days-spread", "weekday-points"},
        ),
        ("suitcases.yaml", "amount: 5}", "amount: 6}", {"suitcase-range"}),
        (
            "suitcases.yaml",
            '{name: "+$500", type: suitcase, gain: cash, amount: 500',
            '{name: "+$500", type: suitcase, gain: cash, amount: 400',
            {"suitcase-range"},
        ),
        ("jokers.yaml", "count: 6", "count: 5", {"joker-deck"}),
    ],
)
def test_a_broken_copy_fails_at_the_rule(tmp_path, file, old, new, rules):
    folder = broken_copy(tmp_path, file, old, new)
    breaches = composition_breaches(load_game(folder))
    assert {b.rule for b in breaches} == rules
    edited = [b for b in breaches if b.at is not None and b.at.file.endswith(file)]
    assert all(b.at.line == line_of(folder / file, new) for b in edited)
