"""Load templates by name, resolve ``extends:`` chains, and check them once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core import paths
from generator.core.errors import DataError, Problem
from generator.core.units import pixels_at
from generator.core.yamlio import load_yaml
from generator.load.model import Origin
from generator.schema.common import SizeSpec
from generator.schema.messages import suggest, validate
from generator.schema.placement import check_names
from generator.schema.template import Element, KeywordStyling, TemplateSpec


@dataclass(frozen=True)
class Template:
    """A resolved template: its own and inherited elements, styles per card type, size."""

    name: str
    file: Path
    size: str | SizeSpec | None
    styles: dict[str, dict[str, str]]
    keywords: KeywordStyling | None
    elements: tuple[Element, ...]
    origin: Origin
    element_origins: tuple[Origin, ...] = field(default=())
    tables: dict[str, dict[str, str]] = field(default_factory=dict)

    def style(self, card_type: str) -> dict[str, str]:
        """Style values for a card type: 'default' overlaid with the type's own."""
        return {**self.styles.get("default", {}), **self.styles.get(card_type, {})}


class TemplateLibrary:
    """Finds templates in a game's folders first, then in the bundled templates/."""

    def __init__(self, dirs: list[Path], roots: Sequence[Path] | None = None):
        """``roots``: the folders (resolved) every template file must lie in, links followed
        (``paths.game_roots`` of the game folder); by default the ``dirs`` themselves."""
        self.dirs = dirs
        self.roots = tuple(roots) if roots is not None else tuple(Path(d).resolve() for d in dirs)
        self.loaded: dict[str, Template] = {}

    def available(self) -> list[str]:
        names: set[str] = set()
        for d in self.dirs:
            if d.is_dir() and paths.escape(d, self.roots) is None:  # never suggest from elsewhere
                names.update(p.stem for p in d.glob("*.yaml") if p.name != "game.yaml")
        return sorted(names)

    def find(self, name: str) -> Path | None:
        """The file of template ``name``; OutsideError when it would come from outside the roots."""
        return paths.find_file(f"{name}.yaml", self.dirs, self.roots, "template")

    def get(self, name: str, wanted_by: Problem | None = None, chain: tuple[str, ...] = ()) -> Template:
        """The template ``name``, loading and resolving it (and its parents) on first use."""
        if name in self.loaded:
            return self.loaded[name]
        where = wanted_by or Problem(40, "", 0, 0, "", "")
        if name in chain:
            cycle = " -> ".join([*chain, name])
            message = f"templates extend each other in a cycle: {cycle}; remove one 'extends'"
            raise DataError([Problem(15, where.file, where.line, where.column, "extends", message)])
        try:
            path = self.find(name)
        except paths.OutsideError as exc:
            refused = Problem(15, where.file, where.line, where.column, where.path, str(exc))
            raise DataError([refused]) from None
        if path is None:
            looked = ", ".join(paths.spelled(d) for d in self.dirs)
            message = f"no template named '{name}'{suggest(name, self.available())} (looked in {looked})"
            raise DataError([Problem(15, where.file, where.line, where.column, where.path, message)])
        doc = load_yaml(path)
        with pixels_at(_declared_dpi(doc.data)):
            spec: TemplateSpec = validate(TemplateSpec, doc.data or {}, doc)
        elements = _moved(spec.elements, spec.origin)
        line, col = doc.mark(())
        origin = Origin(doc.file, line, col)
        element_origins = tuple(
            Origin(doc.file, *doc.mark(("elements", i))) for i in range(len(spec.elements))
        )
        template = Template(
            spec.name or name,
            path,
            spec.size,
            dict(spec.styles),
            spec.keywords,
            elements,
            origin,
            element_origins,
            dict(spec.tables),
        )
        if spec.extends:
            line, col = doc.mark(("extends",))
            here = Problem(15, doc.file, line, col, "extends", "")
            parent = self.get(spec.extends, here, (*chain, name))
            template = _merge(parent, template)
        _check_placement(template)
        self.loaded[name] = template
        return template


def _check_placement(template: Template) -> None:
    """DataError for each ``place:`` naming no earlier element, name used twice, or ``place``
    inside a repeat, at its element's line."""
    found = []
    for i, message in check_names(template.elements):
        where = template.element_origins[i] if i < len(template.element_origins) else template.origin
        found.append(Problem(15, where.file, where.line, where.column, f"elements[{i}]", message))
    if found:
        raise DataError(found)


def _declared_dpi(data: Any) -> float | None:
    """The template's ``dpi:`` when it is a usable number (else the schema reports it)."""
    raw = data.get("dpi") if isinstance(data, dict) else None
    try:
        dpi = float(raw) if raw is not None else None
    except ValueError:
        return None
    return dpi if dpi is not None and 0 < dpi <= 10000 else None


def _moved(elements: list[Element], origin: tuple[float, float] | None) -> tuple[Element, ...]:
    """The elements with their ``[x, y, w, h]`` boxes measured from the trim's top-left corner
    (``origin`` is where the file's own (0, 0) lies); named boxes and repeat children (relative
    to their repeat) stay as they are."""
    if not origin or origin == (0.0, 0.0):
        return tuple(elements)
    ox, oy = origin

    def move(box: tuple[float, ...]) -> tuple[float, ...]:
        return (box[0] + ox, box[1] + oy, *box[2:])

    return tuple(e if isinstance(e.box, str) else e.model_copy(update={"box": move(e.box)}) for e in elements)


def _merge(parent: Template, child: Template) -> Template:
    """Child over parent: parent's elements drawn first, styles overlaid per card type."""
    styles: dict[str, dict[str, Any]] = {k: dict(v) for k, v in parent.styles.items()}
    for key, values in child.styles.items():
        styles[key] = {**styles.get(key, {}), **values}
    return Template(
        name=child.name,
        file=child.file,
        size=child.size or parent.size,
        styles=styles,
        keywords=child.keywords or parent.keywords,
        elements=parent.elements + child.elements,
        origin=child.origin,
        element_origins=parent.element_origins + child.element_origins,
        tables={**parent.tables, **child.tables},
    )
