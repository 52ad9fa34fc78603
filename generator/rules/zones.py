"""Card zones that may hold unknown cards: what a table knows about hands and piles.

A :class:`Zone` keeps the cards known to be in it and a count of cards nobody recorded.
A card can come out of an unknown slot only if some copy of it is *unseen*: not in any known
place. That is everything a table can check without seeing the hidden cards.

A draw pile is a Zone too: the first one is all unknown (whatever was not dealt); a pile
remade from played or discarded cards (:meth:`Zone.remake`) holds exactly those cards, so
every draw from it must be one of them.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import accumulate, islice

from generator.rules.chance import below


@dataclass
class Zone:
    """A hand or pile: known cards plus ``unknown`` unrecorded ones."""

    known: Counter[str] = field(default_factory=Counter)
    unknown: int = 0

    @property
    def size(self) -> int:
        return sum(self.known.values()) + self.unknown

    def add(self, name: str | None) -> None:
        if name is None:
            self.unknown += 1
        else:
            known = self.known
            known[name] = known.get(name, 0) + 1  # (a Counter's own lookup of a missing key is Python code)

    def forget(self) -> None:
        """The known cards become unknown (one of them left without being recorded)."""
        self.unknown += sum(self.known.values())
        self.known.clear()

    def clear(self) -> None:
        self.known.clear()
        self.unknown = 0

    def holds(self, name: str) -> bool:
        return self.known[name] > 0

    def take(
        self, name: str | None, unseen: Counter[str] | Callable[[], Counter[str]], what: str = "hand"
    ) -> str | None:
        """Remove one card (``None``: an unrecorded one). Returns why that is impossible, or None.
        ``unseen`` may be a function giving the unseen cards: it is called only when needed (a
        known card, the common case, never needs them).

        On failure a card still leaves (an unknown one, else one of the known ones, which then
        all become unknown), so sizes follow the log: the entry counts as the table played it,
        and the next entries are judged on the zone as it then stands.
        """
        known = self.known
        if name is not None and known[name] > 0:
            if known[name] == 1:
                known.pop(name)  # (dict's own: Counter's ``del`` is Python code)
            else:
                known[name] -= 1
            return None
        if name is None:
            if not self.unknown and self.known:
                self.forget()
            if not self.unknown:
                return f"the {what} is empty"
            self.unknown -= 1
            return None
        if not self.unknown:
            if not self.known:
                return f"the {what} is empty"
            self.forget()
            self.unknown -= 1
            return f"it is not in the {what}"
        self.unknown -= 1
        if (unseen() if callable(unseen) else unseen)[name] <= 0:
            return "every copy is somewhere else"
        return None

    def remake(self, source: Zone) -> None:
        """This pile becomes ``source``'s cards (known as they were there); ``source`` is emptied."""
        self.known, self.unknown = Counter(source.known), source.unknown
        source.clear()

    def pool(self, unseen: Counter[str]) -> Counter[str]:
        """The cards the next one taken may be: the known ones, and any unseen card if some are
        unknown."""
        if not self.unknown:
            return Counter(self.known)
        # read only by the caller: the unseen counter itself when nothing here is known (adding an
        # empty counter copied it on every draw of a simulated game)
        return self.known + unseen if self.known else unseen

    def cards(self) -> list[str]:
        return sorted(self.known.elements())


def pick(pool: Counter[str] | dict[str, int], rng: random.Random) -> str:
    """``rng.choice(sorted(pool.elements()))``, the same card for the same random number, without
    listing every copy: one index among the copies (``choice`` draws ``randrange`` of the
    length), found walking the names in order. ``pool`` holds at least one card."""
    names = sorted(pool)
    counts = list(map(pool.__getitem__, names))
    if min(counts) <= 0:  # (a counter may hold a name at none)
        names = [n for n, c in zip(names, counts, strict=True) if c > 0]
        counts = [c for c in counts if c > 0]
    ends = list(accumulate(counts))
    return names[bisect_right(ends, below(rng, ends[-1]))]


def pick_in_order(pool: dict[str, int], rng: random.Random) -> str:
    """``pick(pool, rng)`` for a pool whose names are already in name order (a pile made in name
    order and only counted down keeps it): the same card for the same number, without sorting
    the names again. A pool holding a name at none is left to ``pick``."""
    counts = pool.values()
    if min(counts) <= 0:
        return pick(pool, rng)
    ends = list(accumulate(counts))
    return next(islice(pool, bisect_right(ends, below(rng, ends[-1])), None))


def unseen(total: Counter[str], known: Iterable[Counter[str]]) -> Counter[str]:
    """The cards not in any known place: ``total`` minus every counter in ``known``."""
    left = dict(total)
    for counter in known:
        for name, n in counter.items():
            if name in left:
                left[name] -= n
    return Counter({name: n for name, n in left.items() if n > 0})


def seen_after_draw(
    seen: Counter[str] | None, before: tuple[int, int], now: tuple[int, int], name: str | None
) -> Counter[str] | None:
    """The unseen cards remembered through one draw, for a simulated game that keeps them instead
    of counting afresh. ``before`` and ``now``: the unknown cards of the pile drawn from and of the
    hand drawn into. A known card moved: nothing unseen changed. The named card came from the
    unknown pile into the hand: it is seen now (``seen`` less one, changed in place). Anything
    else: None, forget (the caller counts afresh)."""
    if seen is None or now == before:
        return seen
    if now == (before[0] - 1, before[1]) and name is not None and seen.get(name, 0) > 0:
        if seen[name] == 1:
            seen.pop(name)
        else:
            seen[name] -= 1
        return seen
    return None


class Draws:
    """The cards an entry says were drawn, handed out one per draw (None when unrecorded).

    With ``chance`` (random playthroughs), an unrecorded draw picks a random card from the pool
    it is given and records it, so the generated entry can list every card drawn.
    """

    def __init__(self, names: list[str] | str | None, chance: random.Random | None = None) -> None:
        self.names = [names] if isinstance(names, str) else (list(names) if names is not None else None)
        self.chance = chance
        self.used = 0

    def next(self, pool: Counter[str] | Callable[[], Counter[str]]) -> str | None:
        """The next card drawn; ``pool`` holds the cards it may be (for ``chance``), or is a
        function giving them, called only when a card is to be picked."""
        self.used += 1
        if self.names is not None and self.used <= len(self.names):
            return self.names[self.used - 1]
        if self.chance is None:
            return None
        if callable(pool):
            pool = pool()
        if not pool:
            return None
        picked = pick(pool, self.chance)
        self.names = [*(self.names or []), picked]
        return picked

    def mismatch(self) -> str | None:
        """Why the recorded draws do not fit the number the rules made, or None."""
        if self.names is None or len(self.names) == self.used:
            return None
        return f"{len(self.names)} card(s) recorded as drawn, but the rules draw {self.used} here"
