"""Replaying a Maloney log: the auction, the drive, the suitcase, scoring, the notary's totals
and the end of each day. Every rule cites the rulebook; readings of unclear passages are marked
"our reading" (README.md, "Readings of the rulebook")."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from generator.board.maps import ranges
from generator.model import Card, Game
from generator.rules import Entry, Expect, Note, Outcome, unseen
from generator.schema.common import Strict

from .arrive import Arrival
from .board import Map, load_map
from .state import (
    ACTIONS,
    FINE,
    GOAL,
    MAX_SHOWN,
    MIN_BID,
    START_CASH,
    Bid,
    Drive,
    Fine,
    Setup,
    Show,
    Table,
    Totals,
    hand_size,
)
from .week import DOUBLE, JOKER_DAYS, LUCKY, card_points, next_day

AUCTION = frozenset({"bid", "joker", "fine"})


class Maloney(Arrival):
    actions: ClassVar[dict[str, type[Strict]]] = ACTIONS
    responses = frozenset({"show", "totals"})
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {"setup": ("hands", "suitcases")}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.map: Map = load_map(game)
        self.actions_total = self._of_type("action")
        self.suitcase_total = self._of_type("suitcase")

    def _of_type(self, kind: str) -> Counter[str]:
        return Counter({n: k for n, k in self.total.items() if self.cards[n].type == kind})

    # -- the start ------------------------------------------------------------------------------

    def start(self, players: list[str], setup: Setup, note: Note) -> Table:
        if setup.notary not in players:
            note("SETUP", f"the notary '{setup.notary}' is not among the players")
        first = self._action(setup.first, note)
        hands = self.deal(players, setup.hands, hand_size(len(players)), note, Counter([setup.first]))
        for player, names in setup.hands.items():  # rulebook: swap until "no more than two cards"
            cities = Counter(self.cards[n].get("city") for n in names if n in self.actions_total)
            for city, n in sorted(cities.items()):
                if n > MAX_SHOWN:
                    note("SETUP_HAND", f"{player} is dealt {n} cards of {city}; swap until nobody holds "
                                       f"more than {MAX_SHOWN} of a city")
        suitcases = {}
        for city, name in setup.suitcases.items():
            number = self.map.number(city)
            if number is None:
                note("UNKNOWN_CITY", f"there is no city called '{city}' on the map")
            elif self._suitcase(name, note):
                suitcases[number] = name
        deck = sum(self.actions_total.values()) - 1 - hand_size(len(players)) * len(players)
        table = Table(
            players=list(players), notary=setup.notary, hands=hands, cash=dict.fromkeys(players, START_CASH),
            points=dict.fromkeys(players, 0), weekday=first.get("best") if first else "Mo",
            car=first.get("number") if first else None, start=first.get("number") if first else None,
            deck=deck, seen=Counter([setup.first] if first else []), jokers=set(players), suitcases=suitcases,
        )
        return table

    def _action(self, name: str, note: Note) -> Card | None:
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
        return unseen(self.actions_total, [h.known for h in t.hands.values()] + [t.seen])

    def sunday(self, t: Table) -> bool:
        """Rulebook, "Sunday is Lucky Day": the deck decides. Our reading: with the deck used up,
        Sunday is played like any other day."""
        return t.weekday == LUCKY and t.day > 1 and t.deck > 0

    # -- whose move ------------------------------------------------------------------------------

    def expected(self, t: Table) -> Expect:
        if t.phase == "over":
            return Expect({})
        if t.phase == "arrived":
            moves = {p: frozenset({"show"}) for p in t.players}
            moves[t.notary] = frozenset({"show", "totals"})
            return Expect(moves, waivable=True)
        moves = {p: AUCTION for p in t.players}
        driver = t.notary if self.sunday(t) else t.driver()
        moves[driver] = moves[driver] | {"drive"}
        return Expect(moves)

    def apply(self, t: Table, entry: Entry, note: Note) -> None:
        if t.owes_fine and not (entry.action == "fine" and entry.player == t.owes_fine[0]):
            bidder, bid = t.owes_fine
            note("FINE_MISSING", f"{bidder} bid ${bid:,} holding ${t.cash[bidder]:,}: the fine of "
                                 f"${min(FINE, t.cash[bidder]):,} is due and the auction starts again")
            self._fine(t, bidder)
        getattr(self, "_" + entry.action)(t, entry.player, entry.data, note)

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
                note("WRONG_FINE", f"the fine is ${due:,} ($2,000, or all the cash when less), "
                                   f"not ${data.amount:,}")
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
        sunday = self.sunday(t)
        if sunday:
            to = self._sunday_card(t, data, note)
            if to is None:
                return  # no card named another city and the deck is used up: an auction follows
        elif data.to is None:
            note("NO_DESTINATION", f"{player} drives, but the log does not say where to (to: ...)")
            return
        else:
            to = self._city(data.to, note)
            price = t.price()
            if data.paid is not None and data.paid != price:
                note("WRONG_PAYMENT", f"{player} owes the bank ${price:,} today, not ${data.paid:,}")
            t.cash[player] -= price
            t.last_driver = player
        if to is not None and t.car is not None:
            if to == t.car:
                note("SAME_CITY", f"the car is in {self.map.names[to]} already; it must move every day")
            elif not sunday and to not in self.map.links[t.car]:  # Sunday: the card decides
                note("NOT_LINKED", f"{self.map.names[to]} ({to}) cannot be reached from "
                                   f"{self.map.names[t.car]} ({t.car}): only {self._reach(t.car)}")
        self._open_suitcase(t, player, to, data, note, sunday)
        t.car = to if to is not None else t.car
        t.arrived, t.phase, t.shown = to, "arrived", Counter()

    def _city(self, text: str, note: Note) -> int | None:
        number = int(text) if text.isdigit() else self.map.number(text)
        if number not in self.map.names:
            note("UNKNOWN_CITY", f"there is no city '{text}' on the map")
            return None
        return number

    def _reach(self, city: int) -> str:
        return ranges(self.map.links[city])

    # -- scoring ---------------------------------------------------------------------------------

    def _show(self, t: Table, player: str, data: Show, note: Note) -> None:
        total = 0
        for name in data.cards:
            card = self._action(name, note)
            hand = t.hands[player]
            pool = Counter() if card and hand.holds(card.name) else self.unseen(t)
            self.take(hand, card.name if card else None, pool, note, player, "show")
            t.seen[name] += 1 if card else 0
            if card is None or t.arrived is None:
                continue
            if t.day == 1 and card.get("number") == t.start and t.arrived != t.start:
                note("START_CITY", f"{name} is for the first card's city: it cannot score on the first day")
            elif card.get("number") != t.arrived:
                here = self.map.names[t.arrived]
                note("WRONG_CITY", f"{name} is for {card.get('city')}; the car is in {here}")
            else:
                total += card_points(card.get("best"), t.weekday)
        t.shown[player] += len(data.cards)
        if t.shown[player] > MAX_SHOWN:
            note("TOO_MANY_CARDS", f"{player} shows {t.shown[player]} cards today; at most {MAX_SHOWN}")
        if t.weekday in DOUBLE:  # rulebook: Tuesday and Friday "you will receive double points"
            total *= 2
        if data.points is not None and data.points != total:
            twice = " (doubled on Di and Fr)" if t.weekday in DOUBLE else ""
            note("WRONG_POINTS", f"on {t.weekday} these cards score {total}{twice}, not {data.points}")
        t.points[player] += total

    def _totals(self, t: Table, player: str, data: Totals, note: Note) -> None:
        for what, kept, said in (("points", t.points, data.points), ("cash", t.cash, data.cash)):
            for p, value in said.items():
                if p not in kept:
                    note("UNKNOWN_PLAYER", f"'{p}' is not playing")
                elif kept[p] != value:
                    shown = f"${kept[p]:,}" if what == "cash" else kept[p]
                    note("WRONG_TOTAL", f"{p} has {shown} {what if what == 'points' else ''}".rstrip()
                         + f", not {value}")
        if data.testament is not None:
            holder = t.testament_holder()
            if data.testament not in t.leaders() or (t.testament in t.leaders() and data.testament != holder):
                note("TESTAMENT", f"the testament goes to the leader, {holder}, not {data.testament}")
            t.testament = data.testament

    # -- the end of a day ------------------------------------------------------------------------

    def close(self, t: Table, note: Note) -> None:
        if t.phase != "arrived":
            return
        t.testament = t.testament_holder()  # rulebook: "Whoever is currently in first place takes..."
        if max(t.points.values()) >= GOAL or any(h.size == 0 for h in t.hands.values()):
            t.phase = "over"  # rulebook: "ends either when a player has received 69 points or when
            return  # someone runs out of action cards"
        t.day, t.weekday, t.phase = t.day + 1, next_day(t.weekday), "auction"
        t.bids, t.joker_driver, t.owes_fine, t.arrived = [], None, None, None

    def turn(self, t: Table) -> int:
        return t.day

    def over(self, t: Table) -> bool:
        return t.phase == "over"

    def outcome(self, t: Table) -> Outcome:
        """Rulebook: "Whoever has the most points wins", after buying points with all the cash.
        Our reading for a tie: the tied heir holding the testament wins; otherwise nobody alone."""
        if not self.over(t):
            return Outcome(None, dict(t.points))
        scores = {p: t.final(p) for p in t.players}
        best = max(scores.values())
        top = [p for p in t.players if scores[p] == best]
        winner = top[0] if len(top) == 1 else t.testament if t.testament in top else None
        return Outcome(winner, scores)
