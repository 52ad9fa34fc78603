"""What a simulation plays: the plan, the seats and their policies, and one game's log.

Game ``i`` of a run with seed ``S`` is played from its own random stream (seeded with ``S`` and
``i``), so a game's log depends only on the game, the players, the policies, ``S`` and ``i``:
the same run gives the same files byte for byte however many processes share the work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.errors import UsageError
from generator.load.model import Game
from generator.play.setups import Fixed, check_setup, play, shown
from generator.rules.base import Option, Rules
from generator.rules.module import load_rules_module
from generator.rules.playthrough import Policy, random_policy, table_view, to_yaml

SEATS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")
Tick = Callable[[int, int], None]
"""``tick(done, total)``: progress of a run, in games."""


@dataclass(frozen=True)
class Plan:
    """What to simulate: ``games`` games of ``players`` seats from ``seed``, one policy per seat
    (or one for everyone); ``table`` writes what a table would (hidden cards left out);
    ``setup``: setup fields fixed for every game (``generator.play.setups``)."""

    players: int
    games: int
    seed: int
    policies: tuple[str, ...] = ("random",)
    table: bool = False
    setup: Fixed = ()

    def seat_policies(self) -> tuple[str, ...]:
        return self.policies * self.players if len(self.policies) == 1 else self.policies


def seat_names(players: int) -> list[str]:
    """Names for the seats, first player first."""
    return [SEATS[i] if i < len(SEATS) else f"Player {i + 1}" for i in range(players)]


def policies(game: Game) -> dict[str, Policy]:
    """The policies a game offers: ``random`` and the rules module's ``POLICIES``."""
    offered = getattr(load_rules_module(game), "POLICIES", None) or {}
    return {"random": random_policy, **offered}


def check_plan(game: Game, rules: Rules, plan: Plan) -> None:
    """UsageError when the plan cannot run: player count, game count, policy names."""
    allowed = rules.player_range()
    if allowed and not allowed[0] <= plan.players <= allowed[1]:
        span = f"{allowed[0]}" if allowed[0] == allowed[1] else f"{allowed[0]} to {allowed[1]}"
        raise UsageError(f"--players {plan.players}: {game.title} is for {span} players")
    if plan.players < 1:
        raise UsageError(f"--players {plan.players}: at least one player is needed")
    if plan.games < 1:
        raise UsageError(f"--games {plan.games}: simulate at least one game")
    offered = policies(game)
    for name in plan.policies:
        if name not in offered:
            raise UsageError(
                f"--policy {name}: {game.name} has no such policy; choose from {', '.join(offered)}"
            )
    if len(plan.policies) not in (1, plan.players):
        raise UsageError(
            f"{len(plan.policies)} policies for {plan.players} players: give one --policy for "
            "everyone, or one per seat in seat order"
        )
    check_setup(game, rules, seat_names(plan.players), plan.setup)


def seated(players: list[str], chosen: Sequence[Policy]) -> Policy:
    """One policy per seat: the option's player decides which one chooses."""
    if len(set(map(id, chosen))) == 1:
        return chosen[0]
    by_player = dict(zip(players, chosen, strict=True))

    def choose(rules: Rules, state: Any, options: list[Option], rng: random.Random) -> Option:
        who = next((o["player"] for _, o in options if o is not None), players[0])
        return by_player[who](rules, state, options, rng)

    return choose


def game_rng(seed: int, index: int) -> random.Random:
    """The random stream of game ``index`` (0-based) of a run seeded with ``seed``."""
    return random.Random(f"deckwright-simulate/{seed}/{index}")


def play_one(rules: Rules, plan: Plan, index: int, policy: Policy) -> str:
    """Game ``index`` of ``plan`` as the text of a log file (a series: one log of its races)."""
    log = play(rules, seat_names(plan.players), game_rng(plan.seed, index), policy, plan.setup).log
    if plan.table:
        log = table_view(rules, log)
    named = ", ".join(dict.fromkeys(plan.seat_policies()))
    fixed = f", {shown(plan.setup)}" if plan.setup else ""
    log["notes"] = f"Simulated by deckwright: seed {plan.seed}, game {index + 1}, policy {named}{fixed}."
    return to_yaml(log)
