"""Card field types declared by a game in YAML, compiled into pydantic models.

Type expressions: ``text``, ``int``, ``number``, ``bool``, ``choice(a, b)``, ``list(T)``,
``map(K, V)``, or the name of a type under ``types:``; a trailing ``?`` makes a field optional.
A mapping under ``types:`` declares a record (field name -> type expression).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AllowInfNan, BaseModel, ConfigDict, Field, create_model, field_validator

from generator.schema.messages import suggest

MAX_COUNT = 10_000
"""The most copies of one card (``count``), in a card file and in a variant alike."""
FiniteFloat = Annotated[float, AllowInfNan(False)]
BASIC: dict[str, Any] = {"text": str, "int": int, "number": FiniteFloat, "bool": bool}
BUILTIN_FIELDS = ("name", "count", "type")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


class TypeExprError(ValueError):
    """Raised when a type expression cannot be understood; the message says why."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


def _split_args(text: str) -> list[str]:
    """Split 'a, list(b, c), d' at top-level commas."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


class TypeCompiler:
    """Compiles a game's ``types:`` and ``card_fields:`` into Python types, once."""

    def __init__(self, named: dict[str, Any]):
        self.named_specs = named
        self.compiled: dict[str, Any] = {}
        self.in_progress: set[str] = set()

    def field(self, expr: Any) -> tuple[Any, bool]:
        """Compile one field's expression -> (python type, optional?)."""
        if not isinstance(expr, str):
            raise TypeExprError("expected a type expression such as 'int?' or 'list(text)'")
        expr = expr.strip()
        optional = expr.endswith("?")
        return self.type(expr.rstrip("?").strip()), optional

    def type(self, expr: str) -> Any:
        head, _, rest = expr.partition("(")
        head = head.strip()
        if rest:
            if not rest.endswith(")"):
                raise TypeExprError(f"unbalanced parentheses in '{expr}'")
            args = _split_args(rest[:-1])
            if head == "choice":
                if not args:
                    raise TypeExprError("choice() needs at least one value")
                return Literal[tuple(args)]
            if head == "list" and len(args) == 1:
                return list[self.type(args[0])]
            if head == "map" and len(args) == 2:
                return dict[self.type(args[0]), self.type(args[1])]
            raise TypeExprError(f"unknown type '{expr}': use choice(...), list(T) or map(K, V)")
        if head in BASIC:
            return BASIC[head]
        if head in self.named_specs:
            return self._named(head)
        known = [*BASIC, "choice(...)", "list(T)", "map(K, V)", *self.named_specs]
        raise TypeExprError(f"unknown type '{head}'{suggest(head, known)}; known types: {', '.join(known)}")

    def _named(self, name: str) -> Any:
        if name in self.compiled:
            return self.compiled[name]
        if name in self.in_progress:
            raise TypeExprError(f"type '{name}' refers to itself")
        self.in_progress.add(name)
        spec = self.named_specs[name]
        if isinstance(spec, dict):
            self.compiled[name] = self.record(name, spec)
        else:
            self.compiled[name] = self.field(spec)[0]
        self.in_progress.discard(name)
        return self.compiled[name]

    def record(self, name: str, fields: dict[str, Any], base: type[BaseModel] = _Record) -> type[BaseModel]:
        """A pydantic model for a record type or a card."""
        definitions: dict[str, Any] = {}
        for key, expr in fields.items():
            if not _NAME.fullmatch(key):
                raise TypeExprError(f"field name '{key}' must be letters, digits, '_' or '-'")
            tp, optional = self.field(expr)
            definitions[key.replace("-", "_")] = (
                (tp | None, Field(None, alias=key)) if optional else (tp, Field(..., alias=key))
            )
        return create_model(f"Record_{name}", __base__=base, **definitions)


class CardBase(BaseModel):
    """Fields every card has; a game's declared fields are added to a subclass."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)
    name: str = Field(min_length=1)
    count: int = Field(1, ge=1, le=MAX_COUNT)

    @field_validator("name", mode="before")
    @classmethod
    def _named(cls, value: Any) -> Any:
        """A card's title: blank text or YAML's null (``~``, ``null`` unquoted, an empty value)
        would print no title; any other text, "null" or "None" in quotes or a cell, is a name."""
        if value is None:
            raise ValueError(
                "a card needs a name to print as its title, found YAML's null (~, null or nothing): "
                "write the name, in quotes if the card is called 'null'"
            )
        if isinstance(value, str) and not value.strip():
            raise ValueError(f"a card needs a name to print as its title, found {value!r}")
        return value


def card_model(
    compiler: TypeCompiler,
    card_fields: dict[str, Any],
    card_types: list[str],
    default_type: str | None = None,
) -> type[BaseModel]:
    """The pydantic model one card entry of a deck is validated against (``default_type``: the
    type of a card that gives none)."""
    clash = [k for k in card_fields if k in (*BUILTIN_FIELDS, "deck", "copy", "item")]
    if clash:
        raise TypeExprError(f"'{clash[0]}' is a built-in card field; choose another name")
    model = compiler.record("card", card_fields, base=CardBase)
    default = default_type if default_type is not None else (... if card_types else "card")
    type_field: Any = (Literal[tuple(card_types)] if card_types else str, default)
    return create_model("Card", __base__=model, type=type_field)
