"""Joker's Row cards and places: which cards are played, what an attack is worth, where each
Joker stands and whose move it is (a mixin of JokersRow, with the per-card tables made at load)."""

from __future__ import annotations

from collections import Counter

from generator.load.model import Card, Game
from generator.rules import Note

from .state import BONUS, PLACES, State, row_of


class Places:
    """Card values and the players' places; mixed into :class:`JokersRow` (a ``Rules``)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        # in name order, so the unseen cards counted from it are too (a draw's pick walks them)
        self.total = Counter({n: k for n, k in sorted(self.total.items()) if self.cards[n].type == "suited"})
        # each card's value and suit, read from the cards once (asked at every option and attack)
        self._values = {n: c.get("value") or 0 for n, c in self.cards.items()}
        self._suits = {n: c.get("suit") for n, c in self.cards.items()}
        self._suited = {n: c for n, c in self.cards.items() if c.type == "suited"}
        self._attacks: dict[str, dict[str, dict[str, str]]] = {}  # per player: each card's attack

    def suited(self, name: str, note: Note) -> Card | None:
        """The suited card called ``name``, or None (noted: no such card, or a player's token). The
        hot paths read ``_suited`` first and ask this only for a name not in it."""
        card = self._suited.get(name) or self.card(name, note)
        if card is not None and card.type != "suited":
            note("NOT_PLAYABLE", f"{name} is a player's token, not a card to play")
            return None
        return card

    def value(self, s: State, player: str, card: Card | None, place: int) -> int:
        if card is None:
            return 0
        return self._values[card.name] + self.bonus(s, player, place) if s.omens else self._values[card.name]

    def bonus(self, s: State, player: str, place: int) -> int:
        """Rulebook, "Omens": +2 to the caster's attacks on the omen's row."""
        if not s.omens:
            return 0
        row = row_of(place)
        return BONUS if any(o.owner == player and o.row == row for o in s.omens) else 0

    def place_of(self, s: State, player: str) -> int:
        step, seat = s.steps[player], s.seats.get(player)
        return step + 1 if (s.players.index(player) if seat is None else seat) % 2 == 0 else PLACES - step

    def other(self, s: State, player: str) -> str:
        after = s.after.get(player)
        if after is not None:
            return after
        return s.players[(s.players.index(player) + 1) % len(s.players)]

    def to_move(self, s: State) -> str:
        """Whose turn it is, or whose turn begins next, outside a fight or a discard."""
        if s.phase == "begun":
            return s.active
        return (s.after.get(s.active) or self.other(s, s.active)) if s.active else s.players[0]
