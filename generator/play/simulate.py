"""``deckwright simulate``: seeded games played by the rules model, written as ordinary logs.

Game ``i`` of a run with seed ``S`` is played from its own random stream (seeded with ``S`` and
``i``), so a game's log depends only on the game, the players, the policies, ``S`` and ``i``:
the same run gives the same files byte for byte however many processes share the work. What a
game plays is in ``generator.play.plan``; where the games are played (here, a process pool or a
cluster), in ``generator.play.runner``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from generator.core.errors import UsageError
from generator.load.model import Game
from generator.play.plan import Plan, Tick, check_plan
from generator.play.results import Tally
from generator.play.runner import Job, chunk_size, columns, executor, run_chunk, spans, tallies
from generator.play.variant import Variant, playing
from generator.rules.logcheck import rules_for


def check(game: Game, plan: Plan, jobs: int, variant: Variant | None = None) -> None:
    """UsageError or DataError (the variant's problems) before any game is played."""
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
