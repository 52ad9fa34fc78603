"""What the rest of Deckwright calls an expression for (through ``generator.expr``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.expr.evaluate import evaluate
from generator.expr.syntax import ExprError, names, parse


def value_of(source: str, values: Mapping[str, Any]) -> Any:
    """The value of the expression ``source`` for a card's ``values``."""
    return evaluate(parse(source), source, values)


def check(source: str) -> None:
    """ExprError when ``source`` is not an expression (syntax, unknown function, size)."""
    parse(source)


def fields_of(source: str) -> list[str]:
    """The field paths ``source`` reads; empty when it cannot be parsed (reported elsewhere)."""
    try:
        return names(parse(source))
    except ExprError:
        return []
