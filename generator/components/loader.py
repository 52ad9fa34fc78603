"""Load a component file into ComponentGroups: sizes, shapes and templates checked, items as cards.

A template that declares ``size:`` is a design at that size: a group of another size with the
same proportions (within 1 %) is laid out at the design size and drawn scaled, so one counter
template serves every counter diameter.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, Problem, display_path
from generator.core.units import mm, to_mm
from generator.core.yamlio import Document, Loc, format_loc, load_yaml
from generator.load.model import Card, Deck, Game, Origin
from generator.schema.common import Color
from generator.schema.components import ComponentFileSpec, GroupSpec, ItemHead
from generator.schema.messages import validate

from .model import NOUNS, ComponentGroup, ComponentSet
from .sizes import component_size

DEFAULT_TAB = mm(12)
RESERVED = ("kind", "shape", "deck")
ASPECT_TOLERANCE = 0.01
_FIELD = re.compile(r"^[A-Za-z_][\w-]*$")

Size = tuple[float, float]


def component_files(game: Game) -> list[Path]:
    """The component files game.yaml lists under ``components:``, in order; DataError (at the
    game.yaml entry) for a file that does not exist."""
    spec = game.extra.get("spec")
    paths = [game.folder / name for name in (spec.components if spec else [])]
    missing = [i for i, path in enumerate(paths) if not path.is_file()]
    if missing:
        folder = display_path(game.folder)
        raise DataError(
            [
                game.spec_problem(
                    ("components", i), f"component file '{paths[i].name}' not found in {folder}", 10
                )
                for i in missing
            ]
        )
    return paths


def load_components(path: Path, game: Game) -> ComponentSet:
    """Load and check one component file; raise DataError listing every problem."""
    doc = load_yaml(path)
    spec: ComponentFileSpec = validate(ComponentFileSpec, doc.data or {}, doc)
    problems: list[Problem] = []
    groups: list[ComponentGroup] = []
    first: dict[str, int] = {}
    for i, group in enumerate(spec.groups):
        if group.name in first:
            line = doc.mark(("groups", first[group.name]))[0]
            message = f"group name '{group.name}' is used twice (first at line {line}): rename one"
            problems.append(doc.problem(("groups", i, "name"), message, rank=20))
        first.setdefault(group.name, i)
        try:
            groups.append(_group(group, ("groups", i), doc, game))
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return ComponentSet(path, tuple(groups), Origin(doc.file, *doc.mark(())))


def _mm(size: Size) -> str:
    return f"{to_mm(size[0]):g} x {to_mm(size[1]):g} mm"


class _Group:
    """Checks one group, collecting problems located at its keys."""

    def __init__(self, spec: GroupSpec, loc: Loc, doc: Document, game: Game):
        self.spec, self.loc, self.doc, self.game = spec, loc, doc, game
        self.problems: list[Problem] = []

    def problem(self, key: str, message: str, rank: int = 30) -> None:
        self.problems.append(self.doc.problem((*self.loc, key), message, rank=rank))

    def size(self) -> Size:
        size = self.spec.size
        if isinstance(size, str):
            try:
                return component_size(size)
            except ValueError as exc:
                self.problem("size", str(exc), 20)
                return (0.0, 0.0)
        if size.width <= 0 or size.height <= 0:
            self.problem("size", "width and height must be positive")
            return (0.0, 0.0)
        return (size.width, size.height)

    def shape(self, size: Size) -> str:
        kind = self.spec.kind
        shape = self.spec.shape or ("round" if kind == "counter" else "rect")
        if shape == "round" and kind not in ("counter", "marker"):
            message = f"shape 'round' is for counters and markers; a {NOUNS[kind][0]} is a rectangle (rect)"
            self.problem("shape", message)
        elif shape in ("round", "square") and size[0] and abs(size[0] - size[1]) > 1e-6:
            self.problem("shape", f"shape '{shape}' needs equal width and height, found {_mm(size)}")
        tab = self.spec.tab
        if tab is not None and kind != "standee":
            self.problem("tab", "'tab' (the base tab at each end of the strip) is only for standees")
        elif tab is not None and tab <= 0:
            self.problem("tab", "expected a positive length such as '12mm'")
        if self.spec.use is not None and kind != "sheet":
            self.problem("use", "'use' (pad or piece) is only for sheets; remove it from this group")
        return shape

    def design(self, size: Size) -> Size | None:
        """The size the templates are laid out at (None: the group's own size)."""
        designs: dict[str, Size | None] = {}
        library = self.game.extra["templates"]
        for key in ("template", "back"):
            name = getattr(self.spec, key)
            if not name:
                continue
            line, col = self.doc.mark((*self.loc, key))
            wanted = Problem(15, self.doc.file, line, col, f"{format_loc(self.loc)}.{key}", "")
            try:
                declared = library.get(name, wanted).size
            except DataError as exc:
                self.problems.extend(exc.problems)
                continue
            try:
                designs[key] = _declared(declared)
            except ValueError as exc:
                self.problem(key, f"template '{name}' declares {exc}", 20)
        front, back = designs.get("template"), designs.get("back")
        if front and back and _mm(front) != _mm(back):
            message = (
                f"the back template is designed for {_mm(back)} but the front template for "
                f"{_mm(front)}: give both the same 'size:'"
            )
            self.problem("back", message, 20)
        design = front or back
        if design and size[0] and abs((size[0] / design[0]) / (size[1] / design[1]) - 1) > ASPECT_TOLERANCE:
            message = (
                f"the template is designed for {_mm(design)} and drawn scaled to other sizes, but "
                f"{_mm(size)} has other proportions: use a size shaped like {_mm(design)} or another template"
            )
            self.problem("size", message, 20)
        return design


def _declared(size: Any) -> Size | None:
    if size is None:
        return None
    if isinstance(size, str):
        return component_size(size)
    return (size.width, size.height)


def _group(spec: GroupSpec, loc: Loc, doc: Document, game: Game) -> ComponentGroup:
    check = _Group(spec, loc, doc, game)
    size = check.size()
    shape = check.shape(size)
    design = check.design(size) or size
    defaults = _fields(spec.defaults, (*loc, "defaults"), doc, check.problems)
    cards = [
        _item(item, (*loc, "items", j), spec, shape, defaults, doc, check.problems)
        for j, item in enumerate(spec.items)
    ]
    if check.problems:
        raise DataError(check.problems)
    origin = Origin(doc.file, *doc.mark(loc))
    back = spec.back or (spec.template if spec.kind == "standee" else None)
    title = spec.title or spec.name.replace("-", " ").replace("_", " ").capitalize()
    deck = Deck(spec.name, title, design[0], design[1], spec.template, back, {}, tuple(cards), origin)
    return ComponentGroup(
        name=spec.name,
        title=title,
        kind=spec.kind,
        shape=shape,
        deck=deck,
        width=size[0],
        height=size[1],
        origin=origin,
        size_origin=Origin(doc.file, *doc.mark((*loc, "size"))),
        tab=(spec.tab or DEFAULT_TAB) if spec.kind == "standee" else 0.0,
        note=spec.note,
        use=(spec.use or "pad") if spec.kind == "sheet" else "",
    )


def _item(
    data: dict[str, Any],
    loc: Loc,
    group: GroupSpec,
    shape: str,
    defaults: dict[str, Any],
    doc: Document,
    problems: list[Problem],
) -> Card:
    head_keys = ("name", "count", "type")
    head = ItemHead(name="?")
    try:
        head = validate(ItemHead, {k: v for k, v in data.items() if k in head_keys}, doc, base=loc)
    except DataError as exc:
        problems.extend(exc.problems)
    fields = _fields({k: v for k, v in data.items() if k not in head_keys}, loc, doc, problems)
    values = {**defaults, **fields, "kind": group.kind, "shape": shape}
    origins = {k: Origin(doc.file, *doc.mark((*loc, k))) for k in data}
    origin = Origin(doc.file, *doc.mark(loc))
    return Card(head.name, head.type or group.kind, head.count, group.name, values, origin, origins)


def _fields(data: dict[str, Any], loc: Loc, doc: Document, problems: list[Problem]) -> dict[str, Any]:
    """Free item fields: names usable in templates, colours checked, reserved names refused."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in RESERVED:
            message = f"'{key}' is set by the group, not per item: remove it (templates can use {{{key}}})"
            problems.append(doc.problem((*loc, key), message, rank=20))
        elif not _FIELD.match(key):
            message = f"field name '{key}' cannot be used in a template: use letters, digits, '_' and '-'"
            problems.append(doc.problem((*loc, key), message, rank=20))
        elif value is None:
            problems.append(doc.problem((*loc, key), "expected a value, found nothing", rank=30))
        elif key == "color" or key.endswith("_color"):
            try:
                out[key] = validate(Color, value, doc, base=(*loc, key))
            except DataError as exc:
                problems.extend(exc.problems)
        else:
            out[key] = value
    return out
