"""Road Runner log entries (what each action may say) and the table state the replay keeps."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pydantic import Field

from generator.rules import Zone
from generator.schema.common import Strict

from .facts import SETS, Facts

HAND = 5
TURN = frozenset({"capture", "pass"})
RESPONSE = frozenset({"escape", "decline"})
METHODS = tuple("+".join(s) for s in SETS)

Cards = list[str] | str | None  # one card, or a list (so a wrong count can be written and checked)


class Capture(Strict):
    cards: list[str] = Field(min_length=1)
    method: str | None = None  # the set the attempt is declared as, e.g. SHOOTER+AMMO
    drew: Cards = None


class Pass(Strict):
    card: Cards = None
    to: str | None = None
    drew: Cards = None
    pick: int | None = Field(None, ge=1)  # the blind pick: which face-down card, from the passer's left
    picked_by: str | None = None  # who picked it (the player on the left)


class Skip(Strict):
    pass


class Reshuffle(Strict):
    pass


class Escape(Strict):
    card: str
    damage: int | None = Field(None, ge=0)


class Decline(Strict):
    pass


class Setup(Strict):
    hands: dict[str, list[str]] = Field(default_factory=dict)


@dataclass
class Attempt:
    attacker: str
    cards: Counter[str]
    facts: Facts
    window: list[str]
    prevented: bool = False
    damage: int = 0


@dataclass
class State:
    players: list[str]
    hands: dict[str, Zone]
    pile: Zone
    captures: Counter[str] = field(default_factory=Counter)
    escapes: Counter[str] = field(default_factory=Counter)
    skips: dict[str, int] = field(default_factory=dict)
    reshuffles: int = 0
    reshuffled: bool = False  # a remake the log has not written yet (a reshuffle entry may mark it)
    seat: int = -1
    turn: int = 0
    attempt: Attempt | None = None
    winner: str | None = None
    seen: Counter[str] | None = field(default=None, compare=False, repr=False)
    """The unseen cards, remembered through a simulated game (see ``Unseen.remembered_unseen``)."""
