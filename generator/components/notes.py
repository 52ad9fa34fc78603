"""Print notes for components: what to print, on which paper, sides and flip, copies, assembly."""

from __future__ import annotations

from collections.abc import Sequence

from generator.core.units import to_mm

from .model import NOUNS, ComponentGroup, ComponentSet, pdf_stem
from .plan import PlanOptions, plan_group

STOCK = {
    "counter": "card stock (or glue the sheet onto thin card before cutting)",
    "marker": "card stock (or glue the sheet onto thin card before cutting)",
    "money": "plain paper (coloured paper works too)",
    "standee": "card stock (160-220 g/m2 folds cleanly)",
    "sheet": "plain paper",
}
PIECE_SHEET = "card stock (160-220 g/m2: cut out and kept, it folds cleanly)"
"""A sheet with ``use: piece`` (a die net, a start line) is a playing piece, not a pad."""


def stock(group: ComponentGroup) -> str:
    """The paper a group prints on: its kind's, card stock for a sheet that is a piece."""
    return PIECE_SHEET if group.use == "piece" else STOCK[group.kind]


def groups_of(components: ComponentSet | Sequence[ComponentSet]) -> list[ComponentGroup]:
    """Every group of one component set or of several, in order."""
    sets = [components] if isinstance(components, ComponentSet) else list(components)
    return [g for s in sets for g in s.groups]


def _size(group: ComponentGroup) -> str:
    w, h = to_mm(group.width), to_mm(group.height)
    if group.shape == "round":
        return f"{w:g} mm round"
    return f"{w:g} mm square" if group.shape == "square" else f"{w:g} x {h:g} mm"


def _sides(group: ComponentGroup, opts: PlanOptions) -> str:
    if not group.two_sided or opts.layout == "gutterfold":
        return "single-sided"
    if not opts.backs:
        return "single-sided (backs left out by --no-backs)"
    return f"double-sided, flip on the {opts.flip} edge (each back page follows its front page)"


def _assembly(group: ComponentGroup, opts: PlanOptions) -> str:
    if group.kind == "standee":
        tab = f"{to_mm(group.tab):g} mm"
        return (
            "cut out each strip, fold it on the middle dashed line with the pictures outside and glue the "
            f"two panels together; fold the {tab} end tabs outward in opposite directions to make the base "
            "(or push them into a plastic stand)"
        )
    cut = "cut along the printed circles" if group.shape == "round" else "cut on the crop marks"
    if group.two_sided and opts.backs and opts.layout == "gutterfold":
        cut = f"fold each sheet on the dashed line with glue between, then {cut} through both layers"
    if group.shape == "round":
        return cut + " (a circle punch of the same size is quickest)"
    if group.kind == "sheet" and group.use != "piece":
        return cut + "; print more copies whenever you need fresh ones"
    return cut


def _paper(name: str) -> str:
    return name.upper() if name[:1] in "aA" else name.capitalize()


def components_print_notes(components: ComponentSet | Sequence[ComponentSet], options) -> list[str]:
    """One line per group: file, pieces, paper, sides and flip, copies, how to cut or fold.

    ``options`` is a ``build.BuildOptions``.
    """
    opts = PlanOptions.from_build(options)
    notes = []
    sets = [components] if isinstance(components, ComponentSet) else list(components)
    for component_set, group in [(s, g) for s in sets for g in s.groups]:
        pages = plan_group(group, opts)
        sheets = pages[-1].sheets if pages else 0
        noun = NOUNS[group.kind][group.size != 1]
        if group.use == "piece":  # not a player's sheet to write on: a piece to cut out
            noun = "sheet to cut out" if group.size == 1 else "sheets to cut out"
        what = f"{group.size} {noun} ({_size(group)})"
        file = f"{pdf_stem(component_set, group.kind)}.pdf"
        note = (
            f"{file} - {group.title}: {what} on {sheets} {_paper(options.paper)} "
            f"sheet{'s' if sheets != 1 else ''}; 1 copy; print {_sides(group, opts)} at 100% "
            f"(no 'fit to page') on {stock(group)}; {_assembly(group, opts)}."
        )
        notes.append(note + (f" {group.note}" if group.note else ""))
    return notes
