"""Where text does not fit, for the preview: the card is drawn anyway (as it would print, cut
off) and the box of each element whose text overflows is outlined on its picture.

The boxes come from laying the card out again (``layout.deck.DeckFaces``, the build's own
layout): each overflow names its template element, whose text op carries the element's origin.
"""

from __future__ import annotations

from typing import Any

from generator.core.errors import Problem
from generator.layout.deck import OVERFLOW_RANK
from generator.load.model import Game
from generator.serve.gallery import FaceView


def overflowing(problems: list[Problem]) -> set[str]:
    """The names of the cards (as problems name them: ``card 'Name'``) whose text does not fit."""
    return {p.path for p in problems if p.rank == OVERFLOW_RANK and p.path.startswith("card '")}


def boxes(game: Game, faces: list[FaceView], problems: list[Problem]) -> dict[str, list[dict[str, Any]]]:
    """For each card (by id) whose text does not fit: the side and box of each element that
    overflows, as (left, top, width, height) shares of the trimmed face."""
    from generator.art.fonts import FontBook
    from generator.core.errors import clip
    from generator.core.units import mm
    from generator.layout.deck import DeckFaces
    from generator.layout.ops import GroupOp, TextOp

    names = overflowing(problems)
    if not names:
        return {}
    fonts = FontBook.load(game.font_dirs)
    laid: dict[str, DeckFaces] = {}
    found: dict[str, list[dict[str, Any]]] = {}
    for face in faces:
        if f"card '{clip(face.card.name)}'" not in names:
            continue
        deck = face.deck
        if deck.name not in laid:
            laid[deck.name] = DeckFaces(game, deck, fonts, mm(3))
        faces_of = laid[deck.name]
        front, back = faces_of.faces(face.card)
        for side, drawn, maker in (
            ("front", front, faces_of.front),
            ("back", back, faces_of.back(face.card)),
        ):
            if drawn is None or maker is None or not drawn.overflows:
                continue
            origins = maker.template.element_origins
            wanted = {origins[i] for i, _ in drawn.overflows if i < len(origins)}
            texts = [op for op in _flat(drawn.ops, GroupOp) if isinstance(op, TextOp) and op.origin in wanted]
            for op in texts:
                box = op.box
                share = (
                    box.x / deck.width,
                    1 - (box.y + box.h) / deck.height,
                    box.w / deck.width,
                    box.h / deck.height,
                )
                found.setdefault(face.id, []).append({"side": side, "box": [round(v, 4) for v in share]})
    return found


def _flat(ops: Any, group: type) -> list[Any]:
    out: list[Any] = []
    for op in ops:
        out += _flat(op.ops, group) if isinstance(op, group) else [op]
    return out
