"""The laid-out faces the card rules judge (trim, typography): every card of every deck and of
every component group, front and back, with the template that made it, flattened to ops in
card-local points (origin at the trim's bottom-left, y up)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.art.fonts import FontBook
from generator.core.units import mm
from generator.layout.kept import deck_faces
from generator.layout.ops import GroupOp, Op
from generator.load.model import Card, Deck, Game
from generator.proof.parts import Parts

BLEED = mm(3)
"""The bleed the faces are laid out with (the build's default)."""


@dataclass(frozen=True)
class Face:
    deck: Deck
    card: Card
    side: str
    template: object
    ops: tuple[Op, ...]


def flat(ops: tuple[Op, ...]) -> list[Op]:
    out: list[Op] = []
    for op in ops:
        out += flat(op.ops) if isinstance(op, GroupOp) else [op]
    return out


def decks_of(game: Game, parts: Parts) -> list[Deck]:
    from generator.components.notes import groups_of

    return list(game.decks) + [g.deck for _, value in parts.components for g in groups_of(value)]


def faces(game: Game, parts: Parts) -> Iterator[Face]:
    """Each distinct card's front and back (a card's copies once)."""
    fonts = FontBook.load(game.font_dirs)
    for deck in decks_of(game, parts):
        laid = deck_faces(game, deck, fonts, BLEED)  # the kit's own faces in a check
        for card in deck.cards:
            front, back = laid.faces(card)
            for side, face in (("front", front), ("back", back)):
                if face is None:
                    continue
                maker = laid.front if side == "front" else laid.back(card)
                template = maker.template if maker is not None else None
                yield Face(deck, card, side, template, tuple(flat(face.ops)))


def named(cards: list[str], limit: int = 4) -> str:
    """``'Ace', 'Two' and 3 more`` for a message."""
    unique = list(dict.fromkeys(cards))
    shown = ", ".join(f"'{c}'" for c in unique[:limit])
    return shown + (f" and {len(unique) - limit} more" if len(unique) > limit else "")
