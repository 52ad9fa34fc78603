"""Named card and paper sizes."""

from __future__ import annotations

import pytest

from generator.core.sizes import (
    CARD_SIZES,
    PAPER_SIZES,
    UnknownSizeError,
    card_size,
    normalise_name,
    paper_size,
)
from generator.core.units import mm


@pytest.mark.parametrize(
    ("name", "w", "h"),
    [
        ("poker", 63.5, 88.9),
        ("bridge", 57.15, 88.9),
        ("tarot", 70, 120),
        ("mini-american", 41, 63),
        ("mini-euro", 44, 68),
        ("euro", 59, 91),
        ("standard-american", 56, 87),
        ("square", 70, 70),
        ("business", 88.9, 50.8),
        ("business-eu", 85, 55),
        ("jumbo", 88.9, 127),
    ],
)
def test_card_sizes_in_points(name: str, w: float, h: float) -> None:
    assert card_size(name) == pytest.approx((mm(w), mm(h)))


@pytest.mark.parametrize(
    ("name", "w", "h"),
    [
        ("a4", 210, 297),
        ("letter", 215.9, 279.4),
        ("legal", 215.9, 355.6),
        ("a3", 297, 420),
        ("tabloid", 279.4, 431.8),
        ("a5", 148, 210),
        ("a6", 105, 148),
        ("half-letter", 139.7, 215.9),
    ],
)
def test_paper_sizes_portrait_in_points(name: str, w: float, h: float) -> None:
    assert paper_size(name) == pytest.approx((mm(w), mm(h)))
    assert paper_size(name)[0] < paper_size(name)[1]


def test_poker_is_two_and_a_half_by_three_and_a_half_inches() -> None:
    assert card_size("poker") == pytest.approx((2.5 * 72, 3.5 * 72))


def test_tables_cover_every_name() -> None:
    assert len(CARD_SIZES) == 11 and len(PAPER_SIZES) == 8
    assert all(normalise_name(n) == n for n in [*CARD_SIZES, *PAPER_SIZES])


@pytest.mark.parametrize(
    "spelling", ["Mini American", "mini_american", "  MINI-american ", "Mini  _American"]
)
def test_normalise_name(spelling: str) -> None:
    assert normalise_name(spelling) == "mini-american"
    assert card_size(spelling) == CARD_SIZES["mini-american"]


def test_lookup_ignores_case_and_separators() -> None:
    assert paper_size("Half Letter") == PAPER_SIZES["half-letter"]
    assert paper_size("A4") == PAPER_SIZES["a4"]


def test_unknown_card_is_key_error_with_suggestion_and_known_names() -> None:
    with pytest.raises(UnknownSizeError) as info:
        card_size("pokr")
    err = info.value
    assert isinstance(err, KeyError)
    text = str(err)
    assert "did you mean 'poker'" in text
    assert "unknown card size 'pokr'" in text
    assert all(name in text for name in CARD_SIZES)
    assert not text.startswith("'")  # not KeyError's quoted repr


def test_unknown_paper_without_close_match_lists_names_only() -> None:
    with pytest.raises(KeyError) as info:
        paper_size("napkin")
    text = str(info.value)
    assert "did you mean" not in text
    assert "a4" in text and "letter" in text and "paper" in text


def test_unknown_paper_suggests_close_name() -> None:
    with pytest.raises(UnknownSizeError, match="did you mean 'letter'"):
        paper_size("leter")
