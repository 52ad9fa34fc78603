"""Problems found once per deck, said once: decks that read the same sheet or lay out the same
card find the same problem, which is reported one time, naming every deck it concerns.

A message that names its deck (``deck 'promo'``) is the same problem in another deck when only
the name differs; the merged message names them all (``decks 'cards' and 'promo'``). A message
that names no deck gets them added at its end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from generator.core.errors import Problem

_MARK = "\x00"


def _key(problem: Problem, deck: str) -> tuple:
    """What two decks' problems share when they are the same problem."""
    message = problem.message.replace(f"deck '{deck}'", f"deck '{_MARK}'")
    path = problem.path.replace(f"deck '{deck}'", f"deck '{_MARK}'")
    return (problem.rank, problem.file, problem.line, problem.column, path, message, problem.severity)


def _named(problem: Problem, decks: Sequence[str]) -> Problem:
    """``problem`` (found in ``decks[0]``) as said for every deck of ``decks``."""
    if len(decks) < 2:
        return problem
    names = ", ".join(f"'{d}'" for d in decks[:-1]) + f" and '{decks[-1]}'"
    own = f"deck '{decks[0]}'"
    if own in problem.message or own in problem.path:
        return replace(
            problem,
            message=problem.message.replace(own, f"decks {names}"),
            path=problem.path.replace(own, f"decks {names}"),
        )
    return replace(problem, message=f"{problem.message} (decks {names})")


class DeckProblems(list):
    """A list of problems that takes each problem once, naming the decks it was found in."""

    def __init__(self) -> None:
        super().__init__()
        self._found: dict[tuple, tuple[int, Problem, list[str]]] = {}  # key -> (index, first, decks)

    def add(self, problem: Problem, deck: str) -> None:
        key = _key(problem, deck)
        seen = self._found.get(key)
        if seen is None:
            self._found[key] = (len(self), problem, [deck])
            self.append(problem)
            return
        index, first, decks = seen
        if deck not in decks:
            decks.append(deck)
            self[index] = _named(first, decks)


def merged(per_deck: Iterable[tuple[str, Sequence[Problem]]]) -> list[Problem]:
    """Every deck's problems, each problem once, naming the decks it concerns (in deck order)."""
    out = DeckProblems()
    for deck, problems in per_deck:
        for problem in problems:
            out.add(problem, deck)
    return list(out)
