"""The Jaunty Jalopies rules model: setup, whose move it is, the end.

Section names in comments are the rulebook's (second edition). Cards moving (draws, discards,
penalties) are in ``piles.py``, the moves themselves in ``moves.py``; random playthrough
options in ``options.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar

from generator.load.model import Card
from generator.rules import Expect, Note, Outcome, Rules, Zone
from generator.schema.common import Strict

from .cards import DRAW_RATE, HAND_SIZE, race_length
from .entries import Attack, DrawPhase, Drive, Meet, Negate, Play, Rest, Road, Setup, Terrain, Use
from .state import Pile, Race, Racer

TURN_ACTIONS = frozenset(
    {
        "road",
        "drive",
        "terrain",
        "mishap",
        "subplot",
        "fiendish",
        "meet",
        "retain",
        "experience",
        "rest",
        "draw",
        "use",
    }
)
ANY_TIME = frozenset({"special", "negate"})  # Special: "may be played at any time"; Negate likewise
NOTHING: Counter[str] = Counter()  # no cards: read, never changed (a Counter() made per draw costs)


def by_name(cards: Iterable[Card]) -> Counter[str]:
    """The copies of each card, in name order: so are the piles made from them, and a draw's pick
    (which sorts the names) sorts them faster."""
    return Counter(dict(sorted({c.name: c.count for c in cards}.items())))


class Base(Rules):
    longest_game: ClassVar[int] = 3000  # six racers' races run past the default cap
    parameters: ClassVar[dict[str, str]] = {
        "base_hand": "a racer's hand size where its sheet gives none (the rulebook's 6)",
        "base_draw": "cards a racer draws in the Draw phase where its sheet gives none (2)",
    }
    base_hand: int = HAND_SIZE
    base_draw: int = DRAW_RATE

    def parameter_range(self, name: str, players: int) -> tuple[int, int] | None:
        """A racer holds and draws at least one card; a deal cannot use more than the deck."""
        most = sum(self.main_total.values()) // max(1, players)
        return (1, most) if name in ("base_hand", "base_draw") else None

    actions: ClassVar[dict[str, type[Strict]]] = {
        "road": Road,
        "drive": Drive,
        "terrain": Terrain,
        "mishap": Attack,
        "subplot": Attack,
        "fiendish": Attack,
        "meet": Meet,
        "retain": Play,
        "experience": Play,
        "special": Play,
        "negate": Negate,
        "rest": Rest,
        "draw": DrawPhase,
        "use": Use,
    }
    setup_model = Setup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {
        "setup": ("hands",),
        # a Hero's Karma draw (meet) stays recorded: the table must know which hand a card leaves
        **{a: ("drew",) for a in ("mishap", "experience", "special", "rest", "draw", "use")},
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.main_total: Counter[str] = by_name(game.deck("cards").cards)
        self.plot_total: Counter[str] = by_name(game.deck("plots").cards)
        self.sheets: dict[str, Card] = {c.name: c for c in game.deck("racers").cards}
        self._kinds = {n: tuple(c.get("kinds") or ()) for n, c in self.cards.items()}
        self._negates = {n: tuple(c.get("negates") or ()) for n, c in self.cards.items()}
        self._types = {n: c.type for n, c in self.cards.items()}
        self._retains = frozenset(n for n, c in self.cards.items() if c.get("retain"))
        self._drawing = frozenset(  # Special cards whose effect draws
            n for n, c in self.cards.items() if c.type == "special" and (c.get("effect") or {}).get("draw")
        )

    # -- setup (Character Selection, The Decks) ---------------------------------------------------

    def start(self, players: list[str], setup: Setup, note: Note) -> Race:
        racers: dict[str, Racer] = {}
        dealt: Counter[str] = Counter()
        for p in players:
            sheet = self.sheets.get(setup.racers.get(p, ""))
            if p not in setup.racers:
                note("SETUP", f"no racer sheet is recorded for {p} (setup.racers)")
            elif sheet is None:
                note("SETUP", f"there is no racer called '{setup.racers[p]}'")
            if p not in setup.roles:
                note("SETUP", f"{p} has no side recorded (setup.roles: hero, villain or neutral)")
            racer = Racer(p, sheet, setup.roles.get(p, "neutral"), Zone())
            size = racer.hand_size(self.base_hand)
            known = [n for n in setup.hands.get(p, []) if self.card(n, note)]
            if p in setup.hands and len(setup.hands[p]) != size:
                note("SETUP", f"{p} is dealt {len(setup.hands[p])} cards; {p}'s hand size is {size}")
            for name in known:
                if name not in self.main_total:
                    note("SETUP", f"{name} is a Fiendish Plot; Fiendish Plots are not dealt")
            racer.hand = Zone(Counter(known), max(0, size - len(setup.hands.get(p, []))))
            dealt.update(known)
            racers[p] = racer
        for p in setup.racers.keys() - set(players):
            note("SETUP", f"a racer is recorded for '{p}', who is not among the players")
        for name in sorted(n for n in dealt if dealt[n] > self.total[n]):
            note("SETUP", f"{name} is dealt {dealt[name]} times; the deck has {self.total[name]}")
        in_hands = sum(r.hand.size for r in racers.values())
        deck = Pile(max(0, sum(self.main_total.values()) - in_hands))
        if not any(r.hand.unknown for r in racers.values()):
            get = dealt.get  # (the deck less the hands: ``+(main_total - dealt)``, in its order)
            deck.cards = Counter({n: c - get(n, 0) for n, c in self.main_total.items() if c > get(n, 0)})
        plots = Pile(sum(self.plot_total.values()), cards=Counter(self.plot_total))
        partners: dict[str, str] = {}
        if setup.race in ("partner", "team"):  # "Partners must sit across from each other at the table"
            half = len(players) // 2
            if len(players) not in (4, 6):
                note("SETUP", f"a {setup.race.title()} race needs four or six players, not {len(players)}")
            else:
                for a, b in zip(players[:half], players[half:], strict=True):
                    partners |= {a: b, b: a}
                    if setup.race == "partner":  # one pawn per partnership
                        racers[b].pawn = racers[a].pawn
        # the course is as long as for the number of Racers, not pawns: Rules of the Road counts
        # Racers ("the twelfth in a four or more Racer game"), and Partner Racing calls each
        # driver of a shared pawn a Racer ("each car is driven by two professional Racers")
        race = Race(
            list(players),
            racers,
            deck,
            plots,
            race_length(len(players)),
            partners=partners,
            team=setup.race == "team" and bool(partners),
        )
        if setup.race == "endurance":  # hands are dealt by the sheets, then the first turn begins
            race.endurance = True
            race.turn_sheet()
        return race

    # -- turn order (Sequence of Play) -------------------------------------------------------------

    def expected(self, s: Race) -> Expect:
        if s.winner:
            return Expect({})
        moves = {p: ANY_TIME for p in s.players}
        moves[s.current] = TURN_ACTIONS | ANY_TIME
        # Sequence of Play: racers take turns; out of turn only a Special or a Negate ("at any time")
        why = {
            p: f"it is {s.current}'s turn; out of turn a racer may only play a Special or Negate"
            for p in s.players
            if p != s.current
        }
        return Expect(moves, why=why)

    def turn(self, s: Race) -> int:
        return s.turn

    def over(self, s: Race) -> bool:
        return s.winner is not None

    def outcome(self, s: Race) -> Outcome:
        if s.winner in s.partners:  # the partnership whose pawn won shares the win
            both = {s.winner, s.partners[s.winner]}
            return Outcome(None, shared=tuple(p for p in s.players if p in both))
        return Outcome(s.winner)

    def apply(self, s: Race, entry: Any, note: Note) -> None:
        if entry.action in TURN_ACTIONS or entry.player == s.current:
            s.advance()
        getattr(self, "_" + entry.action)(s, s.racers[entry.player], entry.data, note)
