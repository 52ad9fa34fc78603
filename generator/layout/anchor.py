"""Placement arithmetic (pure): anchored boxes and the positions of a flow.

Boxes here are card-local (origin bottom-left, y up); ``place:`` offsets and flow positions
are written like template boxes (x right, y down) and turned around here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.core.geometry import Box
from generator.schema.placement import FlowSpec, PlaceSpec

POINTS: dict[str, tuple[float, float]] = {
    "top-left": (0, 1),
    "top": (0.5, 1),
    "top-right": (1, 1),
    "left": (0, 0.5),
    "center": (0.5, 0.5),
    "right": (1, 0.5),
    "bottom-left": (0, 0),
    "bottom": (0.5, 0),
    "bottom-right": (1, 0),
}
"""Each anchor as fractions of a box's width and height, from its bottom-left corner."""


def extent(value: Any, whole: float) -> float:
    """A validated ``Extent`` in points: a length as it is, a ("%", share) of ``whole``."""
    if isinstance(value, tuple):
        return value[1] * whole
    return float(value)


def point(box: Box, anchor: str) -> tuple[float, float]:
    """The point ``anchor`` of ``box``."""
    fx, fy = POINTS[anchor]
    return box.x + fx * box.w, box.y + fy * box.h


def place(spec: PlaceSpec, target: Box, card_w: float, card_h: float) -> Box:
    """The box ``spec`` describes, its ``anchor`` put on the point ``at`` of ``target``."""
    w, h = extent(spec.size[0], card_w), extent(spec.size[1], card_h)
    tx, ty = point(target, spec.at or spec.anchor)
    tx += extent(spec.offset[0], card_w)
    ty -= extent(spec.offset[1], card_h)
    fx, fy = POINTS[spec.anchor]
    return Box(tx - fx * w, ty - fy * h, w, h)


def placed_boxes(
    elements: tuple[Any, ...], areas: Mapping[str, Box], card_w: float, card_h: float, box_of
) -> dict[int, Box]:
    """The box of every top-level element that has ``place:`` (by index), each placed against
    an area or an earlier element's box (``box_of(element)`` for those without ``place``).
    The template loader has already refused a ``to:`` naming no earlier element."""
    named: dict[str, Box] = {}
    out: dict[int, Box] = {}
    for i, element in enumerate(elements):
        spec = getattr(element, "place", None)
        if spec is not None:
            target = areas[spec.to] if spec.to in areas else named[spec.to]
            out[i] = place(spec, target, card_w, card_h)
        if getattr(element, "name", None):
            named[element.name] = out[i] if i in out else box_of(element)
    return out


def flow_offsets(flow: FlowSpec, count: int, length: float) -> list[tuple[float, float]]:
    """Where each of ``count`` copies of a flow starts, from the top-left of its box (x right,
    y down), along a bar ``length`` long."""
    along = flow.size[0] if flow.direction == "row" else flow.size[1]
    gap = flow.gap
    if flow.align == "spread" and count > 1:
        gap = (length - count * along) / (count - 1)
    used = count * along + max(count - 1, 0) * gap
    start = {"start": 0.0, "center": (length - used) / 2, "end": length - used}.get(flow.align, 0.0)
    if flow.align == "spread" and count == 1:
        start = (length - along) / 2
    steps = [start + n * (along + gap) for n in range(count)]
    return [(s, 0.0) if flow.direction == "row" else (0.0, s) for s in steps]
