"""Turn pydantic validation errors into located, human-worded Problems.

Unknown keys are found by our own walk over the data and the model (so each one gets a
"did you mean" suggestion); every other error comes from pydantic and is reworded here.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, Union

from pydantic import BaseModel, TypeAdapter, ValidationError

from generator.core.errors import DataError, Problem, clip, suggest
from generator.core.yamlio import Document, Loc


def _found(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"'{clip(value)}'"


def _expected_choices(ctx: dict[str, Any]) -> str:
    """pydantic's "'a', 'b' or 'c'" -> "a, b, c"."""
    expected = str(ctx.get("expected", "")).replace("'", "")
    return ", ".join(part.strip() for chunk in expected.split(" or ") for part in chunk.split(","))


_WORDING = {
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "int_type": "expected a whole number",
    "float_parsing": "expected a number",
    "float_type": "expected a number",
    "finite_number": "expected a finite number (not infinity)",
    "bool_parsing": "expected yes or no (true/false)",
    "bool_type": "expected yes or no (true/false)",
    "string_type": "expected text",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected a mapping of keys to values",
    "model_type": "expected a mapping of keys to values",
    "model_attributes_type": "expected a mapping of keys to values",
    "greater_than_equal": "expected a value >= {ge}",
    "greater_than": "expected a value > {gt}",
    "less_than_equal": "expected a value <= {le}",
    "too_short": "expected at least {min_length} item(s)",
    "too_long": "expected at most {max_length} item(s)",
    "string_too_short": "expected non-empty text",
}


_SHAPE = frozenset(
    ("string_type", "dict_type", "model_type", "model_attributes_type", "list_type", "tuple_type")
)
"""Errors that only say a value has the wrong shape for one alternative of a union."""


def _step(node: Any, loc: tuple[Any, ...], n: int) -> bool | None:
    """Part ``n`` of ``loc`` at ``node``: True when it is a key or index there, False when not,
    None when it is the tag of a union chosen by 'type' (a text element's 'text' is also a key)."""
    part = loc[n]
    after = loc[n + 1] if n + 1 < len(loc) else None
    if isinstance(node, dict) and node.get("type") == part and (after == part or after in node):
        return None
    in_dict = isinstance(node, dict) and part in node
    in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
    return in_dict or in_list


def _exists(data: Any, loc: Loc) -> bool:
    """Whether ``loc`` names a value present in ``data``."""
    node = data
    for n, part in enumerate(loc):
        found = _step(node, loc, n)
        if found is None:
            continue
        if not found:
            return False
        node = node[part]
    return True


def _clean_loc(loc: tuple[Any, ...], data: Any) -> Loc:
    """Drop pydantic's internal loc parts (union tags, validator names) that are not data keys."""
    out: list[str | int] = []
    node = data
    for n, part in enumerate(loc):
        found = _step(node, loc, n)
        if found is None:
            continue
        if found:
            out.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str):
            rest = loc[loc.index(part) + 1 :]
            if part[:1].isupper() and len(rest) == 1 and isinstance(rest[0], str):
                continue  # a union member's model name before the key it lacks ('CardSourceSpec', 'file')
            if any(isinstance(r, str) and r in node for r in rest[:1]) or (
                rest and isinstance(node, dict) and rest[0] in node
            ):
                continue  # a union tag such as 'rect': not a data key
            # a missing key: keep it so the message can name it, then stop
            if "[" not in part and "(" not in part:
                out.append(part)
            break
    return tuple(out)


def reword(err: dict[str, Any]) -> str:
    """One pydantic error dict -> our message: 'expected ..., found ...'."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    value = err.get("input")
    if kind == "missing":
        return f"missing required key '{err['loc'][-1]}'"
    if kind in ("literal_error", "enum"):
        return f"expected one of {_expected_choices(ctx)}, found {_found(value)}"
    if kind in _WORDING:
        return f"{_WORDING[kind].format(**ctx)}, found {_found(value)}"
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind == "union_tag_invalid":
        tags = str(ctx.get("expected_tags", "")).replace("'", "").split(", ")
        tag = str(ctx.get("tag"))
        return f"unknown type '{tag}'{suggest(tag, tags)}; expected one of {', '.join(tags)}"
    if kind == "union_tag_not_found":
        return f"missing required key {ctx.get('discriminator', 'type')}"
    return f"{err['msg']}, found {_found(value)}"


def _unwrap(tp: Any) -> list[Any]:
    """The alternatives of a type: Optional[X] -> [X], Annotated[X, ...] -> [X]."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (Union, types.UnionType):
        out = []
        for arg in typing.get_args(tp):
            if arg is not type(None):
                out.extend(_unwrap(arg))
        return out
    return [tp]


def _pick_model(options: list[Any], data: dict[str, Any]) -> type[BaseModel] | None:
    models = [o for o in options if isinstance(o, type) and issubclass(o, BaseModel)]
    for model in models:
        field = model.model_fields.get("type")
        if field is not None and typing.get_origin(field.annotation) is Literal:
            if data.get("type") in typing.get_args(field.annotation):
                return model
        elif len(models) == 1:
            return model
    return None


_ALTERNATIVES: dict[Any, list[Any]] = {}


def _alternatives(tp: Any) -> list[Any]:
    """:func:`_unwrap`, remembered per type (``unknown_keys`` asks for the same types per card)."""
    try:
        return _ALTERNATIVES[tp]
    except KeyError:
        found = _ALTERNATIVES[tp] = _unwrap(tp)
        return found
    except TypeError:  # a type that cannot be a key
        return _unwrap(tp)


@functools.lru_cache(maxsize=256)
def _keyed_fields(model: type[BaseModel]) -> dict[str, Any]:
    """A model's fields by the key written in the data (its alias, else its name)."""
    return {(f.alias or name): f for name, f in model.model_fields.items()}


def unknown_keys(tp: Any, data: Any, loc: Loc = ()) -> Iterator[tuple[Loc, str, list[str]]]:
    """Every key in ``data`` that the type ``tp`` does not declare: (loc, key, allowed keys)."""
    options = _alternatives(tp)
    if isinstance(data, dict):
        model = _pick_model(options, data)
        if model is not None:
            fields = _keyed_fields(model)
            for key, value in data.items():
                if key not in fields:
                    yield (*loc, key), key, sorted(fields)
                else:
                    yield from unknown_keys(fields[key].annotation, value, (*loc, key))
            return
        for option in options:
            if typing.get_origin(option) is dict:
                value_type = typing.get_args(option)[1]
                for key, value in data.items():
                    yield from unknown_keys(value_type, value, (*loc, key))
                return
    elif isinstance(data, list):
        for option in options:
            if typing.get_origin(option) in (list, tuple):
                item_type = typing.get_args(option)[0]
                for i, value in enumerate(data):
                    yield from unknown_keys(item_type, value, (*loc, i))
                return


@functools.lru_cache(maxsize=256)
def _adapter(tp: Any) -> TypeAdapter:
    return TypeAdapter(tp)


def _closed(tp: Any, seen: frozenset[Any] = frozenset()) -> bool:
    """True when every model ``tp`` can hold forbids unknown keys, so that a value which validates
    has none and the walk of :func:`unknown_keys` can be skipped."""
    try:
        return _closed_cached(tp, seen)
    except TypeError:  # an unhashable type expression: take the long way
        return False


@functools.lru_cache(maxsize=1024)
def _closed_cached(tp: Any, seen: frozenset[Any]) -> bool:
    for option in _unwrap(tp):
        if isinstance(option, type) and issubclass(option, BaseModel):
            if option in seen:
                continue
            if option.model_config.get("extra") != "forbid":
                return False
            inner = seen | {option}
            if not all(_closed(f.annotation, inner) for f in option.model_fields.values()):
                return False
        elif not all(_closed(arg, seen) for arg in typing.get_args(option) if not isinstance(arg, str)):
            return False
    return True


def validate(tp: Any, data: Any, doc: Document, base: Loc = (), what: str = "") -> Any:
    """Validate ``data`` (found at ``base`` in ``doc``) as ``tp``; raise DataError on problems."""
    if _closed(tp):  # the common case, valid data: pydantic alone proves there is no unknown key
        try:
            return _adapter(tp).validate_python(data)
        except ValidationError:
            pass  # report it in full below
    problems: list[Problem] = []
    for loc, key, allowed in unknown_keys(tp, data):
        hint = suggest(key, allowed) or f" (expected one of: {', '.join(allowed)})"
        problems.append(doc.problem(loc, f"unknown key '{key}'{hint}", rank=20, base=base, at_key=True))
    try:
        value = _adapter(tp).validate_python(data)
    except ValidationError as exc:
        located = [(_clean_loc(e["loc"], data), e) for e in exc.errors() if e["type"] != "extra_forbidden"]
        for loc, err in located:
            at = loc if _exists(data, loc) else loc[:-1]  # a union tag kept as a 'missing key'
            if err["type"] in _SHAPE and any(other[: len(at)] == at and other != loc for other, _ in located):
                continue  # a union's other branch ('expected text') where the value matched a deeper one
            problems.append(doc.problem(loc, reword(err), rank=30, base=base))
        value = None
    if problems:
        raise DataError(problems)
    return value
