"""``simulate --setup FIELD=VALUE``: setup fields fixed for every simulated game.

Each game's setup is the rules model's random one (``Rules.random_setup``) with the fixed fields
laid over it. A setup for which the rules declare a :class:`generator.rules.series.Series`
(``Rules.series``: a Rally or a Circuit of Jaunty Jalopies) is played as that series, the
whole series one game: one log with its ``races:``, one win (the series' winner).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from generator.core.errors import UsageError
from generator.rules.base import Rules
from generator.rules.playthrough import Played, Policy, played
from generator.rules.series import PlayedSeries, series_played

Fixed = tuple[tuple[str, Any], ...]
"""The fixed fields, in the order given: ((field, value), ...)."""


def parse_setup(items: Sequence[str]) -> Fixed:
    """``FIELD=VALUE`` options as fixed fields; a value is read as a YAML scalar (``3``, ``true``)."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name.strip() or not text.strip():
            raise UsageError(f"--setup {item}: write FIELD=VALUE, e.g. --setup race=rally")
        try:
            value = yaml.safe_load(text)
        except yaml.YAMLError:
            value = text
        out[name.strip()] = value if isinstance(value, str | int | float | bool) else text.strip()
    return tuple(out.items())


def shown(fixed: Fixed) -> str:
    """The fixed fields as the options that give them."""
    return " ".join(f"--setup {k}={_text(v)}" for k, v in fixed)


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def check_setup(game: Any, rules: Rules, players: list[str], fixed: Fixed) -> None:
    """UsageError when a fixed field is not in the game's setup, its value is not one the setup
    model takes, or the rules cannot start a game (or series) so set up for these players."""
    if not fixed:
        return
    model: type[BaseModel] = rules.setup_model
    fields = list(getattr(model, "model_fields", {}))
    for name, value in fixed:
        if name not in fields:
            has = f"its fields: {', '.join(fields)}" if fields else "it has no setup fields"
            raise UsageError(
                f"--setup {name}={_text(value)}: {game.name}'s setup has no field '{name}'; {has}"
            )
    data = {**rules.random_setup(players, random.Random(0)), **dict(fixed)}
    try:
        setup = model.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            name = str(error["loc"][0]) if error["loc"] else ""
            if name in dict(fixed):
                said = f"--setup {name}={_text(dict(fixed)[name])}: {game.name}'s setup field '{name}'"
                raise UsageError(f"{said} {_allowed(error)}") from None
        raise UsageError(f"{shown(fixed)}: not a setup of {game.name}: {exc.errors()[0]['msg']}") from None
    notes: list[str] = []
    if _series(rules, players, setup) is not None:
        return
    rules.chance = random.Random(0)
    try:
        rules.start(players, setup, lambda code, message: notes.append(message))
    finally:
        rules.chance = None
    if notes:
        raise UsageError(
            f"{shown(fixed)}: {game.title} cannot start such a game of {len(players)} players: {notes[0]}"
        )


def _allowed(error: Any) -> str:
    """Pydantic's complaint, naming the allowed values where the field has a fixed set."""
    expected = (error.get("ctx") or {}).get("expected")
    if expected:
        return f"takes {expected}"
    return f"takes no such value: {error['msg']}"


def _series(rules: Rules, players: list[str], setup: Any) -> Any:
    """The rules' Series for this setup, or None (the game is one game a log)."""
    notes: list[str] = []
    found = rules.series(list(players), setup, lambda code, message: notes.append(message))
    return None if notes else found


def play(
    rules: Rules, players: list[str], rng: random.Random, policy: Policy, fixed: Fixed, log: bool = True
) -> Played | PlayedSeries:
    """One simulated game with the fixed fields: a single game, or a whole series."""
    if not fixed:
        return played(rules, players, rng, policy=policy, log=log)
    data = {**rules.random_setup(players, rng), **dict(fixed)}
    series = _series(rules, players, rules.setup_model.model_validate(data))
    if series is None:
        return played(rules, players, rng, policy=policy, setup=data, log=log)
    return series_played(rules, players, rng, series.shared(data), policy, log=log)
