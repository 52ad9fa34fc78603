"""Replay a playtest log against a game's rules model and collect every violation.

One game is replayed by the engine (``generator.rules.engine``); a log of several races
(``races:``) race by race, carrying the standings (``generator.rules.series``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from generator.core.errors import DataError
from generator.rules.base import Rules
from generator.rules.engine import Replay, replay_game
from generator.rules.logfile import PlayLog
from generator.rules.module import code_problem, rules_path
from generator.rules.series import replay_series


def replay(rules: Rules, log: PlayLog, finish: bool = True) -> Replay:
    """Replay ``log``; a crash inside the rules module becomes a DataError at its line.

    ``finish=False`` stops after the last entry, leaving open responses open and the result
    unchecked (to look at the state partway through a game).
    """
    at = [0]  # the log line being replayed, for the message should the rules module crash
    try:
        if log.races:
            return replay_series(rules, log, finish, at)
        return replay_game(rules, log, finish, at)
    except Exception as exc:
        source = rules_path(rules.game) or Path(
            getattr(sys.modules.get(type(rules).__module__), "__file__", "") or "rules.py"
        )
        where = f"{log.file}:{at[0]}" if at[0] else log.file
        raise DataError([code_problem(exc, source, f"the rules failed while replaying {where}")]) from None
