"""The differences between two YAML-shaped values (mappings, lists, scalars) as a flat list of
changes, each at a readable path such as ``sections[title=The duel].text``.

Lists whose items are mappings that all carry a distinct ``id``, ``name`` or ``title`` are matched
by it, so an inserted section shows as one added item and not as every later one changed; other
lists are aligned on equal items (``difflib``) and items replaced one for one are compared inside.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

ABSENT: Any = None
"""What ``old`` of an added value and ``new`` of a removed one hold."""

IDENTITY_KEYS = ("id", "name", "title")
SHORT = 40
"""A list of scalars no longer than this each is shown whole; one of sentences item by item."""


@dataclass(frozen=True)
class Change:
    """One value that differs: ``kind`` is changed, added or removed."""

    path: str
    kind: str
    old: Any
    new: Any

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "old": self.old, "new": self.new}


def canonical(value: Any) -> str:
    """A value as sorted JSON: equal data, equal text (for matching and fingerprints)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def diff(old: Any, new: Any, path: str = "") -> list[Change]:
    """Every difference from ``old`` to ``new``, in document order."""
    if isinstance(old, dict) and isinstance(new, dict):
        return _mappings(old, new, path)
    if isinstance(old, list) and isinstance(new, list):
        return _lists(old, new, path)
    if canonical(old) == canonical(new):
        return []
    return [Change(path or "(whole)", "changed", old, new)]


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _mappings(old: dict, new: dict, path: str) -> list[Change]:
    out: list[Change] = []
    for key in [*old, *(k for k in new if k not in old)]:
        where = _join(path, key)
        if key not in new:
            out.append(Change(where, "removed", old[key], ABSENT))
        elif key not in old:
            out.append(Change(where, "added", ABSENT, new[key]))
        else:
            out += diff(old[key], new[key], where)
    return out


def _identity(items: list) -> str | None:
    """The key that names every item of a list of mappings uniquely, if any."""
    if not items or not all(isinstance(i, dict) for i in items):
        return None
    for key in IDENTITY_KEYS:
        values = [i.get(key) for i in items]
        if all(isinstance(v, str | int) for v in values) and len(set(map(str, values))) == len(values):
            return key
    return None


def _lists(old: list, new: list, path: str) -> list[Change]:
    scalars = all(not isinstance(v, dict | list) for v in [*old, *new])
    if scalars and all(len(str(v)) <= SHORT for v in [*old, *new]):  # a list of words: shown whole
        return [] if old == new else [Change(path or "(whole)", "changed", old, new)]
    key = _identity(old) if _identity(old) == _identity(new) else None
    if key is not None:
        before = {str(i[key]): i for i in old}
        after = {str(i[key]): i for i in new}
        return _keyed(before, after, lambda k: f"{path}[{key}={k}]")
    out: list[Change] = []
    matcher = SequenceMatcher(None, [canonical(v) for v in old], [canonical(v) for v in new], autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        if op == "replace" and a1 - a0 == b1 - b0:
            for i, j in zip(range(a0, a1), range(b0, b1), strict=True):
                out += diff(old[i], new[j], f"{path}[{j}]")
            continue
        out += [Change(f"{path}[{i}]", "removed", old[i], ABSENT) for i in range(a0, a1)]
        out += [Change(f"{path}[{j}]", "added", ABSENT, new[j]) for j in range(b0, b1)]
    return out


def _keyed(before: dict, after: dict, where) -> list[Change]:
    """Changes between two lists matched by identity; ``where(key)`` is an item's path."""
    out: list[Change] = []
    for k in [*before, *(k for k in after if k not in before)]:
        if k not in after:
            out.append(Change(where(k), "removed", before[k], ABSENT))
        elif k not in before:
            out.append(Change(where(k), "added", ABSENT, after[k]))
        else:
            out += diff(before[k], after[k], where(k))
    return out
