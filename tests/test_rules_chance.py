"""The random choices Jaunty Jalopies and Joker's Row write out for speed (their ``rules/chance.py``)
draw the same numbers and choose the same thing as the ``random`` calls and ``zones.pick`` they
stand for, so seeded games stay the same games (tests/test_simulate_same_games.py)."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from types import ModuleType

import pytest

from generator.load.loader import load_game
from generator.rules.module import load_rules_module
from generator.rules.zones import pick


def chance(game: str) -> ModuleType:
    package = load_rules_module(load_game(game))
    assert package is not None
    return importlib.import_module(package.__name__ + ".chance")


GAMES = ["jaunty-jalopies", "jokers-row"]


@pytest.mark.parametrize("game", GAMES)
def test_shuffle_is_random_shuffle(game: str) -> None:
    shuffle = chance(game).shuffle
    for seed in range(500):
        items = [f"c{i}" for i in range(seed % 60 if seed % 50 else 300)]  # and a long list
        fast, slow = random.Random(seed), random.Random(seed)
        mine, theirs = list(items), list(items)
        shuffle(fast, mine)
        slow.shuffle(theirs)
        assert mine == theirs
        assert fast.random() == slow.random()  # the same numbers drawn


@pytest.mark.parametrize("game", GAMES)
def test_pick_in_order_is_pick(game: str) -> None:
    pick_in_order = chance(game).pick_in_order
    source = random.Random(5)
    for seed in range(2000):
        names = sorted(f"c{j:02d}" for j in source.sample(range(80), source.randrange(1, 40)))
        pool = {n: source.randrange(0 if seed % 3 == 0 else 1, 4) for n in names}  # some at none
        if not any(pool.values()):
            continue
        fast, slow = random.Random(seed), random.Random(seed)
        assert pick_in_order(pool, fast) == pick(Counter(pool), slow)
        assert fast.random() == slow.random()


def test_jokers_row_sample_and_randint_are_randoms() -> None:
    module = chance("jokers-row")
    for seed in range(3000):
        population = [f"c{i}" for i in range(seed % 25)]
        k = seed % (len(population) + 1)
        fast, slow = random.Random(seed), random.Random(seed)
        assert module.sample(fast, population, k) == slow.sample(population, k)
        assert module.randint(fast, 0, k) == slow.randint(0, k)
        assert fast.random() == slow.random()
