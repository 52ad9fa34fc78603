"""Template strings that may hold expressions, checked when the template is read.

``Templated`` is a template string (``{field}``, ``{field|filter}``, ``{= expr}``); ``Condition``
a ``when:`` condition. Their validators parse every expression, so a syntax error, an unknown
function or an oversize expression is reported at its file:line:col before any card is laid
out; their JSON Schema descriptions and patterns tell an editor the syntax.
"""

import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, Field, PlainValidator

from generator.schema.common import Color, parse_length_value

EXPRESSION_HELP = (
    "{= EXPR} is an expression: card fields by name (item.key, prices[spice], tables.NAME[field]), "
    "numbers, 'text', [lists]; + - * / // %; 'x' * n repeats text; == != < <= > >= in, not in; "
    "and, or, not; A if CONDITION else B; A ?? B (B when A is a field the card lacks); functions "
    "abs ceil floor format(x, '.2f') int join(list, sep) len lower max min replace round str sum "
    "title upper. Example: {= '★' * stars}, {= cost * 2}, {= format(price, '.2f')}."
)
_BRACES = r"^([^{}]|\{\{|\}\}|\{[^{}]*\})*$"
"""Balanced single braces: what an editor can check of a template string."""


_EXPRESSION = re.compile(r"\{\s*=([^{}]*)\}")


def _expressions(value: str) -> str:
    """``value``, or ValueError for its first ``{= ...}`` that is not an expression."""
    if _EXPRESSION.search(value) is None:  # no expression: the parser is not even imported
        return value
    from generator.expr import ExprError, check

    for found in _EXPRESSION.finditer(value):
        try:
            check(found.group(1))
        except ExprError as exc:
            raise ValueError(str(exc)) from None
    return value


def _condition(value: str) -> str:
    """``value``; ValueError when it is one ``{= ...}`` that is not an expression (the older
    condition grammar is read, and its errors reported, by ``layout.conditions``)."""
    text = value.strip()
    if text.startswith("{") and text.endswith("}"):
        _expressions(text)
    return value


Templated = Annotated[
    str,
    AfterValidator(_expressions),
    Field(
        description="Text with {field}, {field|upper|lower|title|count|join: SEP} and {= EXPR}. "
        + EXPRESSION_HELP,
        json_schema_extra={"pattern": _BRACES},
    ),
]
Condition = Annotated[
    str,
    AfterValidator(_condition),
    Field(
        description="When the element shows: 'field', 'not field', 'field == value', 'field in [a, b]', "
        "'speed >= 3 and type != dual', or one expression '{= stars * 2 > cost}'. " + EXPRESSION_HELP
    ),
]
TemplatedColor = Annotated[Color, AfterValidator(_expressions)]
"""A colour that may also be an expression: ``"{= '#c0392b' if cost > 3 else '#2e5e8c'}"``."""


@dataclass(frozen=True)
class ExprNumber:
    """A number property written as an expression (``rotate: "{= index * 15}"``), worked out
    per card by the layout: a number (points for a length, degrees for an angle) or a length
    with its unit (``"{= '14pt' if len(name) < 12 else '11pt'}"``)."""

    source: str
    length: bool
    low: float | None = None
    """The least value the property takes (None: any), checked per card; above it when ``above``."""
    above: bool = False


def in_range(value: float, low: float | None, above: bool) -> float:
    """``value`` if it is finite and at least ``low`` (above it when ``above``); ValueError saying
    what is allowed otherwise."""
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"expected a finite number, found {value!r}")
    if low is not None and (value <= low if above else value < low):
        raise ValueError(f"must be {'above' if above else 'at least'} {low:g} pt, found {value:g} pt")
    return value


def _number_or_expression(length: bool, low: float | None = None, above: bool = False):
    def check(value: Any) -> Any:
        found = _unchecked(value)
        if isinstance(found, ExprNumber):
            return ExprNumber(found.source, found.length, low, above)
        return in_range(found, low, above)

    def _unchecked(value: Any) -> Any:
        text = value.strip() if isinstance(value, str) else None
        if text and text.startswith("{") and text.endswith("}") and text[1:].lstrip().startswith("="):
            from generator.expr import ExprError
            from generator.expr import check as parse

            source = text[1:-1].lstrip()[1:]
            try:
                parse(source)
            except ExprError as exc:
                raise ValueError(str(exc)) from None
            return ExprNumber(source, length)
        if length:
            return parse_length_value(value)
        try:
            return float(value)
        except (TypeError, ValueError):
            raise ValueError(f"expected a number or an expression {{= ...}}, found {value!r}") from None

    return check


_NUMBER_HELP = "a number, or an expression {= EXPR} worked out per card. "
ComputedLength = Annotated[
    Any,
    PlainValidator(_number_or_expression(True), json_schema_input_type=str | float),
    Field(description="A length with its unit (3mm), or " + _NUMBER_HELP + EXPRESSION_HELP),
]
PositiveComputedLength = Annotated[
    Any,
    PlainValidator(_number_or_expression(True, 0.0, above=True), json_schema_input_type=str | float),
    Field(description="A length above zero with its unit (10pt), or " + _NUMBER_HELP + EXPRESSION_HELP),
]
"""A size (of type, say): above zero, when written and when worked out per card."""
NonNegativeComputedLength = Annotated[
    Any,
    PlainValidator(_number_or_expression(True, 0.0), json_schema_input_type=str | float),
    Field(description="A length of 0 or more with its unit (0.5pt), or " + _NUMBER_HELP + EXPRESSION_HELP),
]
"""A stroke width or a corner radius: 0 or more, when written and when worked out per card."""
ComputedNumber = Annotated[
    Any,
    PlainValidator(_number_or_expression(False), json_schema_input_type=str | float),
    Field(description="A number, or " + _NUMBER_HELP + EXPRESSION_HELP),
]
