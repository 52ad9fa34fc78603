"""Seeded random choices written out: each draws the same bits from a ``random.Random`` as the
library call it stands for (``randrange``, ``randint``, ``shuffle``, ``sample``), so seeded games
stay the same games, without the library's general code around every draw of a simulated game.

Only ``getrandbits`` is used, whose stream the ``random`` module keeps for a seed; the algorithms
over it (``_randbelow``'s rejection loop, ``shuffle``'s swaps, ``sample``'s list pool) are
CPython's, pinned here so a new Python cannot change a seeded game. A ``Random`` of another kind
(a subclass may draw otherwise) is left to its own methods. ``tests/test_rules_chance.py``
compares each with the call it stands for."""

from __future__ import annotations

import random

_BITS = [n.bit_length() for n in range(257)]
"""``n.bit_length()`` for the sizes a hand or a shuffled pile meets (one list read a draw)."""


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0: ``_randbelow``'s draws of ``n.bit_length()`` bits until
    one is below ``n``."""
    if type(rng) is not random.Random or type(n) is not int:
        return rng.randrange(n)
    bits = _BITS[n] if n < len(_BITS) else n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)`` (``a`` <= ``b``): ``a`` plus a number below the width."""
    return a + below(rng, b - a + 1) if type(rng) is random.Random else rng.randint(a, b)


def shuffle(rng: random.Random, x: list[str]) -> None:
    """``rng.shuffle(x)``: the same swaps from the same numbers."""
    if type(rng) is not random.Random:
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


def sample(rng: random.Random, population: list[str], k: int) -> list[str]:
    """``rng.sample(population, k)`` for a hand-sized population (21 or fewer, where ``sample``
    keeps a pool list): the same items from the same numbers; larger ones are left to ``sample``."""
    n = len(population)
    if type(rng) is not random.Random or not 0 <= k <= n or n > 21:
        return rng.sample(population, k)
    pool, result, getrandbits = list(population), [], rng.getrandbits
    for i in range(k):
        m = n - i
        bits = _BITS[m]
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[m - 1]
    return result
