"""What a game's rules model provides, and the records the engine hands it.

A game subclasses :class:`Rules` in ``carddata/<game>/rules.py`` and exports it as ``RULES``.
The engine (``replay``) checks turn order, turn numbers, the end and the result; the game
checks everything else and reports it with ``note(CODE, message)``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel

from generator.load.model import Card, Game
from generator.rules.zones import Draws, Zone
from generator.schema.common import Strict
from generator.schema.messages import suggest

Note = Callable[[str, str], None]
"""``note(code, message)``: report a rule broken by the entry being applied."""


@dataclass(frozen=True)
class Entry:
    """One validated log entry: the envelope and the action's own fields (``data``)."""

    index: int
    line: int
    turn: int
    player: str
    action: str
    data: BaseModel
    note: str | None = None


@dataclass(frozen=True)
class Expect:
    """Who may write the next entry, and which actions each may write.

    ``waivable`` moves are optional responses (escapes, counter-attacks): an entry whose action
    is not one of the game's ``responses`` closes them, and the engine asks again. ``why`` says
    why a player cannot act now (shown with a turn-order violation), ``because`` why an action
    is someone else's.
    """

    moves: Mapping[str, frozenset[str]]
    waivable: bool = False
    why: Mapping[str, str] = field(default_factory=dict)
    because: Mapping[str, str] = field(default_factory=dict)
    """Per action: who may take it now and why, in the rulebook's words (replaces the list of
    every player's moves in the message when someone else takes it)."""

    def allows(self, player: str, action: str) -> bool:
        return action in self.moves.get(player, frozenset())

    def describe(self) -> str:
        if not self.moves:
            return "nobody may act"
        parts = [f"{p} ({' or '.join(sorted(a))})" for p, a in self.moves.items()]
        return "expected " + ", ".join(parts)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: its winner (None when nobody won yet, or when the win is shared), the
    players who share a win (``shared``, seat order; empty otherwise), scores where kept and
    the finishing order (``order``, first first) where the rules rank everyone."""

    winner: str | None
    scores: Mapping[str, int | float] | None = None
    shared: tuple[str, ...] = ()
    order: tuple[str, ...] = ()

    @property
    def winners(self) -> tuple[str, ...]:
        """Everyone who won: the one winner, the players sharing the win, or nobody."""
        return (self.winner,) if self.winner is not None else self.shared


class NoSetup(Strict):
    """The setup of a game that records none."""


Option = tuple[float, dict[str, Any] | None]
"""A weighted choice for random playthroughs: an entry (``player``, ``action`` and fields,
hidden ones included), or None to let the open responses lapse."""

Weighed = tuple[list[float], Callable[[int], dict[str, Any] | None]]
"""The options of a move before their entries are made: their weights in order, and a function
giving option ``i``'s entry (a new dict, or None), asked at most once per ``i`` (see
:meth:`Rules.weighed`)."""


class Rules:
    """Base class of a game's rules model. Subclasses fill in the methods marked below."""

    actions: ClassVar[dict[str, type[BaseModel]]] = {}
    responses: ClassVar[frozenset[str]] = frozenset()
    setup_model: ClassVar[type[BaseModel]] = NoSetup
    hidden: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Per action (and ``setup``): fields a log written at the table may leave out."""
    optional_actions: ClassVar[frozenset[str]] = frozenset()
    """Actions a table log may leave out altogether (such as declining to respond)."""
    longest_game: ClassVar[int] = 800
    """Entries after which a simulated game is cut off as endless (a long game raises it)."""
    parameters: ClassVar[dict[str, str]] = {}
    """Rule parameters a variant may set (``rules: {name: value}``): name -> what it is. Each is
    an attribute of the rules model (its class value the default) that the rules read."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cards: dict[str, Card] = {}
        self.total: Counter[str] = Counter()
        self.chance: random.Random | None = None  # set by random playthroughs
        self.last_draws: Draws | None = None
        for card in game.all_cards():
            self.cards.setdefault(card.name, card)
            self.total[card.name] += card.count

    def parameter_range(self, name: str, players: int) -> tuple[int, int] | None:
        """The values rule parameter ``name`` may take with ``players`` players (None: any the
        type allows); a variant's value outside is refused before a game is played."""
        return None

    def player_range(self) -> tuple[int, int] | None:
        """How many may play, from ``players:`` in game.yaml ('3-8', '2'); None if not given."""
        spec = self.game.extra.get("spec")
        found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", (spec.players or "") if spec else "")
        if not found:
            return None
        low = int(found.group(1))
        return low, int(found.group(2) or low)

    def card(self, name: str, note: Note) -> Card | None:
        """The card called ``name``; reports UNKNOWN_CARD (with a suggestion) when there is none."""
        card = self.cards.get(name)
        if card is None:
            note("UNKNOWN_CARD", f"there is no card called '{name}'{suggest(name, self.cards)}")
        return card

    def deal(
        self,
        players: list[str],
        recorded: Mapping[str, list[str]],
        size: int,
        note: Note,
        also: Counter[str] | None = None,
    ) -> dict[str, Zone]:
        """Hands of ``size`` cards: known where the setup records them, unknown elsewhere.

        Reports SETUP when a recorded hand has the wrong size or names someone not playing, or
        when more copies are dealt (with the known cards ``also`` laid out) than the deck has.
        """
        made: dict[str, Zone] = {}  # the recorded hands
        total = self.total
        for player, names in recorded.items():
            if player not in players:
                note("SETUP", f"a hand is recorded for '{player}', who is not among the players")
                continue
            if len(names) != size:
                note("SETUP", f"{player} is dealt {len(names)} cards; everyone is dealt {size}")
            if all(n in total for n in names):  # every name a card of the deck (total counts cards)
                known = Counter(names)
            else:
                known = Counter(n for n in names if self.card(n, note) and n in total)
            made[player] = Zone(known, max(0, size - len(names)))
        hands = {p: made[p] if p in made else Zone(unknown=size) for p in players}  # (seat order)
        dealt = Counter(also or {})
        for hand in made.values():  # (copies, not a mapping: counted in C, not key by key)
            dealt.update(hand.known.elements())
        for name in sorted(n for n, k in dealt.items() if k > total.get(n, 0)):
            note("SETUP", f"{name} is dealt {dealt[name]} times; the deck has {self.total[name]}")
        return hands

    def draw_from(
        self,
        pile: Zone,
        hand: Zone,
        unseen: Counter[str],
        draws: Draws,
        note: Note,
        what: str,
        lookup: Callable[[str, Note], Card | None] | None = None,
    ) -> None:
        """Move the next drawn card from ``pile`` (a remade pile holds exactly its known cards)
        into ``hand``; reports CARD_UNAVAILABLE when the named card cannot be in the pile.
        ``lookup`` finds the card by name (``self.card`` unless the game narrows it)."""
        name = draws.next(lambda: pile.pool(unseen))  # the pool is needed only to pick a card
        card = (lookup or self.card)(name, note) if name is not None else None
        why = pile.take(card.name if card else None, unseen, what)
        if why and card is not None:
            note("CARD_UNAVAILABLE", f"{name} cannot be drawn: {why}")
        hand.add(card.name if card else None)

    def take(
        self,
        hand: Zone,
        name: str | None,
        unseen: Counter[str] | Callable[[], Counter[str]],
        note: Note,
        who: str,
        verb: str = "play",
    ) -> None:
        """Take a card from a hand, reporting NOT_IN_HAND when it cannot be there (see Zone.take;
        ``unseen`` may be a function, called only when the card is not a known one)."""
        why = hand.take(name, unseen)
        if why and name is not None:
            note("NOT_IN_HAND", f"{who} cannot {verb} {name}: {why}")

    def draws(self, names: list[str] | str | None) -> Draws:
        """The draws of the entry being applied (see :class:`Draws`); remembered for playthroughs."""
        self.last_draws = Draws(names, self.chance)
        return self.last_draws

    def record_draws(self, names: list[str]) -> Any:
        """How an entry's ``drew`` field writes the cards drawn (a list by default)."""
        return names

    # -- replay: every game implements these -------------------------------------------------

    def start(self, players: list[str], setup: Any, note: Note) -> Any:
        """The state before the first entry (``setup`` is a ``setup_model`` instance)."""
        raise NotImplementedError

    def expected(self, state: Any) -> Expect:
        raise NotImplementedError

    def apply(self, state: Any, entry: Entry, note: Note) -> None:
        """Apply an entry, reporting every rule it breaks; keep going whatever happens."""
        raise NotImplementedError

    def close(self, state: Any, note: Note) -> None:
        """Nobody takes up the open responses: settle what they would have decided."""

    def turn(self, state: Any) -> int:
        """The number of the turn in progress (1 for the first)."""
        raise NotImplementedError

    def over(self, state: Any) -> bool:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome:
        raise NotImplementedError

    def series(self, players: list[str], setup: Any, note: Note) -> Any:
        """Several races in one log (``races:``): a :class:`generator.rules.series.Series` that
        starts each race and carries scores between them; None (the default) when the setup is
        not one the game plays as several races (the game notes why)."""
        note("SERIES", f"{self.game.name} records one game a log; write it under 'log', not 'races'")
        return None

    # -- random playthroughs -----------------------------------------------------------------

    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        """A random setup with everything recorded (dealt hands and the like)."""
        return {}

    def options(self, state: Any, rng: random.Random) -> list[Option]:
        """The legal next entries, chance (draws) already decided with ``rng``."""
        raise NotImplementedError

    def weighed(self, state: Any, rng: random.Random) -> Weighed:
        """Optional, for the random policy: ``options(state, rng)`` with each entry made only when
        asked for. A game that overrides it draws the same numbers from ``rng`` here as
        ``options`` does, and gives the same weights and entries (its ``options`` is best made
        from it: :func:`options_of`); random playthroughs then make only the chosen option's entry
        (``generator.rules.playthrough.played``). The default asks ``options``."""
        options = self.options(state, rng)
        return [w for w, _ in options], lambda i: options[i][1]


def options_of(weighed: Weighed) -> list[Option]:
    """Every option of a :meth:`Rules.weighed` answer, with its entry: what ``options`` gives."""
    weights, entry = weighed
    return [(w, entry(i)) for i, w in enumerate(weights)]
