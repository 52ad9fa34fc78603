"""The same seeded games, move for move, however fast simulation gets (issue 36).

Each bundled game plays 12 seeded games per player count (the fewest and the most) and policy,
and their log texts must hash as they did before the simulation was made faster (main at
f4cb1c1); so must the tallies ``--results`` counts. A changed digest means a seeded game now
plays differently: a rule changed (then the digest is updated with the rule) or a speed-up is
not the same game (then it is a bug). The helpers that replace ``random`` calls for speed draw
the same numbers and pick the same thing as the calls they replace.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter

import pytest

from generator.load.loader import load_game
from generator.play.plan import Plan, play_one
from generator.play.runner import Player
from generator.rules.playthrough import random_policy
from generator.rules.zones import pick

LOGS = {
    "entenrallye/2/random": "1c835f9e8d51d7ce",
    "entenrallye/2/flat-out": "9e329d38f249d5e3",
    "entenrallye/2/balanced": "993691f40f6f41d1",
    "entenrallye/2/stylist": "82ca92373bc97cc3",
    "entenrallye/6/random": "aa721fa470205780",
    "entenrallye/6/flat-out": "5c8172b198ab9da7",
    "entenrallye/6/balanced": "83e8a12f92f9e41e",
    "entenrallye/6/stylist": "455351672852a086",
    "jaunty-jalopies/2/random": "97f5d5c80165fa06",
    "jaunty-jalopies/2/by-role": "7e9869695475fe53",
    "jaunty-jalopies/6/random": "7f3327d1ca1d70ac",
    "jaunty-jalopies/6/by-role": "ce99869311d508b6",
    "jokers-row/2/random": "e2e37a49a449aeeb",
    "jokers-row/2/greedy": "dda447db45f23b1c",
    "jokers-row/2/thrifty": "dc687d33a42ffa37",
    "maloney/3/random": "004a8756678ca037",
    "maloney/3/greedy": "a0d569191ea80208",
    "maloney/6/random": "ebc39b7946f96f31",
    "maloney/6/greedy": "295733921c8af81d",
    "road-runner/3/random": "116ea61938e54064",
    "road-runner/3/eager": "93f9a1d467828b31",
    "road-runner/3/patient": "cded4698338f6610",
    "road-runner/8/random": "75fd77a0abcd9878",
    "road-runner/8/eager": "93245f47e3c2a0f3",
    "road-runner/8/patient": "bc8ff53f80a1d0f6",
}
TALLIES = {
    "entenrallye": "11d4cbe3344eea27",
    "jaunty-jalopies": "8951f59cd528b54a",
    "jokers-row": "29cf3d491ce07cf8",
    "maloney": "a8a5269311896c3b",
    "road-runner": "b1ff050e0c3e2f94",
}


@pytest.mark.parametrize("config", sorted(LOGS))
def test_seeded_logs_as_before(config: str) -> None:
    name, players, policy = config.split("/")
    plan = Plan(int(players), 12, 11, (policy,))
    player = Player(load_game(name), plan)
    digest = hashlib.sha256()
    for i in range(12):
        digest.update(play_one(player.rules, plan, i, player.policy).encode())
    assert digest.hexdigest()[:16] == LOGS[config]


@pytest.mark.parametrize("name", sorted(TALLIES))
def test_seeded_tallies_as_before(name: str) -> None:
    game = load_game(name)
    player = Player(game, Plan(player_low(name), 40, 5))
    counted = json.dumps(player.tally(0, 40).as_dict(), sort_keys=True)
    assert hashlib.sha256(counted.encode()).hexdigest()[:16] == TALLIES[name]


def player_low(name: str) -> int:
    return {"entenrallye": 2, "jaunty-jalopies": 2, "jokers-row": 2, "maloney": 3, "road-runner": 3}[name]


def test_pick_is_choice_of_the_sorted_copies() -> None:
    source = random.Random(3)
    for seed in range(3000):
        pool = Counter({f"c{j:02d}": source.randrange(-1, 4) for j in range(source.randrange(1, 40))})
        if not any(n > 0 for n in pool.values()):
            continue
        fast, slow = random.Random(seed), random.Random(seed)
        assert pick(pool, fast) == slow.choice(sorted(pool.elements()))
        assert fast.random() == slow.random()  # the same numbers drawn


def test_random_policy_is_choices_by_weight() -> None:
    source = random.Random(4)
    for seed in range(3000):
        options = [
            (source.choice((0.05, 0.3, 1.0, 2.0, 3.0 / 7)), {"n": i}) for i in range(source.randrange(1, 30))
        ]
        fast, slow = random.Random(seed), random.Random(seed)
        chosen = random_policy(None, None, options, fast)  # type: ignore[arg-type]
        assert chosen is slow.choices(options, weights=[w for w, _ in options])[0]
        assert fast.random() == slow.random()


def test_random_policy_refuses_what_choices_refuses() -> None:
    with pytest.raises(ValueError):
        random_policy(None, None, [(0.0, None)], random.Random(1))  # type: ignore[arg-type]


def test_collector_tuned_while_playing_and_restored() -> None:
    import gc

    from generator.play.runner import collecting_less

    before = gc.get_threshold()
    with collecting_less():
        assert gc.get_threshold()[0] > before[0]
        with collecting_less():  # a second chunk at once (a cluster worker's threads)
            pass
        assert gc.get_threshold()[0] > before[0]  # the first is still playing
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
