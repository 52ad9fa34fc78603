"""Log entries made by the rules model itself, straight into a pydantic model's ``__dict__``.

A simulated game makes an entry model at every move; the rules model built the entry, so it is
not validated again (replaying the log with ``log check`` validates it like any other).
:func:`construct` gives what ``model.model_construct(**fields)`` gives, without pydantic's
per-call work.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

_SHARED = (type(None), bool, int, float, str, bytes, frozenset)
"""Defaults of these types are immutable: every entry may share the one value."""
_REQUIRED = object()
_FieldPlan = tuple[str, tuple[str, ...], Any, Callable[[], Any] | None]


@functools.lru_cache(maxsize=256)
def _plan(model: type[BaseModel]) -> tuple[_FieldPlan, ...] | None:
    """Per field of ``model``: (name, the keys that set it, alias first; a shared default or
    ``_REQUIRED``; a function making the default afresh). None when ``model_construct`` does more
    than this covers (validation aliases, extra fields kept, post-init hooks, root models)."""
    hooks = model.__pydantic_root_model__ or model.__pydantic_post_init__
    if hooks or model.model_config.get("extra") == "allow":
        return None
    plan = []
    for name, f in model.model_fields.items():
        if f.validation_alias is not None and f.validation_alias != f.alias:
            return None
        keys = (f.alias, name) if f.alias is not None and f.alias != name else (name,)
        if f.default_factory is not None:
            plan.append((name, keys, _REQUIRED, f.default_factory))
        elif f.is_required():
            plan.append((name, keys, _REQUIRED, None))
        elif type(f.default) in _SHARED:
            plan.append((name, keys, f.default, None))
        elif type(f.default) in (list, dict, set) and not f.default:  # pydantic copies an empty one
            plan.append((name, keys, _REQUIRED, type(f.default)))
        else:  # a mutable default: pydantic copies it for every instance
            plan.append((name, keys, _REQUIRED, functools.partial(f.get_default, call_default_factory=True)))
    return tuple(plan)


@dataclass(frozen=True)
class _Plain:
    """A model whose fields are set by their own names only, made by copying ``template`` (every
    field in order, at its shared default or a placeholder) and laying the given fields over it."""

    template: dict[str, Any]
    required: frozenset[str]
    names: frozenset[str]
    made: tuple[tuple[str, Callable[[], Any]], ...]  # fields whose default is made afresh
    new: Callable[[type[BaseModel]], BaseModel]  # the model's ``__new__`` (found slowly on a model)


@functools.lru_cache(maxsize=256)
def _plain(model: type[BaseModel]) -> _Plain | None:
    """The :class:`_Plain` of a model whose fields are set by their own names only; None for any
    other model."""
    plan = _plan(model)
    if plan is None or any(keys != (name,) for name, keys, _, _ in plan):
        return None
    return _Plain(
        template={name: None if default is _REQUIRED else default for name, _, default, _ in plan},
        required=frozenset(name for name, _, default, make in plan if default is _REQUIRED and make is None),
        names=frozenset(name for name, *_ in plan),
        made=tuple((name, make) for name, _, _, make in plan if make is not None),
        new=model.__new__,
    )


def construct(model: type[BaseModel], fields: dict[str, Any]) -> BaseModel:
    """``model.model_construct(**fields)``, made directly: the same ``__dict__`` (field order),
    fields set and defaults, without pydantic's per-call work (it inspects a default factory's
    signature on every call, which can dominate a playthrough). Entries are made many times per
    simulated game; :func:`_plan` says when the general ``model_construct`` is needed instead."""
    plain = _plain(model)
    given = set(fields)
    if plain is not None and given <= plain.names and plain.required <= given:  # the short way
        values = plain.template.copy()
        values.update(fields)  # (the template's order: the model's)
        for name, make in plain.made:
            if name not in fields:
                values[name] = make()
        made = plain.new(model)
    else:
        plan = _plan(model)
        if plan is None:
            return model.model_construct(**fields)
        values, given = {}, set()
        for name, keys, default, make in plan:
            for key in keys:
                if key in fields:
                    values[name] = fields[key]
                    given.add(name)
                    break
            else:
                if make is not None:
                    values[name] = make()
                elif default is not _REQUIRED:
                    values[name] = default
        made = _maker(model)(model)
    _set_dict(made, values)
    _set_fields(made, given)
    _set_extra(made, None)
    _set_private(made, None)
    return made


def reconstruct(made: BaseModel, fields: dict[str, Any], name: str) -> BaseModel:
    """``construct(type(made), fields)`` once ``fields[name]`` changed, ``made`` being what
    ``construct`` made of the fields before: for a model whose fields are set by their own names
    (and ``name`` one of them) a copy of ``made`` with that one value set; else made anew."""
    model = type(made)
    plain = _plain(model)
    if plain is None or name not in plain.names:
        return construct(model, fields)
    values = made.__dict__.copy()
    values[name] = fields[name]
    copy = plain.new(model)
    _set_dict(copy, values)
    _set_fields(copy, made.__pydantic_fields_set__ | {name})
    _set_extra(copy, None)
    _set_private(copy, None)
    return copy


@functools.lru_cache(maxsize=256)
def _maker(model: type[BaseModel]) -> Callable[[type[BaseModel]], BaseModel]:
    """``model.__new__``, looked up once (a pydantic model class finds it slowly)."""
    return model.__new__


_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
"""The slots ``model_construct`` sets, set through their descriptors (the same slots, without
``object.__setattr__``'s lookup)."""
