"""Strict field substitution for template strings: ``{name}``, ``{item.key}``, ``{keywords|join: }``.

A field the card lacks is an error (never a blank). ``{icon:name}`` is inline-icon markup and
passes through untouched. ``{{`` and ``}}`` write literal braces.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

_REF = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


class MissingField(KeyError):
    """Raised when a template refers to a field the card does not have."""

    def __init__(self, field: str):
        super().__init__(field)
        self.field = field


class BadReference(ValueError):
    """Raised when a ``{...}`` reference is malformed or uses an unknown filter."""


def _to_text(value: Any, sep: str = ", ") -> str:
    if isinstance(value, list | tuple):
        return sep.join(_to_text(v) for v in value)
    if isinstance(value, dict):
        return sep.join(f"{k} {_to_text(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_FILTERS = {
    "upper": lambda v, a: _to_text(v).upper(),
    "lower": lambda v, a: _to_text(v).lower(),
    "title": lambda v, a: _to_text(v).title(),
    "join": lambda v, a: _to_text(v, a if a is not None else ", "),
    "count": lambda v, a: str(len(v)) if isinstance(v, list | tuple | dict) else "1",
}


def lookup(values: Mapping[str, Any], dotted: str) -> Any:
    """``item.key`` -> values['item']['key']; raise MissingField naming the whole path."""
    current: Any = values
    for part in dotted.split("."):
        if isinstance(current, Mapping) and part in current and current[part] is not None:
            current = current[part]
        else:
            raise MissingField(dotted)
    return current


@functools.lru_cache(maxsize=4096)
def compile_text(text: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """Split a template string once into (literal, field, filter, filter-argument) parts."""
    parts = []
    pos = 0
    for m in _REF.finditer(text):
        literal = text[pos:m.start()]
        pos = m.end()
        token = m.group(0)
        if token in ("{{", "}}"):
            parts.append((literal + token[0], None, None, None))
            continue
        inner = m.group(1).strip()
        if inner.startswith("icon:"):
            parts.append((literal + token, None, None, None))
            continue
        name, _, filt = inner.partition("|")
        name = name.strip()
        fname, _, arg = filt.partition(":")
        fname = fname.strip()
        if not re.fullmatch(r"[A-Za-z_][\w.-]*", name):
            raise BadReference(f"'{{{inner}}}' is not a field reference: write {{field}} or {{field|filter}}")
        if fname and fname not in _FILTERS:
            raise BadReference(f"unknown filter '{fname}' in '{{{inner}}}' (filters: {', '.join(_FILTERS)})")
        parts.append((literal, name, fname or None, arg if filt and ":" in filt else None))
    parts.append((text[pos:], None, None, None))
    return tuple(parts)


def has_fields(text: str) -> bool:
    """True when the string refers to any card field (so its result varies per card)."""
    return any(field for _, field, _, _ in compile_text(text))


def substitute(text: str, values: Mapping[str, Any]) -> str:
    """Fill every ``{field}`` of ``text`` from ``values``."""
    parts = compile_text(text)
    if len(parts) == 1:
        return parts[0][0]
    out = []
    for literal, field, filt, arg in parts:
        out.append(literal)
        if field is not None:
            value = lookup(values, field)
            out.append(_FILTERS[filt](value, arg) if filt else _to_text(value))
    return "".join(out)
