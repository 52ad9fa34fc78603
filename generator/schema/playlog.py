"""The schema of a playtest log: the envelope every game shares.

Each game's rules module adds the fields of its actions and of its ``setup``.
"""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import Field, field_validator

from generator.schema.common import Strict

ENTRY_KEYS = ("turn", "player", "action", "note")


class ResultSpec(Strict):
    """How the game ended, as the table recorded it."""

    winner: str | None = None
    scores: dict[str, int | float] | None = None  # a float where points come in fractions


class PlayLogSpec(Strict):
    """One game played: who, when, with which version of the game data, and what happened."""

    game: str
    version: str
    date: datetime.date
    players: list[str] = Field(min_length=1)
    setup: dict[str, Any] | None = None
    log: list[dict[str, Any]] = Field(default_factory=list)
    result: ResultSpec | None = None
    notes: str | list[str] | None = None

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
