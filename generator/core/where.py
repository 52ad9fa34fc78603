"""Which YAML element is being laid out or drawn: a context value every op made inside picks up.

Layout code wraps an element in ``at(origin)``; a text op made inside remembers that origin, and
the proofreader reports what it finds on the printed page at that file:line:col. Nothing here
depends on the rest of the package (any ``Origin``-like value with ``file``, ``line``,
``column`` will do).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Any

_CURRENT: ContextVar[Any] = ContextVar("where", default=None)


def current() -> Any:
    """The origin of the element being laid out or drawn, or None."""
    return _CURRENT.get()


@contextmanager
def at(origin: Any) -> Iterator[None]:
    """Inside the block, ``current()`` is ``origin`` (unchanged when ``origin`` is None)."""
    if origin is None:
        yield
        return
    token = _CURRENT.set(origin)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def enter(origin: Any) -> Token[Any] | None:
    """What ``at(origin)`` does on entering, for a hot path: the token to :func:`leave` with
    (None when ``origin`` is None: nothing changed)."""
    return None if origin is None else _CURRENT.set(origin)


def leave(token: Token[Any] | None) -> None:
    """What ``at`` does on leaving (``token`` from :func:`enter`)."""
    if token is not None:
        _CURRENT.reset(token)
