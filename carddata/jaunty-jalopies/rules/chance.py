"""Random choices of a simulated race written out: the same random numbers, and the same card
picked, as the ``random`` calls and ``generator.rules.zones.pick`` they stand for (asked at every
option and draw, where the library's general code costs)."""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate

from generator.rules.zones import pick

_BITS = [n.bit_length() for n in range(257)]
"""``n.bit_length()`` for the list lengths a shuffle meets (each swap draws that many bits)."""


def shuffle(rng: random.Random, x: list[str]) -> None:
    """``rng.shuffle(x)``: the same swaps from the same random numbers, its ``_randbelow`` (what
    ``random.Random`` draws a number below ``n`` with) written out here."""
    if type(rng) is not random.Random:  # a Random of another kind may draw its numbers otherwise
        rng.shuffle(x)
        return
    bits = _BITS if len(x) < len(_BITS) else [n.bit_length() for n in range(len(x) + 1)]
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        k = bits[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def pick_in_order(pool: dict[str, int], rng: random.Random) -> str:
    """``pick(pool, rng)`` for a pool whose names are already in name order (a pile made in name
    order and only counted down keeps it): the same index among the copies, without sorting the
    names again. Any other pool (a name at none) is left to ``pick``."""
    counts = pool.values()
    if min(counts) <= 0:
        return pick(pool, rng)
    ends = list(accumulate(counts))
    return list(pool)[bisect_right(ends, rng.randrange(ends[-1]))]
