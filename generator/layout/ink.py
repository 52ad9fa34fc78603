"""Total ink: which colours and images of a laid-out face would print above the ink limit.

A colour written in RGB is separated within the limit by the conversion itself
(``convert.to_cmyk``), so only colours written as ``cmyk(...)`` and raster images (whatever the
profile makes of them) can exceed it. ``check`` always looks (default 300 %); ``build --color
cmyk`` looks with its ``--ink-limit`` and warns.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.art.svgfile import is_svg
from generator.color.convert import to_cmyk
from generator.core.colorspec import is_cmyk
from generator.core.notices import reading
from generator.layout.ops import (
    EllipseOp,
    GroupOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    RectOp,
    ShapeOp,
    TextOp,
    see_through,
)

INK_RANK = 62  # after overflows, beside image resolution; never stops a build
_ACTIVE: ContextVar[tuple[float, list[Any]] | None] = ContextVar("ink_check", default=None)


@contextmanager
def checking(limit: float | None) -> Iterator[list[Any]]:
    """Check every face laid out inside the block against ``limit`` percent (None: no check);
    yields the list the problems found are gathered in (each once)."""
    found: list[Any] = []
    token = _ACTIVE.set(None if limit is None else (limit, found))
    try:
        yield found
    finally:
        _ACTIVE.reset(token)


def active() -> tuple[float, list[Any]] | None:
    """(limit, problems found so far) inside ``checking``, else None."""
    return _ACTIVE.get()


@dataclass(frozen=True)
class Excess:
    """A colour (``what`` is fill, stroke, text or icon) or an image over the limit (a warning:
    the build brings images within it)."""

    what: str
    value: str  # the colour as written, or the image's file name
    total: float  # percent
    path: Path | None = None

    def describe(self, limit: float) -> str:
        if self.path is not None:
            return (
                f"image '{self.path.name}' separates to up to {self.total:g} % total ink, above the "
                f"{limit:g} % limit: a CMYK build takes its darkest areas down to {limit:g} % (less C, M "
                "and Y, the same K); look at its shadows in the CMYK file"
            )
        return (
            f"{self.what} colour {self.value} is {self.total:g} % total ink, above the {limit:g} % limit: "
            f"lower C, M or Y so they add up to at most {limit:g}"
        )


def excesses(ops: tuple[Op, ...] | list[Op], limit: float) -> Iterator[Excess]:
    """Every colour and image in ``ops`` (groups included) above ``limit`` percent total ink. An
    element drawn see-through (``opacity:``, ``blend:``) is not printed in its colour as written:
    a CMYK build flattens it with what lies beneath through the press profile, within the limit."""
    for op in ops:
        if see_through(op):
            continue
        if isinstance(op, GroupOp):
            yield from excesses(op.ops, limit)
        elif isinstance(op, RectOp | EllipseOp | ShapeOp):
            yield from _colour("fill", op.fill, limit)
            yield from _colour("stroke", op.stroke, limit)
            if isinstance(op, ShapeOp) and op.image is not None and not is_svg(op.image.path):
                yield from _image(op.image.path, limit)
        elif isinstance(op, LineOp):
            yield from _colour("stroke", op.stroke, limit)
        elif isinstance(op, IconOp):
            yield from _colour("icon", op.color, limit)
            if not is_svg(op.path):
                yield from _image(op.path, limit)
        elif isinstance(op, TextOp):
            colours = [r.color for r in op.layout.runs] + [i.color for i in op.layout.icons]
            for value in dict.fromkeys(colours):
                yield from _colour("text", value, limit)
        elif isinstance(op, ImageOp) and not is_svg(op.path):
            yield from _image(op.path, limit)


def _colour(what: str, value: str | None, limit: float) -> Iterator[Excess]:
    if value and is_cmyk(value):
        total = to_cmyk(value).total
        if total > limit:
            yield Excess(what, value, total)


def _image(path: Path, limit: float) -> Iterator[Excess]:
    from generator.color.images import max_coverage  # with Pillow's ImageMath: images only

    try:
        with reading(path):  # Pillow's warnings become ours, at this file
            total = max_coverage(path)
    except OSError:  # an unreadable image is reported where it is named
        return
    if total > limit:
        yield Excess("image", path.name, total, path)


def element_of(
    template: Any, style: Mapping[str, str], values: Mapping[str, Any], excess: Excess
) -> int | None:
    """The index of the template element that names the over-limit colour or image, directly, by a
    style or through a card field it shows; None if none does (then the template is named)."""
    for i, element in enumerate(template.elements):
        if _names(element, style, values, excess):
            return i
    return None


_FIELD = re.compile(r"\{([A-Za-z_]\w*)")


def _names(element: Any, style: Mapping[str, str], values: Mapping[str, Any], excess: Excess) -> bool:
    children = getattr(element, "elements", None)
    if children:
        return any(_names(child, style, values, excess) for child in children)
    wanted = excess.value.replace(" ", "")
    for key in ("fill", "stroke", "color", "text", "file", "image"):
        raw = getattr(element, key, None)
        if not isinstance(raw, str):
            continue
        value = style.get(raw[1:], raw) if raw.startswith("$") else raw
        shown = " ".join(str(values.get(name, "")) for name in _FIELD.findall(value))
        if wanted in (value + shown).replace(" ", ""):
            return True
    return False


def file_problems(path: Path, limit: float) -> list[Any]:
    """A problem for each ``cmyk(...)`` colour written in the YAML file ``path`` (a board, a rule
    summary) that goes above ``limit`` percent, at its line."""
    from generator.core.yamlio import load_yaml

    doc = load_yaml(path)
    problems = []
    for loc, text in _strings(doc.data, ()):
        for excess in _colour("", text, limit):
            message = excess.describe(limit).replace(" colour", "colour", 1)
            problems.append(doc.problem(loc, message, INK_RANK))
    return problems


def _strings(data: Any, loc: tuple) -> Iterator[tuple[tuple, str]]:
    if isinstance(data, str):
        if is_cmyk(data):
            yield loc, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*loc, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, (*loc, i))
