"""Template strings: strict substitution, optional sections, filters; ``when:`` conditions."""

from __future__ import annotations

import pytest

from generator.layout.conditions import ConditionError, compile_when
from generator.layout.substitute import BadReference, MissingField, has_fields, substitute

CARD = {
    "name": "Fan",
    "type": "capture",
    "speed": 1,
    "keywords": ["THRUSTER", "METAL"],
    "damage": {"EXPLOSIVE": 4},
    "conditions": [{"with": ["Sail"], "speed": 2}],
    "note": None,
}


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("{name}", "Fan"),
        ("{name|upper} / {type|title}", "FAN / Capture"),
        ("{keywords}", "THRUSTER, METAL"),
        ("{keywords|join: + }", "THRUSTER + METAL"),
        ("{keywords|count} keywords", "2 keywords"),
        ("{damage.EXPLOSIVE}", "4"),
        ("{{literal}} {icon:rocket}", "{literal} {icon:rocket}"),
        ("Speed {speed}[[, then {conditions.0}]]", "Speed 1"),
        ("[[Note: {note}]]{name}", "Fan"),
    ],
)
def test_substitution(text, result):
    assert substitute(text, CARD) == result


def test_lookup_by_another_field():
    assert substitute("{damage[item]}", {**CARD, "item": "EXPLOSIVE"}) == "4"
    with pytest.raises(MissingField):
        substitute("{damage[item]}", {**CARD, "item": "METAL"})


def test_missing_field_is_an_error_not_a_blank():
    with pytest.raises(MissingField) as info:
        substitute("Flavour: {flavor}", CARD)
    assert info.value.field == "flavor"


@pytest.mark.parametrize("text", ["{name|shout}", "{na me}"])
def test_bad_references(text):
    with pytest.raises(BadReference):
        substitute(text, CARD)


def test_static_detection():
    assert has_fields("{name}") and not has_fields("SPEED {{x}} {icon:a}")


@pytest.mark.parametrize(
    ("expr", "expected"),
    [
        ("speed", True),
        ("note", False),
        ("not note", True),
        ("type == capture", True),
        ("type != capture", False),
        ("type in [escape, dual]", False),
        ("type not in [escape, dual]", True),
        ("keywords == METAL", True),
        ("speed >= 1 and speed < 2", True),
        ("note or missing", False),
        ("damage[item]", True),
        ("type == 'capture'", True),
    ],
)
def test_conditions(expr, expected):
    assert compile_when(expr)({**CARD, "item": "EXPLOSIVE"}) is expected


@pytest.mark.parametrize("expr", ["type ==", "type in escape", "== x", "speed >= 1 and"])
def test_bad_conditions(expr):
    with pytest.raises(ConditionError):
        compile_when(expr)({})
