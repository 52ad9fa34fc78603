"""Facts about the Road Runner card database (carddata/road-runner), checked with plain PyYAML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

GAME_DIR = Path(__file__).resolve().parent.parent / "carddata" / "road-runner"
BUILTIN_FIELDS = {"name", "type", "count"}


@pytest.fixture(scope="module")
def game() -> dict:
    return yaml.safe_load((GAME_DIR / "game.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards() -> list[dict]:
    return yaml.safe_load((GAME_DIR / "cards.yaml").read_text(encoding="utf-8"))["cards"]


def copies(cards: list[dict], card_type: str | None = None) -> int:
    return sum(c.get("count", 1) for c in cards if card_type in (None, c["type"]))


def keywords_used(card: dict):
    """Every keyword a card mentions anywhere: own keywords, damage, conditions, escape."""
    yield from card.get("keywords", [])
    yield from card.get("damage", {})
    for cond in card.get("conditions", []):
        yield from cond.get("keywords", [])
        yield from cond.get("damage", {})
    effect = card.get("escape") or {}
    for prevention in effect.get("prevents", []):
        for key in ("keywords", "all_keywords", "chase", "unless"):
            yield from prevention.get(key, [])
    rule = effect.get("damage") or {}
    yield from rule.get("keywords", [])
    yield from rule.get("only_chase", [])


def test_eighty_cards_in_all(cards):
    assert copies(cards) == 80


def test_card_type_counts(cards):
    assert copies(cards, "escape") == 35
    assert copies(cards, "dual") == 4
    assert copies(cards, "capture") == 41
    assert {c["type"] for c in cards} == {"capture", "escape", "dual"}


def test_dual_cards(cards):
    duals = {c["name"] for c in cards if c["type"] == "dual"}
    assert duals == {"Giant Magnet", "Rolling Boulder", "Retractable Steel Wall", "Tiger Trap"}


def test_names_unique_and_identical_cards_merged(cards):
    names = [c["name"] for c in cards]
    assert len(names) == len(set(names))
    assert all(isinstance(c.get("count", 1), int) and c.get("count", 1) >= 1 for c in cards)


def test_only_declared_fields(game, cards):
    allowed = BUILTIN_FIELDS | set(game["card_fields"])
    for card in cards:
        assert set(card) <= allowed, card["name"]
        assert card["type"] in game["card_types"]


def test_every_keyword_is_declared(game, cards):
    declared = set(game["keywords"])
    choice = game["types"]["keyword"]
    assert set(re.findall(r"[A-Z]+", choice.removeprefix("choice"))) == declared
    for card in cards:
        assert set(keywords_used(card)) <= declared, card["name"]


def test_condition_names_are_real_cards(cards):
    names = {c["name"] for c in cards}
    for card in cards:
        for cond in card.get("conditions", []):
            assert cond["with"], card["name"]
            assert set(cond["with"]) <= names, card["name"]
            assert card["name"] not in cond["with"]


def test_escape_and_dual_cards_have_effect_and_text(cards):
    for card in cards:
        if card["type"] in ("escape", "dual"):
            assert card.get("escape", {}).get("prevents"), card["name"]
            assert card.get("text"), card["name"]
        else:
            assert "escape" not in card, card["name"]


def test_texts_are_short_and_keep_keywords_in_capitals(game, cards):
    lower = [k.lower() for k in game["keywords"]]
    for card in cards:
        text = card.get("text", "")
        assert len(text.split()) <= 25, card["name"]
        for word in re.findall(r"[A-Za-z]+", text):
            assert word not in lower or word in ("road",), (card["name"], word)


def test_restored_names_cover_the_three_nameless_cards(cards):
    # Three cards lost their names; two of them are identical, so they share one name
    # (one entry with count 2): two distinct restored names covering three cards.
    restored = [c for c in cards if c.get("restored_name")]
    assert copies(restored) == 3
    assert len({c["name"] for c in restored}) == 2
    assert sorted(c.get("count", 1) for c in restored) == [1, 2]
    assert all(c["type"] == "capture" and "AMMO" in c["keywords"] for c in restored)


def test_no_scan_garbage():
    text = (GAME_DIR / "cards.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    values = yaml.safe_dump(data)  # the data only, not the comments that name the repairs
    for junk in ("VEHI CLE", "MECHANI CAL", "EXPLOSI VE", "RATL", "5,49,69,45", "Davisate", "EVOLOGIVE"):
        assert junk not in values, junk


def test_sample_cards(cards):
    by_name = {c["name"]: c for c in cards}
    assert by_name["Rocket Motor"]["damage"] == {"EXPLOSIVE": 4}
    # METAL (and MECHANICAL) are what a thing is made of: always there, as on the Fan
    assert by_name["Skis"]["keywords"] == ["METAL"]
    assert by_name["Skis"]["conditions"] == [{"with": ["Refrigerator"], "keywords": ["VEHICLE"]}]
    assert by_name["Outboard Motor"]["keywords"] == ["METAL", "MECHANICAL"]
    assert by_name["Outboard Motor"]["conditions"][0]["keywords"] == ["THRUSTER"]
    assert by_name["Bear Trap"]["damage"] == {"AMBUSH": 1, "DROP": 1}
    assert "keywords" not in by_name["Bucket Of Water"]
    assert by_name["Express Train!"]["escape"]["prevents"] == [{"keywords": ["RAIL"]}]
    assert by_name["Gravity Failure!"]["escape"]["prevents"] == [{"all_keywords": ["HEIGHT", "DROP"]}]
