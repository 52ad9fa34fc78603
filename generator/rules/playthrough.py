"""Random legal playthroughs generated from a game's rules model, and what a table would log.

``playthrough`` plays a whole game with seeded random choices among the legal options the
rules model offers, recording everything (dealt hands, every card drawn). ``table_view`` drops
what a table would not see or need to write, and ``to_yaml`` writes a log file.
"""

from __future__ import annotations

import copy
import datetime
import functools
import random
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from operator import itemgetter
from typing import Any

import yaml
from pydantic import BaseModel

from generator.rules.base import Entry, Option, Outcome, Rules
from generator.rules.entrymodels import construct as _construct
from generator.rules.entrymodels import reconstruct as _reconstruct

Policy = Callable[[Rules, Any, list[Option], random.Random], Option]
"""How a simulated player chooses: ``policy(rules, state, options, rng)`` returns one of the
legal ``options`` (``rules.expected(state)`` says whose choice it is). A game's rules module may
offer named heuristics as ``POLICIES: dict[str, Policy]``; the default is :func:`random_policy`."""


def random_policy(rules: Rules, state: Any, options: list[Option], rng: random.Random) -> Option:
    """Choose among the legal options at random, in proportion to their weights: what
    ``rng.choices(options, weights=...)[0]`` picks, from the same one random number, worked out
    here (it is asked at every move of every simulated game)."""
    if len(options) == 1:  # a forced move: the one random number is drawn all the same
        if 0.0 < options[0][0] < _INF:
            rng.random()
            return options[0]
        return rng.choices(options, weights=[options[0][0]])[0]  # what choices refuses, refused by it
    return options[random_index(list(map(_weight, options)), rng)]


def random_index(weights: list[float], rng: random.Random) -> int:
    """The option :func:`random_policy` picks among options of these ``weights``, by its index,
    from the same random number (for :meth:`Rules.weighed`, whose entries are made once chosen)."""
    ends = list(accumulate(weights))
    total = ends[-1] + 0.0
    if not 0.0 < total < _INF:  # what choices refuses (nothing, infinite or not a number), refused by it
        return rng.choices(range(len(weights)), weights=weights)[0]
    return bisect_right(ends, rng.random() * total, 0, len(ends) - 1)


_INF = float("inf")
_weight = itemgetter(0)


class IllegalPlaythrough(RuntimeError):
    """Raised when the rules model offered an option that its own rules then rejected."""


def playthrough(
    rules: Rules,
    players: list[str],
    seed: int | random.Random,
    max_entries: int | None = None,
    policy: Policy = random_policy,
) -> dict[str, Any]:
    """A legal game as log data (the same shape as a log file), chosen by ``policy``.

    ``max_entries`` caps a game that never ends; by default the game's ``Rules.longest_game``."""
    return played(rules, players, seed, max_entries, policy).log


@dataclass
class Played:
    """A played game: its log data, the state at its end, the setup and entries as replay has
    them (what ``stats`` needs without writing and reading the log)."""

    log: dict[str, Any]
    state: Any
    setup: Any
    entries: list[Entry]


def played(
    rules: Rules,
    players: list[str],
    seed: int | random.Random,
    max_entries: int | None = None,
    policy: Policy = random_policy,
    setup: dict[str, Any] | None = None,
    start: Callable[[list[str], Any, Any], Any] | None = None,
    log: bool = True,
) -> Played:
    """:func:`playthrough`, keeping the final state and the entries as replay has them.

    ``setup`` (in place of a random one) and ``start`` (in place of ``rules.start``) play one
    race of several (see ``generator.rules.series``). ``log=False`` (a tally, no log written)
    leaves the log's entries out of ``Played.log``; the game played is the same."""
    max_entries = max_entries or rules.longest_game
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    problems: list[str] = []

    def note(code: str, message: str) -> None:
        problems.append(f"{code}: {message}")

    setup_data = rules.random_setup(players, rng) if setup is None else setup
    rules.chance = rng
    actions, record_draws = rules.actions, rules.record_draws
    try:
        set_up = rules.setup_model.model_validate(setup_data)
        state = (start or rules.start)(players, set_up, note)
        entries: list[dict[str, Any]] = []
        kept: list[Entry] = []
        over, options_of, apply, turn_of, close = (
            rules.over,
            rules.options,
            rules.apply,
            rules.turn,
            rules.close,
        )
        # the random policy over options weighed first: only the chosen one's entry is made
        weighed = rules.weighed if policy is random_policy and type(rules).weighed is not _WEIGHED else None
        made = 0
        while not over(state) and made < max_entries:
            if weighed is not None:
                weights, entry_of = weighed(state, rng)
                if not weights:
                    break
                chosen = entry_of(random_index(weights, rng))
            else:
                options = options_of(state, rng)
                if not options:
                    break
                chosen = policy(rules, state, options, rng)[1]
            if chosen is None:
                close(state, note)
                continue
            # the entry's own fields: all but the envelope, in order (a weighed entry is new)
            fields = chosen if weighed is not None else dict(chosen)
            player, action = fields.pop("player"), fields.pop("action")
            # the rules model built this entry itself: skip re-validation (replaying the log
            # with ``log check`` validates it like any other)
            model = actions[action]
            rules.last_draws = None
            entry = _new(Entry)  # applied with turn 0, as before, then given its turn and kept
            slots = entry.__dict__
            slots.update(_ENTRY)
            slots["index"], slots["player"], slots["action"] = made, player, action
            slots["data"] = _construct(model, fields)
            apply(state, entry, note)
            drawn = rules.last_draws
            if drawn is not None and drawn.names:
                recorded = record_draws(drawn.names)
                if fields.get("drew", _NOTHING) != recorded:  # the same value: the same entry
                    fields["drew"] = recorded
                    slots["data"] = _reconstruct(slots["data"], fields, "drew")
            turn = slots["turn"] = turn_of(state)  # kept as replay has it: its turn
            kept.append(entry)
            made += 1
            if log:
                entries.append({"turn": turn, "player": player, "action": action, **fields})
            if problems:
                raise IllegalPlaythrough(f"entry {made} ({action} by {player}): {'; '.join(problems)}")
        while not rules.over(state) and rules.expected(state).waivable:
            rules.close(state, note)
    finally:
        rules.chance = None
    data_: dict[str, Any] = {
        "game": rules.game.name,
        "version": rules.game.version,
        "date": datetime.date(2000, 1, 1).isoformat(),
        "players": list(players),
        "setup": setup_data,
    }
    if log:
        data_["log"] = entries
        if rules.over(state):
            data_["result"] = result_of(rules.outcome(state))
    return Played(data_, state, set_up, kept)


_NOTHING = object()
_WEIGHED = Rules.weighed


_new = object.__new__
_ENTRY = {"index": 0, "line": 0, "turn": 0, "player": "", "action": "", "data": None, "note": None}
"""An :class:`Entry`'s fields in order, to be filled in: an entry is made once per simulated move,
without the frozen dataclass's attribute-by-attribute set."""


def _entry(index: int, turn: int, player: str, action: str, data: BaseModel) -> Entry:
    """``Entry(index, 0, turn, player, action, data)``, made as :func:`played` makes its entries."""
    made = _new(Entry)
    slots = made.__dict__
    slots.update(_ENTRY)
    slots.update(index=index, turn=turn, player=player, action=action, data=data)
    return made


def result_of(outcome: Outcome) -> dict[str, Any]:
    """The ``result`` a log records: ``winner`` for one winner, ``winners`` for a shared win,
    neither when nobody won (log files read every scalar as text, so a written null would name
    a player called 'null'); then the scores where the game keeps them."""
    result: dict[str, Any] = {}
    if outcome.winner is not None:
        result["winner"] = outcome.winner
    elif outcome.shared:
        result["winners"] = list(outcome.shared)
    if outcome.scores is not None:
        result["scores"] = dict(outcome.scores)
    if outcome.order:
        result["order"] = list(outcome.order)
    return result


def table_view(rules: Rules, log: dict[str, Any]) -> dict[str, Any]:
    """The log a table would write: hidden fields and optional entries left out."""
    out = copy.deepcopy(log)
    for part in [out, *out.get("races", [])]:  # several races in one log: each race's own too
        setup = part.get("setup") or {}
        for key in rules.hidden.get("setup", ()):
            setup.pop(key, None)
        if not setup:
            part.pop("setup", None)
        entries = []
        for entry in part.get("log", []):
            if entry["action"] in rules.optional_actions:
                continue
            for key in rules.hidden.get(entry["action"], ()):
                entry.pop(key, None)
            entries.append(entry)
        if entries or "races" not in part:
            part["log"] = entries
    return out


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml: the same text, many times faster


def _dump(data: Any, **options: Any) -> str:
    return yaml.dump(data, Dumper=_DUMPER, **options)


def to_yaml(log: dict[str, Any]) -> str:
    """Log data as YAML, one flow-style line per entry."""
    head = {k: v for k, v in log.items() if k not in ("log", "races", "result", "notes")}
    text = "".join(line + "\n" for line in _block(head, 0))
    lines = ["log:"] + ["  - " + flow(e) for e in log.get("log", [])]
    tail = {k: log[k] for k in ("result", "notes") if k in log}
    if "races" in log:
        lines = ["races:"] + [line for race in log["races"] for line in _race(race)]
    elif not log.get("log"):
        lines = ["log: []"]
    extra = _dump(tail, sort_keys=False, allow_unicode=True, default_flow_style=False) if tail else ""
    return text + "\n".join(lines) + "\n" + extra


def _race(race: dict[str, Any]) -> list[str]:
    """One race of several: its keys, its entries one a line."""
    lines = []
    for key, value in race.items():
        if key == "log" and value:
            lines += ["    log:"] + ["      - " + flow(e) for e in value]
        else:
            lines.append(f"    {_scalar(key)}: {flow(value)}")
    return ["  - " + lines[0][4:], *lines[1:]] if lines else ["  - {}"]


def _block(mapping: dict[str, Any], indent: int) -> list[str]:
    """A mapping in block style: nested non-empty mappings indented, everything else in flow."""
    pad, lines = " " * indent, []
    for key, value in mapping.items():
        if isinstance(value, dict) and value:
            lines += [f"{pad}{_scalar(key)}:", *_block(value, indent + 2)]
        else:
            lines.append(f"{pad}{_scalar(key)}: {flow(value)}")
    return lines


def flow(value: Any) -> str:
    """``value`` in YAML flow style on one line, as ``yaml.safe_dump`` writes it (but faster:
    scalars are written once each and remembered, since logs repeat the same names)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str | int | float | bool | datetime.date) or value is None:
        return _scalar(value)
    # anything else inside a one-item list too, so no document-end marker ('...') follows it
    text = yaml.safe_dump([value], default_flow_style=True, width=10**6, allow_unicode=True).strip()
    return text[1:-1]


@functools.lru_cache(maxsize=4096, typed=True)
def _scalar(value: Any) -> str:
    # written inside a flow list, so the flow-context quoting rules apply
    text = yaml.safe_dump([value], default_flow_style=True, width=10**6, allow_unicode=True).strip()
    return text[1:-1]
