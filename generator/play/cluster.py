"""``--scheduler ADDRESS``: send a run's chunks to a running Dask distributed cluster.

The cluster gets the same :func:`generator.play.runner.run_chunk` calls a local pool gets, through
Dask's ``concurrent.futures`` executor (results in submission order), so the logs and tallies
are the same. Workers need Deckwright installed and the game folder at the same path (the same
machine, or a shared file system). Dask is the optional ``cluster`` extra, imported only here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from generator.core.errors import UsageError
from generator.play import stream

CONNECT_TIMEOUT = 10.0
"""Seconds the scheduler has to answer (a port that accepts and never answers is no scheduler)."""
WORKER_WAIT = 30.0
"""Seconds a scheduler with no worker has to be joined by one before the run is refused."""


@contextmanager
def cluster_executor(address: str) -> Iterator[stream.Pool]:
    """A pool running on the cluster whose scheduler is at ``address`` (``tcp://host:8786``)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask distributed: pip install 'deckwright[cluster]'") from None
    start = f"start one with 'dask scheduler' and workers with 'dask worker {address}'"
    try:
        known = asyncio.run(_identity(address))
    except ValueError as exc:
        raise UsageError(f"--scheduler {address}: {exc}") from None
    except (OSError, TimeoutError) as exc:
        late = isinstance(exc, TimeoutError) or "timed out" in str(exc).lower()
        why = f"no answer in {CONNECT_TIMEOUT:.0f} s" if late else "nothing answers"
        raise UsageError(f"--scheduler {address}: no Dask scheduler answers there ({why}); {start}") from None
    if known.get("type") != "Scheduler":
        raise UsageError(
            f"--scheduler {address}: that is a Dask {known.get('type')}, not a scheduler; {start}"
        )
    try:
        client = Client(address, timeout=f"{CONNECT_TIMEOUT:.0f}s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise UsageError(
            f"--scheduler {address}: no Dask scheduler answers there ({type(exc).__name__}); {start}"
        ) from None
    except ValueError as exc:
        raise UsageError(f"--scheduler {address}: {exc}") from None
    try:
        threads = _threads(client, address)
        with client.get_executor(pure=False) as executor:
            yield stream.Pool(executor, threads, lambda: _workers(client), address)
    finally:
        client.close()


async def _identity(address: str) -> dict[str, Any]:
    """What the scheduler says it is, asked with a deadline at every step."""
    from distributed.comm import connect

    comm = await asyncio.wait_for(connect(address, timeout=CONNECT_TIMEOUT), CONNECT_TIMEOUT)
    try:
        await asyncio.wait_for(comm.write({"op": "identity", "n_workers": 0, "reply": True}), CONNECT_TIMEOUT)
        found = await asyncio.wait_for(comm.read(), CONNECT_TIMEOUT)
    finally:
        comm.abort()
    return found if isinstance(found, dict) else {}


def _workers(client: Any) -> int:
    return int(client.scheduler_info(n_workers=0).get("n_workers", 0))


def _threads(client: Any, address: str) -> int:
    """The cluster's threads, once a worker is there; UsageError when none comes in time."""
    deadline = time.monotonic() + WORKER_WAIT
    while True:
        info = client.scheduler_info(n_workers=0)
        if info.get("n_workers", 0) > 0:
            return max(1, min(256, int(info.get("total_threads", 1))))
        if time.monotonic() >= deadline:
            raise UsageError(
                f"--scheduler {address}: the scheduler has no worker (waited {WORKER_WAIT:.0f} s); start "
                f"one with 'dask worker {address}', then run again"
            )
        time.sleep(min(stream.POLL, max(0.0, deadline - time.monotonic())))
