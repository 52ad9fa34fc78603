"""Deck defaults computed from a card's other fields: ``defaults: {value: "{= cost * 2}"}``.

A default written as one expression is parsed when game.yaml is read (a syntax error is a
problem at its line) and evaluated per card that leaves the field out, then typed like the
field; a card it cannot be worked out for is a problem at the default's line naming the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from generator import expr
from generator.core.errors import clip


@dataclass(frozen=True)
class Computed:
    """A default that is an expression over the card's fields, typed as ``annotation``."""

    source: str
    annotation: Any

    def value(self, fields: dict[str, Any], card: str) -> Any:
        """The default for a card with ``fields``; ValueError saying why, naming the card."""
        try:
            value = expr.value_of(self.source, fields)
        except expr.Missing as exc:
            raise ValueError(
                f"the default for '{clip(card)}' uses field '{exc.path}', which the card does not have "
                f"(give the card the field, or write '{exc.path} ?? 0' for a fallback)"
            ) from None
        except expr.ExprError as exc:
            raise ValueError(f"the default for '{clip(card)}': {exc}") from None
        try:
            typed = TypeAdapter(self.annotation).validate_python(_plain(value))
        except ValidationError as exc:
            why = exc.errors()[0]["msg"] if exc.errors() else "wrong type"
            raise ValueError(
                f"the default for '{clip(card)}' came out as {expr.as_text(value)!r}, "
                f"which the field cannot hold ({why})"
            ) from None
        return TypeAdapter(self.annotation).dump_python(typed, by_alias=True)


def _plain(value: Any) -> Any:
    """Whole floats as ints, so ``cost / 2`` can fill an ``int`` field when it divides evenly."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def expression_of(raw: Any) -> str | None:
    """The expression of a default written as ``{= ...}`` (the whole value), else None."""
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if text.startswith("{") and text.endswith("}") and text[1:].lstrip().startswith(expr.MARK):
        return text[1:-1].lstrip()[1:]
    return None
