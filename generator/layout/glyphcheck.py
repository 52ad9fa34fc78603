"""Characters that no font of the fallback chain can draw, reported where they were written.

A character found in one of the card's field values is located at that field (its line in the
card file, or its cell in a spreadsheet); one written in the template itself is reported once, at
the template element.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.art.glyphs import describe
from generator.core.errors import Problem, clip
from generator.load.model import Card, Origin

GLYPH_RANK = 62
"""Rank of a character that prints as nothing: after overflowing text, before overlaps."""


def _texts(value: Any) -> Iterable[str]:
    """Every string inside a field value (lists and mappings walked)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield str(k)
            yield from _texts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _texts(v)


def _fields_holding(card: Card, ch: str) -> list[str]:
    """The card's fields whose value contains ``ch``, in the card's own order."""
    return [name for name, value in card.values().items() if any(ch in t for t in _texts(value))]


def missing_glyphs(
    card: Card,
    template: Any,
    side: str,
    element: int,
    lacking: str,
    chain: str,
    seen: set[tuple],
) -> list[Problem]:
    """One problem per character of ``lacking`` and place it was written (skipping those in
    ``seen``, which it extends): at the card field holding it, else at the template element."""
    found: list[Problem] = []
    origins = template.element_origins
    at = origins[element] if element < len(origins) else template.origin
    advice = (
        f"add a font that has it to the 'fallback:' list of fonts.yaml (now: {chain}), "
        "or use another character"
    )
    for ch in lacking:
        fields = _fields_holding(card, ch)
        if not fields:
            key = (template.name, element, ch)
            if key in seen:
                continue
            seen.add(key)
            message = f"{describe(ch)} in this text element has no glyph in any font, so it prints as nothing"
            owner = f"template '{template.name}'"
            found.append(Problem(GLYPH_RANK, at.file, at.line, at.column, owner, f"{message}: {advice}"))
            continue
        for name in fields:
            key = (id(card), name, ch)
            if key in seen:
                continue
            seen.add(key)
            where: Origin = card.field_origins.get(name, card.origin)
            message = (
                f"{describe(ch)} in field '{name}' has no glyph in any font, so it prints as nothing "
                f"on the {side} (template '{template.name}', {at}): {advice}"
            )
            who = f"card '{clip(card.name)}'"
            found.append(
                Problem(GLYPH_RANK, where.file, where.line, where.column, who, message, cell=where.cell)
            )
    return found
