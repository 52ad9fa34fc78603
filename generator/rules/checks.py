"""Named composition checks: rules that YAML cannot say, written in a game's rules module.

In ``carddata/<game>/rules.py``::

    CHECKS = Checks()

    @CHECKS.register("values-match-ranks")
    def values_match_ranks(game: Game) -> Iterator[Finding]:
        ...
        yield Finding("J must have value 11, found 12", card)

and in ``constraints.yaml``: ``- {id: ..., message: ..., check: values-match-ranks}``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.load.model import Card, Game


@dataclass(frozen=True)
class Finding:
    """One thing a named check found wrong, with the card at fault when there is one."""

    message: str
    card: Card | None = None
    field: str = ""


CheckFn = Callable[[Game], Iterable[Finding]]


class Checks:
    """A game's named checks, by name."""

    def __init__(self) -> None:
        self._checks: dict[str, CheckFn] = {}

    def register(self, name: str) -> Callable[[CheckFn], CheckFn]:
        """Decorator: register ``fn`` under ``name``."""

        def add(fn: CheckFn) -> CheckFn:
            self._checks[name] = fn
            return fn

        return add

    def get(self, name: str) -> CheckFn | None:
        return self._checks.get(name)

    def names(self) -> list[str]:
        return sorted(self._checks)
