"""``--only``: a proof of some cards, for fast iteration on a few designs.

A selector is a card's name (``"Pepper Vine"``, any case) or ``FIELD=VALUE`` on any card field
(``type=order``, ``deck=market``, ``spices=clove``: a list field matches when it holds the
value). Several selectors add up: a card is kept when any of them matches it. The proof is
written as ``<game>-proof/`` beside the kit (one PDF per deck that has a chosen card), staged and
published whole like a kit; the kit itself is left as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from generator.core.errors import DataError, Problem, UsageError
from generator.core.options import BuildOptions
from generator.expr import key_text
from generator.load.model import Card, Game
from generator.schema.messages import suggest

PROOF_SUFFIX = "-proof"


@dataclass(frozen=True)
class Selector:
    """One ``--only`` value: a card name (``field`` None) or FIELD=VALUE."""

    field: str | None
    value: str
    text: str

    def matches(self, card: Card) -> bool:
        want = self.value.casefold()
        if self.field is None:
            return card.name.casefold() == want
        found = card.values().get(self.field)
        if isinstance(found, list | tuple):
            return any(key_text(v).casefold() == want for v in found)
        if isinstance(found, dict):
            return any(key_text(k).casefold() == want for k in found)
        return found is not None and key_text(found).casefold() == want


def parse_only(texts: list[str]) -> list[Selector]:
    """The selectors of ``--only`` values; UsageError for an empty one or ``=VALUE``."""
    out = []
    for text in texts:
        field, sep, value = text.partition("=")
        field, value = field.strip(), value.strip()
        if not text.strip() or (sep and (not field or not value)):
            how = "give a card name, or FIELD=VALUE such as type=spice or deck=market"
            raise UsageError(f"--only '{text}': {how}")
        out.append(Selector(field if sep else None, value if sep else text.strip(), text))
    return out


def select(game: Game, selectors: list[Selector]) -> Game:
    """The game with only the cards some selector matches (decks left empty dropped); UsageError
    naming each selector that matches no card, with a "did you mean"."""
    cards = list(game.all_cards())
    idle = [s for s in selectors if not any(s.matches(c) for c in cards)]
    if idle:
        lines = [_nothing(s, cards) for s in idle]
        raise UsageError("; ".join(lines))
    decks = []
    for deck in game.decks:
        kept = tuple(c for c in deck.cards if any(s.matches(c) for s in selectors))
        if kept:
            decks.append(replace(deck, cards=kept))
    return replace(game, name=game.name + PROOF_SUFFIX, decks=tuple(decks))


def _nothing(selector: Selector, cards: list[Card]) -> str:
    if selector.field is None:
        names = sorted({c.name for c in cards})
        hint = suggest(selector.value, names)
        return f"no card is named '{selector.value}'{hint} (give FIELD=VALUE to match a field)"
    values = sorted({key_text(v) for c in cards for v in _as_list(c.values().get(selector.field))})
    if not values:
        fields = sorted({k for c in cards for k in c.values()})
        return f"no card has a field '{selector.field}'{suggest(selector.field, fields)}"
    return (
        f"no card has {selector.field}={selector.value}{suggest(selector.value, values)} "
        f"(values: {', '.join(values[:8])}{', ...' if len(values) > 8 else ''})"
    )


def _as_list(value: object) -> list:
    if value is None:
        return []
    if isinstance(value, dict):
        return list(value)
    return list(value) if isinstance(value, list | tuple) else [value]


def build_proof(
    game: Game, options: BuildOptions, selectors: list[Selector], warnings: list[Problem]
) -> list[Path]:
    """Write the proof of the chosen cards (``<game>-proof/``); return its files. Text that does
    not fit fails it as it fails a kit, unless ``options.allow_overflow``."""
    from generator.core.options import output_dir
    from generator.kit.build import build_game
    from generator.kit.publish import staged
    from generator.layout.deck import collect_low_resolution, collect_overflows

    proof = select(game, selectors)
    folder = output_dir(proof, options)
    with staged(folder), collect_overflows() as overflows, collect_low_resolution() as low:
        written = build_game(proof, options)
        if overflows and not options.allow_overflow:
            raise DataError(overflows)
    warnings += [replace(p, severity="warning") for p in sorted(overflows + low)]
    return written
