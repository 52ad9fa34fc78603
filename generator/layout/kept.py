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

    def __init__(self, game: Game, deck: Deck, fonts: FontBook, bleed: float, overlaps: bool = False):
        super().__init__(game, deck, fonts, bleed, overlaps)
        self.laid_out: dict[int, tuple[Card, tuple[CardFace | None, CardFace | None]]] = {}

    def faces(self, card: Card) -> tuple[CardFace | None, CardFace | None]:
        kept = self.laid_out.get(id(card))
        if kept is None or kept[0] is not card:  # the card held: its id stays its own
            kept = self.laid_out[id(card)] = (card, super().faces(card))
        return kept[1]


def deck_faces(game: Game, deck: Deck, fonts: FontBook, bleed: float, overlaps: bool = False) -> DeckFaces:
    """The faces of ``deck`` at ``bleed`` (``overlaps``: their overlapping texts reported, as
    ``check`` does): inside ``memo.reusing("faces")`` one shared :class:`KeptFaces` per deck,
    fonts, bleed and colour mode, and per ink check (``layout.ink``); else a new
    :class:`DeckFaces`. Faces laid out with more checks serve a request for fewer: those of
    ``check``'s own face checks (overlaps, ink) serve the kit it builds (the ops are the same)."""
    kept = memo.table("faces")
    if kept is None:
        return DeckFaces(game, deck, fonts, bleed, overlaps)
    inks = ink.active()
    limit = inks[0] if inks else None
    made = kept.setdefault((id(deck), id(fonts), bleed, output.current()), [])
    for held, font_book, with_overlaps, checked, faces in made:  # deck and fonts held: ids stay theirs
        more = (with_overlaps or not overlaps) and (checked == limit or limit is None)
        if held is deck and font_book is fonts and more:
            return faces
    faces = KeptFaces(game, deck, fonts, bleed, overlaps)
    made.append((deck, fonts, overlaps, limit, faces))
    return faces
