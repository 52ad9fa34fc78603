"""Field paths into card data (``conditions[].with[]``) and card selection by field values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.load.model import Card, Origin


def _steps(path: str) -> list[tuple[str, str]]:
    """``conditions[].with[]`` -> [('conditions', '[]'), ('with', '[]')]."""
    out = []
    for part in path.split("."):
        if part.endswith(("[]", "{}")):
            out.append((part[:-2], part[-2:]))
        else:
            out.append((part, ""))
    return out


def _children(value: Any) -> list[Any]:
    if isinstance(value, Mapping):
        return list(value.values())
    if isinstance(value, list | tuple):
        return list(value)
    return []


def values_at(card: Card, path: str) -> list[Any]:
    """Every value found at ``path`` on a card (an absent field gives no values)."""
    items: list[Any] = [card.values()]
    for key, mode in _steps(path):
        found: list[Any] = []
        for item in items:
            if key == "*":
                values = _children(item)
            elif isinstance(item, Mapping) and item.get(key) is not None:
                values = [item[key]]
            else:
                continue
            for value in values:
                if mode == "[]":
                    found.extend(value if isinstance(value, list | tuple) else [])
                elif mode == "{}":
                    found.extend(value.keys() if isinstance(value, Mapping) else [])
                else:
                    found.append(value)
        items = found
    return items


def text(value: Any) -> str:
    """A card value as the text a constraint writes it with (booleans as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def matches(card: Card, where: Mapping[str, str | list[str]]) -> bool:
    """True when, for every path in ``where``, some value on the card is one of the wanted ones."""
    for path, wanted in where.items():
        allowed = {wanted} if isinstance(wanted, str) else set(wanted)
        found = values_at(card, path)
        found = [item for v in found for item in (v if isinstance(v, list | tuple) else [v])]
        if not any(text(v) in allowed for v in found):
            return False
    return True


def select(cards: Iterable[Card], where: Mapping[str, str | list[str]]) -> list[Card]:
    return [c for c in cards if matches(card=c, where=where)]


def origin_of(card: Card, path: str = "") -> Origin:
    """Where the field that starts ``path`` was written, else where the card was."""
    key = path.split(".")[0].removesuffix("[]").removesuffix("{}") if path else ""
    return card.field_origins.get(key) or card.origin
