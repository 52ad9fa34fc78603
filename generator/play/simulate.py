"""``deckwright simulate``: seeded games played by the rules model, written as ordinary logs.

Game ``i`` of a run with seed ``S`` is played from its own random stream (seeded with ``S`` and
``i``), so a game's log depends only on the game, the players, the policies, ``S`` and ``i``:
the same run gives the same files byte for byte however many processes share the work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.model import Game
from generator.rules.base import Option, Rules
from generator.rules.logcheck import rules_for
from generator.rules.module import load_rules_module
from generator.rules.playthrough import Policy, playthrough, random_policy, table_view, to_yaml

SEATS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gus", "Hal")
Tick = Callable[[int, int], None]
"""``tick(done, total)``: progress of a run, in games."""


@dataclass(frozen=True)
class Plan:
    """What to simulate: ``games`` games of ``players`` seats from ``seed``, one policy per seat
    (or one for everyone); ``table`` writes what a table would (hidden cards left out)."""

    players: int
    games: int
    seed: int
    policies: tuple[str, ...] = ("random",)
    table: bool = False

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
    """Game ``index`` of ``plan`` as the text of a log file."""
    log = playthrough(rules, seat_names(plan.players), game_rng(plan.seed, index), policy=policy)
    if plan.table:
        log = table_view(rules, log)
    named = ", ".join(dict.fromkeys(plan.seat_policies()))
    log["notes"] = f"Simulated by deckwright: seed {plan.seed}, game {index + 1}, policy {named}."
    return to_yaml(log)


class Player:
    """Plays games of one plan; one per process."""

    def __init__(self, game: Game, plan: Plan) -> None:
        self.rules = rules_for(game)
        offered = policies(game)
        self.policy = seated(seat_names(plan.players), [offered[n] for n in plan.seat_policies()])
        self.plan = plan

    def play(self, first: int, last: int) -> list[str]:
        return [play_one(self.rules, self.plan, i, self.policy) for i in range(first, last)]


_WORKER: Player | None = None


def _start_worker(game_ref: str, plan: Plan) -> None:
    from generator.loader import load_game

    global _WORKER
    _WORKER = Player(load_game(game_ref), plan)


def _work(span: tuple[int, int]) -> list[str]:
    assert _WORKER is not None
    return _WORKER.play(*span)


def _spans(total: int, size: int) -> list[tuple[int, int]]:
    return [(i, min(total, i + size)) for i in range(0, total, size)]


def log_texts(game: Game, plan: Plan, jobs: int = 1, tick: Tick | None = None) -> Iterator[str]:
    """Every game's log text, in game order; ``jobs`` processes share the work."""
    rules = rules_for(game)
    check_plan(game, rules, plan)
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: use at least one process")
    done = 0
    if jobs == 1 or plan.games < 2:
        player = Player(game, plan)
        for i in range(plan.games):
            yield play_one(player.rules, player.plan, i, player.policy)
            done += 1
            if tick and (done % 25 == 0 or done == plan.games):
                tick(done, plan.games)
        return
    size = max(1, min(200, plan.games // (jobs * 8)))
    with ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(str(game.folder), plan)) as pool:
        for texts in pool.map(_work, _spans(plan.games, size)):
            yield from texts
            done += len(texts)
            if tick:
                tick(done, plan.games)


def simulate(game: Game, plan: Plan, out_dir: Path, jobs: int = 1, tick: Tick | None = None) -> list[Path]:
    """Write each game's log into ``out_dir`` as ``<game>-<seed>-<n>.yaml``; returns the paths."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"-o {out_dir}: that is a file; give a folder for the logs")
    check_plan(game, rules_for(game), plan)
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: use at least one process")
    out_dir.mkdir(parents=True, exist_ok=True)
    width = max(4, len(str(plan.games)))
    written = []
    for i, text in enumerate(log_texts(game, plan, jobs, tick)):
        path = out_dir / f"{game.name}-{plan.seed}-{i + 1:0{width}d}.yaml"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
