"""What a Maloney log says and what the table holds: the log's action and setup models, and the
state of the table between entries (cash, points, hands, car, day, auction)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pydantic import Field

from generator.rules import Zone
from generator.schema.common import Strict

START_CASH = 10_500
"""Rulebook: "each of you should receive $10,500 (7 x $1,000, 6 x $500, 5 x $100)"."""
GOAL = 69
"""Rulebook: "Whoever first reaches 69 points will receive my entire estate"."""
MIN_BID, FINE, POINT_PRICE = 100, 2_000, 1_000
"""Rulebook: "The minimum bid is $100"; an overbid costs "a $2,000 fine"; "each point costs $1,000"."""
MAX_SHOWN = 2
"""Rulebook: each player checks "if he has one or two action cards from the city"."""


def hand_size(players: int) -> int:
    """Rulebook: "Each of you will receive 12 action cards ... If there are six players then each
    will receive 10 cards"."""
    return 10 if players == 6 else 12


class Exchange(Strict):
    """One round of the exchange at setup (rulebook: more than two cards of a place are exchanged
    "with ones from the deck"; "This process may be repeated until you have no more than two cards
    from any one place"): the cards given back and the cards got for them."""

    gave: list[str] = Field(min_length=1)
    got: list[str] = Field(min_length=1)


class Setup(Strict):
    notary: str
    first: str = Field(description="the action card turned up to start: the car's city and the first day")
    hands: dict[str, list[str]] = Field(default_factory=dict)
    exchanges: dict[str, Exchange | list[Exchange]] = Field(
        default_factory=dict, description="heir -> the cards swapped: one exchange, or its rounds in order"
    )
    suitcases: dict[str, str] = Field(default_factory=dict, description="city -> the suitcase lying there")


def rounds(swap: Exchange | list[Exchange]) -> list[Exchange]:
    """An heir's exchange as its rounds, in order (one ``{gave, got}`` is a single round)."""
    return swap if isinstance(swap, list) else [swap]


class Bid(Strict):
    amount: int = Field(ge=0)


class Joker(Strict):
    pass


class Fine(Strict):
    amount: int = Field(ge=0)


class Drive(Strict):
    to: str | None = None  # Sunday: the card turned up decides
    paid: int | None = Field(None, ge=0)
    suitcase: str | None = None
    suitcase_to: list[str] | None = None
    drew: list[str] | None = None  # Sunday: the card(s) turned up from the deck


class Show(Strict):
    cards: list[str] = Field(min_length=1)
    points: int | None = None


class Totals(Strict):
    points: dict[str, int] = Field(default_factory=dict)
    cash: dict[str, int] = Field(default_factory=dict)
    testament: str | None = None


class Buy(Strict):
    """Rulebook: at the end "each player can then buy additional points"; ``amount`` is the cash
    spent ($1,000 a point, $100 a tenth); 0 records an heir who buys nothing."""

    amount: int = Field(ge=0)


ACTIONS: dict[str, type[Strict]] = {
    "bid": Bid,
    "joker": Joker,
    "fine": Fine,
    "drive": Drive,
    "show": Show,
    "totals": Totals,
    "buy": Buy,
}


@dataclass
class Table:
    """The table between two log entries."""

    players: list[str]
    notary: str
    hands: dict[str, Zone]
    cash: dict[str, int]
    points: dict[str, int]
    weekday: str
    car: int | None
    start: int | None
    deck: int
    seen: Counter[str] = field(default_factory=Counter)
    """Action cards out of the deck and the hands: the first card, shown and Sunday cards."""
    jokers: set[str] = field(default_factory=set)
    suitcases: dict[int, str] = field(default_factory=dict)  # known from the setup
    opened: set[int] = field(default_factory=set)  # cities whose suitcase is gone
    used_suitcases: Counter[str] = field(default_factory=Counter)
    day: int = 1
    phase: str = "auction"  # auction | arrived | buying | over
    bids: list[tuple[str, int]] = field(default_factory=list)
    joker_driver: str | None = None
    owes_fine: tuple[str, int] | None = None  # (bidder, bid) of an overbid not yet fined
    last_driver: str | None = None
    arrived: int | None = None
    shown: Counter[str] = field(default_factory=Counter)  # cards shown today, per player
    testament: str | None = None
    recorded: set[str] = field(default_factory=set)  # heirs whose hands the setup records
    city_shown: Counter[tuple[str, str]] = field(default_factory=Counter)  # (heir, city) -> cards
    bought: dict[str, int] = field(default_factory=dict)  # cash each heir spent on points
    left: Counter[str] | None = None  # the unseen action cards once counted (Maloney.unseen)
    holders: dict[int, list[str]] = field(default_factory=dict)  # city -> heirs with a card of it (play.py)

    def driver(self) -> str:
        """Who drives if the auction ends now (rulebook, "No bid": yesterday's driver drives;
        on the first day with no bid, our reading: the notary)."""
        if self.joker_driver:
            return self.joker_driver
        if self.bids and not self.owes_fine:  # an overbid restarts the auction: no bid stands
            return self.bids[-1][0]
        return self.last_driver or self.notary

    def price(self) -> int:
        return 0 if self.joker_driver or not self.bids or self.owes_fine else self.bids[-1][1]

    def leaders(self) -> list[str]:
        best = max(self.points.values())
        return [p for p in self.players if self.points[p] == best]

    def testament_holder(self) -> str:
        """Rulebook: "Whoever is currently in first place takes the testament". On a tie for the
        lead (our reading) it stays with its holder if he is one of the leaders, else it goes to
        the first of them in seating order."""
        points = self.points
        best = max(points.values())
        if points.get(self.testament) == best:  # (None, or not a player: no points)
            return self.testament  # type: ignore[return-value]
        return next(p for p in self.players if points[p] == best)

    def final(self, player: str) -> int | float:
        """Points after buying: $1,000 a point, $100 a tenth (rulebook, "Buying points"). An heir
        whose purchase the log does not record bought with all their cash (it can only help)."""
        spent = min(self.bought.get(player, self.cash[player]), self.cash[player])
        tenths = self.points[player] * 10 + spent // 100
        return tenths // 10 if tenths % 10 == 0 else tenths / 10
