"""``deckwright simulate``: seeded games played by the rules model, written as ordinary logs.

Game ``i`` of a run with seed ``S`` is played from its own random stream (seeded with ``S`` and
``i``), so a game's log depends only on the game, the players, the policies, ``S`` and ``i``:
the same run gives the same files byte for byte however many processes share the work.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import UsageError
from generator.load.model import Game
from generator.play.setups import Fixed, check_setup, play, shown
from generator.rules.base import Option, Rules
from generator.rules.logcheck import rules_for
from generator.rules.module import load_rules_module
from generator.rules.playthrough import Policy, random_policy, table_view, to_yaml

if TYPE_CHECKING:
    from generator.play.results import Tally
    from generator.play.variant import Variant

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


def check(game: Game, plan: Plan, jobs: int, variant: Variant | None = None) -> None:
    """UsageError or DataError (the variant's problems) before any game is played."""
    from generator.play.variant import playing

    check_plan(game, rules_for(game), plan)
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: use at least one process")
    if variant is not None:
        with playing(variant, str(game.folder)):
            pass


def log_texts(
    game: Game,
    plan: Plan,
    jobs: int = 1,
    tick: Tick | None = None,
    variant: Variant | None = None,
    scheduler: str | None = None,
) -> Iterator[str]:
    """Every game's log text, in game order; ``jobs`` processes (or a cluster) share the work."""
    from generator.play.runner import Job, chunk_size, columns, executor, run_chunk, spans

    check(game, plan, jobs, variant)
    job = Job(str(game.folder), plan, variant, logs=True)
    done = 0
    with executor(jobs, scheduler, plan.games) as ex:
        size = 25 if ex is None else chunk_size(plan.games, jobs)
        parts = spans(plan.games, size)
        here = ex is None
        chunks = (run_chunk(job, *s) for s in parts) if here else ex.map(run_chunk, *columns(job, parts))
        for texts in chunks:
            yield from texts  # type: ignore[misc]
            done += len(texts)  # type: ignore[arg-type]
            if tick:
                tick(done, plan.games)


def tally(
    game: Game,
    plan: Plan,
    jobs: int = 1,
    tick: Tick | None = None,
    variant: Variant | None = None,
    scheduler: str | None = None,
) -> Tally:
    """The tally of every game of ``plan``, no log written; the same counts however it is shared."""
    from generator.play.runner import tallies

    check(game, plan, jobs, variant)
    return tallies(game, [(plan, variant)], jobs, tick, scheduler)[0]


def simulate(
    game: Game,
    plan: Plan,
    out_dir: Path,
    jobs: int = 1,
    tick: Tick | None = None,
    variant: Variant | None = None,
    scheduler: str | None = None,
) -> list[Path]:
    """Write each game's log into ``out_dir`` as ``<game>-<seed>-<n>.yaml``; returns the paths."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"-o {out_dir}: that is a file; give a folder for the logs")
    check(game, plan, jobs, variant)
    out_dir.mkdir(parents=True, exist_ok=True)
    width = max(4, len(str(plan.games)))
    written = []
    for i, text in enumerate(log_texts(game, plan, jobs, tick, variant, scheduler)):
        path = out_dir / f"{game.name}-{plan.seed}-{i + 1:0{width}d}.yaml"
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
