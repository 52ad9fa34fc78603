"""Entenrallye cards: the data is what the rulebook asks for, and every face prints its data."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.art.fonts import FontBook
from generator.core.units import mm
from generator.layout.deck import DeckFaces
from generator.layout.ops import GroupOp, TextOp
from generator.load.loader import load_game


@pytest.fixture(scope="module")
def game():
    return load_game("entenrallye")


def texts(ops) -> list[str]:
    """Every text drawn by a face's ops, each text element as one string."""
    out: list[str] = []
    for op in ops:
        if isinstance(op, GroupOp):
            out += texts(op.ops)
        elif isinstance(op, TextOp):
            out.append("".join(run.text for run in op.layout.runs))
    return out


def faces(game, deck_name: str):
    deck = next(d for d in game.decks if d.name == deck_name)
    laid = DeckFaces(game, deck, FontBook.load(game.font_dirs), mm(3))
    for card in deck.cards:
        front, back = laid.faces(card)
        assert front is not None and back is not None, laid.problems
        yield card, texts(front.ops), texts(back.ops)
    assert not laid.problems


def test_parts_follow_the_rulebook(game):
    parts = [c for c in game.all_cards() if c.type == "part"]
    assert sum(c.count for c in parts) == 48
    assert Counter(c.get("part") for c in parts) == dict.fromkeys(["bonnet", "roof", "doors", "wings"], 12)
    assert len(set(Counter(c.get("color") for c in parts).values())) == 1
    for card in parts:
        assert 2 <= card.get("points") <= 5 and 3 <= card.get("faults") <= 5
    # more points never come with more faults: the best 5/3, the worst 2/5
    grades = {(c.get("points"), c.get("faults")) for c in parts}
    assert (5, 3) in grades and (2, 5) in grades
    for p, f in grades:
        assert not any(p2 > p and f2 > f for p2, f2 in grades)
    # a car with four of the worst parts has 20 faults: the top of the repair track
    assert 4 * max(c.get("faults") for c in parts) == 20


def test_part_faces_print_their_data(game):
    for card, front, back in faces(game, "parts"):
        assert front[:2] == [card.get("part").upper(), card.get("color").upper()], card.name
        assert str(card.get("points")) in front and str(card.get("faults")) in front, card.name
        assert "ENTENRALLYE" in back and "CAR PART" in back


def test_car_faces_print_four_slots_with_three_faults(game):
    cars = list(faces(game, "cars"))
    assert sorted(c.get("color") for c, _, _ in cars) == sorted(
        ["red", "yellow", "green", "blue", "white", "black"]
    )
    for card, front, back in cars:
        assert front[0] == card.name.upper()
        assert {"BONNET", "ROOF", "DOORS", "WINGS"} <= set(front)
        assert front.count("3") == 4
        assert "ENTENRALLYE" in back


def test_part_card_fits_its_slot(game):
    """A part card (40 x 28 mm) lies inside a car card's 42 x 30 mm slot."""
    decks = {d.name: d for d in game.decks}
    part, car = decks["parts"], decks["cars"]
    assert part.width <= mm(42) and part.height <= mm(30)
    assert car.width >= 2 * mm(42) and car.height >= 2 * mm(30)
