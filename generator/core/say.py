"""Deckwright's own printed words (the print guide's sentences, the summary's players line) in the
language of the kit being made.

The English source is ``messages/en.yaml``; each other bundled language has its file beside it
(``messages/de.yaml``). An entry is one line of text with ``{name}`` placeholders, or, for a
count, a mapping ``{one: ..., other: ...}`` chosen by ``n``. While :func:`speaking` is active,
:func:`say` takes an entry from the game's overrides, then the language's catalogue, then English.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

import yaml

CATALOGUES = Path(__file__).resolve().parent / "messages"
SOURCE = "en"
_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: about 7 ms less per catalogue

Entry = str | Mapping[str, str]
_ACTIVE: ContextVar[Mapping[str, Entry] | None] = ContextVar("deckwright_messages", default=None)


@cache
def catalogue(language: str) -> dict[str, Entry] | None:
    """The bundled entries of ``language`` (flattened keys: ``guide.title``); None when Deckwright
    has no catalogue for it."""
    path = CATALOGUES / f"{language}.yaml"
    if not path.is_file():
        return None
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER) or {}
    return dict(_flat(data))


def _flat(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Entry]]:
    for key, value in data.items():
        if isinstance(value, dict) and not set(value) <= {"one", "other"}:
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def keys() -> list[str]:
    """Every entry the English source has: the words a translation may give."""
    return sorted(catalogue(SOURCE) or {})


def has_catalogue(language: str) -> bool:
    """Whether Deckwright bundles its own words in ``language`` (English always)."""
    return catalogue(language) is not None


@contextmanager
def speaking(language: str | None, overrides: Mapping[str, Entry] | None = None) -> Iterator[None]:
    """While the block runs, :func:`say` answers in ``language`` (None: English), with a game's own
    ``overrides`` (its lang file's ``messages:``) taking precedence."""
    entries: dict[str, Entry] = {}
    if language and language != SOURCE:
        entries.update(catalogue(language) or {})
    entries.update(overrides or {})
    token = _ACTIVE.set(entries)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def say(key: str, n: int | None = None, **values: Any) -> str:
    """Entry ``key`` in the active language, its placeholders filled from ``values`` (and ``n``)."""
    entry = (_ACTIVE.get() or {}).get(key)
    if entry is None:
        entry = (catalogue(SOURCE) or {})[key]
    if isinstance(entry, Mapping):
        entry = entry["one" if n == 1 else "other"]
    return entry.format(n=n, **values) if (values or n is not None) else entry
