"""Results worth keeping for the length of one build or one ``check``: inside ``reusing()`` a
laid-out board (``board.layout``) is laid out once, however often the kit's parts, its papers and
the proofreader's rules ask for it. Outside, nothing is kept (a preview that rebuilds for hours
holds no layouts from earlier rebuilds)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_SCOPE: ContextVar[dict[str, dict[Any, Any]] | None] = ContextVar("memo", default=None)


@contextmanager
def reusing() -> Iterator[None]:
    """Keep results inside the block; an inner block shares the outer one's."""
    if _SCOPE.get() is not None:
        yield
        return
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def table(kind: str) -> dict[Any, Any] | None:
    """The results of ``kind`` kept so far in this block, or None outside ``reusing()``."""
    scope = _SCOPE.get()
    return None if scope is None else scope.setdefault(kind, {})
