"""The Rally (ADVANCED RACES, Rally Racing): three segments of six Road Sections, each run
until every racer crosses; the places shrink the next deal and Karma hands carry over. The
readings and the passages they rest on are in ``races.py``."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.rules import Note, Outcome, Zone
from generator.rules.series import Series

from .entries import Setup
from .state import Pile, Race

SEGMENTS = 3  # "three Races"
SEGMENT_LENGTH = 6  # "of six Road sections each"
CIRCUIT_RACES = (3, 5)  # "a series of three to five"
POINTS = 10  # "ten points for each race completed, less the position"
CIRCUIT_KINDS = ("standard", "endurance", "rally")  # "normal, Rally, and/or Endurance races"


def nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (places run to six)."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


@dataclass
class Leg:
    """One race of a Rally or Circuit: it goes on until every pawn has crossed the Finish Line."""

    label: str
    points: int = 0  # Circuit: each racer scores this many less their place (0: no points)
    opens: str = ""  # why the first racer goes first, where the rules say who does


def not_crossed(state: Race) -> str:
    """Who keeps a race of a Rally or Circuit going: "each segment continues until all Racers
    cross the Finish Line" (Rally Racing; a Circuit's races too, "until the last Racer crosses")."""
    left = [p for p in state.players if p not in state.crossed]
    if not left:
        return ""
    names = left[0] if len(left) == 1 else f"{', '.join(left[:-1])} and {left[-1]}"
    return f"{names} {'has' if len(left) == 1 else 'have'} not crossed"


def rotated(players: list[str], first: str) -> list[str]:
    """The seats in play order from ``first`` ("clockwise around the table")."""
    i = players.index(first) if first in players else 0
    return players[i:] + players[:i]


def deal(
    rules: Any,
    racers: dict[str, str],
    players: list[str],
    places: tuple[str, ...] | dict,
    held: Counter[str],
    rng: random.Random,
) -> dict[str, list[str]]:
    """Hands from a shuffled deck without the ``held`` cards: each racer's hand size less their
    place in ``places`` (none: the full hand)."""
    deck = sorted((rules.main_total - held).elements())
    rng.shuffle(deck)
    hands = {}
    for p in players:
        size = rules.sheets[racers[p]].get("hand") or rules.base_hand
        n = max(0, size - list(places).index(p) - 1) if p in places else size
        hands[p], deck = deck[:n], deck[n:]
    return hands


class Rally(Series):
    """Three segments of six sections; places shrink the next deal, Karma hands carry over."""

    def __init__(
        self, rules: Any, players: list[str], setup: Setup, points: int = 0, within: str = ""
    ) -> None:
        self.rules, self.players, self.setup = rules, players, setup
        self.points, self.within = points, within  # in a Circuit: the last segment scores
        self.orders: list[tuple[str, ...]] = []  # each segment's finishing order
        self.karma: dict[str, Zone] = {}
        self.begun = 0

    def label(self, index: int, setup: Setup | None = None) -> str:
        return f"{self.within}segment {index + 1}{')' if self.within else ''}"

    def over(self) -> bool:
        return len(self.orders) >= SEGMENTS

    def unfinished(self, index: int, state: Race) -> str:
        return not_crossed(state)

    def outcome(self) -> Outcome:
        if not self.over():
            return Outcome(None)
        return Outcome(self.orders[-1][0], order=self.orders[-1])

    def due_first(self, index: int) -> str | None:
        """The winner of the last segment (none before the first)."""
        return self.orders[index - 1][0] if index and len(self.orders) >= index else None

    def start(self, index: int, players: list[str], setup: Setup, first: str | None, note: Note) -> Race:
        self.begun = index + 1
        self._same(setup, note)
        winner = self.due_first(index)
        if winner is not None:
            if first is not None and first != winner:
                note(
                    "FIRST_PLAYER",
                    f"the winner of each segment goes first in the following segment: "
                    f"{winner} won segment {index}, so {winner} goes first, not {first}",
                )
            first = first or winner  # after a wrong first player, follow the log's turn order
        hands = setup.hands
        leg = Leg(self.label(index), self.points if index == SEGMENTS - 1 else 0)
        if winner is not None and first == winner:
            leg.opens = (
                f"{first} won segment {index}: the winner of each segment goes first in the following segment"
            )
        race = self.rules.begin(
            rotated(players, first or players[0]), setup.model_copy(update={"hands": {}}), leg, note
        )
        race.length = SEGMENT_LENGTH
        places = self.orders[index - 1] if index and len(self.orders) >= index else ()
        self._deal(race, hands, places, index, note)
        return race

    def _same(self, setup: Setup, note: Note) -> None:
        """A Rally is one race: the racers and sides chosen before it stay for every segment."""
        for what, now, then in (
            ("racer", setup.racers, self.setup.racers),
            ("side", setup.roles, self.setup.roles),
        ):
            for p in self.players:
                if now.get(p) != then.get(p):
                    note(
                        "SETUP",
                        f"a Rally is one race run in segments: {p}'s {what} is chosen before it "
                        f"({then.get(p)}) and stays, not {now.get(p)}",
                    )
        if setup.race != "rally":
            note("SETUP", f"every segment of a Rally is a Rally segment, not a {setup.race} race")

    def _deal(
        self, race: Race, hands: dict[str, list[str]], places: tuple[str, ...], index: int, note: Note
    ) -> None:
        """Hand size less last segment's place; Karma hands carried; both decks less what is held."""
        r = self.rules
        dealt: Counter[str] = Counter()
        for p, racer in race.racers.items():
            size = r.hand_size(racer)
            due = max(0, size - places.index(p) - 1) if p in places else size
            known = [n for n in hands.get(p, []) if r.card(n, note)]
            if p in hands and len(hands[p]) != due:
                why = (
                    f"hand size {size} less {places.index(p) + 1} for {nth(places.index(p) + 1)} place in "
                    f"segment {index}"
                    if p in places
                    else f"{p}'s hand size"
                )
                note("SETUP", f"{p} begins segment {index + 1} with {due} cards ({why}), not {len(hands[p])}")
            for name in known:
                if name not in r.main_total:
                    note("SETUP", f"{name} is a Fiendish Plot; Fiendish Plots are not dealt")
            racer.hand = Zone(Counter(known), max(0, due - len(hands.get(p, []))))
            carried = self.karma.get(p, Zone())
            racer.karma = Zone(Counter(carried.known), carried.unknown)
            dealt.update(known)
        carried = sum((k.known for k in self.karma.values()), Counter())
        for name in sorted(n for n in dealt + carried if (dealt + carried)[n] > r.total[n]):
            note("SETUP", f"{name} is dealt {(dealt + carried)[name]} times; the deck has {r.total[name]}")
        # a Villain's Karma hand is "composed exclusively of Fiendish Plot cards", a Hero's of draws
        unknown = Counter(
            race.racers[p].role == "villain" for p, k in self.karma.items() for _ in range(k.unknown)
        )
        main = +Counter({n: c for n, c in carried.items() if n in r.main_total})
        plots = +Counter({n: c for n, c in carried.items() if n in r.plot_total})
        in_hands = sum(x.hand.size for x in race.racers.values())
        race.deck = Pile(max(0, sum(r.main_total.values()) - in_hands - sum(main.values()) - unknown[False]))
        if not any(x.hand.unknown for x in race.racers.values()) and not unknown[False]:
            race.deck.cards = +(r.main_total - dealt - main)
        race.plots = Pile(max(0, sum(r.plot_total.values()) - sum(plots.values()) - unknown[True]))
        if not unknown[True]:
            race.plots.cards = +(r.plot_total - plots)

    def finish(self, index: int, state: Race, note: Note) -> None:
        self.orders.append(tuple(state.crossed))
        self.karma = {p: Zone(Counter(x.karma.known), x.karma.unknown) for p, x in state.racers.items()}

    def shared(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The racers and sides; each race is dealt its own hands."""
        return {k: v for k, v in setup.items() if k != "hands"}

    def random_race(self, index: int, players: list[str], rng: random.Random) -> dict[str, Any] | None:
        """The segment's deal: each racer's due number of cards from a deck without the Karma cards."""
        if self.over():
            return None
        held = sum((k.known for k in self.karma.values()), Counter())
        return {
            "hands": deal(
                self.rules, self.setup.racers, players, self.orders[-1] if self.orders else (), held, rng
            )
        }
