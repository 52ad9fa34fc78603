"""The Jaunty Jalopies rules model: setup, whose move it is, card movement, the end.

Section names in comments are the rulebook's (second edition). The moves themselves are in
``moves.py``; random playthrough options in ``options.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar

from generator.load.model import Card
from generator.rules import Expect, Note, Outcome, Rules, Zone, unseen
from generator.rules.chance import below
from generator.rules.zones import pick_in_order
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
        if entry.player == s.current or entry.action in TURN_ACTIONS:
            s.advance()
        getattr(self, "_" + entry.action)(s, s.racers[entry.player], entry.data, note)

    # -- cards moving ------------------------------------------------------------------------------

    def on_table(self, s: Race) -> Counter[str]:
        """Every card face up on the table: the course, terrain, retained cards, plots in play
        (``Race.table``, counted as cards come and go: a long log costs no walk over the table)."""
        return +s.table

    def unseen(self, s: Race) -> Counter[str]:
        zones = [r.hand.known for r in s.racers.values()] + [r.karma.known for r in s.racers.values()]
        return unseen(self.total, [*zones, self.on_table(s), s.deck.discard, s.plots.discard])

    def pool(self, s: Race, plots: bool = False) -> Counter[str]:
        """The cards the draw pile (or Fiendish Plot pile) may hold."""
        total = self.plot_total if plots else self.main_total
        return Counter({n: c for n, c in self.unseen(s).items() if n in total})

    def draw_into(self, s: Race, zone: Zone, draws: Any, count: int, plots: bool = False) -> int:
        """Draw ``count`` cards (reshuffling when the pile runs out); returns how many were drawn."""
        pile = s.plots if plots else s.deck
        chance, total, known = draws.chance, self.total, zone.known
        drawn = 0
        while drawn < count:
            if not pile.count:
                pile.refill()
                if not pile.count:
                    break
            names, cards, copies = draws.names, pile.cards, None
            if chance is not None and not (names is not None and draws.used < len(names)):
                copies = pile.in_order() if cards else None
                if copies:  # (only random playthroughs pick) a pile in name order: picked here
                    name = copies.pop(below(chance, len(copies)))  # as pick_in_order picks it,
                    draws.names, draws.used = [*(names or ()), name], draws.used + 1  # recorded as
                elif cards:  # Draws.next would
                    name = pick_in_order(cards, chance)
                    draws.names, draws.used = [*(names or ()), name], draws.used + 1
                else:
                    name = draws.next(cards if cards is not None else self.pool(s, plots))
            else:
                name = draws.next(NOTHING)
            pile.count -= 1
            if not copies:
                pile.copies_of = None  # (the copies follow the cards only through random draws)
            if cards is not None:
                have = cards.get(name, 0) if name else 0
                if have > 1:
                    cards[name] = have - 1
                elif have:
                    del cards[name]
                else:
                    pile.cards = None  # an unknown or impossible draw: the pile is no longer known
            if name in total:  # (Zone.add, in line: a draw is the commonest step of a race)
                known[name] = known.get(name, 0) + 1
            else:
                zone.unknown += 1
            drawn += 1
        return drawn

    def take_card(
        self, s: Race, racer: Racer, name: str, note: Note, verb: str = "play", karma: bool = True
    ) -> Card | None:
        """Take a card from the racer's Karma hand (if known there and ``karma``) or hand."""
        card = self.cards.get(name)
        if card is not None:  # a card known where it is taken from: taken in line
            karmic = (karma and racer.karma.known.get(name, 0) > 0) or card.type == "fiendish"
            known = racer.karma.known if karmic else racer.hand.known
            have = known.get(name, 0)
            if have > 0:
                if have == 1:
                    del known[name]
                else:
                    known[name] = have - 1
                return card
        card = self.card(name, note)
        if (
            card is not None and karma and racer.karma.known.get(name, 0) > 0
        ):  # (Zone.holds: a missing name is Python code)
            racer.karma.take(name, NOTHING)
            return card
        zone = racer.karma if card is not None and card.type == "fiendish" else racer.hand
        known = card is not None and zone.known.get(name, 0) > 0
        why = zone.take(name if card else None, NOTHING if known else lambda: self.unseen(s))
        if why and card is not None:
            where = "Karma hand" if zone is racer.karma else "hand"
            note("NOT_IN_HAND", f"{racer.player} cannot {verb} {name}: {why.replace('hand', where)}")
        return card

    def discard_held(
        self, s: Race, racer: Racer, names: list[str], note: Note, verb: str = "discard", karma: bool = True
    ) -> None:
        """``take_card`` each of ``names`` and discard the ones taken: a card known in the hand
        (and not in the Karma hand, where ``take_card`` would look first) taken in line."""
        hand, types, plot_total = racer.hand.known, self._types, self.plot_total
        first = racer.karma.known if karma else NOTHING
        for name in names:
            have = hand.get(name, 0)
            if have > 0 and not first.get(name, 0) and types.get(name, "fiendish") != "fiendish":
                if have == 1:
                    del hand[name]
                else:
                    hand[name] = have - 1
                pile = (s.plots if name in plot_total else s.deck).discard
                pile[name] = pile.get(name, 0) + 1
            elif self.take_card(s, racer, name, note, verb, karma):
                self.discard(s, [name])

    def discard(self, s: Race, cards: list[Card | str]) -> None:
        for c in cards:
            name = c if isinstance(c, str) else c.name
            pile = (s.plots if name in self.plot_total else s.deck).discard
            pile[name] = pile.get(name, 0) + 1

    def pay(self, s: Race, racer: Racer, names: list[str], section: int, what: str, note: Note) -> None:
        """Discard ``names`` for the penalty of entering ``section`` (Rules of the Road); a racer
        who may ignore a Terrain card once a turn may pay the penalty without it."""
        due = s.penalty(racer, section)
        if len(names) != due:
            ignoring = s.penalty(racer, section, ignore_terrain=True)
            if len(names) == ignoring and racer.power("ignore_terrain") and not s.terrain_ignored:
                s.terrain_ignored = True
            else:
                note("PENALTY", f"{what} costs a discard penalty of {due}; {racer.player} paid {len(names)}")
        self.discard_held(s, racer, names, note)

    def kinds(self, card: Card | None) -> tuple[str, ...]:
        return self._kinds[card.name] if card else ()

    def hand_size(self, racer: Racer) -> int:
        return racer.hand_size(self.base_hand)

    def draw_rate(self, racer: Racer) -> int:
        return racer.draw_rate(self.base_draw)
