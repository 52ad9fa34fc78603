"""Placement in templates: ``place:`` (a box anchored to the card or to a named element, sized
in lengths or fractions of the card) and the ``flow`` settings of a repeat."""

from typing import Annotated, Any, Literal

from pydantic import Field, PlainValidator

from generator.schema.common import Length, Strict, parse_length_value
from generator.schema.messages import suggest

Anchor = Literal[
    "top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right"
]
"""A point of a box: a corner, the middle of an edge, or the centre."""
AREAS = ("card", "trim", "bleed", "safe")
"""What ``place: {to: ...}`` may name besides an earlier element."""


def _extent(value: Any) -> Any:
    """A length (``12mm``), or a share of the card: ``50%`` -> ("%", 0.5)."""
    if isinstance(value, str) and value.strip().endswith("%"):
        try:
            share = float(value.strip()[:-1])
        except ValueError:
            why = f"expected a length (12mm) or a share of the card (50%), found {value!r}"
            raise ValueError(why) from None
        if not -1000 <= share <= 1000:
            raise ValueError(f"a share of the card is -1000% to 1000%, found {value!r}")
        return ("%", share / 100)
    return parse_length_value(value)


Extent = Annotated[
    Any,
    PlainValidator(_extent, json_schema_input_type=str | float),
    Field(
        description="A length with its unit (12mm), or a share of the card: 50% (of its width "
        "for x and w, of its height for y and h)"
    ),
]


class PlaceSpec(Strict):
    """Where an element's box goes: its point ``anchor`` on the point ``at`` (by default the
    same point) of ``to`` - the card's trim (``card``), ``bleed``, ``safe``, or an earlier
    element's ``name`` - moved by ``offset`` (right and down)."""

    size: tuple[Extent, Extent]
    anchor: Anchor = "center"
    to: str = "card"
    at: Anchor | None = None
    offset: tuple[Extent, Extent] = (0.0, 0.0)


class FlowSpec(Strict):
    """A repeat whose copies line up along its box: ``direction`` row or column, each copy
    ``size`` big, ``gap`` apart, and ``align`` start, center, end, or ``spread`` (first and
    last at the ends, even gaps between: icons that fill a bar)."""

    direction: Literal["row", "column"] = "row"
    size: tuple[Length, Length]
    gap: Length = 0.0
    align: Literal["start", "center", "end", "spread"] = "start"


def check_names(elements: tuple[Any, ...]) -> list[tuple[int, str]]:
    """(element index, what is wrong) for each ``place: {to: NAME}`` that names no earlier
    element, each name given twice, and each ``place`` inside a repeat."""
    seen: list[str] = []
    problems: list[tuple[int, str]] = []
    for i, element in enumerate(elements):
        spec = getattr(element, "place", None)
        if spec is not None and spec.to not in AREAS and spec.to not in seen:
            known = ", ".join([*AREAS, *seen])
            problems.append(
                (
                    i,
                    f"place.to: '{spec.to}' is not an area or an earlier element's name"
                    f"{suggest(spec.to, [*AREAS, *seen])} (known: {known}); name the element "
                    f"with 'name:' above this one",
                )
            )
        for child in getattr(element, "elements", None) or ():
            if getattr(child, "place", None) is not None:
                problems.append((i, "place: works on top-level elements; inside a repeat give 'box'"))
        name = getattr(element, "name", None)
        if name:
            if name in seen or name in AREAS:
                why = f"name: '{name}' is used twice (or is an area's name): give each element its own"
                problems.append((i, why))
            seen.append(name)
    return problems
