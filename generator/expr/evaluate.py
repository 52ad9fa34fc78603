"""Evaluate an expression tree against a card's values, safely and within fixed bounds.

No Python ``eval``: each node kind has its own small rule. Text results are capped at
``MAX_TEXT`` characters, lists at ``MAX_ITEMS`` and numbers at ``MAX_NUMBER``, checked before a
result is made, so ``'★' * 10**9`` is an error, not a hang.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from generator.expr.syntax import ExprError, Node

MAX_TEXT = 2000
MAX_ITEMS = 1000
MAX_NUMBER = 1e15
_FORMAT = re.compile(r"[<>^]?[+ ]?0?\d{0,2},?(?:\.\d{1,2})?[dfe%]?")


class Missing(KeyError):
    """A field path the card does not have (``??`` falls back on it; else the caller reports it)."""

    def __init__(self, path: str):
        super().__init__(path)
        self.path = path


def key_text(value: Any) -> str:
    """A value as a table or mapping key: ``2.0`` -> ``'2'``, True -> ``'true'``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def as_text(value: Any, sep: str = ", ") -> str:
    """How a value prints: whole floats without ``.0``, other floats to 6 places at most."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return f"{value:.6f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return sep.join(as_text(v) for v in value)
    if isinstance(value, dict):
        return sep.join(f"{k} {as_text(v)}" for k, v in value.items())
    return str(value)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_VERBS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "divide", "%": "divide"}


class _Eval:
    def __init__(self, source: str, values: Mapping[str, Any]):
        self.source, self.values = source, values

    def fail(self, node: Node, message: str) -> ExprError:
        return ExprError(message, self.source, node.start, node.end)

    def checked(self, node: Node, value: Any) -> Any:
        if _number(value) and (not math.isfinite(value) or abs(value) > MAX_NUMBER):
            raise self.fail(node, f"the result is out of range (beyond {MAX_NUMBER:g})")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise self.fail(node, f"the text would be longer than {MAX_TEXT} characters")
        if isinstance(value, list) and len(value) > MAX_ITEMS:
            raise self.fail(node, f"the list would have more than {MAX_ITEMS} items")
        return value

    def run(self, node: Node) -> Any:
        return self.checked(node, getattr(self, "k_" + node.kind)(node))

    def path_of(self, node: Node) -> str:
        return self.source[node.start : node.end].strip()

    # -- leaves and lookups -----------------------------------------------------------------
    def k_num(self, node: Node) -> Any:
        return node.value

    def k_str(self, node: Node) -> Any:
        return node.value

    def k_name(self, node: Node) -> Any:
        value = self.values.get(str(node.value))
        if value is None:
            raise Missing(str(node.value))
        return value

    def k_attr(self, node: Node) -> Any:
        return self.step(node, self.run(node.kids[0]), str(node.value))

    def k_index(self, node: Node) -> Any:
        base = self.run(node.kids[0])
        key = self.run(node.kids[1])
        if isinstance(base, list | tuple | str) and _number(key):
            n = int(key)
            if n != key or not -len(base) <= n < len(base):
                where = f"position {as_text(key)} is outside the {len(base)} items"
                raise self.fail(node, f"{where} (0 is the first)")
            return base[n]
        return self.step(node, base, key_text(key), by=self.path_of(node.kids[1]))

    def step(self, node: Node, base: Any, key: str, by: str | None = None) -> Any:
        entry = getattr(base, "entry", None)
        if isinstance(base, dict) and callable(entry):  # a template's value table
            return entry(key, f"'{by}'" if by else f"key '{key}'")
        if isinstance(base, Mapping):
            found = base.get(key)
            if found is None:
                raise Missing(self.path_of(node))
            return found
        raise self.fail(node, f"cannot look up '{key}' in {_kind(base)}")

    def k_list(self, node: Node) -> Any:
        return [self.run(k) for k in node.kids]

    # -- logic ------------------------------------------------------------------------------
    def k_default(self, node: Node) -> Any:
        try:
            return self.run(node.kids[0])
        except Missing:
            return self.run(node.kids[1])

    def k_if(self, node: Node) -> Any:
        cond, yes, no = node.kids
        return self.run(yes) if self.run(cond) else self.run(no)

    def k_and(self, node: Node) -> Any:
        left = self.run(node.kids[0])
        return self.run(node.kids[1]) if left else left

    def k_or(self, node: Node) -> Any:
        left = self.run(node.kids[0])
        return left if left else self.run(node.kids[1])

    def k_not(self, node: Node) -> Any:
        return not self.run(node.kids[0])

    def k_neg(self, node: Node) -> Any:
        value = self.run(node.kids[0])
        if not _number(value):
            raise self.fail(node, f"cannot negate {_kind(value)}")
        return -value

    # -- operators --------------------------------------------------------------------------
    def k_op(self, node: Node) -> Any:
        op = str(node.value)
        a, b = self.run(node.kids[0]), self.run(node.kids[1])
        if op in ("==", "!="):
            same = a == b or (not _number(a) and not _number(b) and key_text(a) == key_text(b))
            return same if op == "==" else not same
        if op in ("in", "not in"):
            if not isinstance(b, list | tuple | dict | str):
                raise self.fail(node, f"'in' needs a list, mapping or text on its right, found {_kind(b)}")
            if isinstance(b, str | dict):
                found = key_text(a) in b
            else:
                found = a in b or key_text(a) in map(key_text, b)
            return found if op == "in" else not found
        if op in ("<", "<=", ">", ">="):
            if not ((_number(a) and _number(b)) or (isinstance(a, str) and isinstance(b, str))):
                raise self.fail(node, f"cannot compare {_kind(a)} with {_kind(b)}")
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
        if op == "+":
            if isinstance(a, str) or isinstance(b, str):
                if len(as_text(a)) + len(as_text(b)) > MAX_TEXT:
                    raise self.fail(node, f"the text would be longer than {MAX_TEXT} characters")
                return as_text(a) + as_text(b)
            if isinstance(a, list) and isinstance(b, list):
                return a + b
        if op == "*" and (isinstance(a, str) or isinstance(b, str)):
            text, times = (a, b) if isinstance(a, str) else (b, a)
            if not (_number(times) and times == int(times)):
                raise self.fail(node, f"text can be repeated a whole number of times, not by {_kind(times)}")
            if len(text) * max(int(times), 0) > MAX_TEXT:
                raise self.fail(node, f"the text would be longer than {MAX_TEXT} characters")
            return text * max(int(times), 0)
        if not (_number(a) and _number(b)):
            verb = _VERBS[op]
            hint = "write int(...) to read a number"
            raise self.fail(node, f"cannot {verb} {_kind(a)} and {_kind(b)} ({hint})")
        if op in ("/", "//", "%") and b == 0:
            raise self.fail(node, "division by zero")
        if op == "/":
            quotient = a / b
            whole = quotient.is_integer() and isinstance(a, int) and isinstance(b, int)
            return int(quotient) if whole else quotient
        return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "//": lambda: a // b,
                "%": lambda: a % b}[op]()

    # -- functions --------------------------------------------------------------------------
    def k_call(self, node: Node) -> Any:
        args = [self.run(k) for k in node.kids]
        rule, low, high = _FUNCTIONS[str(node.value)]
        if not low <= len(args) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            raise self.fail(node, f"{node.value}() takes {want} argument{'s' if high != 1 else ''}, "
                                  f"given {len(args)}")
        try:
            return rule(*args)
        except (TypeError, ValueError) as exc:
            raise self.fail(node, f"{node.value}(): {exc}") from None


def _numbers(args: tuple[Any, ...]) -> list[Any]:
    items = list(args[0]) if len(args) == 1 and isinstance(args[0], list | tuple) else list(args)
    if not items:
        raise ValueError("needs at least one number")
    bad = [v for v in items if not _number(v)]
    if bad:
        raise ValueError(f"expected numbers, found {_kind(bad[0])} {as_text(bad[0])!r}")
    return items


def _one_number(value: Any) -> Any:
    if not _number(value):
        raise ValueError(f"expected a number, found {_kind(value)}")
    return value


def _int(value: Any) -> int:
    if _number(value):
        return int(value)
    try:
        return int(float(str(value).strip()))
    except ValueError:
        raise ValueError(f"'{as_text(value)}' is not a number") from None


def _format(value: Any, spec: Any) -> str:
    if not isinstance(spec, str) or not _FORMAT.fullmatch(spec):
        raise ValueError(f"'{spec}' is not a number format (e.g. '.2f', '+d', '03d', ',', '.0%')")
    return format(_one_number(value), spec)


def _join(items: Any, sep: Any = ", ") -> str:
    if not isinstance(items, list | tuple | dict):
        raise ValueError(f"expected a list, found {_kind(items)}")
    return str(sep).join(as_text(v) for v in items)


def _round(value: Any, places: Any = 0) -> Any:
    places = int(_one_number(places))
    if not 0 <= places <= 6:
        raise ValueError("rounds to 0 to 6 places")
    scale = 10**places  # half away from zero (2.5 -> 3), as a designer expects
    number = _one_number(value)
    out = math.copysign(math.floor(abs(number) * scale + 0.5), number) / scale
    return int(out) if places == 0 else out


def _replace(text: Any, old: Any, new: Any) -> str:
    text, old, new = as_text(text), as_text(old), as_text(new)
    if not old:
        raise ValueError("the text to replace is empty")
    if len(text) + text.count(old) * max(len(new) - len(old), 0) > MAX_TEXT:
        raise ValueError(f"the text would be longer than {MAX_TEXT} characters")
    return text.replace(old, new)


def _len(value: Any) -> int:
    return len(value) if isinstance(value, list | tuple | dict | str) else 1


_FUNCTIONS: dict[str, tuple[Callable[..., Any], int, int]] = {
    "abs": (lambda v: abs(_one_number(v)), 1, 1),
    "ceil": (lambda v: math.ceil(_one_number(v)), 1, 1),
    "floor": (lambda v: math.floor(_one_number(v)), 1, 1),
    "format": (_format, 2, 2),
    "int": (_int, 1, 1),
    "join": (_join, 1, 2),
    "len": (_len, 1, 1),
    "lower": (lambda v: as_text(v).lower(), 1, 1),
    "max": (lambda *a: max(_numbers(a)), 1, 20),
    "min": (lambda *a: min(_numbers(a)), 1, 20),
    "replace": (_replace, 3, 3),
    "round": (_round, 1, 2),
    "str": (as_text, 1, 1),
    "sum": (lambda *a: sum(_numbers(a)), 1, 20),
    "title": (lambda v: as_text(v).title(), 1, 1),
    "upper": (lambda v: as_text(v).upper(), 1, 1),
}


def evaluate(tree: Node, source: str, values: Mapping[str, Any]) -> Any:
    """The value of ``tree`` (parsed from ``source``) for ``values``; Missing for an absent
    field, ExprError (naming the part at fault) for anything else that goes wrong."""
    return _Eval(source, values).run(tree)
