"""Running a simulation's games somewhere: here, in a local process pool, or on a Dask cluster.

A run is cut into chunks of consecutive games; each chunk is a :class:`Job` (plain data: the game
folder, the plan, the variant) and a span of game numbers, and :func:`run_chunk` plays it in
whatever process receives it, making that process's player of the job at its first chunk. Game
``i`` depends only on the job and ``i`` (its own random stream), and chunks come back in order,
so logs and tallies are the same whoever plays them.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from generator.core import yamlio
from generator.load.model import Game
from generator.play.figures import Figures, figures_of
from generator.play.plan import Plan, Tick, game_rng, play_one, policies, seat_names, seated
from generator.play.results import Tally
from generator.play.setups import play
from generator.play.stats import GameRecord, record, series_record
from generator.play.stream import Pool, ordered, usable_jobs
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


def player_for(job: Job, loaded: Game | None = None) -> Player:
    """This process's player of ``job`` (made at its first chunk; from the ``loaded`` game when
    the job has no variant and the game is loaded already, see :func:`prepare`)."""
    if job not in _PLAYERS:
        if len(_PLAYERS) >= KEEP:  # a long-lived cluster worker serves many sweeps
            del _PLAYERS[next(iter(_PLAYERS))]
        saved = dict(yamlio.OVERLAY)
        yamlio.OVERLAY.clear()
        try:
            if loaded is not None and job.variant is None:
                game, rules = loaded, rules_for(loaded)
            else:
                game, rules = apply(job.variant, job.game)
            _PLAYERS[job] = Player(game, job.plan, rules, yamlio.OVERLAY)
        finally:
            yamlio.OVERLAY.clear()
            yamlio.OVERLAY.update(saved)
    return _PLAYERS[job]


def prepare(job: Job, game: Game) -> None:
    """This process's player of ``job`` made from ``game``, loaded here already, when the job plays
    the game as it is (no variant): the games played here, and by the local pool's workers forked
    from this process, start from it instead of each loading the game and its rules again."""
    if job.variant is None and job not in _PLAYERS:
        player_for(job, game)


def run_chunk(job: Job, first: int, last: int) -> list[str] | Tally:
    """Games ``first`` to ``last - 1`` of ``job``: their log texts, or their tally."""
    player = player_for(job)
    saved = dict(yamlio.OVERLAY)
    yamlio.OVERLAY.clear()
    yamlio.OVERLAY.update(player.edits)
    try:
        with collecting_less():
            return player.play(first, last) if job.logs else player.tally(first, last)
    finally:
        yamlio.OVERLAY.clear()
        yamlio.OVERLAY.update(saved)


@contextlib.contextmanager
def collecting_less() -> Iterator[None]:
    """Python's cycle collector, tuned while games are played: what exists already (the loaded
    game, the rules and their remembered tables) is set aside, never garbage, so no collection
    walks it again, and the young objects are collected in larger batches (a game makes thousands
    of short-lived dicts and lists). Cycles are still collected. The first chunk in (a cluster
    worker may play several at once, in threads) tunes it, the last one out restores it."""
    with _TUNING:
        _TUNED[0] += 1
        if _TUNED[0] == 1:
            _TUNED[1] = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(50_000, 20, 20)
    try:
        yield
    finally:
        with _TUNING:
            _TUNED[0] -= 1
            if _TUNED[0] == 0:
                gc.set_threshold(*_TUNED[1])
                gc.unfreeze()


_TUNING = threading.Lock()
_TUNED: list = [0, (700, 10, 10)]  # chunks playing now, the thresholds to restore


def spans(total: int, size: int) -> Iterator[tuple[int, int]]:
    """The chunks of a run, made as they are asked for (a run may have billions)."""
    return ((i, min(total, i + size)) for i in range(0, total, size))


def games_of(call: tuple) -> str:
    """A chunk call ``(job, first, last)`` as messages name it."""
    job, first, last = call
    variant = getattr(job, "variant", None)
    setting = f" of {variant.name}" if variant is not None and variant.name else ""
    return f"games {first + 1} to {last}{setting}"


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
    out = [Tally(plan.players) for plan, _ in runs]
    if not scheduler:  # played here or by workers forked from here
        for plan, variant in runs:
            prepare(Job(str(game.folder), plan, variant, logs=False), game)
    with executor(jobs, scheduler, total) as pool:
        workers = pool.slots if pool is not None else 1

        def calls() -> Iterator[tuple[int, tuple[Job, int, int]]]:  # (run, chunk call), made as needed
            for n, (plan, variant) in enumerate(runs):
                job = Job(str(game.folder), plan, variant, logs=False)
                size = chunk_size(plan.games, workers) if pool is not None else max(25, plan.games // 40)
                yield from ((n, (job, a, b)) for a, b in spans(plan.games, size))

        done = 0
        parts = chunks(pool, (call for _, call in calls()), workers)
        for (n, (_, a, b)), part in zip(calls(), parts, strict=True):
            out[n].merge(part)  # type: ignore[arg-type]
            done += b - a
            if tick:
                tick(done, total)
    return out


def chunks(pool: Pool | None, calls: Iterable[tuple[Job, int, int]], workers: int) -> Iterator[Any]:
    """Each chunk's result in order: played here, or streamed through the pool a few ahead."""
    if pool is None:
        return (run_chunk(*call) for call in calls)
    return ordered(pool, run_chunk, calls, 4 * workers, games_of)


def executor(jobs: int, scheduler: str | None, games: int) -> contextlib.AbstractContextManager:
    """Nothing (play here), a local process pool of ``jobs`` (at most the machine's processors),
    or a Dask cluster, as a :class:`~generator.play.stream.Pool`."""
    if scheduler:
        from generator.play.cluster import cluster_executor

        return cluster_executor(scheduler)
    if usable_jobs(jobs) == 1 or games < 2:
        return contextlib.nullcontext()
    return _local(usable_jobs(jobs))


@contextlib.contextmanager
def _local(jobs: int) -> Iterator[Pool]:
    with ProcessPoolExecutor(jobs) as ex:
        yield Pool(ex, jobs)
