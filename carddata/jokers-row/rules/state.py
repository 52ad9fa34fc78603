"""Joker's Row log entries (what each action may say) and the table state the replay keeps."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pydantic import Field

from generator.rules import Zone
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
    held: int | None = Field(None, ge=0)  # cards in hand as the ace is played (the ace included)


class Discard(Strict):
    cards: list[str] = Field(default_factory=list)


class Reshuffle(Strict):
    pass


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


@dataclass(slots=True)
class Fight:
    place: int
    card: str
    value: int
    last: str
    next: str
    attacks: dict[str, int] = field(default_factory=dict)  # cards played on the place, by name


@dataclass
class State:
    players: list[str]
    hands: dict[str, Zone]
    deck: Zone
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
    seats: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """Each player's place in ``players`` (the first, for a name listed twice), made at the start."""
    after: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """Who plays after each player (see ``seats``)."""
    seen: Counter[str] | None = field(default=None, compare=False, repr=False)
    """The unseen cards, remembered through a simulated game (see ``Unseen.remembered_unseen``)."""
    in_order: tuple[Counter[str], list[str]] | None = field(default=None, compare=False, repr=False)
    """The remembered unseen cards one name per copy (see ``Unseen.unseen_in_order``)."""
