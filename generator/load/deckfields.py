"""A deck's card model: the game's field types and card fields, plus the deck's own fields, its
default ``type`` and its ``defaults`` (typed like the fields, located in game.yaml)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel, TypeAdapter

from generator import expr as expressions
from generator.core.errors import DataError, Problem
from generator.core.yamlio import Document
from generator.load.computed import Computed, expression_of
from generator.load.model import Card, Origin
from generator.schema.fieldtypes import BUILTIN_FIELDS, TypeCompiler, TypeExprError, card_model
from generator.schema.game import DeckSpec, GameSpec
from generator.schema.messages import suggest, validate

LIMIT = 64
"""The most compiled types and card models kept (let go all at once when full)."""
_KEPT: dict[tuple, Any] = {}


def _declared(game: GameSpec) -> str:
    """The game's type declarations and game-wide fields, as written (the key of what is kept)."""
    return repr((list(game.types.items()), list(game.card_fields.items())))


def _keep(key: tuple, value: Any) -> Any:
    if len(_KEPT) >= LIMIT:
        _KEPT.clear()
    _KEPT[key] = value
    return value


def compile_types(game: GameSpec, doc: Document) -> TypeCompiler:
    """The game's field types, compiled; every bad type or game-wide field reported. The same
    declarations give the same compiler, its models made once: a preview reloading the game on
    every save makes no new pydantic classes (which are never freed) while they stay the same."""
    kept = _KEPT.get(("types", _declared(game)))
    if kept is not None:
        return kept
    compiler = TypeCompiler(dict(game.types))
    problems = []
    for name in game.types:
        try:
            compiler.type(name)
        except TypeExprError as exc:
            problems.append(doc.problem(("types", name), str(exc), rank=12))
    for key, expr in game.card_fields.items():
        try:
            compiler.field(expr)
        except TypeExprError as exc:
            problems.append(doc.problem(("card_fields", key), str(exc), rank=12))
    if problems:
        raise DataError(problems)
    return _keep(("types", _declared(game)), compiler)


def deck_card_model(compiler: TypeCompiler, game: GameSpec, doc: Document, index: int) -> type[BaseModel]:
    """The model a card of deck ``index`` is validated against: the game's fields and the deck's
    own (``card_fields``, the default ``type``)."""
    deck = game.decks[index]
    at = ("decks", index)
    problems = []
    for key, expr in deck.card_fields.items():
        try:
            compiler.field(expr)
        except TypeExprError as exc:
            problems.append(doc.problem((*at, "card_fields", key), str(exc), rank=12))
    types = list(game.card_types)
    if deck.type is not None and types and deck.type not in types:
        hint = suggest(deck.type, types)
        message = f"unknown card type '{deck.type}'{hint}; the types are {', '.join(types)}"
        problems.append(doc.problem((*at, "type"), message, rank=12))
    if problems:
        raise DataError(problems)
    fields = {**game.card_fields, **deck.card_fields}
    for key in deck.defaults:  # a field with a default may be left out of a card
        if isinstance(fields.get(key), str):
            fields[key] = fields[key].strip().rstrip("?") + "?"
    key = ("card", _declared(game), repr(list(fields.items())), tuple(types), deck.type, id(compiler))
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is compiler:  # (the compiler held: its id stays its own)
        return kept[1]
    try:
        return _keep(key, (compiler, card_model(compiler, fields, types, deck.type)))[1]
    except TypeExprError as exc:
        where = (*at, "card_fields") if deck.card_fields else ("card_fields",)
        raise DataError([doc.problem(where, str(exc), rank=12)]) from None


def deck_defaults(deck: DeckSpec, model: type[BaseModel], doc: Document, index: int) -> dict[str, Any]:
    """The deck's ``defaults:``, each typed as its card field."""
    fields = {(f.alias or n): f for n, f in model.model_fields.items()}
    settable = [k for k in fields if k not in BUILTIN_FIELDS]
    out: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, raw in deck.defaults.items():
        at = ("decks", index, "defaults", key)
        if key in BUILTIN_FIELDS:
            why = "give the deck's card type as 'type:'" if key == "type" else "give it on each card"
            problems.append(doc.problem(at, f"'{key}' has no default: {why}", rank=20, at_key=True))
            continue
        if key not in fields:
            hint = suggest(key, settable) or f" (the fields are {', '.join(settable)})"
            problems.append(doc.problem(at, f"unknown card field '{key}'{hint}", rank=20, at_key=True))
            continue
        source = expression_of(raw)
        if source is not None:
            try:
                expressions.check(source)
            except expressions.ExprError as exc:
                problems.append(doc.problem(at, str(exc), rank=20))
                continue
            out[key] = Computed(source, fields[key].annotation)
            continue
        try:
            value = validate(fields[key].annotation, raw, doc, base=at)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        if value is not None:
            out[key] = TypeAdapter(fields[key].annotation).dump_python(value, by_alias=True)
    if problems:
        raise DataError(problems)
    return out


def with_defaults(card: Card, defaults: dict[str, Any], doc: Document, index: int) -> Card:
    """The card with the deck's defaults for the fields it leaves out (computed defaults
    worked out from its other fields, in the order written); DataError when one cannot be."""
    missing = [k for k in defaults if k not in card.fields]
    if not missing:
        return card
    origins = {k: Origin(doc.file, *doc.mark(("decks", index, "defaults", k))) for k in missing}
    fields = {**card.fields, **{k: defaults[k] for k in missing if not isinstance(defaults[k], Computed)}}
    values = {"name": card.name, "type": card.type, "count": card.count, "deck": card.deck, **fields}
    problems = []
    for key in missing:
        if isinstance(defaults[key], Computed):
            try:
                fields[key] = values[key] = defaults[key].value(values, card.name)
            except ValueError as exc:
                problems.append(doc.problem(("decks", index, "defaults", key), str(exc), rank=20))
    if problems:
        raise DataError(problems)
    return replace(card, fields=fields, field_origins={**card.field_origins, **origins})
