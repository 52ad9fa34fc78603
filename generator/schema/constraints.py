"""The schema of a game's ``constraints.yaml``: deck composition rules.

Each rule has an ``id``, a ``message`` (what the rule says, for people) and exactly one kind:
``deck_size``, ``count``, ``copies``, ``range``, ``unique``, ``refers``, ``fields`` or ``check``
(a named check written in the game's rules module). Cards are selected with ``where``: a mapping
of field path -> value or list of values; a list-valued field matches when it contains a value.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, field_validator, model_validator

from generator.schema.common import Strict

Where = dict[str, str | list[str]]

_PATH = re.compile(r"^(\*|[A-Za-z_][\w-]*)(\[\]|\{\})?(\.(\*|[A-Za-z_][\w-]*)(\[\]|\{\})?)*$")
KINDS = ("deck_size", "count", "copies", "range", "unique", "refers", "fields", "check")


def check_path(text: str) -> str:
    """A field path: ``name``, ``keywords[]`` (list items), ``damage{}`` (mapping keys),
    ``damage.*`` (mapping values), joined with dots: ``conditions[].with[]``."""
    if not _PATH.match(text):
        raise ValueError(
            f"'{text}' is not a field path: write names joined by dots, '[]' after a list, "
            "'{}' after a mapping for its keys, '*' for every value (e.g. conditions[].with[])"
        )
    return text


class Bounds(Strict):
    """How many: ``exactly`` N, or at least ``min`` and/or at most ``max``."""

    exactly: int | None = Field(None, ge=0)
    min: int | None = Field(None, ge=0)
    max: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _one(self) -> Bounds:
        if self.exactly is None and self.min is None and self.max is None:
            raise ValueError("give 'exactly', 'min' or 'max'")
        if self.exactly is not None and (self.min is not None or self.max is not None):
            raise ValueError("give either 'exactly' or 'min'/'max', not both")
        return self


class Selected(Strict):
    """Base of the kinds that look at a selection of cards."""

    where: Where = Field(default_factory=dict)

    @field_validator("where")
    @classmethod
    def _paths(cls, value: Where) -> Where:
        for key in value:
            check_path(key)
        return value


class Count(Selected, Bounds):
    """The number of physical cards selected (counts included); with ``per``, of each group."""

    per: str | None = None


class Copies(Selected):
    """At most ``max`` physical copies of any one name among the selected cards."""

    max: int = Field(ge=1)


class Range(Selected):
    """Every value at ``field`` on the selected cards lies within ``min``..``max``."""

    field: str
    min: float | None = None
    max: float | None = None

    @field_validator("field")
    @classmethod
    def _path(cls, value: str) -> str:
        return check_path(value)


class Unique(Selected):
    """No two selected card entries share the value(s) at ``fields``."""

    fields: list[str] = Field(default_factory=lambda: ["name"], min_length=1)

    @field_validator("fields")
    @classmethod
    def _paths_ok(cls, value: list[str]) -> list[str]:
        return [check_path(p) for p in value]


class Refers(Selected):
    """Every value at ``from`` on the selected cards appears among the values at ``to`` of the
    cards chosen by ``among`` (default all cards), or of the same card with ``same_card``."""

    source: str = Field(alias="from")
    to: list[str] = Field(min_length=1)
    among: Where = Field(default_factory=dict)
    same_card: bool = False

    @field_validator("source")
    @classmethod
    def _source_ok(cls, value: str) -> str:
        return check_path(value)

    @field_validator("to")
    @classmethod
    def _to_ok(cls, value: list[str]) -> list[str]:
        return [check_path(p) for p in value]


class Fields(Selected):
    """Every selected card has each ``required`` field and none of the ``forbidden`` ones."""

    required: list[str] = Field(default_factory=list)
    forbidden: list[str] = Field(default_factory=list)


class Constraint(Strict):
    """One composition rule."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    message: str = Field(min_length=1)
    deck: str | None = None
    deck_size: int | Bounds | None = None
    count: Count | None = None
    copies: Copies | None = None
    range: Range | None = None
    unique: Unique | None = None
    refers: Refers | None = None
    fields: Fields | None = None
    check: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Constraint:
        given = [k for k in KINDS if getattr(self, k) is not None]
        if len(given) != 1:
            found = f"found {', '.join(given)}" if given else "found none"
            raise ValueError(f"a constraint needs exactly one of {', '.join(KINDS)}; {found}")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in KINDS if getattr(self, k) is not None)

    def body(self) -> Any:
        return getattr(self, self.kind)


class ConstraintFile(Strict):
    """A ``constraints.yaml`` file."""

    constraints: list[Constraint] = Field(default_factory=list)
