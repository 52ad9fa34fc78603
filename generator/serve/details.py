"""A card's data as the preview's side panel shows it: its fields after the deck's defaults (and
where each was written), the templates it is drawn with, the style values its type gets from
them, and its copies."""

from __future__ import annotations

from typing import Any

from generator.load.model import Game, Origin
from generator.serve.editor import link
from generator.serve.gallery import FaceView


def card(face: FaceView, game: Game, editor: str = "") -> dict[str, Any]:
    """Everything the panel shows about one card design, as JSON-ready values."""
    from generator.export.images import copy_names

    deck, card = face.deck, face.card
    fields = [
        {"name": name, "value": _plain(value), **_source(card.field_origins.get(name), card.origin, editor)}
        for name, value in card.fields.items()
    ]
    index = deck.cards.index(card)
    copies = [name for i, name in copy_names(deck) if i == index]
    return {
        "id": face.id,
        "name": card.name,
        "type": card.type,
        "deck": deck.name,
        "count": card.count,
        "where": str(card.origin),
        "open": _open(editor, card.origin),
        "fields": fields,
        "templates": [t for t in (_template(game, deck.template, "front", card.type, editor),
                                  _template(game, deck.back_for(card), "back", card.type, editor)) if t],
        "copies": copies,
    }  # fmt: skip


def _source(origin: Origin | None, card_origin: Origin, editor: str) -> dict[str, str]:
    """Whether a field was written on the card or came from the deck's defaults, where, and the
    link that opens it there."""
    if origin is None:
        return {"from": "card", "where": str(card_origin), "open": _open(editor, card_origin)}
    written = "card" if origin.file == card_origin.file else "default"
    return {"from": written, "where": str(origin), "open": _open(editor, origin)}


def _open(editor: str, origin: Origin | None) -> str:
    return link(editor, origin.file, origin.line, origin.column) if origin is not None else ""


def _template(
    game: Game, name: str | None, side: str, card_type: str, editor: str = ""
) -> dict[str, Any] | None:
    """A template's name, file and the style rules that apply to ``card_type``, in order."""
    if not name:
        return None
    template = game.extra["templates"].get(name)
    rules = [key for key in ("default", card_type) if key in template.styles]
    return {
        "side": side,
        "name": template.name,
        "where": str(template.origin),
        "open": _open(editor, template.origin),
        "rules": rules,
        "style": {k: str(v) for k, v in template.style(card_type).items()},
    }


def _plain(value: Any) -> Any:
    """A field value as JSON: lists and mappings kept, everything else as text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bool | int | float) or value is None:
        return value
    return str(value)
