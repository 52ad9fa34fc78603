"""``--scheduler ADDRESS``: send a run's chunks to a running Dask distributed cluster.

The cluster gets the same :func:`generator.play.runner.run_chunk` calls a local pool gets, through
Dask's ``concurrent.futures`` executor (results in submission order), so the logs and tallies
are the same. Workers need Deckwright installed and the game folder at the same path (the same
machine, or a shared file system). Dask is the optional ``cluster`` extra, imported only here.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from generator.core.errors import UsageError

CONNECT_TIMEOUT = "10s"


@contextmanager
def cluster_executor(address: str) -> Iterator[Executor]:
    """An executor running on the cluster whose scheduler is at ``address`` (``tcp://host:8786``)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask distributed: pip install 'deckwright[cluster]'") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise UsageError(
            f"--scheduler {address}: no Dask scheduler answers there ({type(exc).__name__}); start one "
            "with 'dask scheduler' and workers with 'dask worker ADDRESS'"
        ) from None
    except ValueError as exc:
        raise UsageError(f"--scheduler {address}: {exc}") from None
    try:
        with client.get_executor(pure=False) as executor:
            yield executor
    finally:
        client.close()
