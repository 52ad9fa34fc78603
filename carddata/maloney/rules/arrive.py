"""Arriving: the cards turned up on Sunday, and the suitcase waiting in the city."""

from __future__ import annotations

from collections import Counter

from generator.load.model import Card
from generator.rules import Note, Rules

from .board import Map
from .state import Drive, Table


class Arrival(Rules):
    """The Sunday card and the suitcase; mixed into the rules model (which sets these)."""

    map: Map
    suitcase_total: Counter[str]

    def unseen(self, t: Table) -> Counter[str]:
        raise NotImplementedError

    def _action(self, name: str, note: Note) -> Card | None:
        raise NotImplementedError

    def _suitcase(self, name: str, note: Note) -> Card | None:
        raise NotImplementedError

    def _city(self, text: str, note: Note) -> int | None:
        raise NotImplementedError

    def _sunday_card(self, t: Table, data: Drive, note: Note) -> int | None:
        """Rulebook: on Sunday "the top card on the deck is turned over. The car is taken to this
        location"; "If the card chosen indicates ... the same city ... another card must be chosen".
        Every card turned up leaves the game. Our reading: if the deck runs out before a card names
        another city, the day goes on as a normal day with an auction."""
        if data.drew is None:
            note("SUNDAY_CARDS", "write the card(s) turned up from the deck on Sunday (drew: [...])")
        draws, city = self.draws(data.drew), None
        pool = self.unseen(t)
        while t.deck > 0:
            name = draws.next(pool)
            card = self._action(name, note) if name is not None else None
            t.deck -= 1
            if card is None:
                break
            left = pool[card.name]
            if left <= 0:
                note("CARD_UNAVAILABLE", f"{name} cannot be in the deck: it is somewhere else")
            t.seen[card.name] += 1
            if left > 1:  # seen now: the unseen cards (t.left itself) as ``unseen`` would count them again
                pool[card.name] = left - 1
            elif left == 1:
                del pool[card.name]
            city = card.get("number")
            if city != t.car:
                break
            city = None
        if problem := draws.mismatch():
            note("SUNDAY_CARDS", problem + " (turn up cards until one names another city)")
        to = self._city(data.to, note) if data.to is not None else None
        if to is not None and to != city and (city is not None or t.deck == 0):
            where = self.map.names[city] if city else "nowhere (the deck ran out)"
            note(
                "SUNDAY_DESTINATION", f"the card turned up sends the car to {where}, not {self.map.names[to]}"
            )
        if city is None and t.deck > 0:
            return to  # the log stopped turning cards too soon: the car goes where it says
        return city

    def _open_suitcase(
        self, t: Table, player: str, to: int | None, data: Drive, note: Note, sunday: bool
    ) -> None:
        """Rulebook: "The driver receives the suitcase that lies on the city ... The suitcase card is
        removed from the game"; on Sunday "the reward from this card is awarded to all players"."""
        if to is None:
            return
        if to in t.opened:
            if data.suitcase is not None:
                note("SUITCASE_GONE", f"the suitcase of {self.map.names[to]} was opened before")
            return
        t.opened.add(to)
        if data.suitcase is None:
            note("SUITCASE_MISSING", f"write the suitcase found in {self.map.names[to]} (suitcase: ...)")
            return
        card = self._suitcase(data.suitcase, note)
        if card is None:
            return
        if t.suitcases.get(to, card.name) != card.name:
            note(
                "SUITCASE_MISMATCH",
                f"{t.suitcases[to]} lies in {self.map.names[to]} (see setup), not {card.name}",
            )
        t.used_suitcases[card.name] += 1
        if t.used_suitcases[card.name] > self.suitcase_total[card.name]:
            have = self.suitcase_total[card.name]
            note("SUITCASE_UNAVAILABLE", f"there are only {have} '{card.name}' suitcases")
        gets = list(t.players) if sunday else [player]
        if data.suitcase_to is not None and sorted(data.suitcase_to) != sorted(gets):
            who = "every player (Sunday)" if sunday else f"the driver, {player}"
            note("SUITCASE_RECIPIENT", f"the suitcase goes to {who}, not {', '.join(data.suitcase_to)}")
        for p in gets:  # never below zero (our reading)
            kind = t.points if card.get("gain") == "points" else t.cash
            kind[p] = max(0, kind[p] + card.get("amount"))
