"""The table during a game: cars, the part pile, the time markers and the turn in progress."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .route import Square

SLOT_FAULTS = 3  # "The basic car has 4 times 3 faults = 12 faults."
SLOTS = ("bonnet", "roof", "doors", "wings")
PART_COST = 3  # "Each car part costs 3 dice points."
MAX_REPAIR = 20  # "No player may collect more than 20 repair points."
KEEP = 2  # "The player may retain up to two face down parts"
COLOURS = ("red", "yellow", "green", "blue", "white", "black")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
GERMAN = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)


@dataclass
class Car:
    player: str
    colour: str
    square: Square
    came: tuple[int, int] | None = None  # the road a node square was reached by
    repair: int = 0
    attached: dict[str, str] = field(default_factory=dict)  # slot -> part name
    hidden: list[str] = field(default_factory=list)  # face-down parts beside the car card
    scores: dict[int, int] = field(default_factory=dict)  # meet number -> points
    checked: set[str] = field(default_factory=set)  # "tuev", "asu": done (passed, failed or sent)
    passed: int = 0  # checks passed at their station


@dataclass(slots=True)
class Turn:
    """The turn in progress: the roll, the dice points left, what was done."""

    player: str
    roll: int
    left: int
    grey: bool = False
    due: int = 0  # time-marker steps owed at the end of the turn
    stole: bool = False
    exchanged: bool = False
    timed: bool = False


@dataclass
class Table:
    players: list[str]
    cars: dict[str, Car]
    pile: set[str]
    time: int = 0  # steps the markers have made; 0: not on the board yet
    turns: int = 0
    turn: Turn | None = None
    ended: bool = False
    order: list[str] | None = None  # the pile top first, while a log records it (pile.py)
    periods: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # "the number of spaces used in the right hand column is equal to the number of players"
        self.periods = min(len(self.players), 6)

    def month(self, time: int | None = None) -> int:
        """The month (1-12) at ``time`` steps; 13 once December is over. Before the first step the
        markers are off the board and it is January."""
        t = self.time if time is None else time
        return 1 if t <= 0 else (t - 1) // self.periods + 1

    def when(self, time: int | None = None) -> str:
        """The markers as a log writes them: 'Apr 3', 'end' after December, 'off' before the first step."""
        return _when(self.periods, self.time if time is None else time)

    def next_player(self) -> str:
        if self.turn is None:
            return self.players[0]
        return self.players[(self.players.index(self.turn.player) + 1) % len(self.players)]


def faults(car: Car, part_faults: dict[str, int]) -> int:
    """ "The total number of faults is always the sum of the four visible fault numbers" """
    return sum(part_faults[p] for p in car.attached.values()) + SLOT_FAULTS * (len(SLOTS) - len(car.attached))


@functools.cache
def _when(periods: int, t: int) -> str:
    """:meth:`Table.when` of ``t`` steps with ``periods`` periods a month (a few hundred in all)."""
    if t <= 0:
        return "off"
    if (t - 1) // periods + 1 > 12:
        return "end"
    return f"{MONTHS[(t - 1) // periods]} {(t - 1) % periods + 1}"


@functools.lru_cache(maxsize=4096)
def parse_when(text: str) -> tuple[int, int] | str | None:
    """'Apr 3' or 'April 3' -> (4, 3); 'end' and 'off' as they are; None when unreadable."""
    words = text.strip().split()
    if len(words) == 1 and words[0].lower() in ("end", "off"):
        return words[0].lower()
    if len(words) != 2 or not words[1].isdigit():
        return None
    name = words[0].lower()
    for names in (MONTHS, GERMAN, [g[:3] for g in GERMAN]):
        for i, month in enumerate(names):
            if month.lower() == name:
                return i + 1, int(words[1])
    return None
