"""What a game tells ``deckwright stats`` beyond who won and how long it took.

A game's rules module may export ``FIGURES = Figures(...)``: which entry fields hold cards
*played* (per action) and a function returning per-game figures (captures, omens, ...) from the
replayed state and the entries. Without it, ``card``/``cards`` fields count as plays and there are
no per-game figures.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from generator.rules.base import Entry, Rules

PerGame = Callable[[Rules, Any, Sequence[Entry]], Mapping[str, float]]
"""``per_game(rules, state, entries)``: named figures of one replayed game (state at its end)."""

DEFAULT_PLAY_FIELDS = ("card", "cards")


@dataclass(frozen=True)
class Figures:
    """A game's statistics declarations (see the module docstring)."""

    plays: Mapping[str, tuple[str, ...]] | None = None
    """Per action, the fields naming cards it plays; actions not listed play none.
    None: every action's ``card`` and ``cards`` fields."""
    per_game: PerGame | None = None
    drawn_field: str = "drew"
    """The entry field listing the cards drawn (a name or a list)."""
    _plans: dict[tuple[str, type], tuple[tuple[str, int], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Per (action, entry model): the fields :meth:`count` reads, worked out at first sight."""

    def played(self, rules: Rules, entry: Entry) -> list[str]:
        """The cards ``entry`` plays (names of cards the game has)."""
        fields = DEFAULT_PLAY_FIELDS if self.plays is None else self.plays.get(entry.action, ())
        return [n for f in fields for n in _names(_field(entry.data, f)) if n in rules.cards]

    def drawn(self, rules: Rules, entry: Entry) -> list[str]:
        """The cards ``entry`` records as drawn."""
        return [n for n in _names(_field(entry.data, self.drawn_field)) if n in rules.cards]

    def count(
        self,
        rules: Rules,
        entries: Sequence[Entry],
        drawn: dict[str, Counter[str]],
        played: dict[str, Counter[str]],
    ) -> None:
        """Add each entry's cards drawn and played (``drawn``/``played``) to its player's counts:
        the same counts as ``drawn`` and ``played`` give entry by entry, the fields to read worked
        out once per action and entry model (and kept for the next game)."""
        known, plans, outs = rules.cards, self._plans, (drawn, played)
        plan_of = plans.get
        for entry in entries:
            data = entry.data
            plan = plan_of((entry.action, data.__class__))
            if plan is None:
                plan = self._plan(entry.action, data.__class__)
            if not plan:  # most entries
                continue
            for name, which in plan:
                value = data.__dict__.get(name) if which < 2 else getattr(data, name, None)
                if not value:  # nothing drawn or played (None, an empty list)
                    continue
                if value.__class__ is str:
                    if value not in known:
                        continue
                    names = (value,)
                elif value.__class__ is list:
                    names = [n for n in value if isinstance(n, str) and n in known]
                else:
                    names = [n for n in _names(value) if n in known]
                if names:
                    out = outs[which & 1]
                    counts = out.get(entry.player)
                    if counts is None:
                        counts = out[entry.player] = Counter()
                    counts.update(names)

    def _plan(self, action: str, model: type) -> tuple[tuple[str, int], ...]:
        """The fields an entry of ``action`` made with ``model`` is counted from: (field, 0 for
        drawn or 1 for played, plus 2 when the entry is not a pydantic model's)."""
        plays = DEFAULT_PLAY_FIELDS if self.plays is None else self.plays.get(action, ())
        fields = _fields(model)
        found = tuple(
            (f, which if fields is not None else which | 2)
            for which, want in enumerate(((self.drawn_field,), plays))
            for f in want
            if fields is None or f in fields
        )
        self._plans[action, model] = found
        return found

    def game(self, rules: Rules, state: Any, entries: Sequence[Entry]) -> dict[str, float]:
        found = self.per_game(rules, state, entries) if self.per_game else {}
        return {k: float(v) for k, v in found.items()}


def _field(data: Any, name: str) -> Any:
    """``getattr(data, name, None)``, asking a pydantic model's fields first (a model raises,
    slowly, for an attribute it lacks, and most entries lack the fields asked for)."""
    fields = _fields(type(data))
    return getattr(data, name, None) if fields is None or name in fields else None


@functools.lru_cache(maxsize=512)
def _fields(model: type) -> frozenset[str] | None:
    """The field names of a pydantic model class; None for anything else."""
    found = getattr(model, "model_fields", None)
    return frozenset(found) if isinstance(found, dict) else None


def _names(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [v for v in value if isinstance(v, str)]
    return []


def figures_of(module: ModuleType | None) -> Figures:
    """The module's ``FIGURES``, or the defaults."""
    found = getattr(module, "FIGURES", None) if module is not None else None
    return found if isinstance(found, Figures) else Figures()


def dealt(setup: Any) -> dict[str, list[str]]:
    """The hands a setup records (``hands: {player: [cards]}``), if it has such a field."""
    hands = getattr(setup, "hands", None)
    return {p: list(c) for p, c in hands.items()} if isinstance(hands, dict) else {}
