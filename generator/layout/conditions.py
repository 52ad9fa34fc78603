"""``when:`` conditions on a card, e.g. ``speed``, ``not restored_name``, ``type == escape``,
``type in [escape, dual]``, ``speed >= 3 and type != dual``.

Compiled once per template string into a predicate over the card's values. A condition
written as one expression, ``{= stars * 2 > cost}``, is evaluated by ``generator.expr`` and
holds when its value is true; a field the card lacks makes it false (``{= (speed ?? 0) < 3}``
gives a default).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from generator import expr
from generator.layout.substitute import MissingField, lookup

Predicate = Callable[[Mapping[str, Any]], bool]

_TOKEN = re.compile(
    r"\s*([A-Za-z_][\w.-]*(?:\[[\w.-]+\])+[\w.-]*|\[|\]|,|==|!=|>=|<=|>|<|\"[^\"]*\"|'[^']*'|[^\s\[\],=!<>]+)"
)


class ConditionError(ValueError):
    """Raised when a ``when:`` expression cannot be parsed; the message shows the grammar."""


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or not m.group(1):
            raise ConditionError(f"cannot read '{text[pos:]}' in condition '{text}'")
        out.append(m.group(1))
        pos = m.end()
    return out


def _value(token: str) -> str:
    return token[1:-1] if token[:1] in "\"'" else token


def _get(values: Mapping[str, Any], dotted: str) -> Any:
    try:
        return lookup(values, dotted)
    except MissingField:
        return None


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _compare(op: str, left: Any, right: str) -> bool:
    if left is None:
        return op == "!="
    if op in ("==", "!="):
        if isinstance(left, list | tuple):
            hit = right in [_as_text(v) for v in left]
        else:
            hit = _as_text(left) == right
        return hit if op == "==" else not hit
    try:
        a, b = float(left), float(right)
    except (TypeError, ValueError):
        return False
    return {">": a > b, "<": a < b, ">=": a >= b, "<=": a <= b}[op]


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = _tokens(text)
        self.i = 0
        self.fields: list[str] = []

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise ConditionError(f"condition '{self.text}' ends too early")
        self.i += 1
        return tok

    def parse(self) -> Predicate:
        pred = self.or_expr()
        if self.peek() is not None:
            raise ConditionError(f"unexpected '{self.peek()}' in condition '{self.text}'")
        return pred

    def or_expr(self) -> Predicate:
        left = self.and_expr()
        while self.peek() == "or":
            self.take()
            right, prev = self.and_expr(), left
            left = lambda v, a=prev, b=right: a(v) or b(v)  # noqa: E731
        return left

    def and_expr(self) -> Predicate:
        left = self.not_expr()
        while self.peek() == "and":
            self.take()
            right, prev = self.not_expr(), left
            left = lambda v, a=prev, b=right: a(v) and b(v)  # noqa: E731
        return left

    def not_expr(self) -> Predicate:
        if self.peek() == "not":
            self.take()
            inner = self.not_expr()
            return lambda v: not inner(v)
        return self.atom()

    def atom(self) -> Predicate:
        field = self.take()
        if not re.fullmatch(r"[A-Za-z_][\w.\[\]-]*", field):
            raise ConditionError(f"expected a field name in condition '{self.text}', found '{field}'")
        self.fields.append(field)
        op = self.peek()
        if op in ("==", "!=", ">", "<", ">=", "<="):
            self.take()
            right = _value(self.take())
            return lambda v: _compare(op, _get(v, field), right)
        if op == "in" or (op == "not" and self.toks[self.i + 1 : self.i + 2] == ["in"]):
            negate = op == "not"
            self.i += 2 if negate else 1
            choices = self.list_literal()
            hit = lambda v: _as_text(_get(v, field)) in choices  # noqa: E731
            return (lambda v: not hit(v)) if negate else hit
        return lambda v: bool(_get(v, field))

    def list_literal(self) -> set[str]:
        if self.take() != "[":
            raise ConditionError(f"expected '[' after 'in' in condition '{self.text}'")
        out: set[str] = set()
        while True:
            tok = self.take()
            if tok == "]":
                return out
            if tok != ",":
                out.add(_value(tok))


def _expression(text: str) -> str | None:
    """The expression of a condition written ``{= ...}``, else None."""
    inner = text.strip()
    if inner.startswith("{") and inner.endswith("}") and inner[1:].lstrip().startswith(expr.MARK):
        return inner[1:-1].lstrip()[1:]
    return None


def _holds(source: str) -> Predicate:
    def predicate(values: Mapping[str, Any]) -> bool:
        try:
            return bool(expr.value_of(source, values))
        except expr.Missing:
            return False
        except expr.ExprError as exc:
            raise ConditionError(str(exc)) from None

    return predicate


@functools.lru_cache(maxsize=1024)
def compile_when(text: str) -> Predicate:
    """Compile a ``when:`` expression; raise ConditionError with the reason."""
    source = _expression(text)
    if source is not None:
        try:
            expr.check(source)
        except expr.ExprError as exc:
            raise ConditionError(str(exc)) from None
        return _holds(source)
    return _Parser(text).parse()


@functools.lru_cache(maxsize=1024)
def condition_fields(text: str) -> tuple[str, ...]:
    """The field paths a ``when:`` expression reads, in order; raise ConditionError if malformed."""
    source = _expression(text)
    if source is not None:
        compile_when(text)
        return tuple(expr.fields_of(source))
    parser = _Parser(text)
    parser.parse()
    return tuple(parser.fields)
