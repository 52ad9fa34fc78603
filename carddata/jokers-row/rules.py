"""Joker's Row: the rules model used to replay playtest logs (see README.md, "Playtest logs").

Places are numbered 1-15 along the first player's lawnmower path: row 1 is the row nearest the
first player, place 1 its left end (from that player's side), place 15 the second player's
starting place. The second player walks the same path backwards, 15 to 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import Field

from generator.model import Card, Game
from generator.rules import Checks, Draws, Entry, Expect, Finding, Note, Option, Outcome, Rules, Zone, unseen
from generator.schema.common import Strict

PLACES, HAND, OVERLOAD, BONUS = 15, 3, 5, 2
TURN = frozenset({"claim", "overload", "omen", "break"})
RANK_VALUES = {**{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}


class Claim(Strict):
    place: str
    at: int | None = Field(None, ge=1, le=PLACES)
    drew: list[str] | None = None


class Attack(Strict):
    card: str


class Overload(Strict):
    discard: list[str] = Field(default_factory=list)
    drew: list[str] | None = None


class Omen(Strict):
    cards: list[str] = Field(min_length=3, max_length=3)
    row: int = Field(ge=1, le=5)
    drew: list[str] | None = None


class Break(Strict):
    card: str
    row: int = Field(ge=1, le=5)
    drew: list[str] | None = None


class Discard(Strict):
    cards: list[str] = Field(default_factory=list)


class Setup(Strict):
    places: list[str] | None = Field(None, min_length=PLACES, max_length=PLACES)
    hands: dict[str, list[str]] = Field(default_factory=dict)


def row_of(place: int) -> int:
    return (place - 1) // 3 + 1


@dataclass
class OmenCast:
    owner: str
    row: int
    suit: str
    cards: list[str]


@dataclass
class Fight:
    place: int
    card: str
    value: int
    last: str
    next: str
    attacks: Counter[str] = field(default_factory=Counter)


@dataclass
class State:
    players: list[str]
    hands: dict[str, Zone]
    deck: int
    places: dict[int, str]
    discard: Zone = field(default_factory=Zone)
    claimed: dict[int, str] = field(default_factory=dict)
    won: Counter[str] = field(default_factory=Counter)
    steps: dict[str, int] = field(default_factory=dict)
    omens: list[OmenCast] = field(default_factory=list)
    owes: set[str] = field(default_factory=set)
    active: str = ""
    turn: int = 0
    phase: str = "start"  # start | begun | fight | discard
    overloading: bool = False
    fight: Fight | None = None


class JokersRow(Rules):
    actions: ClassVar[dict[str, type[Strict]]] = {
        "claim": Claim,
        "attack": Attack,
        "overload": Overload,
        "omen": Omen,
        "break": Break,
        "discard": Discard,
    }
    responses = frozenset({"attack"})
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {
        a: ("drew",) for a in ("claim", "overload", "omen", "break")
    } | {"setup": ("hands", "places")}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.total = Counter({n: k for n, k in self.total.items() if self.cards[n].type == "suited"})

    def suited(self, name: str, note: Note) -> Card | None:
        card = self.card(name, note)
        if card is not None and card.type != "suited":
            note("NOT_PLAYABLE", f"{name} is a player's token, not a card to play")
            return None
        return card

    def value(self, s: State, player: str, card: Card | None, place: int) -> int:
        bonus = any(o.owner == player and o.row == row_of(place) for o in s.omens)
        return (card.get("value") or 0) + (BONUS if bonus else 0) if card else 0

    def place_of(self, s: State, player: str) -> int:
        step = s.steps[player]
        return step + 1 if s.players.index(player) % 2 == 0 else PLACES - step

    def other(self, s: State, player: str) -> str:
        return s.players[(s.players.index(player) + 1) % len(s.players)]

    def start(self, players: list[str], setup: Setup, note: Note) -> State:
        places = {i + 1: n for i, n in enumerate(setup.places or []) if self.suited(n, note)}
        hands = self.deal(players, setup.hands, HAND, note, Counter(places.values()))
        deck = sum(self.total.values()) - PLACES - HAND * len(players)
        return State(list(players), hands, deck, places, steps=dict.fromkeys(players, 0))

    def unseen(self, s: State) -> Counter[str]:
        table = Counter({s.fight.card: 1}) + s.fight.attacks if s.fight else Counter()
        known = [h.known for h in s.hands.values()] + [
            Counter(s.places.values()),
            s.discard.known,
            s.won,
            table,
        ]
        return unseen(self.total, known + [Counter(o.cards) for o in s.omens])

    def expected(self, s: State) -> Expect:
        if self.over(s):
            return Expect({})
        if s.phase == "fight" and s.fight:
            return Expect({s.fight.next: frozenset({"attack"})}, waivable=True)
        if s.phase == "discard":
            return Expect({s.active: frozenset({"discard"})}, waivable=True)
        player = s.active if s.phase == "begun" else self.other(s, s.active) if s.active else s.players[0]
        return Expect({player: TURN})

    def apply(self, s: State, entry: Entry, note: Note) -> None:
        draws = self.draws(getattr(entry.data, "drew", None))
        if entry.action in TURN:
            while s.phase in ("fight", "discard"):
                self.close(s, note)
            if s.phase == "start" or entry.player != s.active:
                self._begin(s, entry.player, draws, note)
        getattr(self, "_" + entry.action)(s, entry.player, entry.data, draws, note)
        if problem := draws.mismatch():
            note("DRAW_COUNT", problem)

    def _begin(self, s: State, player: str, draws: Draws, note: Note) -> None:
        if s.phase == "begun":
            self._end_turn(s, note)
        s.active, s.turn, s.phase = player, s.turn + 1, "begun"
        self._refill(s, player, HAND, draws, note)

    def _refill(self, s: State, player: str, size: int, draws: Draws, note: Note) -> None:
        while s.hands[player].size < size and self._draw(s, player, draws, note):
            pass

    def _draw(self, s: State, player: str, draws: Draws, note: Note) -> bool:
        if not s.deck:  # the discard pile is shuffled into a new draw deck
            s.deck = s.discard.size
            s.discard.clear()
        if not s.deck:
            return False
        pool = self.unseen(s)
        s.deck -= 1
        name = draws.next(pool)
        card = self.suited(name, note) if name is not None else None
        if card is not None and pool[card.name] <= 0:
            note("CARD_UNAVAILABLE", f"{name} cannot be in the draw deck: it is somewhere else")
        s.hands[player].add(card.name if card else None)
        return True

    def _take(self, s: State, player: str, name: str, note: Note) -> Card | None:
        card = self.suited(name, note)
        self.take(s.hands[player], card.name if card else None, self.unseen(s), note, player)
        return card

    def _claim(self, s: State, player: str, data: Claim, draws: Draws, note: Note) -> None:
        place = self.place_of(s, player)
        if data.at is not None and data.at != place:
            note("JOKER_PLACE", f"{player}'s Joker stands on place {place}, not {data.at}")
        known = s.places.pop(place, None)
        card = self.suited(data.place, note)
        if known is not None and known != data.place:
            note("PLACE_MISMATCH", f"place {place} is {known} (see setup), not {data.place}")
        elif known is None and card is not None and self.unseen(s)[card.name] <= 0:
            note("CARD_UNAVAILABLE", f"{data.place} cannot be under place {place}: it is somewhere else")
        value = self.value(s, player, card, place)
        s.fight, s.phase = Fight(place, data.place, value, player, self.other(s, player)), "fight"

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
        f.attacks[data.card] += 1
        f.value, f.last, f.next = value, player, self.other(s, player)

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
        self._end_turn(s, note)

    def _break(self, s: State, player: str, data: Break, draws: Draws, note: Note) -> None:
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
            s.won[f.card] += 1 if f.card in self.total else 0
            for name, n in f.attacks.items():
                for _ in range(n):
                    s.discard.add(name if name in self.total else None)
            for p in s.players:  # jokers move on past claimed places
                while s.steps[p] < PLACES and self.place_of(s, p) in s.claimed:
                    s.steps[p] += 1
            row = row_of(f.place)
            if all(p in s.claimed for p in range(3 * row - 2, 3 * row + 1)):
                for omen in [o for o in s.omens if o.row == row]:
                    self._drop_omen(s, omen)
            owes = s.active in s.owes and s.hands[s.active].size > HAND and len(s.claimed) < PLACES
            s.phase = "discard" if owes else "begun"
            if not owes:
                self._end_turn(s, note)
        elif s.phase == "discard":
            hand = s.hands[s.active]
            while hand.size > HAND:
                hand.take(None, Counter())
                s.discard.add(None)
            self._end_turn(s, note)

    def _end_turn(self, s: State, note: Note) -> None:
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
        scores = {p: sum(1 for owner in s.claimed.values() if owner == p) for p in s.players}
        best = sorted(scores.values())[-2:]
        winner = max(scores, key=scores.__getitem__) if self.over(s) and best[0] != best[-1] else None
        return Outcome(winner, scores)

    # -- random playthroughs -------------------------------------------------------------------

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        deck = sorted(self.total.elements())
        rng.shuffle(deck)
        hands = {p: deck[PLACES + i * HAND : PLACES + (i + 1) * HAND] for i, p in enumerate(players)}
        return {"places": deck[:PLACES], "hands": hands}

    def options(self, s: State, rng: random.Random) -> list[Option]:
        if self.over(s):
            return []
        if s.phase == "fight" and s.fight:
            f, p = s.fight, s.fight.next
            fits = [
                n for n in sorted(s.hands[p].known) if self.value(s, p, self.cards[n], f.place) >= f.value
            ]
            return [(3.0 / len(fits), {"player": p, "action": "attack", "card": n}) for n in fits] + [
                (2.0, None)
            ]
        if s.phase == "discard":
            hand = sorted(s.hands[s.active].known.elements())
            return [
                (1.0, {"player": s.active, "action": "discard", "cards": rng.sample(hand, len(hand) - HAND)})
            ]
        player = next(iter(self.expected(s).moves))
        refill = self._peek_refill(s, player, rng) if s.phase == "start" else []
        drew = {"drew": refill} if refill else {}
        hand = sorted((s.hands[player].known + Counter(refill)).elements())
        return list(self._turn_options(s, player, hand, drew, rng))

    def _turn_options(
        self, s: State, player: str, hand: list[str], drew: dict, rng: random.Random
    ) -> Iterator[Option]:
        place = self.place_of(s, player)
        yield 6.0, {"player": player, "action": "claim", "place": s.places[place], "at": place, **drew}
        keep = rng.randint(0, min(len(hand), HAND))
        yield (
            1.0,
            {"player": player, "action": "overload", "discard": rng.sample(hand, len(hand) - keep), **drew},
        )
        open_rows = [r for r in range(1, 6) if any(p not in s.claimed for p in range(3 * r - 2, 3 * r + 1))]
        for suit in sorted({self.cards[n].get("suit") for n in hand}):
            same = [n for n in hand if self.cards[n].get("suit") == suit]
            if len(same) >= 3 and open_rows:
                omen = {"cards": rng.sample(same, 3), "row": rng.choice(open_rows)}
                yield 4.0, {"player": player, "action": "omen", **omen, **drew}
        for omen in s.omens:
            ace = f"A of {omen.suit}"
            if omen.owner != player and ace in hand:
                yield 8.0, {"player": player, "action": "break", "card": ace, "row": omen.row, **drew}

    def _peek_refill(self, s: State, player: str, rng: random.Random) -> list[str]:
        """The cards a start-of-turn refill will draw (chance decided here, before the choice)."""
        deck, pool, out = s.deck, self.unseen(s), []
        while s.hands[player].size + len(out) < HAND:
            if not deck:
                deck, pool = s.discard.size, Counter(s.discard.known)
            if not deck:
                break
            pick = rng.choice(sorted(pool.elements()))
            pool[pick] -= 1
            deck -= 1
            out.append(pick)
        return out


RULES = JokersRow
CHECKS = Checks()


@CHECKS.register("values-match-ranks")
def values_match_ranks(game: Game) -> Iterator[Finding]:
    """Aces high: 2-10 their number, J 11, Q 12, K 13, A 14."""
    for card in game.all_cards():
        rank = card.get("rank")
        if rank is not None and card.get("value") != RANK_VALUES.get(rank):
            yield Finding(
                f"rank {rank} must have value {RANK_VALUES.get(rank)}, found {card.get('value')}",
                card,
                "value",
            )
