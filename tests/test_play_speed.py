"""The shortcuts simulation takes for speed play the same games: entries made without pydantic's
per-call work equal ``model_construct``'s, and Road Runner's remembered unseen cards are always
what working them out afresh gives."""

from __future__ import annotations

import pytest
from pydantic import Field

from generator.load.loader import load_game
from generator.play.plan import game_rng, policies, seat_names
from generator.rules.base import Entry
from generator.rules.logcheck import rules_for
from generator.rules.playthrough import _construct, _entry, played, random_policy
from generator.schema.common import Strict

GAMES = ["road-runner", "jokers-row", "maloney", "entenrallye", "jaunty-jalopies"]


def _same(made, expected) -> None:
    assert type(made) is type(expected)
    assert list(made.__dict__.items()) == list(expected.__dict__.items())  # values and field order
    assert made.model_fields_set == expected.model_fields_set
    assert made.__pydantic_extra__ == expected.__pydantic_extra__
    assert made.__pydantic_private__ == expected.__pydantic_private__


@pytest.mark.parametrize("game", GAMES)
def test_every_action_model_is_made_as_model_construct_makes_it(game: str):
    """Each field given, each left to its default, and an unknown key (ignored by both)."""
    rules = rules_for(load_game(game))
    for model in rules.actions.values():
        names = list(model.model_fields)
        for given in [{}, *({n: f"v-{n}"} for n in names), {n: [n] for n in names}, {"stray": 1}]:
            _same(_construct(model, dict(given)), model.model_construct(**given))


def test_aliases_mutable_defaults_and_the_models_it_leaves_to_pydantic():
    class Move(Strict):
        cards: list[str] = Field(default_factory=list)
        named: dict[str, int] = Field(default_factory=dict, alias="by_name")
        marks: list[int] = [1]  # noqa: RUF012  (pydantic copies a mutable default per instance)
        steps: int = 1

    for given in [{}, {"by_name": {"a": 1}}, {"named": {"b": 2}}, {"marks": [3], "steps": 2}]:
        _same(_construct(Move, dict(given)), Move.model_construct(**given))
    first, second = _construct(Move, {}), _construct(Move, {})
    assert first.marks == [1] and first.marks is not second.marks and first.cards is not second.cards

    class Hooked(Strict):
        n: int = 0

        def model_post_init(self, context: object) -> None:
            object.__setattr__(self, "seen", True)

    assert _construct(Hooked, {"n": 2}).seen  # a post-init hook: made by model_construct itself


def test_an_entry_made_directly_equals_the_dataclass_one():
    made, expected = _entry(3, 5, "Ann", "pass", None), Entry(3, 0, 5, "Ann", "pass", None)
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)


def test_road_runner_remembers_exactly_the_unseen_cards():
    """At every offer of options in many simulated games (every policy, several table sizes), the
    remembered unseen cards equal the ones worked out from the table."""
    game = load_game("road-runner")
    rules = rules_for(game)
    offer, checked = rules.options, []

    def options(s, rng):
        if s.seen is not None:
            assert s.seen == rules.unseen(s)
            checked.append(1)
        return offer(s, rng)

    rules.options = options  # type: ignore[method-assign]
    for policy in policies(game).values():
        for players in (3, 6, 8):
            for i in range(40):
                played(rules, seat_names(players), game_rng(12, i), policy=policy, log=False)
    assert len(checked) > 5000


def test_maloney_remembers_exactly_the_unseen_cards_and_the_holders():
    """At every move of many simulated games, Maloney's remembered unseen cards (``t.left``) equal
    the ones counted afresh, and an heir left out of a city's holders holds no known card of it."""
    game = load_game("maloney")
    rules = rules_for(game)
    weigh, checked = rules.weighed, []

    def weighed(t, rng):
        if t.left is not None:
            kept = t.left
            t.left = None
            assert kept == rules.unseen(t) and list(kept) == list(t.left)  # the same cards, in order
            t.left = kept
            checked.append(1)
        for city, holders in t.holders.items():
            here = {n for n, number in rules.number_of.items() if number == city}
            for p in t.players:
                assert p in holders or not here & set(t.hands[p].known)
        return weigh(t, rng)

    rules.weighed = weighed  # type: ignore[method-assign]
    for players in (3, 6):
        for i in range(60):
            played(rules, seat_names(players), game_rng(12, i), log=False)
    assert len(checked) > 5000


@pytest.mark.parametrize("game", GAMES)
def test_weighed_options_play_the_games_the_option_lists_play(game: str):
    """The random policy over weighed options (only the chosen entry made) plays the same games as
    the random policy over the full option lists."""
    rules = rules_for(load_game(game))
    players = seat_names((rules.player_range() or (2, 2))[0])

    def listed(rules, state, options, rng):  # the random policy, not recognised as it: option lists
        return random_policy(rules, state, options, rng)

    for i in range(30):
        fast = played(rules, players, game_rng(5, i), policy=random_policy).log
        slow = played(rules, players, game_rng(5, i), policy=listed).log
        assert fast == slow
