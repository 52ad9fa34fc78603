"""Helpers for tests that read laid-out card faces: every card's ops, flattened, and their text."""

from __future__ import annotations

from generator.art.fonts import FontBook
from generator.core.units import mm
from generator.kit.build import DeckFaces
from generator.layout.ops import GroupOp, TextOp


def laid_faces(game, decks: list[str] | None = None) -> dict:
    """``{card name: (card, front, back)}`` for every card of the named decks (default: all)."""
    fonts = FontBook.load(game.font_dirs)
    out = {}
    for deck in game.decks:
        if decks is not None and deck.name not in decks:
            continue
        laid = DeckFaces(game, deck, fonts, mm(3))
        out |= {card.name: (card, *laid.faces(card)) for card in deck.cards}
        assert laid.problems == [], laid.problems
    return out


def flat(ops) -> list:
    """The ops with every group opened, in drawing order."""
    out = []
    for op in ops:
        out.extend(flat(op.ops) if isinstance(op, GroupOp) else [op])
    return out


def text_ops(face) -> list[TextOp]:
    """Every text element a face draws."""
    return [op for op in flat(face.ops) if isinstance(op, TextOp)]


def words(op: TextOp) -> str:
    """The text one text element prints, its runs joined."""
    return "".join(r.text for r in op.layout.runs)
