"""Running a simulation's games somewhere: here, in a local process pool, or on a Dask cluster.

A run is cut into chunks of consecutive games; each chunk is a :class:`Job` (plain data: the game
folder, the plan, the variant) and a span of game numbers, and :func:`run_chunk` plays it in
whatever process receives it, making that process's player of the job at its first chunk. Game
``i`` depends only on the job and ``i`` (its own random stream), and chunks come back in order,
so logs and tallies are the same whoever plays them.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from types import SimpleNamespace

from generator.core import yamlio
from generator.load.model import Game
from generator.play.figures import Figures, figures_of
from generator.play.plan import Plan, Tick, game_rng, play_one, policies, seat_names, seated
from generator.play.results import Tally
from generator.play.setups import play
from generator.play.stats import GameRecord, record, series_record
from generator.play.variant import Variant, apply
from generator.rules.base import Rules
from generator.rules.logcheck import rules_for
from generator.rules.module import load_rules_module
from generator.rules.playthrough import Played
from generator.rules.series import PlayedSeries


class Player:
    """Plays games of one plan (of one variant); one per process and job."""

    def __init__(self, game: Game, plan: Plan, rules: Rules | None = None, edits: dict | None = None) -> None:
        self.rules = rules or rules_for(game)
        offered = policies(game)
        self.policy = seated(seat_names(plan.players), [offered[n] for n in plan.seat_policies()])
        self.plan = plan
        self.edits = dict(edits or {})  # the variant's file edits, in force while this plays
        self.figures = figures_of(load_rules_module(game))

    def play(self, first: int, last: int) -> list[str]:
        return [play_one(self.rules, self.plan, i, self.policy) for i in range(first, last)]

    def tally(self, first: int, last: int) -> Tally:
        """The counts of games ``first`` to ``last - 1``, no log written."""
        out = Tally(self.plan.players)
        names = seat_names(self.plan.players)
        for i in range(first, last):
            rng = game_rng(self.plan.seed, i)
            game = play(self.rules, names, rng, self.policy, self.plan.setup, log=False)
            out.add(record_of(self.rules, self.figures, game))
        return out


def record_of(rules: Rules, figures: Figures, game: Played | PlayedSeries) -> GameRecord:
    """The record ``stats`` would make from this game's log, made from the game itself."""
    if isinstance(game, PlayedSeries):
        parts = [record_of(rules, figures, race) for race in game.races]
        series = game.series
        result = SimpleNamespace(
            outcome=series.outcome(), over=series.over(), turns=sum(p.turns for p in parts), ok=True
        )
        return series_record(
            SimpleNamespace(spec=SimpleNamespace(players=game.log["players"]), file=""), parts, result
        )
    over = rules.over(game.state)
    log = SimpleNamespace(
        spec=SimpleNamespace(players=game.log["players"]), setup=game.setup, entries=game.entries, file=""
    )
    end = game.state
    result = SimpleNamespace(outcome=rules.outcome(end), over=over, turns=rules.turn(end), state=end, ok=True)
    return record(rules, figures, log, result)


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play part of a run: plain data, sent once per chunk."""

    game: str  # the game folder
    plan: Plan
    variant: Variant | None = None
    logs: bool = True  # log texts, or a tally


_PLAYERS: dict[Job, Player] = {}
KEEP = 32  # players kept per process, the oldest dropped first


def player_for(job: Job) -> Player:
    """This process's player of ``job`` (made at its first chunk)."""
    if job not in _PLAYERS:
        if len(_PLAYERS) >= KEEP:  # a long-lived cluster worker serves many sweeps
            del _PLAYERS[next(iter(_PLAYERS))]
        saved = dict(yamlio.OVERLAY)
        yamlio.OVERLAY.clear()
        try:
            game, rules = apply(job.variant, job.game)
            _PLAYERS[job] = Player(game, job.plan, rules, yamlio.OVERLAY)
        finally:
            yamlio.OVERLAY.clear()
            yamlio.OVERLAY.update(saved)
    return _PLAYERS[job]


def run_chunk(job: Job, first: int, last: int) -> list[str] | Tally:
    """Games ``first`` to ``last - 1`` of ``job``: their log texts, or their tally."""
    player = player_for(job)
    saved = dict(yamlio.OVERLAY)
    yamlio.OVERLAY.clear()
    yamlio.OVERLAY.update(player.edits)
    try:
        return player.play(first, last) if job.logs else player.tally(first, last)
    finally:
        yamlio.OVERLAY.clear()
        yamlio.OVERLAY.update(saved)


def spans(total: int, size: int) -> list[tuple[int, int]]:
    return [(i, min(total, i + size)) for i in range(0, total, size)]


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(200, games // (workers * 8)))


def tallies(
    game: Game,
    runs: list[tuple[Plan, Variant | None]],
    jobs: int = 1,
    tick: Tick | None = None,
    scheduler: str | None = None,
) -> list[Tally]:
    """One tally per (plan, variant), all their chunks sharing one pool or cluster."""
    total = sum(p.games for p, _ in runs)
    work = []
    with executor(jobs, scheduler, total) as ex:
        workers = jobs if ex is not None else 1
        for n, (plan, variant) in enumerate(runs):
            job = Job(str(game.folder), plan, variant, logs=False)
            size = chunk_size(plan.games, workers) if ex is not None else max(25, plan.games // 40)
            work += [(n, job, s) for s in spans(plan.games, size)]
        jobs_, firsts, lasts = columns(None, [(j, *s) for _, j, s in work])  # type: ignore[arg-type]
        parts = (
            (run_chunk(j, a, b) for j, a, b in zip(jobs_, firsts, lasts, strict=True))
            if ex is None
            else ex.map(run_chunk, jobs_, firsts, lasts)
        )
        out = [Tally(plan.players) for plan, _ in runs]
        done = 0
        for (n, _, (a, b)), part in zip(work, parts, strict=True):
            out[n].merge(part)  # type: ignore[arg-type]
            done += b - a
            if tick:
                tick(done, total)
    return out


def columns(job: Job | None, parts: list) -> tuple[list, list, list]:
    """``map``'s argument columns: (jobs, firsts, lasts)."""
    if job is not None:
        return [job] * len(parts), [a for a, _ in parts], [b for _, b in parts]
    return [j for j, _, _ in parts], [a for _, a, _ in parts], [b for _, _, b in parts]


def executor(jobs: int, scheduler: str | None, games: int) -> contextlib.AbstractContextManager:
    """Nothing (play here), a local process pool of ``jobs``, or a Dask cluster's executor."""
    if scheduler:
        from generator.play.cluster import cluster_executor

        return cluster_executor(scheduler)
    if jobs == 1 or games < 2:
        return contextlib.nullcontext()
    return ProcessPoolExecutor(jobs)
