"""The random choices written out for speed (``generator.rules.chance``, ``zones.pick_in_order``,
``playthrough.random_index``) draw the same numbers and choose the same thing as the ``random``
calls and ``zones.pick`` they stand for, so seeded games stay the same games
(tests/test_simulate_same_games.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.rules.chance import below, randint, sample, shuffle
from generator.rules.playthrough import random_index
from generator.rules.zones import pick, pick_in_order


class OtherRandom(random.Random):
    """A Random of another kind: left to its own methods."""


def test_shuffle_is_random_shuffle() -> None:
    for seed in range(500):
        items = [f"c{i}" for i in range(seed % 60 if seed % 50 else 300)]  # and a long list
        fast, slow = random.Random(seed), random.Random(seed)
        mine, theirs = list(items), list(items)
        shuffle(fast, mine)
        slow.shuffle(theirs)
        assert mine == theirs
        assert fast.random() == slow.random()  # the same numbers drawn


def test_pick_in_order_is_pick() -> None:
    source = random.Random(5)
    for seed in range(2000):
        names = sorted(f"c{j:02d}" for j in source.sample(range(80), source.randrange(1, 40)))
        pool = {n: source.randrange(0 if seed % 3 == 0 else 1, 4) for n in names}  # some at none
        if not any(pool.values()):
            continue
        fast, slow = random.Random(seed), random.Random(seed)
        assert pick_in_order(pool, fast) == pick(Counter(pool), slow)
        assert fast.random() == slow.random()


def test_pick_is_choice_of_the_sorted_copies() -> None:
    source = random.Random(9)
    for seed in range(1000):
        pool = Counter({f"c{j}": source.randrange(0, 5) for j in range(source.randrange(1, 30))})
        pool["last"] += 1
        fast, slow = random.Random(seed), random.Random(seed)
        assert pick(pool, fast) == slow.choice(sorted(pool.elements()))
        assert fast.random() == slow.random()


def test_sample_randint_and_below_are_randoms() -> None:
    for seed in range(3000):
        population = [f"c{i}" for i in range(seed % 25)]
        k = seed % (len(population) + 1)
        fast, slow = random.Random(seed), random.Random(seed)
        assert sample(fast, population, k) == slow.sample(population, k)
        assert randint(fast, 0, k) == slow.randint(0, k)
        assert below(fast, seed + 1) == slow.randrange(seed + 1)
        assert fast.random() == slow.random()


def test_another_kind_of_random_draws_its_own_way() -> None:
    fast, slow = OtherRandom(3), OtherRandom(3)
    items, theirs = list("abcdefgh"), list("abcdefgh")
    shuffle(fast, items)
    slow.shuffle(theirs)
    assert items == theirs
    assert sample(fast, items, 3) == slow.sample(theirs, 3)
    assert below(fast, 1000) == slow.randrange(1000)


def test_random_index_is_choices_by_weight() -> None:
    """The index the simulation loop picks among weighed options: ``rng.choices``' pick, from the
    same one random number; what ``choices`` refuses, refused."""
    source = random.Random(6)
    for seed in range(3000):
        weights = [
            source.choice((0.05, 0.25, 0.3, 1.0, 1.5, 2.0, 3.0 / 7)) for _ in range(source.randrange(1, 30))
        ]
        fast, slow = random.Random(seed), random.Random(seed)
        assert random_index(weights, fast) == slow.choices(range(len(weights)), weights=weights)[0]
        assert fast.random() == slow.random()
    for refused in ([0.0], [0.0, 0.0], [float("inf"), 1.0]):
        with pytest.raises(ValueError):
            random_index(refused, random.Random(1))
