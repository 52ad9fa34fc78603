"""The functions an expression may call: a fixed table, each with its argument counts."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from generator.expr.values import MAX_TEXT, as_text, is_number, kind

_FORMAT = re.compile(r"[<>^]?[+ ]?0?\d{0,2},?(?:\.\d{1,2})?[dfe%]?")


def _numbers(args: tuple[Any, ...]) -> list[Any]:
    items = list(args[0]) if len(args) == 1 and isinstance(args[0], list | tuple) else list(args)
    if not items:
        raise ValueError("needs at least one number")
    bad = [v for v in items if not is_number(v)]
    if bad:
        raise ValueError(f"expected numbers, found {kind(bad[0])} {as_text(bad[0])!r}")
    return items


def _oneis_number(value: Any) -> Any:
    if not is_number(value):
        raise ValueError(f"expected a number, found {kind(value)}")
    return value


def _int(value: Any) -> int:
    if is_number(value):
        return int(value)
    try:
        return int(float(str(value).strip()))
    except (ValueError, OverflowError):
        raise ValueError(f"'{as_text(value)}' is not a number") from None


def _format(value: Any, spec: Any) -> str:
    if not isinstance(spec, str) or not _FORMAT.fullmatch(spec):
        raise ValueError(f"'{spec}' is not a number format (e.g. '.2f', '+d', '03d', ',', '.0%')")
    return format(_oneis_number(value), spec)


def _join(items: Any, sep: Any = ", ") -> str:
    if not isinstance(items, list | tuple | dict):
        raise ValueError(f"expected a list, found {kind(items)}")
    return str(sep).join(as_text(v) for v in items)


def _round(value: Any, places: Any = 0) -> Any:
    places = int(_oneis_number(places))
    if not 0 <= places <= 6:
        raise ValueError("rounds to 0 to 6 places")
    scale = 10**places  # half away from zero (2.5 -> 3), as a designer expects
    number = _oneis_number(value)
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


FUNCTIONS: dict[str, tuple[Callable[..., Any], int, int]] = {
    "abs": (lambda v: abs(_oneis_number(v)), 1, 1),
    "ceil": (lambda v: math.ceil(_oneis_number(v)), 1, 1),
    "floor": (lambda v: math.floor(_oneis_number(v)), 1, 1),
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
