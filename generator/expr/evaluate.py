"""Evaluate an expression tree against a card's values, safely and within fixed bounds.

No Python ``eval``: each node kind has its own small rule. Text results are capped at
``MAX_TEXT`` characters, lists at ``MAX_ITEMS`` and numbers at ``MAX_NUMBER``, checked before a
result is made, so ``'★' * 10**9`` is an error, not a hang.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from generator.expr.functions import FUNCTIONS
from generator.expr.syntax import ExprError, Node
from generator.expr.values import MAX_ITEMS, MAX_NUMBER, MAX_TEXT, as_text, is_number, key_text, kind


class Missing(KeyError):
    """A field path the card does not have (``??`` falls back on it; else the caller reports it)."""

    def __init__(self, path: str):
        super().__init__(path)
        self.path = path


_VERBS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "divide", "%": "divide"}


class _Eval:
    def __init__(self, source: str, values: Mapping[str, Any]):
        self.source, self.values = source, values

    def fail(self, node: Node, message: str) -> ExprError:
        return ExprError(message, self.source, node.start, node.end)

    def checked(self, node: Node, value: Any) -> Any:
        if is_number(value) and (not math.isfinite(value) or abs(value) > MAX_NUMBER):
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
        if isinstance(base, list | tuple | str) and is_number(key):
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
        raise self.fail(node, f"cannot look up '{key}' in {kind(base)}")

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
        if not is_number(value):
            raise self.fail(node, f"cannot negate {kind(value)}")
        return -value

    # -- operators --------------------------------------------------------------------------
    def k_op(self, node: Node) -> Any:
        op = str(node.value)
        a, b = self.run(node.kids[0]), self.run(node.kids[1])
        if op in ("==", "!="):
            same = a == b or (not is_number(a) and not is_number(b) and key_text(a) == key_text(b))
            return same if op == "==" else not same
        if op in ("in", "not in"):
            if not isinstance(b, list | tuple | dict | str):
                raise self.fail(node, f"'in' needs a list, mapping or text on its right, found {kind(b)}")
            if isinstance(b, str | dict):
                found = key_text(a) in b
            else:
                found = a in b or key_text(a) in map(key_text, b)
            return found if op == "in" else not found
        if op in ("<", "<=", ">", ">="):
            if not ((is_number(a) and is_number(b)) or (isinstance(a, str) and isinstance(b, str))):
                raise self.fail(node, f"cannot compare {kind(a)} with {kind(b)}")
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
            if not (is_number(times) and times == int(times)):
                raise self.fail(node, f"text can be repeated a whole number of times, not by {kind(times)}")
            if len(text) * max(int(times), 0) > MAX_TEXT:
                raise self.fail(node, f"the text would be longer than {MAX_TEXT} characters")
            return text * max(int(times), 0)
        if not (is_number(a) and is_number(b)):
            verb = _VERBS[op]
            hint = "write int(...) to read a number"
            raise self.fail(node, f"cannot {verb} {kind(a)} and {kind(b)} ({hint})")
        if op in ("/", "//", "%") and b == 0:
            raise self.fail(node, "division by zero")
        if op == "/":
            quotient = a / b
            whole = quotient.is_integer() and isinstance(a, int) and isinstance(b, int)
            return int(quotient) if whole else quotient
        return {
            "+": lambda: a + b,
            "-": lambda: a - b,
            "*": lambda: a * b,
            "//": lambda: a // b,
            "%": lambda: a % b,
        }[op]()

    # -- functions --------------------------------------------------------------------------
    def k_call(self, node: Node) -> Any:
        args = [self.run(k) for k in node.kids]
        rule, low, high = FUNCTIONS[str(node.value)]
        if not low <= len(args) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            raise self.fail(
                node, f"{node.value}() takes {want} argument{'s' if high != 1 else ''}, given {len(args)}"
            )
        try:
            return rule(*args)
        except (TypeError, ValueError, ArithmeticError) as exc:
            raise self.fail(node, f"{node.value}(): {exc}") from None


def evaluate(tree: Node, source: str, values: Mapping[str, Any]) -> Any:
    """The value of ``tree`` (parsed from ``source``) for ``values``; Missing for an absent
    field, ExprError (naming the part at fault) for anything else that goes wrong."""
    return _Eval(source, values).run(tree)
