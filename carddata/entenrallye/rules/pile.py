"""The order of the part pile, where a log records it. Rulebook: the parts "are well shuffled and
placed face down in a pile", and at a meet "the attached parts are removed and shuffled back
into the pack". A log may write the order (top first) in the setup (`pile:`) and again on the
drive that reaches a meet (`pile:`, after the shuffle); while it is known, a part bought must be
the top one. A shuffle nobody recorded makes the order unknown until the next recorded one."""

from __future__ import annotations

from collections import Counter

from generator.rules import Note

from .state import Table


def check_order(order: list[str], pile: set[str], note: Note, where: str) -> list[str] | None:
    """``order`` if it lists exactly the parts in the pile, each once; else reported, None."""
    written, held = Counter(order), Counter(pile)
    if written == held:
        return list(order)
    extra = sorted((written - held).elements())
    missing = sorted((held - written).elements())
    said = "; ".join(
        bit
        for bit in (
            f"not in the pile or listed twice: {', '.join(extra)}" if extra else "",
            f"missing: {', '.join(missing)}" if missing else "",
        )
        if bit
    )
    note("PILE_ORDER", f"{where} must list every part in the pile once, top first ({said})")
    return None


def take_top(table: Table, name: str, note: Note) -> None:
    """Buying draws the top part of the pile, when its order is known."""
    if table.order is None:
        return
    if table.order and table.order[0] != name:
        note(
            "BLIND_DRAW",
            f"the pile's top part is {table.order[0]} (its recorded order), not {name}: "
            "a part is bought from the top of the face-down pile",
        )
    if name in table.order:
        table.order.remove(name)


def reshuffle(table: Table, order: list[str] | None, note: Note) -> None:
    """Parts went back into the pack and it was shuffled: the new order, if the log records it."""
    table.order = check_order(order, table.pile, note, "the pile after the shuffle") if order else None
