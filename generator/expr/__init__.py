"""Template expressions: ``{= cost * 2}``, ``{= '★' * stars}``, ``{= 'Rare' if cost > 3 else ''}``.

A small language of our own (``syntax``: grammar and parser; ``evaluate``: the rules), with no
door to Python: names are card fields, calls are from a fixed list, every size is bounded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.expr.evaluate import Missing, evaluate
from generator.expr.syntax import FUNCTIONS, ExprError, Node, names, parse
from generator.expr.values import as_text, key_text

__all__ = [
    "FUNCTIONS",
    "ExprError",
    "Missing",
    "Node",
    "as_text",
    "check",
    "fields_of",
    "key_text",
    "value_of",
]

MARK = "="
"""What opens an expression inside braces: ``{= ...}``."""


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
