"""A deck's faces kept for a whole ``check``: inside ``memo.reusing("faces")`` each card is laid
out once, whatever paper, layout or rule asks for it (a face is the same size on every paper;
only its place on the sheet changes). Outside, a fresh :class:`DeckFaces` as before."""

from __future__ import annotations

from generator.art.fonts import FontBook
from generator.color import output
from generator.layout import ink, memo
from generator.layout.card import CardFace
from generator.layout.deck import DeckFaces
from generator.load.model import Card, Deck, Game


class KeptFaces(DeckFaces):
    """:class:`DeckFaces` that lays each card out once and keeps its faces."""

    def __init__(self, game: Game, deck: Deck, fonts: FontBook, bleed: float):
        super().__init__(game, deck, fonts, bleed)
        self.laid_out: dict[int, tuple[Card, tuple[CardFace | None, CardFace | None]]] = {}

    def faces(self, card: Card) -> tuple[CardFace | None, CardFace | None]:
        kept = self.laid_out.get(id(card))
        if kept is None or kept[0] is not card:  # the card held: its id stays its own
            kept = self.laid_out[id(card)] = (card, super().faces(card))
        return kept[1]


def deck_faces(game: Game, deck: Deck, fonts: FontBook, bleed: float) -> DeckFaces:
    """The faces of ``deck`` at ``bleed``: inside ``memo.reusing("faces")`` one shared
    :class:`KeptFaces` per deck, fonts, bleed, colour mode and ink check; else a new
    :class:`DeckFaces`."""
    kept = memo.table("faces")
    if kept is None:
        return DeckFaces(game, deck, fonts, bleed)
    mode, inks = output.current(), ink.active()
    key = (id(deck), id(fonts), bleed, mode.mode, mode.ink_limit, inks[0] if inks else None)
    found = kept.get(key)
    if found is None or found[0] is not deck or found[1] is not fonts:  # both held: ids stay theirs
        found = kept[key] = (deck, fonts, KeptFaces(game, deck, fonts, bleed))
    return found[2]
