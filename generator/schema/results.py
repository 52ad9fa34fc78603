"""The schema of a results file (``simulate --results``): the run that made it and its tally.

Every count is a whole number from 0 to :data:`MOST` (a million million games, more than any
run plays); a win's key is how many shared it (1 to the players), a length's key a number of
turns, a figure's key its value (a finite number). What must hold between the counts (one
``wins`` mapping per seat, ``finished`` at most ``games``...) is checked by
``generator.play.results`` with the file's lines.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from generator.schema.common import Strict

MOST = 10**15
PLAYERS = 100  # seats a results file may count (the seat names run to 'Player 100')

Count = Annotated[int, Field(ge=0, le=MOST)]


def _whole_key(text: str) -> str:
    if not text.isdigit() or int(text) > MOST:
        raise ValueError(f"a key here is a whole number of 0 or more, found '{text[:60]}'")
    return text


def _number_key(text: str) -> str:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"a key here is a figure's value (a number), found '{text[:60]}'") from None
    if not math.isfinite(value) or abs(value) > MOST:
        raise ValueError(f"a figure's value is a finite number up to {MOST:.0e}, found '{text[:60]}'")
    return text


WholeKey = Annotated[str, AfterValidator(_whole_key)]
NumberKey = Annotated[str, AfterValidator(_number_key)]


class RunSpec(Strict):
    """What was run: enough to play any one game of it again."""

    game: str
    version: str | None = None
    players: Annotated[int, Field(ge=1, le=PLAYERS)] | None = None
    games: Count | None = None
    seed: int | None = None
    policies: list[str] = Field(default_factory=list, max_length=PLAYERS)
    setup: dict[str, Any] = Field(default_factory=dict)
    variant: str | None = None
    one_game_log: str = ""


class TallySpec(Strict):
    """The counts (``generator.play.results.Tally``)."""

    players: Annotated[int, Field(ge=1, le=PLAYERS)]
    games: Count
    finished: Count
    no_winner: Count
    wins: list[dict[WholeKey, Count]] = Field(max_length=PLAYERS)
    lengths: dict[WholeKey, Count]
    figures: dict[str, dict[NumberKey, Count]]
    cards: dict[str, tuple[Count, Count, Count, dict[WholeKey, Count]]]


class ResultsSpec(Strict):
    """A results file."""

    format: Literal["deckwright-results/1"]
    run: RunSpec
    tally: TallySpec
