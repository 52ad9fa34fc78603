"""Results worth keeping for the length of one build or one ``check``: inside ``reusing()`` a
laid-out board (``board.layout``) is laid out once, however often the kit's parts, its papers and
the proofreader's rules ask for it. Outside, nothing is kept (a preview that rebuilds for hours
holds no layouts from earlier rebuilds).

Some kinds are kept only when the block that opened the scope names them (``OPT_IN``): a
``check`` keeps every card face it lays out, because it builds the kit on every paper and layout;
a build of 10,000 cards lays each face out once and must not hold them all."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

OPT_IN = frozenset({"faces", "face-marks"})
"""``faces``: a deck's laid-out faces, kept across papers and layouts (``kit.build``);
``face-marks``: what a face draws, recorded once and placed in each slot instead of drawn
(``render.placing``: only where no one looks at the PDF files, i.e. ``check`` without
``--proof``)."""

_SCOPE: ContextVar[dict[str, dict[Any, Any]] | None] = ContextVar("memo", default=None)
_WANTED = "wanted"  # the scope's entry naming the opt-in kinds it keeps


@contextmanager
def reusing(*kinds: str) -> Iterator[None]:
    """Keep results inside the block (the ``OPT_IN`` kinds only when named here); an inner block
    shares the outer one's, and what the outer one opted into."""
    unknown = set(kinds) - OPT_IN
    if unknown:
        raise ValueError(f"not an opt-in kind: {sorted(unknown)}")
    if _SCOPE.get() is not None:
        yield
        return
    token = _SCOPE.set({_WANTED: dict.fromkeys(kinds, True)})
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
