"""Replaying a Maloney log: the auction and the drive here; the suitcase and Sunday's cards in
arrive.py, the cards shown and the notary's totals in scoring.py, the end of each day in end.py.
Every rule cites the rulebook; readings of unclear passages are marked "our reading" (README.md,
"Readings of the rulebook")."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from generator.board.maps import ranges
from generator.load.model import Card, Game
from generator.rules import Entry, Expect, Note, unseen
from generator.schema.common import Strict

from .arrive import Arrival
from .board import Map, load_map
from .deal import check_hands
from .end import Ending
from .scoring import Scoring
from .state import (
    ACTIONS,
    FINE,
    MIN_BID,
    START_CASH,
    Bid,
    Drive,
    Fine,
    Setup,
    Table,
    hand_size,
)
from .week import JOKER_DAYS, LUCKY

AUCTION = frozenset({"bid", "joker", "fine"})


class Maloney(Arrival, Ending, Scoring):
    actions: ClassVar[dict[str, type[Strict]]] = ACTIONS
    responses = frozenset({"show", "totals", "buy"})  # a buy never closes a day (Ending._buy)
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {"setup": ("hands", "suitcases")}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.map: Map = load_map(game)
        self.actions_total = self._of_type("action")
        self.suitcase_total = self._of_type("suitcase")

    def _of_type(self, kind: str) -> Counter[str]:
        return Counter(
            {n: k for n, k in sorted(self.total.items()) if self.cards[n].type == kind}
        )  # name order

    # -- the start ------------------------------------------------------------------------------

    def start(self, players: list[str], setup: Setup, note: Note) -> Table:
        if setup.notary not in players:
            note("SETUP", f"the notary '{setup.notary}' is not among the players")
        first = self._action(setup.first, note)
        hands = self.deal(players, setup.hands, hand_size(len(players)), note, Counter([setup.first]))
        check_hands(setup, self.city_of.get, hands, note)
        suitcases = {}
        for city, name in setup.suitcases.items():
            number = self.map.named.get(city) or self.map.number(city)
            if number is None:
                note("UNKNOWN_CITY", f"there is no city called '{city}' on the map")
            elif self._suitcase(name, note):
                suitcases[number] = name
        deck = sum(self.actions_total.values()) - 1 - hand_size(len(players)) * len(players)
        table = Table(
            players=list(players),
            notary=setup.notary,
            hands=hands,
            cash=dict.fromkeys(players, START_CASH),
            points=dict.fromkeys(players, 0),
            weekday=first.get("best") if first else "Mo",
            car=first.get("number") if first else None,
            start=first.get("number") if first else None,
            deck=deck,
            seen=Counter([setup.first] if first else []),
            jokers=set(players),
            suitcases=suitcases,
            recorded=set(setup.hands) & set(players),
        )
        return table

    def _city_of(self, name: str) -> str | None:
        """The city of an action card, or None (an unknown or non-action card)."""
        return self.city_of.get(name)

    @functools.cached_property
    def city_of(self) -> dict[str, str]:
        """Each action card's city, by card name."""
        return {name: card.get("city") for name, card in self.cards.items() if card.type == "action"}

    @functools.cached_property
    def number_of(self) -> dict[str, int | None]:
        """Each action card's city number, by card name."""
        return {name: card.get("number") for name, card in self.cards.items() if card.type == "action"}

    @functools.cached_property
    def _action_cards(self) -> dict[str, Card]:
        """The action cards by name (what ``_action`` finds without a note)."""
        return {name: card for name, card in self.cards.items() if card.type == "action"}

    def _action(self, name: str, note: Note) -> Card | None:
        card = self._action_cards.get(name)
        if card is not None:
            return card
        card = self.card(name, note)
        if card is not None and card.type != "action":
            note("NOT_ACTION", f"{name} is a {card.type} card, not an action card")
            return None
        return card

    def _suitcase(self, name: str, note: Note) -> Card | None:
        card = self.card(name, note)
        if card is not None and card.type != "suitcase":
            note("NOT_SUITCASE", f"{name} is not a suitcase card")
            return None
        return card

    def unseen(self, t: Table) -> Counter[str]:
        """The action cards in no known place (hands, seen), in name order: counted once, then kept
        in ``t.left`` while nothing changes them. A card shown from the hand that holds it leaves
        them as they were; Sunday's cards are taken out as they are turned up (``_sunday_card``);
        anything else that moves cards sets ``t.left`` to None, to be counted again."""
        if t.left is None:
            t.left = unseen(self.actions_total, [h.known for h in t.hands.values()] + [t.seen])
        return t.left

    def sunday(self, t: Table) -> bool:
        """Rulebook, "Sunday is Lucky Day": the deck decides. Our reading: with the deck used up,
        Sunday is played like any other day."""
        return t.weekday == LUCKY and t.day > 1 and t.deck > 0

    # -- whose move ------------------------------------------------------------------------------

    def expected(self, t: Table) -> Expect:
        if t.phase == "over":
            return Expect({})
        if t.phase == "buying":  # rulebook: "Each player can then buy additional points"
            return Expect({p: frozenset({"buy"}) for p in t.players}, waivable=True)
        if t.phase == "arrived":
            buy = frozenset({"buy"}) if self.last_day(t) else frozenset()
            moves = {p: frozenset({"show"}) | buy for p in t.players}
            moves[t.notary] = frozenset({"show", "totals"}) | buy
            return Expect(
                moves, waivable=True, because={"buy": "points are bought only when the game is over"}
            )
        moves = {p: AUCTION for p in t.players}
        driver = t.notary if self.sunday(t) else t.driver()
        moves[driver] = moves[driver] | {"drive"}
        return Expect(
            moves,
            because={
                "drive": f"{driver} drives today ({self._why_driver(t)})",
                "buy": "points are bought only when the game is over",
            },
        )

    def _why_driver(self, t: Table) -> str:
        """Why the driver drives, in the rulebook's terms (for a message when someone else does)."""
        if self.sunday(t):
            return "on Sunday the notary turns up the top card and takes the car there"
        if t.joker_driver:
            return f"{t.joker_driver} played the joker first"
        if t.owes_fine:
            bidder, bid = t.owes_fine
            restart = (
                f"{bidder}'s bid of ${bid:,} was more than {bidder}'s cash: the fine is due and the "
                "auction starts again, so no bid stands and "
            )
        elif t.bids:
            return f"{t.bids[-1][0]} made the last bid, ${t.bids[-1][1]:,}"
        else:
            restart = "nobody has bid, so "
        if t.last_driver:
            return restart + f"yesterday's driver, {t.last_driver}, drives for free"
        return restart + f"on the first day the notary, {t.notary}, drives"

    def apply(self, t: Table, entry: Entry, note: Note) -> None:
        if t.owes_fine and not (entry.action == "fine" and entry.player == t.owes_fine[0]):
            bidder, bid = t.owes_fine
            note(
                "FINE_MISSING",
                f"{bidder} bid ${bid:,} holding ${t.cash[bidder]:,}: the fine of "
                f"${min(FINE, t.cash[bidder]):,} is due and the auction starts again",
            )
            self._fine(t, bidder)
        if entry.action == "buy" and t.phase == "arrived" and entry.turn > t.day and not self.last_day(t):
            self.close(t, note)  # a purchase (out of place) written under the next day's number ends the day
        self._moves[entry.action](t, entry.player, entry.data, note)

    @functools.cached_property
    def _moves(self) -> dict[str, Callable[[Table, str, Any, Note], None]]:
        """Each action's method (``_bid`` for ``bid``, ...), looked up once."""
        return {action: getattr(self, "_" + action) for action in self.actions}

    # -- the auction -----------------------------------------------------------------------------

    def _bid(self, t: Table, player: str, data: Bid, note: Note) -> None:
        if self.sunday(t):
            note("SUNDAY_AUCTION", "there is no auction on Sunday: the top card of the deck picks the city")
            return
        if t.joker_driver:
            note("AUCTION_OVER", f"{t.joker_driver} played a joker: the car is taken for today")
            return
        last = t.bids[-1][1] if t.bids else 0
        if data.amount < MIN_BID or data.amount <= last:
            need = f"more than ${last:,}" if last else f"at least ${MIN_BID}"
            note("BID_TOO_LOW", f"a bid of ${data.amount:,}; it must be {need}")
            return
        if data.amount > t.cash[player]:  # rulebook: the fine, then "the auction is then restarted"
            t.owes_fine = (player, data.amount)
            return
        t.bids.append((player, data.amount))

    def _fine(self, t: Table, player: str, data: Fine | None = None, note: Note | None = None) -> None:
        due = min(FINE, t.cash[player])
        if note is not None and data is not None:
            if t.owes_fine is None or t.owes_fine[0] != player:
                note("NO_OVERBID", f"{player} made no bid above their cash: no fine is due")
                return
            if data.amount != due:
                note(
                    "WRONG_FINE",
                    f"the fine is ${due:,} ($2,000, or all the cash when less), not ${data.amount:,}",
                )
        t.cash[player] -= due
        t.owes_fine, t.bids = None, []

    def _joker(self, t: Table, player: str, data: Strict, note: Note) -> None:
        if player not in t.jokers:
            note("JOKER_USED", f"{player} has already used their joker")
            return
        if t.weekday not in JOKER_DAYS:
            note("JOKER_DAY", f"a joker may only be played on Mo, Mi, Do or Sa, not on {t.weekday}")
            return
        if t.joker_driver:  # rulebook: "the car belongs to the player who played the joker first"
            return  # our reading: the later joker did not take the car, so its owner keeps it
        t.jokers.discard(player)
        t.joker_driver = player

    # -- the drive -------------------------------------------------------------------------------

    def _drive(self, t: Table, player: str, data: Drive, note: Note) -> None:
        sunday = t.weekday == LUCKY and self.sunday(t)
        if sunday:
            to = self._sunday_card(t, data, note)
            if to is None:
                return  # no card named another city and the deck is used up: an auction follows
        elif data.to is None:
            note("NO_DESTINATION", f"{player} drives, but the log does not say where to (to: ...)")
            return
        else:
            to = self._city(data.to, note)
            price, driver = t.price(), t.driver()
            if player != driver:  # reported by the engine; the log's driver pays what it says
                price = data.paid or 0
            elif data.paid is not None and data.paid != price:
                owes = f"${price:,}, the winning bid" if price else "nothing (no bid stands)"
                note("WRONG_PAYMENT", f"{player} owes the bank {owes} today, not ${data.paid:,}")
            t.cash[player] -= min(price, t.cash[player])
            t.last_driver = player
        if to is not None and t.car is not None:
            if to == t.car:
                note("SAME_CITY", f"the car is in {self.map.names[to]} already; it must move every day")
            elif not sunday and to not in self.map.links[t.car]:  # Sunday: the card decides
                note(
                    "NOT_LINKED",
                    f"{self.map.names[to]} ({to}) cannot be reached from "
                    f"{self.map.names[t.car]} ({t.car}): only {self._reach(t.car)}",
                )
        if to is not None and (to not in t.opened or data.suitcase is not None):  # (else nothing to do)
            self._open_suitcase(t, player, to, data, note, sunday)
        t.car = to if to is not None else t.car
        t.arrived, t.phase = to, "arrived"
        t.shown.clear()  # (nothing else holds the day's counts: emptied, not made anew)

    def _city(self, text: str, note: Note) -> int | None:
        number = self.map.named.get(text)  # (a city's name, the common case)
        if number is not None:
            return number
        number = int(text) if text.isdigit() else self.map.number(text)
        if number not in self.map.names:
            note("UNKNOWN_CITY", f"there is no city '{text}' on the map")
            return None
        return number

    def _reach(self, city: int) -> str:
        return ranges(self.map.links[city])
