"""Lengths carry units and become points once."""

from __future__ import annotations

import pytest

from generator.core.units import UnitError, mm, parse_length, to_mm


@pytest.mark.parametrize(
    ("text", "points"),
    [("72pt", 72.0), ("1in", 72.0), ("25.4mm", 72.0), ("2.54cm", 72.0), ("-3mm", -mm(3)), (".5in", 36.0)],
)
def test_lengths(text, points):
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12", "expected a length with a unit such as '3mm', '0.5in' or '10pt', found '12'"),
        ("3 furlongs", "unknown unit 'furlongs' in '3 furlongs' (known units: pt, mm, cm, in)"),
        ("mm", "expected a length with a unit such as '3mm', '0.5in' or '10pt', found 'mm'"),
    ],
)
def test_bad_lengths(text, message):
    with pytest.raises(UnitError) as info:
        parse_length(text)
    assert str(info.value) == message


def test_round_trip():
    assert to_mm(mm(63.5)) == pytest.approx(63.5)
