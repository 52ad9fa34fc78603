"""How expression values print, compare as keys and are named in messages; the size limits."""

from __future__ import annotations

from typing import Any

MAX_TEXT = 2000
MAX_ITEMS = 1000
MAX_NUMBER = 1e15


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


def kind(value: Any) -> str:
    """What a value is, in words, for messages: "a number", "text", "a list"."""
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


def is_number(value: Any) -> bool:
    """A number, not true/false."""
    return isinstance(value, int | float) and not isinstance(value, bool)
