"""Load a playtest log: the shared envelope, then each entry's action fields and the setup,
validated with the game's own models. Every problem is reported at its file:line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.core.errors import DataError, Problem
from generator.core.yamlio import Document, Loc, load_yaml, parse_yaml
from generator.rules.base import Entry, Rules
from generator.schema.messages import suggest, validate
from generator.schema.playlog import ENTRY_KEYS, EntryHead, PlayLogSpec, RaceSpec, ResultSpec


@dataclass
class PlayLog:
    """A validated log, ready to replay."""

    doc: Document
    spec: PlayLogSpec
    setup: BaseModel
    entries: list[Entry]
    races: list[PlayLog] = field(default_factory=list)
    """Several races in one log (``races:``): each a log of its own (its ``log``, ``result``
    and ``setup`` laid over the log's), lines found in the same file; empty for one game."""
    base: tuple[str | int, ...] = ()  # where this race sits in the file (("races", 2))
    first: str | None = None  # who goes first in this race, where the log says so

    @property
    def file(self) -> str:
        return self.doc.file

    def line(self, *loc: str | int) -> int:
        return self.doc.mark((*self.base, *loc))[0]


def load_log(path: Path | str, rules: Rules) -> PlayLog:
    """Read and validate the log at ``path``; DataError lists every problem."""
    return _validated(load_yaml(path), rules)


def parse_log(text: str, rules: Rules, shown: str = "<log>") -> PlayLog:
    """Like :func:`load_log`, from YAML text."""
    return _validated(parse_yaml(text, shown), rules)


def data_log(data: Any, rules: Rules, shown: str = "<data>") -> PlayLog:
    """Like :func:`parse_log`, from log data already in memory (every line reads as 1)."""
    return _validated(Document(shown, data), rules)


def _validated(doc: Document, rules: Rules) -> PlayLog:
    problems: list[Problem] = []

    def check(tp: Any, data: Any, base: Loc) -> Any:
        try:
            return validate(tp, data, doc, base=base)
        except DataError as exc:
            problems.extend(exc.problems)
            return None

    raw_log = doc.data if isinstance(doc.data, dict) else {}
    spec: PlayLogSpec | None = check(PlayLogSpec, doc.data or {}, ())
    # with a broken envelope, still check the entries so every problem shows at once
    game = spec.game if spec else raw_log.get("game")
    if isinstance(game, str) and game != rules.game.name:
        problems.append(doc.problem(("game",), f"this log is for '{game}', not '{rules.game.name}'"))
    players = list(spec.players) if spec else [p for p in _list(raw_log.get("players")) if isinstance(p, str)]
    raw_setup = (spec.setup if spec else raw_log.get("setup")) or {}
    setup = check(rules.setup_model, raw_setup, ("setup",))
    raw_entries = spec.log if spec else _list(raw_log.get("log"))
    entries = _entries(doc, rules, raw_entries, players, check, problems, ())
    _named(doc, spec.result if spec else _quiet(ResultSpec, raw_log.get("result")), players, problems, ())
    races = []
    for i, raw in enumerate(_list(raw_log.get("races"))):
        base = ("races", i)
        race = spec.races[i] if spec and spec.races else _quiet(RaceSpec, raw)
        raw = raw if isinstance(raw, dict) else {}
        own = raw.get("setup") if isinstance(raw.get("setup"), dict) else {}
        merged = {**(raw_setup if isinstance(raw_setup, dict) else {}), **own}
        race_setup = check(rules.setup_model, merged, (*base, "setup") if own else ("setup",))
        race_entries = _entries(doc, rules, _list(raw.get("log")), players, check, problems, base)
        _named(doc, race.result if race else None, players, problems, base)
        first = race.first if race else None
        if first is not None and first not in players:
            message = f"'{first}' is not in players{suggest(first, players)}"
            problems.append(doc.problem((*base, "first"), message))
        if spec is not None and race is not None and race_setup is not None:
            race_spec = spec.model_copy(
                update={
                    "setup": merged,
                    "log": race.log,
                    "races": None,
                    "result": race.result,
                    "notes": race.notes,
                }
            )
            races.append(PlayLog(doc, race_spec, race_setup, race_entries, base=base, first=first))
    if problems or spec is None:
        raise DataError(problems)
    return PlayLog(doc, spec, setup, entries, races)


def _entries(
    doc: Document,
    rules: Rules,
    raw_entries: list[Any],
    players: list[str],
    check: Any,
    problems: list[Problem],
    base: Loc,
) -> list[Entry]:
    return [
        entry
        for i, raw in enumerate(raw_entries)
        if (entry := _entry(doc, rules, i, raw, players, check, problems, base))
    ]


def _named(
    doc: Document, result: ResultSpec | None, players: list[str], problems: list[Problem], base: Loc
) -> None:
    """Every player a result names must be playing."""
    if result is None:
        return
    named: list[tuple[tuple[str | int, ...], str]] = []
    if result.winner is not None:
        named.append((("winner",), result.winner))
    named += [(("winners", i), name) for i, name in enumerate(result.winners or [])]
    named += [(("scores", name), name) for name in result.scores or {}]
    named += [(("order", i), name) for i, name in enumerate(result.order or [])]
    for loc, name in named:
        if name not in players:
            message = f"'{name}' is not in players{suggest(str(name), players)}"
            problems.append(doc.problem((*base, "result", *loc), message))


def _quiet(model: type[BaseModel], value: Any) -> Any:
    """``value`` as ``model``, or None (its problems are reported by the envelope)."""
    try:
        return model.model_validate(value) if value is not None else None
    except ValidationError:
        return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _entry(
    doc: Document,
    rules: Rules,
    i: int,
    raw: Any,
    players: list[str],
    check: Any,
    problems: list[Problem],
    base: Loc = (),
) -> Entry | None:
    """One entry: the envelope keys, then the action's own fields with the game's model."""
    if not isinstance(raw, dict):
        return None  # reported by the envelope
    at = (*base, "log", i)
    head: EntryHead | None = check(EntryHead, {k: raw[k] for k in ENTRY_KEYS if k in raw}, at)
    if head is None:
        return None
    if head.player not in players:
        hint = suggest(head.player, players)
        problems.append(doc.problem((*at, "player"), f"'{head.player}' is not in players{hint}"))
    model = rules.actions.get(head.action)
    if model is None:
        names = sorted(rules.actions)
        hint = suggest(head.action, names)
        message = f"unknown action '{head.action}'{hint}; expected one of {', '.join(names)}"
        problems.append(doc.problem((*at, "action"), message))
        return None
    data = check(model, {k: v for k, v in raw.items() if k not in ENTRY_KEYS}, at)
    if data is None:
        return None
    return Entry(i, doc.mark(at)[0], head.turn, head.player, head.action, data, head.note)


def log_from_data(data: dict[str, Any], rules: Rules, shown: str = "<playthrough>") -> PlayLog:
    """A log held as data (a playthrough's), validated without writing and reading YAML: much
    faster for replaying many generated games. Lines are entry numbers (1 for the first)."""
    entries = [
        Entry(
            i,
            i + 1,
            e["turn"],
            e["player"],
            e["action"],
            rules.actions[e["action"]].model_validate({k: v for k, v in e.items() if k not in ENTRY_KEYS}),
            e.get("note"),
        )
        for i, e in enumerate(data.get("log", []))
    ]
    spec = PlayLogSpec.model_validate({**data, "log": []})
    setup = rules.setup_model.model_validate(data.get("setup") or {})
    return PlayLog(parse_yaml("log: []\n", shown), spec, setup, entries)
