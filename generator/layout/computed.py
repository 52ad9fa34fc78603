"""Number properties written as expressions (``rotate: "{= index * 15}"``, ``size: "{= ...}"``),
worked out per card: an element becomes a copy with plain numbers, made once per set of values
and kept for the layouter's life (so caches keyed by an element's identity stay right)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import expr  # the parser at the first expression (see generator.expr)
from generator.core.units import UnitError, parse_length
from generator.layout.substitute import BadReference, MissingField
from generator.schema.exprtext import ExprNumber, in_range


def computed_fields(element: Any) -> tuple[str, ...]:
    """The properties of ``element`` written as expressions."""
    return tuple(k for k, v in element.__dict__.items() if isinstance(v, ExprNumber))


class Resolver:
    """Element copies with their computed numbers filled in, and the element each came from."""

    def __init__(self) -> None:
        self._fields: dict[int, tuple[str, ...]] = {}
        self._copies: dict[tuple, Any] = {}
        self._sources: dict[int, Any] = {}

    def resolve(self, element: Any, values: Mapping[str, Any]) -> Any:
        """``element`` with each expression property worked out for ``values`` (itself when
        it has none); MissingField / BadReference as for text expressions."""
        fields = self._fields.get(id(element))
        if fields is None:
            fields = self._fields[id(element)] = computed_fields(element)
        if not fields:
            return element
        numbers = tuple(_number(getattr(element, k), values) for k in fields)
        key = (id(element), numbers)
        copy = self._copies.get(key)
        if copy is None:
            copy = element.model_copy(update=dict(zip(fields, numbers, strict=True)))
            self._copies[key] = copy  # kept: at most one per element and set of values
            self._sources[id(copy)] = element
        return copy

    def source(self, element: Any) -> Any:
        """The template element a resolved copy came from (``element`` itself if not a copy)."""
        return self._sources.get(id(element), element)


def _number(spec: ExprNumber, values: Mapping[str, Any]) -> float:
    try:
        value = expr.value_of(spec.source, values)
    except expr.Missing as exc:
        raise MissingField(exc.path) from None
    except expr.ExprError as exc:
        raise BadReference(str(exc)) from None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BadReference(f"expression '{spec.source.strip()}' gives {value!r}, not a number")
    if isinstance(value, str):
        if not spec.length:
            raise BadReference(f"expression '{spec.source.strip()}' gives text '{value}', not a number")
        try:
            value = parse_length(value)
        except UnitError as exc:
            raise BadReference(f"expression '{spec.source.strip()}': {exc}") from None
    try:
        return in_range(float(value), spec.low, spec.above)
    except (ValueError, OverflowError) as exc:
        raise BadReference(f"expression '{spec.source.strip()}': {exc}") from None
