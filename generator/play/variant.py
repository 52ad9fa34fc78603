"""Variants: a small YAML patch over a game's data, played with the same seeds as the game.

A variant file has up to three sections, each change validated like the game's own data and
every problem reported at the variant's file and line::

    cards:                  # by card name, in any deck: a field, or how many copies
      Rocket Motor: {speed: 4}
      Bad Aim!: {count: 3}
    files:                  # any YAML file of the game, by key path inside it (a board square)
      board.yaml:
        features[1].edges[3].spaces: 10
    rules:                  # a parameter the rules model lists in ``Rules.parameters``
      hand_size: 7

Card changes are made on the loaded model; file changes are made to the parsed file before it
is validated (``yamlio.OVERLAY``), so a rules module reading its board sees them too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any

from pydantic import TypeAdapter

from generator.core import paths, yamlio
from generator.core.errors import DataError, Problem
from generator.core.yamlio import Document, Loc, parse_yaml
from generator.load.model import Deck, Game
from generator.schema.fieldtypes import MAX_COUNT
from generator.schema.messages import suggest, validate

SECTIONS = ("cards", "files", "rules")
_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


@dataclass(frozen=True, eq=False)
class Variant:
    """A parsed variant: plain data, so it travels to worker processes and cluster workers.
    Two variants with the same changes are equal (a worker keeps one player per variant)."""

    name: str = ""
    doc: Document | None = None
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    files: dict[str, dict[str, Any]] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return json.dumps([self.cards, self.files, self.rules], sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def problem(self, loc: Loc, message: str, at_key: bool = False) -> Problem:
        assert self.doc is not None
        return self.doc.problem(loc, message, rank=20, at_key=at_key)

    def where(self, loc: Loc) -> tuple[str, int, int]:
        assert self.doc is not None
        return (self.doc.file, *self.doc.mark(loc))


def read_variant(path: Path) -> Variant:
    """Load a variant file; DataError (with file:line) when its shape is wrong."""
    return from_doc(yamlio.load_yaml(path), path.stem)


def parse_variant(text: str, shown: str, name: str = "") -> Variant:
    """A variant from YAML text (``shown`` is the name its messages give)."""
    return from_doc(parse_yaml(text, shown), name)


def from_settings(settings: dict[str, str], name: str = "") -> Variant:
    """A variant from ``--set PATH=VALUE`` pairs: ``cards.NAME.FIELD``, ``rules.NAME`` or
    ``FILE.yaml:KEY.PATH``."""
    data: dict[str, Any] = {}
    for path, value in settings.items():
        if ":" in path and path.split(":", 1)[0].endswith((".yaml", ".yml")):
            file, key = path.split(":", 1)
            data.setdefault("files", {}).setdefault(file, {})[key] = value
        elif path.startswith("cards.") and path.count(".") >= 2:
            card, key = path[len("cards.") :].rsplit(".", 1)
            data.setdefault("cards", {}).setdefault(card, {})[key] = value
        elif path.startswith("rules.") and path.count(".") == 1:
            data.setdefault("rules", {})[path[len("rules.") :]] = value
        else:
            why = "give cards.CARD.FIELD, rules.NAME or FILE.yaml:KEY"
            raise DataError([Problem(20, "--set", 0, 0, path, why)])
    return from_doc(Document("--set", data, {(): (0, 0)}), name)


def from_doc(doc: Document, name: str) -> Variant:
    data = doc.data if doc.data is not None else {}
    if not isinstance(data, dict):
        raise DataError([doc.problem((), "a variant is a mapping with cards:, files: or rules:", rank=10)])
    problems = []
    for key in data:
        if key not in SECTIONS:
            hint = suggest(key, SECTIONS) or f" (the sections are {', '.join(SECTIONS)})"
            problems.append(doc.problem((key,), f"unknown section '{key}'{hint}", rank=10, at_key=True))
        elif not isinstance(data[key], dict):
            problems.append(doc.problem((key,), f"'{key}' takes a mapping", rank=10))
    for card, fields in (data.get("cards") or {}).items() if isinstance(data.get("cards"), dict) else ():
        if not isinstance(fields, dict) or not fields:
            problems.append(doc.problem(("cards", card), "give the fields to change: {speed: 4}", rank=10))
    if problems:
        raise DataError(problems)
    return Variant(name, doc, data.get("cards") or {}, data.get("files") or {}, data.get("rules") or {})


# -- applying -------------------------------------------------------------------------------------


def file_edits(variant: Variant, game: Game) -> dict[Path, list[yamlio.Edit]]:
    """The ``files:`` section as overlay edits; every key path must name an existing value."""
    out: dict[Path, list[yamlio.Edit]] = {}
    problems: list[Problem] = []
    roots = paths.game_roots(game.folder)
    for name, changes in variant.files.items():
        at: Loc = ("files", name)
        path = game.folder / name
        try:
            paths.contained(path, roots, "variant file", name)
        except paths.OutsideError as exc:
            problems.append(variant.problem(at, str(exc), at_key=True))
            continue
        if not path.is_file():
            problems.append(variant.problem(at, f"the game has no file '{name}'", at_key=True))
            continue
        data = yamlio.load_yaml(path).data
        for key, value in (changes or {}).items():
            loc, why = _locate(data, str(key))
            if why:
                problems.append(variant.problem((*at, key), f"{name} has no {why}", at_key=True))
                continue
            out.setdefault(path.resolve(), []).append((loc, value, variant.where((*at, key))))
    if problems:
        raise DataError(problems)
    return out


def _locate(data: Any, key: str) -> tuple[Loc, str]:
    """``features[1].spaces`` as a key path into ``data``, or why it names nothing there."""
    loc: list[str | int] = []
    for name, index in _PART.findall(key):
        node = data
        part: str | int = int(index) if index else name
        found = isinstance(node, dict) and part in node
        if found or (isinstance(node, list) and isinstance(part, int) and part < len(node)):
            data = node[part]
        else:
            shown = yamlio.format_loc((*loc, part))
            hint = suggest(str(part), node) if isinstance(node, dict) else ""
            return (), f"'{shown}'{hint}"
        loc.append(part)
    return tuple(loc), "" if loc else "key path"


def patch_cards(variant: Variant, game: Game) -> Game:
    """The game with the ``cards:`` changes made, each value typed by its deck's card model."""
    if not variant.cards:
        return game
    from generator.load.deckfields import compile_types, deck_card_model

    spec, doc = game.extra["spec"], game.extra["doc"]
    compiler = compile_types(spec, doc)
    names = {c.name for c in game.all_cards()}
    problems: list[Problem] = []
    decks: list[Deck] = []
    for unknown in (n for n in variant.cards if n not in names):
        hint = suggest(unknown, names)
        problems.append(variant.problem(("cards", unknown), f"no card is called '{unknown}'{hint}", True))
    for index, deck in enumerate(game.decks):
        model = deck_card_model(compiler, spec, doc, index)
        fields = {(f.alias or n): f for n, f in model.model_fields.items()}
        cards = []
        for card in deck.cards:
            for key, raw in variant.cards.get(card.name, {}).items():
                at = ("cards", card.name, key)
                if key in ("name", "type") or key not in fields:
                    allowed = [k for k in fields if k not in ("name", "type")]
                    why = suggest(str(key), allowed) or f" (the fields are {', '.join(allowed)})"
                    message = f"'{card.name}' has no field '{key}' to change{why}"
                    problems.append(variant.problem(at, message, True))
                    continue
                try:  # with the field's bounds (a count: 0, to take the card out, up to a card file's most)
                    tp = fields[key].annotation if key == "count" else _bounded(fields[key])
                    value = validate(tp, raw, variant.doc, base=at)  # type: ignore[arg-type]
                except DataError as exc:
                    problems.extend(exc.problems)
                    continue
                if key == "count" and not 0 <= value <= MAX_COUNT:
                    bound = "0 or more" if value < 0 else f"at most {MAX_COUNT:,}, as in a card file"
                    message = f"a card's count is {bound}, found {value}"
                    problems.append(variant.problem(at, message))
                elif key == "count":
                    card = replace(card, count=value)
                else:
                    dumped = TypeAdapter(fields[key].annotation).dump_python(value, by_alias=True)
                    card = replace(card, fields={**card.fields, key: dumped})
            cards.append(card)
        decks.append(replace(deck, cards=tuple(cards)))
    if problems:
        raise DataError(problems)
    return replace(game, decks=tuple(decks))


def _bounded(info: Any) -> Any:
    """A model field's type with its constraints (``ge``, ``le``...) kept."""
    return Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation


def check_rules(variant: Variant, rules: Any, players: int) -> None:
    """DataError at the variant's line for a ``rules:`` value the rules model cannot deal with
    ``players`` players (``Rules.parameter_range``): a hand of -1 or of a million cards."""
    problems = []
    for key in variant.rules:
        span = rules.parameter_range(key, players)
        value = getattr(rules, key, None)
        if span is not None and isinstance(value, int) and not span[0] <= value <= span[1]:
            why = f"{key} is {value}; with {players} players it may be {span[0]} to {span[1]}"
            problems.append(variant.problem(("rules", key), why))
    if problems:
        raise DataError(problems)


def set_rules(variant: Variant, rules: Any) -> None:
    """Give the rules model the ``rules:`` parameters (each typed like its default)."""
    offered: dict[str, str] = dict(getattr(rules, "parameters", {}) or {})
    problems: list[Problem] = []
    for key, raw in variant.rules.items():
        at = ("rules", key)
        if key not in offered:
            listed = ", ".join(offered) or "none"
            hint = suggest(str(key), offered) or f" (this game's rules parameters: {listed})"
            problems.append(variant.problem(at, f"no rules parameter '{key}'{hint}", True))
            continue
        kind = type(getattr(rules, key))
        try:
            setattr(rules, key, validate(kind, raw, variant.doc, base=at))  # type: ignore[arg-type]
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)


def apply(variant: Variant | None, game_ref: str) -> tuple[Game, Any]:
    """The game and its rules model with ``variant`` applied (files, cards, rules). File edits
    are installed for the rest of the process (a rules model may read its board late): a worker
    calls this once; in the main process use :func:`playing`."""
    from generator.load.loader import load_game
    from generator.rules.logcheck import rules_for

    if variant is None or not (variant.cards or variant.files or variant.rules):
        game = load_game(game_ref)
        return game, rules_for(game)
    problems: list[Problem] = []

    def collect(step: Any, *args: Any) -> Any:
        try:
            return step(*args)
        except DataError as exc:
            problems.extend(exc.problems)
            return None

    yamlio.OVERLAY.update(collect(file_edits, variant, load_game(game_ref)) or {})
    game = load_game(game_ref)  # a file edit's problems: located in the variant (Document.moved)
    game = collect(patch_cards, variant, game) or game
    rules = rules_for(game)
    collect(set_rules, variant, rules)
    if problems:
        raise DataError(problems)
    return game, rules


@contextmanager
def playing(variant: Variant | None, game_ref: str) -> Iterator[tuple[Game, Any]]:
    """:func:`apply` for as long as the block runs; the file edits are taken back after it."""
    saved = dict(yamlio.OVERLAY)
    try:
        yield apply(variant, game_ref)
    finally:
        yamlio.OVERLAY.clear()
        yamlio.OVERLAY.update(saved)
