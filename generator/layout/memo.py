"""Results worth keeping for the length of one build or one ``check``: inside ``reusing()`` a
laid-out board (``board.layout``) is laid out once, however often the kit's parts, its papers and
the proofreader's rules ask for it. Outside, nothing is kept (a preview that rebuilds for hours
holds no layouts from earlier rebuilds).

Some kinds are kept only when the block that opened the scope names them (``OPT_IN``): a
``check`` keeps every card face it lays out, because it builds the kit on every paper and layout;
a build of 10,000 cards lays each face out once and must not hold them all."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

OPT_IN = frozenset({"faces", "unread"})
"""``faces``: a deck's laid-out faces, kept across papers and layouts (``layout.kept``);
``unread``: the PDF files written inside are never read (``check`` without ``--proof``: it
builds only to record the pages), so a face is recorded once and its marks placed in each slot
instead of drawn (``render.placing``), and no file is serialised (``render.pdf``). Its table
holds the recorded faces."""

_SCOPE: ContextVar[dict[str, dict[Any, Any]] | None] = ContextVar("memo", default=None)
_WANTED = "wanted"  # the scope's entry naming the opt-in kinds it keeps


@contextmanager
def reusing(*kinds: str, tables: dict[str, dict[Any, Any]] | None = None) -> Iterator[None]:
    """Keep results inside the block (the ``OPT_IN`` kinds only when named here); an inner block
    shares the outer one's, and what the outer one opted into. ``tables``: kinds whose results
    the caller keeps beyond the block (the same dicts, filled in place), where it knows them to
    stay true (``serve.watch``: SVG drawings across rebuilds that changed no art)."""
    unknown = set(kinds) - OPT_IN
    if unknown:
        raise ValueError(f"not an opt-in kind: {sorted(unknown)}")
    if _SCOPE.get() is not None:
        yield
        return
    token = _SCOPE.set({**(tables or {}), _WANTED: dict.fromkeys(kinds, True)})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def table(kind: str) -> dict[Any, Any] | None:
    """The results of ``kind`` kept so far in this block, or None outside ``reusing()`` (and for an
    opt-in kind the block did not name)."""
    scope = _SCOPE.get()
    if scope is None or (kind in OPT_IN and kind not in scope[_WANTED]):
        return None
    return scope.setdefault(kind, {})


_VALUES = (str, int, float, bool, tuple, type(None))


def per_scope(kind: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorate a pure layout function so that inside ``reusing()`` it runs once per arguments
    (numbers, strings and tuples by value, any other object by identity, held meanwhile), element
    being drawn (``core.where``: ops made outside an element of their own take its origin) and
    colour mode; outside, every call runs it."""

    def decorate(fn: Callable[..., T]) -> Callable[..., T]:
        @functools.wraps(fn)
        def kept(*args: Any) -> T:
            found = table(kind)
            if found is None:
                return fn(*args)
            from generator.color import output
            from generator.core import where

            here = where.current()
            key = (
                fn.__qualname__,
                tuple(a if isinstance(a, _VALUES) else id(a) for a in args),
                here if isinstance(here, Hashable) else id(here),
                output.current(),
            )
            entry = found.get(key)
            if entry is None or any(a is not b for a, b in zip(entry[0], args, strict=True)):
                entry = found[key] = (args, here, fn(*args))  # held: the ids stay theirs
            return entry[2]

        return kept

    return decorate
