"""The state of a standard race: racers, piles, the course (the entry models are in ``entries``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generator.load.model import Card
from generator.rules import Zone

from .powers import Ability, sidekick_name


@dataclass
class Plot:
    """A Mishap, Sub-Plot or lasting Fiendish Plot in play against a racer."""

    card: Card
    needs: list[str]
    by: str
    under: list[str] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.card.type


@dataclass
class Pawn:
    """A racer's pawn: the section it stands on (0 = the Starting Line). Partners share one."""

    pos: int = 0


_NONE: dict[str, Any] = {}


@dataclass
class Racer:
    player: str
    sheet: Card | None
    role: str
    hand: Zone
    karma: Zone = field(default_factory=Zone)
    pawn: Pawn = field(default_factory=Pawn)
    plots: list[Plot] = field(default_factory=list)
    retained: list[Card] = field(default_factory=list)
    abilities: bool = True  # the main Special Abilities work (Endurance: while the sheet is face up)
    used: Counter[str] = field(default_factory=Counter)  # abilities used this race, by name
    penalties: Counter[str] = field(default_factory=Counter)  # cards discarded to penalties
    effects: Counter[str] = field(default_factory=Counter)  # the lasting cards' effects added up
    kinds: Counter[str] = field(default_factory=Counter)  # plots in play by kind
    own: tuple[int, int] = field(init=False, repr=False, compare=False)  # the sheet's hand, draw
    written: Any = field(default=None, repr=False, compare=False)  # ability_options.Written

    def __post_init__(self) -> None:
        fields = self.sheet.fields if self.sheet else _NONE  # (read once: asked at every move)
        self.own = (fields.get("hand") or 0, fields.get("draw") or 0)

    def holds(self, card: Card, sign: int = 1) -> None:
        """A lasting card (a plot in play, a retained card) comes (1) or goes (-1): its effects
        are added up as it does, so a racer with a long list of plots costs no walk over them."""
        for key, value in (card.get("effect") or {}).items():
            if isinstance(value, int | float) and value:  # (a bool counts as 1, like a sum of them)
                self.effects[key] += sign * value

    def power(self, key: str) -> object:
        """What the racer sheet's ``powers`` (its Special Ability, as the replay checks it) say."""
        return ((self.sheet.fields.get("powers") if self.sheet and self.abilities else None) or {}).get(key)

    @property
    def pos(self) -> int:
        return self.pawn.pos

    @pos.setter
    def pos(self, value: int) -> None:
        self.pawn.pos = value

    @property
    def sidekick(self) -> str | None:
        """The Sidekick's name, as a log writes it (the sheet's text before the comma)."""
        return sidekick_name(self.sheet.get("sidekick") if self.sheet else None)

    def lasting(self) -> list[Card]:
        return [p.card for p in self.plots] + self.retained

    def bonus(self, key: str) -> int:
        return self.effects.get(key, 0)  # (a Counter's own lookup of a missing key is Python code)

    @property
    def subplot(self) -> Plot | None:
        if not self.kinds.get("subplot"):
            return None
        return next((p for p in self.plots if p.kind == "subplot"), None)

    @property
    def stalled(self) -> bool:
        return self.effects.get("stall", 0) > 0

    def hand_size(self, base: int) -> int:
        """A sheet's own hand size is one of its Special Abilities ("Sample Case: your hand size is 7")."""
        own = self.sheet.fields.get("hand") if self.sheet and self.abilities else None
        return max(0, (own or base) + self.bonus("hand"))

    def draw_rate(self, base: int) -> int:
        own = self.sheet.fields.get("draw") if self.sheet and self.abilities else None
        return max(0, (own or base) + self.bonus("draw_rate"))

    def sizes(self, hand: int, draw: int) -> tuple[int, int]:
        """``hand_size(hand)`` and ``draw_rate(draw)`` at once (asked at every move)."""
        own_hand, own_draw = self.own if self.abilities else (0, 0)
        effects = self.effects
        return (
            max(0, (own_hand or hand) + effects.get("hand", 0)),
            max(0, (own_draw or draw) + effects.get("draw_rate", 0)),
        )


@dataclass
class Section:
    card: Card
    terrain: Card | None = None


@dataclass
class Pile:
    """A deck: how many cards are in the draw pile, and the known discards."""

    count: int
    discard: Counter[str] = field(default_factory=Counter)
    discard_unknown: int = 0
    reshuffles: int = 0
    cards: Counter[str] | None = None  # the pile's cards, while every card drawn is known
    copies: list[str] = field(default_factory=list, repr=False, compare=False)  # see in_order
    copies_of: Counter[str] | None = field(default=None, repr=False, compare=False)

    def in_order(self) -> list[str] | None:
        """Every copy in ``cards``, in its order: a random draw takes the one at a random index
        (what ``zones.pick_in_order`` picks for the same number) and removes it, so the list is
        made once per ``cards`` and not walked at every draw. None when a count is not positive."""
        cards = self.cards
        if self.copies_of is not cards:
            if not cards or min(cards.values()) <= 0:
                return None
            self.copies, self.copies_of = list(cards.elements()), cards
        return self.copies

    def refill(self) -> None:
        if self.count == 0 and (self.discard or self.discard_unknown):
            self.count = sum(self.discard.values()) + self.discard_unknown
            self.cards = None if self.discard_unknown else Counter(dict(sorted(self.discard.items())))
            self.discard.clear()
            self.discard_unknown = 0
            self.reshuffles += 1


@dataclass
class Race:
    players: list[str]
    racers: dict[str, Racer]
    deck: Pile
    plots: Pile
    length: int
    course: list[Section] = field(default_factory=list)
    seat: int = 0
    turn: int = 1
    ended: bool = False  # the Draw Phase is over; the next entry starts the next turn
    acted: bool = False
    rested: bool = False
    fiendish_played: bool = False
    terrain_ignored: bool = False  # a racer with ``ignore_terrain`` used it this turn
    used_turn: set[tuple[str, str]] = field(default_factory=set)  # (player, ability) used this turn
    using: Ability | None = None  # the ability written on the entry being replayed
    completed: list[str] = field(default_factory=list)
    resolved: dict[str, tuple[str, str]] = field(default_factory=dict)  # Sub-Plot -> (resolver, target)
    winner: str | None = None
    endurance: bool = False  # the unused Character sheet turns over as the first racer begins a turn
    partners: dict[str, str] = field(default_factory=dict)  # Partner/Team race: each racer's partner
    team: bool = False  # Team race: the race goes on until a team's second pawn crosses
    crossed: list[str] = field(default_factory=list)  # racers whose pawn crossed the Finish Line
    leg: Any = None  # one race of a Rally or Circuit (races.Leg): on until every pawn has crossed
    sidekicks: bool | None = None  # some racer's sheet Negates by an ability (None: not yet asked)
    table: Counter[str] = field(default_factory=Counter)  # the cards face up, counted as they move

    def lay(self, *names: str) -> None:
        """Cards put face up on the table (course, terrain, retained, plots and cards under them):
        counted as they come and go, so what is unseen costs no walk over the table."""
        table = self.table
        for name in names:  # (Counter.update asks whether ``names`` is a Mapping: slowly)
            table[name] = table.get(name, 0) + 1

    def add_plot(self, racer: Racer, plot: Plot, at: int | None = None) -> None:
        """Put ``plot`` in play against ``racer`` (at the end, or back at ``at``)."""
        racer.plots.insert(len(racer.plots) if at is None else at, plot)
        self.lay(plot.card.name, *plot.under)
        racer.holds(plot.card)
        racer.kinds[plot.kind] += 1

    def unplot(self, racer: Racer, plot: Plot) -> list[str]:
        """Take ``plot`` out of play against ``racer``: its card and the cards under it."""
        racer.plots.remove(plot)
        names = [plot.card.name, *plot.under]
        table = self.table
        for name in names:
            table[name] = table.get(name, 0) - 1
        racer.holds(plot.card, -1)
        racer.kinds[plot.kind] -= 1
        return names

    def retain(self, racer: Racer, card: Card) -> None:
        """A card the racer Retains: face up before the racer, its effects lasting."""
        racer.retained.append(card)
        self.table[card.name] += 1
        racer.holds(card)

    @property
    def current(self) -> str:
        return self.players[(self.seat + self.ended) % len(self.players)]

    def advance(self) -> None:
        """Start the next racer's turn (clockwise) once the last one's Draw Phase is over."""
        if self.ended:
            self.seat = (self.seat + 1) % len(self.players)
            self.turn += 1
            self.ended = self.acted = self.rested = self.fiendish_played = self.terrain_ignored = False
            self.completed, self.resolved, self.used_turn = [], {}, set()
            if self.endurance and self.seat == 0:
                self.turn_sheet()

    def turn_sheet(self) -> None:
        """Endurance: "Every time the Racer who went first begins a turn, the unused Character
        sheet is turned over"; face up, only main Special Abilities work, face down only Sidekick
        Abilities."""
        for racer in self.racers.values():
            racer.abilities = not racer.abilities

    def power(self, key: str) -> object:
        """What the ability written on the entry being replayed says about ``key`` (or None)."""
        return self.using.powers.get(key) if self.using else None

    def penalty(self, racer: Racer, section: int, ignore_terrain: bool = False) -> int:
        """The discard penalty ``racer`` pays to enter section ``section`` (1-based); a Terrain
        card named in the racer's ``free_terrain`` adds nothing, and ``ignore_terrain`` leaves
        the Terrain out altogether (the racer's ``ignore_terrain`` power). An ability written
        on the move may take cards off (``penalty_less``) or leave a plot's penalty out
        (``free_plots``)."""
        if section == 0:
            return 0
        s = self.course[section - 1]
        terrain, change = s.terrain, 0
        if terrain is not None:
            if not ignore_terrain:
                change = terrain.fields.get("terrain") or 0
            if terrain.name in (racer.power("free_terrain") or ()):
                change = min(0, change)  # "cost you nothing extra"
        if self.using is not None:  # (an ability written on the move being replayed)
            free = self.power("free_plots") or ()
            freed = [p.card for p in racer.plots if p.card.name in free] if free else []
            change -= sum((c.get("effect") or {}).get("penalty") or 0 for c in freed)
        due = (s.card.fields.get("penalty") or 0) + change + racer.effects.get("penalty", 0)
        return max(0, due - int(self.power("penalty_less") or 0)) if self.using is not None else max(0, due)
