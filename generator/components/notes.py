"""Print notes for components: what to print, on which paper, sides and flip, copies, assembly."""

from __future__ import annotations

from collections.abc import Sequence

from generator.core.say import say
from generator.core.units import to_mm

from .model import ComponentGroup, ComponentSet, pdf_stem
from .plan import PlanOptions, plan_group

STOCK = {
    "counter": "paper.counter",
    "marker": "paper.counter",
    "money": "paper.money",
    "standee": "paper.standee",
    "sheet": "paper.sheet",
}
"""The catalogue key of each kind's paper (see :mod:`generator.core.say`)."""
PIECE_SHEET = "paper.piece_sheet"
"""A sheet with ``use: piece`` (a die net, a start line) is a playing piece, not a pad."""


def stock(group: ComponentGroup) -> str:
    """The paper a group prints on: its kind's, card stock for a sheet that is a piece."""
    return say(PIECE_SHEET if group.use == "piece" else STOCK[group.kind])


def groups_of(components: ComponentSet | Sequence[ComponentSet]) -> list[ComponentGroup]:
    """Every group of one component set or of several, in order."""
    sets = [components] if isinstance(components, ComponentSet) else list(components)
    return [g for s in sets for g in s.groups]


def _size(group: ComponentGroup) -> str:
    w, h = to_mm(group.width), to_mm(group.height)
    key = {"round": "components.round", "square": "components.square"}.get(group.shape, "components.rect")
    return say(key, w=f"{w:g}", h=f"{h:g}")


def _sides(group: ComponentGroup, opts: PlanOptions) -> str:
    if not group.two_sided or opts.layout == "gutterfold":
        return say("components.single")
    if not opts.backs:
        return say("components.no_backs")
    return say("components.double", edge=say(f"edge.{opts.flip}"))


def _assembly(group: ComponentGroup, opts: PlanOptions) -> str:
    if group.kind == "standee":
        return say("components.standee_fold", tab=f"{to_mm(group.tab):g} mm")
    cut = say("components.cut_circles" if group.shape == "round" else "components.cut_marks")
    if group.two_sided and opts.backs and opts.layout == "gutterfold":
        cut = say("components.fold_cut", cut=cut)
    if group.shape == "round":
        return say("components.punch", cut=cut)
    if group.kind == "sheet" and group.use != "piece":
        return say("components.fresh", cut=cut)
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
        # a sheet with use: piece is not a player's sheet to write on but a piece to cut out
        noun = say("components.piece" if group.use == "piece" else f"components.{group.kind}", group.size)
        note = say(
            "components.line",
            file=f"{pdf_stem(component_set, group.kind)}.pdf",
            title=group.title,
            what=f"{group.size} {noun} ({_size(group)})",
            sheets=sheets,
            paper=_paper(options.paper),
            sheet_word=say("components.paper_sheet", sheets),
            sides=_sides(group, opts),
            stock=stock(group),
            assembly=_assembly(group, opts),
        )
        notes.append(note + (f" {group.note}" if group.note else ""))
    return notes
