"""``deckwright simulate``: seeded games played by the rules model, written as ordinary logs.

Game ``i`` of a run with seed ``S`` is played from its own random stream (seeded with ``S`` and
``i``), so a game's log depends only on the game, the players, the policies, ``S`` and ``i``:
the same run gives the same files byte for byte however many processes share the work. What a
game plays is in ``generator.play.plan``; where the games are played (here, a process pool or a
cluster), in ``generator.play.runner``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.core import writing
from generator.core.errors import BuildError, UsageError, display_path
from generator.load.model import Game
from generator.play.plan import Plan, Tick, check_plan
from generator.play.results import Tally
from generator.play.runner import Job, chunk_size, chunks, executor, prepare, spans, tallies
from generator.play.variant import Variant, check_rules, playing
from generator.rules.logcheck import rules_for


def check(game: Game, plan: Plan, jobs: int, variant: Variant | None = None) -> None:
    """UsageError or DataError (the variant's problems) before any game is played."""
    check_plan(game, rules_for(game), plan)
    if jobs < 1:
        raise UsageError(f"--jobs {jobs}: use at least one process")
    if variant is not None:
        with playing(variant, str(game.folder)) as (_, rules):
            check_rules(variant, rules, plan.players)


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
    if not scheduler:  # played here or by workers forked from here
        prepare(job, game)
    done = 0
    with executor(jobs, scheduler, plan.games) as pool:
        workers = pool.slots if pool is not None else 1
        size = 25 if pool is None else chunk_size(plan.games, workers)
        for texts in chunks(pool, ((job, a, b) for a, b in spans(plan.games, size)), workers):
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
    """Write each game's log into ``out_dir`` as ``<game>-<seed>-<n>.yaml``; returns the paths.
    Each log is written whole or not at all; a folder that takes no files is refused before any
    game is played, and a write that fails later (a full disk) says how many logs were written."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"-o {out_dir}: that is a file; give a folder for the logs")
    check(game, plan, jobs, variant)
    width = max(4, len(str(plan.games)))
    writable(out_dir / f"{game.name}-{plan.seed}.yaml", "-o")
    written = []
    for i, text in enumerate(log_texts(game, plan, jobs, tick, variant, scheduler)):
        path = out_dir / f"{game.name}-{plan.seed}-{i + 1:0{width}d}.yaml"
        try:
            writing.atomic_text(path, text)
        except BuildError as exc:
            raise BuildError(f"{exc}; {len(written)} whole log(s) were written before it") from None
        written.append(path)
    return written


def writable(path: Path, option: str) -> None:
    """BuildError unless a file can be written at ``path`` (its folder made, if need be), asked
    before any game is played; the trial file is removed."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, trial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        os.close(handle)
        os.unlink(trial)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise BuildError(
            f"{option} {display_path(folder)}: cannot write there ({why}); choose another folder"
        ) from None
