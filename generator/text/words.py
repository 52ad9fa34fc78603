"""Counted nouns for messages and print notes: ``1 sheet``, ``2 sheets`` (never ``1 sheets``)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one: ``plural(1, "sheet") == "1 sheet"``.

    ``many`` is the plural where adding ``s`` is wrong (``plural(2, "copy", "copies")``).
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"
