"""Two loaded versions of a game compared: cards added, removed, renamed and changed per deck
(each changed field with its old and new value, ``count`` the copies), the templates the decks
print with, game.yaml's settings and the kit's YAML files (rule summary, boards, components)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.yamlio import load_yaml
from generator.load.model import Card, Deck, Game
from generator.versions.tree import Change, canonical, diff

BUILT_IN = ("type", "count")
"""Card fields every card has besides its name (``deck`` is where it is compared)."""


@dataclass(frozen=True)
class CardChange:
    """A card in both versions (``old_name`` differs from ``name`` when it was renamed)."""

    name: str
    old_name: str
    changes: tuple[Change, ...]

    @property
    def renamed(self) -> bool:
        return self.name != self.old_name


@dataclass(frozen=True)
class CardEntry:
    """A card only one version has."""

    name: str
    type: str
    count: int


@dataclass
class DeckDiff:
    """What changed in one deck (a deck only one version has: every card added or removed)."""

    name: str
    title: str
    added: list[CardEntry] = field(default_factory=list)
    removed: list[CardEntry] = field(default_factory=list)
    changed: list[CardChange] = field(default_factory=list)
    templates: dict[str, list[Change]] = field(default_factory=dict)  # template name -> changes
    settings: list[Change] = field(default_factory=list)  # size, template names, back

    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.templates or self.settings)


@dataclass
class GameDiff:
    """Everything that differs between two versions of a game."""

    game: str
    title: str
    old_label: str
    new_label: str
    settings: list[Change] = field(default_factory=list)
    decks: list[DeckDiff] = field(default_factory=list)
    files: dict[str, list[Change]] = field(default_factory=dict)  # 'summary: summary.yaml' -> changes

    def empty(self) -> bool:
        return not self.settings and not self.files and all(d.empty() for d in self.decks)

    def counts(self) -> dict[str, int]:
        """Cards added, removed, renamed and changed over every deck."""
        return {
            "added": sum(len(d.added) for d in self.decks),
            "removed": sum(len(d.removed) for d in self.decks),
            "renamed": sum(1 for d in self.decks for c in d.changed if c.renamed),
            "changed": sum(1 for d in self.decks for c in d.changed if c.changes),
        }


def plain(value: Any) -> Any:
    """A card value as plain JSON data (tuples as lists, keys as text)."""
    return json.loads(canonical(value))


def card_values(card: Card) -> dict[str, Any]:
    """What a card says besides its name and deck, as plain data."""
    values = {k: v for k, v in card.values().items() if k not in ("name", "deck") and v is not None}
    return plain(values)


def keyed(cards: Iterable[Card]) -> dict[str, Card]:
    """Cards by name; a second card of the same name is ``Name #2``."""
    out: dict[str, Card] = {}
    for card in cards:
        key, n = card.name, 1
        while key in out:
            n += 1
            key = f"{card.name} #{n}"
        out[key] = card
    return out


def _entry(card: Card) -> CardEntry:
    return CardEntry(card.name, card.type, card.count)


def compare_decks(old: Deck | None, new: Deck | None) -> DeckDiff:
    """The cards of a deck compared by name; a removed and an added card that agree on every
    other field are one card renamed."""
    some = new or old
    assert some is not None
    out = DeckDiff(some.name, some.title)
    before = keyed(old.cards if old else ())
    after = keyed(new.cards if new else ())
    gone = [k for k in before if k not in after]
    came = [k for k in after if k not in before]
    was: dict[str, str] = {k: k for k in after if k in before}  # new key -> old key
    for key in list(gone):
        values = card_values(before[key])
        twin = [k for k in came if card_values(after[k]) == values]
        if len(twin) == 1 and sum(card_values(before[g]) == values for g in gone) == 1:
            gone.remove(key)
            came.remove(twin[0])
            was[twin[0]] = key
    for key, card in after.items():
        if key in was:
            old_card = before[was[key]]
            changes = tuple(diff(card_values(old_card), card_values(card)))
            if changes or old_card.name != card.name:
                out.changed.append(CardChange(card.name, old_card.name, changes))
    out.removed = [_entry(before[k]) for k in gone]
    out.added = [_entry(after[k]) for k in came]
    if old and new:
        out.settings = diff(_deck_settings(old), _deck_settings(new))
    return out


def _deck_settings(deck: Deck) -> dict[str, Any]:
    return plain(
        {
            "title": deck.title,
            "size_mm": [round(deck.width / 72 * 25.4, 2), round(deck.height / 72 * 25.4, 2)],
            "template": deck.template,
            "back": deck.back,
            "backs_by_type": dict(deck.backs_by_type),
        }
    )


def template_names(deck: Deck) -> list[str]:
    """The templates a deck prints with: its front, its back and its types' backs."""
    names = [deck.template, deck.back, *deck.backs_by_type.values()]
    return list(dict.fromkeys(n for n in names if n))


def template_data(game: Game, name: str) -> Any:
    """A template as its author wrote it: the YAML of its file, with the files up its ``extends:``
    chain under ``extends NAME`` (so a change to a shared base shows too); None if not loaded."""
    library = game.extra.get("templates")
    out: dict[str, Any] = {}
    seen: set[str] = set()
    current: str | None = name
    while library is not None and current and current not in seen and current in library.loaded:
        seen.add(current)
        data = _file_data(library.loaded[current].file)
        out[current if current == name else f"extends {current}"] = data
        current = data.get("extends") if isinstance(data, dict) else None
    if len(out) == 1:
        return out[name]
    return out or None


def kit_files(game: Game) -> dict[str, Path]:
    """The kit's YAML files beside the cards, by the label a report shows them under."""
    spec = game.extra.get("spec")
    if spec is None:
        return {}
    named = [("summary", spec.summary)] if spec.summary else []
    named += [("board", b) for b in spec.boards] + [("components", c) for c in spec.components]
    named += [("constraints", spec.constraints)] if spec.constraints else []
    return {f"{kind}: {name}": game.folder / name for kind, name in named}


def _file_data(path: Path | None) -> Any:
    if path is None or not path.is_file():
        return None
    return plain(load_yaml(path).data)


def _game_settings(game: Game) -> dict[str, Any]:
    spec = game.extra.get("spec")
    data = spec.model_dump(mode="json", exclude_defaults=True) if spec is not None else {}
    data.pop("decks", None)  # compared deck by deck
    return plain(data)


def compare_games(old: Game, new: Game, old_label: str, new_label: str) -> GameDiff:
    """Everything that differs from ``old`` to ``new``."""
    out = GameDiff(
        new.name, new.title, old_label, new_label, settings=diff(_game_settings(old), _game_settings(new))
    )
    old_decks = {d.name: d for d in old.decks}
    new_decks = {d.name: d for d in new.decks}
    for name in [*new_decks, *(n for n in old_decks if n not in new_decks)]:
        deck = compare_decks(old_decks.get(name), new_decks.get(name))
        if name in old_decks and name in new_decks:
            for template in template_names(new_decks[name]):
                changes = diff(template_data(old, template), template_data(new, template))
                if changes:
                    deck.templates[template] = changes
        out.decks.append(deck)
    old_files, new_files = kit_files(old), kit_files(new)
    for label in [*new_files, *(k for k in old_files if k not in new_files)]:
        changes = diff(_file_data(old_files.get(label)), _file_data(new_files.get(label)))
        if changes:
            out.files[label] = changes
    return out
