"""Joker's Row turn rules: refills, claims and fights, omens, breaks, overloads and discards."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from generator.load.model import Card, Game
from generator.rules import Draws, Entry, Expect, Note, Outcome, Rules, Zone
from generator.schema.common import Strict

from .deck import Deck
from .places import Places
from .play import RandomPlay
from .seen import Unseen
from .state import (
    HAND,
    OVERLOAD,
    PLACES,
    TURN,
    Attack,
    Break,
    Claim,
    Discard,
    Fight,
    Omen,
    OmenCast,
    Overload,
    Reshuffle,
    Setup,
    State,
    row_of,
)

NO_DRAWS = Draws(None)
"""The draws of an attack, a discard or a remake: none (read only, never drawn from)."""


class JokersRow(RandomPlay, Deck, Unseen, Places, Rules):
    actions: ClassVar[dict[str, type[Strict]]] = {
        "claim": Claim,
        "attack": Attack,
        "overload": Overload,
        "omen": Omen,
        "break": Break,
        "discard": Discard,
        "reshuffle": Reshuffle,
    }
    responses = frozenset({"attack"})
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {
        a: ("drew",) for a in ("claim", "overload", "omen", "break")
    } | {"setup": ("hands", "places")}
    optional_actions = frozenset({"reshuffle"})

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        # each action's rule, looked up once (not by name at every entry)
        self._moves = {a: getattr(self, "_" + a) for a in self.actions if a != "reshuffle"}
        self._deck = sorted(self.total.elements())  # the deck in name order, shuffled per game

    def start(self, players: list[str], setup: Setup, note: Note) -> State:
        suited = self._suited
        places = {i + 1: n for i, n in enumerate(setup.places or []) if n in suited or self.suited(n, note)}
        hands = self.deal(players, setup.hands, HAND, note, Counter(places.values()))
        deck = Zone(unknown=sum(self.total.values()) - PLACES - HAND * len(players))
        seats: dict[str, int] = {}
        for i, p in enumerate(players):
            seats.setdefault(p, i)
        after = {p: players[(i + 1) % len(players)] for p, i in seats.items()}
        return State(
            list(players), hands, deck, places, steps=dict.fromkeys(players, 0), seats=seats, after=after
        )

    def expected(self, s: State) -> Expect:
        if self.over(s):
            return Expect({})
        if s.phase == "fight" and s.fight:
            return Expect({s.fight.next: frozenset({"attack"})}, waivable=True)
        if s.phase == "discard":
            return Expect({s.active: frozenset({"discard"})}, waivable=True)
        return Expect({self.to_move(s): TURN | {"reshuffle"}})

    def apply(self, s: State, entry: Entry, note: Note) -> None:
        turn = entry.action in TURN  # the actions that draw (the others' models have no drew)
        draws = self.draws(entry.data.__dict__.get("drew")) if turn else NO_DRAWS
        if turn:
            while s.phase in ("fight", "discard"):
                self.close(s, note)
            # a break written after the breaker's own turn ended (reported as out of turn) counts
            # as part of that turn: it does not open a new one
            late = entry.action == "break" and s.phase == "start" and entry.player == s.active
            if not late and (s.phase == "start" or entry.player != s.active):
                self._begin(s, entry.player, draws, note)
        if entry.action == "reshuffle":
            self._reshuffle(s, note)
        else:
            self._moves[entry.action](s, entry.player, entry.data, draws, note)
        if problem := draws.mismatch():
            note("DRAW_COUNT", problem)

    def _begin(self, s: State, player: str, draws: Draws, note: Note) -> None:
        if s.phase == "begun":
            self._end_turn(s, note)
        s.active, s.turn, s.phase = player, s.turn + 1, "begun"
        self._refill(s, player, HAND, draws, note)

    def _take(self, s: State, player: str, name: str, note: Note) -> Card | None:
        card, known = self._suited.get(name) or self.suited(name, note), s.hands[player].known
        held = known.get(card.name) if card is not None else None
        if held:  # a known card to a known place: taken as ``Zone.take`` takes it, nothing unseen changes
            if held == 1:
                known.pop(card.name)
            else:
                known[card.name] = held - 1
            return card
        s.seen = None
        self.take(s.hands[player], card.name if card else None, lambda: self.unseen(s), note, player)
        return card

    def _claim(self, s: State, player: str, data: Claim, draws: Draws, note: Note) -> None:
        place = self.place_of(s, player)
        if data.at is not None and data.at != place:
            note("JOKER_PLACE", f"{player}'s Joker stands on place {place}, not {data.at}")
        known = s.places.pop(place, None)
        if known is None:  # a card from a place the setup did not record
            s.seen = None
        card = self._suited.get(data.place) or self.suited(data.place, note)
        if known is not None and known != data.place:
            note("PLACE_MISMATCH", f"place {place} is {known} (see setup), not {data.place}")
        elif known is None and card is not None and self.unseen(s)[card.name] <= 0:
            note("CARD_UNAVAILABLE", f"{data.place} cannot be under place {place}: it is somewhere else")
        value = self.value(s, player, card, place)
        s.fight, s.phase = (
            Fight(place, data.place, value, player, s.after.get(player) or self.other(s, player)),
            "fight",
        )

    def _attack(self, s: State, player: str, data: Attack, draws: Draws, note: Note) -> None:
        card, f = self._take(s, player, data.card, note), s.fight
        if f is None or s.phase != "fight":
            s.discard.add(card.name if card else None)
            return
        value = self.value(s, player, card, f.place)
        if card is not None and value < f.value:
            note(
                "ATTACK_TOO_LOW", f"{data.card} attacks at {value}; a counter-attack needs {f.value} or more"
            )
        f.attacks[data.card] = f.attacks.get(data.card, 0) + 1
        f.value, f.last, f.next = value, player, s.after.get(player) or self.other(s, player)

    def _overload(self, s: State, player: str, data: Overload, draws: Draws, note: Note) -> None:
        hand = s.hands[player]
        if hand.size > HAND and hand.size - len(data.discard) > HAND:
            note(
                "OVERLOAD_DISCARD",
                f"{player} holds {hand.size} cards and must discard to {HAND} or fewer first",
            )
        for name in data.discard:
            card = self._take(s, player, name, note)
            s.discard.add(card.name if card else None)
        self._refill(s, player, OVERLOAD, draws, note)
        s.overloading = True
        self._end_turn(s, note)

    def _omen(self, s: State, player: str, data: Omen, draws: Draws, note: Note) -> None:
        cards = [self._take(s, player, name, note) for name in data.cards]
        suits = {c.get("suit") for c in cards if c is not None}
        if len(suits) > 1:
            note("OMEN_SUITS", f"an omen needs three cards of one suit, not {', '.join(sorted(suits))}")
        if all(p in s.claimed for p in range(3 * data.row - 2, 3 * data.row + 1)):
            note("OMEN_ROW_CLAIMED", f"row {data.row} has no unclaimed place left")
        s.omens.append(OmenCast(player, data.row, min(suits) if suits else "", list(data.cards)))
        self._refill(s, player, HAND, draws, note)
        self._finish(s)

    def _break(self, s: State, player: str, data: Break, draws: Draws, note: Note) -> None:
        """Rulebook, "Omens": the opponent "can break an omen at the beginning of their turn (but
        after drawing their cards)". ``held`` (what a table sees with the draws hidden: the count
        of cards in hand) shows whether the refill came first."""
        size = s.hands[player].size
        if data.held is not None and data.held != size:
            early = data.held < size
            note(
                "BREAK_BEFORE_REFILL" if early else "HAND_COUNT",
                f"{player} holds {size} card(s) after the turn's refill, not {data.held}"
                + ("; an omen is broken after drawing up to three" if early else ""),
            )
        card = self._take(s, player, data.card, note)
        s.discard.add(card.name if card else None)
        if card is None:
            return
        if card.get("rank") != "A":
            note("BREAK_NOT_ACE", f"only an ace breaks an omen, not {data.card}")
        suit = card.get("suit")
        found = [o for o in s.omens if o.owner != player and o.row == data.row and o.suit == suit]
        if not found:
            note("NO_OMEN_TO_BREAK", f"no opposing omen of {suit} lies on row {data.row}")
        else:
            self._drop_omen(s, found[0])
        if s.hands[player].size < HAND:
            self._draw(s, player, draws, note)

    def _discard(self, s: State, player: str, data: Discard, draws: Draws, note: Note) -> None:
        need = max(0, s.hands[player].size - HAND) if s.phase == "discard" else 0
        if s.phase == "discard" and len(data.cards) != need:
            note(
                "DISCARD_COUNT",
                f"{player} must discard {need} card(s) to get back to {HAND}, not {len(data.cards)}",
            )
        for name in data.cards:
            card = self._take(s, player, name, note)
            s.discard.add(card.name if card else None)
        if s.phase == "discard":
            self._end_turn(s, note)

    def _drop_omen(self, s: State, omen: OmenCast) -> None:
        s.omens.remove(omen)
        for name in omen.cards:
            s.discard.add(name if name in self.total else None)

    def close(self, s: State, note: Note) -> None:
        if s.phase == "fight" and s.fight:
            f, s.fight = s.fight, None
            s.claimed[f.place] = f.last
            total, discard = self.total, s.discard
            s.won[f.card] = s.won.get(f.card, 0) + (1 if f.card in total else 0)  # (no Counter miss)
            for name, n in f.attacks.items():  # the attacks to the discards (as ``Zone.add`` adds)
                if name in total:
                    discard.known[name] = discard.known.get(name, 0) + n
                else:
                    discard.unknown += n
            claimed, steps = s.claimed, s.steps
            for i, p in enumerate(s.players):  # jokers move on past claimed places (see place_of)
                step = steps[p]
                while step < PLACES and (step + 1 if i % 2 == 0 else PLACES - step) in claimed:
                    step += 1
                steps[p] = step
            row = row_of(f.place)
            if 3 * row - 2 in claimed and 3 * row - 1 in claimed and 3 * row in claimed:  # the row is done
                for omen in [o for o in s.omens if o.row == row]:
                    self._drop_omen(s, omen)
            self._finish(s)
        elif s.phase == "discard":
            hand = s.hands[s.active]
            note(
                "DISCARD_MISSING",
                f"{s.active} overloaded last turn and must now discard {hand.size - HAND} card(s) "
                f"to get back to {HAND}; the log writes no discard",
            )
            s.seen = None
            while hand.size > HAND:
                hand.take(None, Counter())
                s.discard.add(None)
            self._end_turn(s, note)

    def _finish(self, s: State) -> None:
        """The end of a claim or omen turn. Overload: "At the end of the player's following turn
        they must discard back down to a three card hand unless they decide to overload again"
        (the discard is an entry of its own, and due)."""
        owes = s.active in s.owes and s.hands[s.active].size > HAND and len(s.claimed) < PLACES
        if owes:
            s.phase = "discard"
        else:
            self._end_turn(s)

    def _end_turn(self, s: State, note: Note | None = None) -> None:
        if s.overloading:
            s.owes.add(s.active)
        else:
            s.owes.discard(s.active)
        s.phase, s.overloading = "start", False

    def turn(self, s: State) -> int:
        return s.turn

    def over(self, s: State) -> bool:
        return len(s.claimed) >= PLACES and s.phase not in ("fight", "discard")

    def outcome(self, s: State) -> Outcome:
        scores = dict.fromkeys(s.players, 0)  # the places each player won
        for owner in s.claimed.values():
            if owner in scores:
                scores[owner] += 1
        best = sorted(scores.values())[-2:]
        winner = max(scores, key=scores.__getitem__) if self.over(s) and best[0] != best[-1] else None
        return Outcome(winner, scores)
