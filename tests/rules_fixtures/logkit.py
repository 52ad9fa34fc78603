"""Helpers for the rules tests: build logs as data, replay them, read the violations."""

from __future__ import annotations

import functools
from types import ModuleType
from typing import Any

from generator.load.loader import load_game
from generator.rules.base import Rules
from generator.rules.engine import Replay
from generator.rules.logcheck import rules_for
from generator.rules.logfile import parse_log
from generator.rules.module import load_rules_module
from generator.rules.playthrough import to_yaml
from generator.rules.replay import replay


@functools.cache
def rules(game: str) -> Rules:
    return rules_for(load_game(game))


def rules_package(game: str) -> ModuleType:
    """The game's loaded rules package (``carddata/<game>/rules/``), for its helper functions."""
    module = load_rules_module(load_game(game))
    assert module is not None
    return module


def e(turn: int, player: str, action: str, **fields: Any) -> dict[str, Any]:
    """One log entry."""
    return {"turn": turn, "player": player, "action": action, **fields}


def make(game: str, players: list[str], entries: list[dict], **extra: Any) -> dict[str, Any]:
    """A log as data: ``extra`` may hold setup, result and notes."""
    log = {"game": game, "version": rules(game).game.version, "date": "2024-01-01", "players": players}
    if "setup" in extra:
        log["setup"] = extra.pop("setup")
    return {**log, "log": entries, **extra}


def run(log: dict[str, Any], name: str = "t.yaml", finish: bool = True) -> Replay:
    """Write ``log`` as YAML, load it like a file and replay it."""
    game = rules(log["game"])
    return replay(game, parse_log(to_yaml(log), game, name), finish)


def found(result: Replay) -> set[tuple[str, int | None]]:
    """The violations as (code, turn) pairs."""
    return {(v.code, v.turn) for v in result.violations}


def codes(result: Replay) -> list[str]:
    return [v.code for v in result.violations]


def clean(result: Replay) -> bool:
    if result.violations:
        print("\n".join(str(v) for v in result.violations))
    return not result.violations
