"""The schema of a playtest log: the envelope every game shares.

Each game's rules module adds the fields of its actions and of its ``setup``.
"""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import Field, field_validator, model_validator

from generator.schema.common import Strict

ENTRY_KEYS = ("turn", "player", "action", "note")


class ResultSpec(Strict):
    """How the game ended, as the table recorded it: ``winner`` for one winner, ``winners`` for
    a win shared by two or more (a tie the rules do not break)."""

    winner: str | None = None
    winners: list[str] | None = None
    scores: dict[str, int | float] | None = None  # a float where points come in fractions
    order: list[str] | None = None  # the finishing order, first first, where the game keeps one

    @field_validator("winners")
    @classmethod
    def _distinct(cls, value: list[str] | None) -> list[str] | None:
        if value == []:
            raise ValueError(
                "an empty list names nobody: list the players who share the win, or leave 'winners' out"
            )
        if value is not None and len(set(value)) < len(value):
            raise ValueError("a player is listed twice; name each player who shares the win once")
        return value

    @field_validator("order")
    @classmethod
    def _once_each(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and len(set(value)) < len(value):
            raise ValueError("a player is listed twice; the finishing order names each player once")
        return value

    @model_validator(mode="after")
    def _one_way(self) -> ResultSpec:
        if self.winner is not None and self.winners is not None:
            raise ValueError("give 'winner' for one winner or 'winners' for a shared win, not both")
        return self

    def named_winners(self) -> frozenset[str] | None:
        """Who the table says won (None: the result does not say)."""
        if self.winner is not None:
            return frozenset({self.winner})
        return frozenset(self.winners) if self.winners is not None else None


class RaceSpec(Strict):
    """One race of several played in a row (a rally, a tournament): its own ``setup`` (laid over
    the log's), who goes ``first`` where the rules leave it to the table, its entries and result."""

    setup: dict[str, Any] | None = None
    first: str | None = None
    log: list[dict[str, Any]] = Field(default_factory=list)
    result: ResultSpec | None = None
    notes: str | list[str] | None = None


class PlayLogSpec(Strict):
    """One game played: who, when, with which version of the game data, and what happened."""

    game: str
    version: str
    date: datetime.date
    players: list[str] = Field(min_length=1)
    setup: dict[str, Any] | None = None
    log: list[dict[str, Any]] = Field(default_factory=list)
    races: list[RaceSpec] | None = None
    result: ResultSpec | None = None
    notes: str | list[str] | None = None

    @model_validator(mode="after")
    def _log_or_races(self) -> PlayLogSpec:
        if self.races is not None and self.log:
            raise ValueError(
                "a log is one game ('log') or several races ('races', each with its own 'log'), not both"
            )
        return self

    @field_validator("races")
    @classmethod
    def _some(cls, value: list[RaceSpec] | None) -> list[RaceSpec] | None:
        if value == []:
            raise ValueError("lists no race: give each race its 'log', or write one game as 'log'")
        return value

    @field_validator("players")
    @classmethod
    def _unique(cls, value: list[str]) -> list[str]:
        seen = set()
        for name in value:
            if name in seen:
                raise ValueError(f"player '{name}' is listed twice; every seat needs its own name")
            seen.add(name)
        return value


class EntryHead(Strict):
    """The fields every log entry has; the rest belong to its action."""

    turn: int = Field(ge=1)
    player: str
    action: str
    note: str | None = None
