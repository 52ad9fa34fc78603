"""The schema of a component file (listed under ``components:`` in game.yaml).

A component file declares groups of printed pieces other than cards. Each group is one kind
(counter, marker, money, standee, sheet) at one size, drawn with a card template, with items
that say what to print and how many::

    groups:
      - name: damage
        kind: counter
        size: counter-20mm          # a preset, a card or paper size, or {width: .., height: ..}
        shape: round
        template: counter-round
        items:
          - {name: Damage, count: 40, value: 1, icon: damage, color: "#b3261e"}

An item is ``name``, ``count`` and ``type`` (the template style to use, default: the kind) plus
any fields its template refers to; ``defaults`` gives fields every item of the group shares.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from generator.schema.common import Length, SizeSpec, Strict

KINDS = ("counter", "marker", "money", "standee", "sheet")
SHAPES = ("round", "square", "rect")


def _name(value: Any) -> Any:
    if isinstance(value, str) and not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", value):
        raise ValueError(f"expected a lowercase name of letters, digits, '-' and '_', found {value!r}")
    return value


GroupName = Annotated[str, BeforeValidator(_name)]


class ItemHead(Strict):
    """The built-in keys of an item; every other key is a field for its template."""

    name: str = Field(min_length=1)
    count: int = Field(1, ge=1)
    type: str | None = Field(None, pattern=r"^[A-Za-z_][\w-]*$")


class StandsOn(Strict):
    """Where a group's pieces stand, and how many one cell must hold at once (``holds``)."""

    cell: str
    holds: int = Field(default=1, ge=1, le=99)


class GroupSpec(Strict):
    """One group of components: kind, size, shape, templates and items."""

    name: GroupName
    title: str | None = None
    kind: Literal["counter", "marker", "money", "standee", "sheet"]
    size: str | SizeSpec
    shape: Literal["round", "square", "rect"] | None = None
    template: str
    back: str | None = None
    tab: Length | None = None
    note: str | None = None
    use: Literal["pad", "piece"] | None = None
    """Sheets only: ``pad`` (the default) is written on and printed again, on plain paper;
    ``piece`` is cut out once and kept (a die net, a start line), on card stock."""
    stands_on: list[str | StandsOn] | None = None
    """Where the pieces stand on a board (``board.route``: a map's squares; ``board.repair``: a
    track's cells; ``board.route.meet``: a map's nodes of one kind), each optionally with how many
    one cell must hold (``{cell: board.route.start, holds: 6}``), for the proofreader's fit and
    capacity rules; ``[]`` says the pieces stand on no board."""
    defaults: dict[str, Any] = Field(default_factory=dict)
    items: list[dict[str, Any]] = Field(min_length=1)


class ComponentFileSpec(Strict):
    """A whole component file."""

    groups: list[GroupSpec] = Field(min_length=1)
