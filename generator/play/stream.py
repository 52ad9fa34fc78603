"""A run's chunks handed to a pool or a cluster a few at a time, their results taken in order.

A run of a million million games is a stream of chunks: only ``window`` of them are submitted
ahead of the one being read, so memory does not grow with ``--games``. Waiting is bounded: a
local worker process that dies, a cluster whose workers all left (or that never had one) end
the run with a :class:`BuildError` naming the games that were lost, instead of a traceback or a
silent wait.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

from generator.core.errors import BuildError

LOST_AFTER = 60.0
"""Seconds a cluster may have no worker while chunks wait before they are given up as lost."""
POLL = 1.0
"""Seconds between looks at the cluster while a chunk is awaited."""


@dataclass
class Pool:
    """Where chunks are played: an executor and, on a cluster, how many workers it has now."""

    executor: Executor
    slots: int  # chunks it plays at once (processes, or the cluster's threads)
    workers: Callable[[], int] | None = None
    where: str = ""  # the scheduler's address, for messages


def machine_jobs() -> int:
    """How many processes this machine can run at once (the processors this program may use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def usable_jobs(jobs: int) -> int:
    """``--jobs`` clamped to the processors the machine has."""
    return max(1, min(jobs, machine_jobs()))


def ordered(
    pool: Pool, fn: Callable[..., Any], calls: Iterable[tuple], window: int, what: Callable[[tuple], str]
) -> Iterator[Any]:
    """``fn(*call)`` for every call, results in call order, at most ``window`` submitted ahead;
    ``what(call)`` names a call's games in messages ("games 201 to 400")."""
    todo = iter(calls)
    pending: deque[tuple[tuple, Future]] = deque()

    def submit() -> None:
        for call in todo:
            pending.append((call, pool.executor.submit(fn, *call)))
            if len(pending) >= window:
                return

    submit()
    try:
        while pending:
            future = pending[0][1]
            result = _result(pool, future, [c for c, _ in pending], what)
            pending.popleft()
            submit()
            yield result
    finally:
        for _, future in pending:
            future.cancel()


def _result(pool: Pool, future: Future, waiting: list[tuple], what: Callable[[tuple], str]) -> Any:
    """The chunk's result, waiting as long as some worker may still play it."""
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=POLL if pool.workers is not None else None)
        except FutureTimeout:
            pass
        except Exception as exc:
            name = type(exc).__name__
            if name in ("BrokenProcessPool", "KilledWorker"):
                who = "a worker process" if name == "BrokenProcessPool" else f"a worker of {pool.where}"
                raise BuildError(
                    f"{who} stopped (killed, or out of memory) while playing {what(waiting[0])}; "
                    f"lost: {_listed(waiting, what)}. Nothing was written for them: run again "
                    "(with fewer --jobs if memory is short)"
                ) from None
            raise
        assert pool.workers is not None
        if pool.workers() > 0:
            alone_since = None
            continue
        alone_since = alone_since if alone_since is not None else time.monotonic()
        if time.monotonic() - alone_since >= LOST_AFTER:
            raise BuildError(
                f"--scheduler {pool.where}: no worker has been there for {LOST_AFTER:.0f} s; lost: "
                f"{_listed(waiting, what)}. Start workers with 'dask worker {pool.where}' and run again"
            )


def _listed(calls: list[tuple], what: Callable[[tuple], str], most: int = 4) -> str:
    shown = [what(c) for c in calls[:most]]
    more = len(calls) - most
    return "; ".join(shown) + (f"; {more} more chunk(s)" if more > 0 else "") + ", and the games after them"
