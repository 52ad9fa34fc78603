"""A comparison written out: plain text for the terminal, Markdown for a changelog handed to
playtesters, JSON for programs. Same comparison, same bytes."""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from typing import Any

from generator.versions.compare import CardChange, CardEntry, DeckDiff, GameDiff
from generator.versions.tree import Change, canonical

FORMATS = ("text", "markdown", "json")
FIELD_NAMES = {"count": "copies"}


def shown(value: Any) -> str:
    """A value as one line: text quoted, numbers bare, lists and mappings as compact JSON."""
    if value is None:
        return "(none)"
    if isinstance(value, str):
        return json.dumps(" ".join(value.split()), ensure_ascii=False)
    return canonical(value) if isinstance(value, dict | list) else str(value)


def words_changed(old: str, new: str, cut: str, mark_old: str, mark_new: str) -> str:
    """Two long texts as one: the words kept, cut ones and new ones marked, far context elided."""
    a, b = old.split(), new.split()
    parts: list[str] = []
    ops = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    for n, (op, a0, a1, b0, b1) in enumerate(ops):
        if op == "equal":
            kept = a[a0:a1]
            if len(kept) > 8:
                kept = ([] if n == 0 else kept[:3]) + [cut] + ([] if n == len(ops) - 1 else kept[-3:])
            parts += kept
            continue
        if a1 > a0:
            parts.append(mark_old.format(" ".join(a[a0:a1])))
        if b1 > b0:
            parts.append(mark_new.format(" ".join(b[b0:b1])))
    return " ".join(parts)


LONG = 60
"""Text longer than this is shown as its changed words in context."""


def field_name(path: str) -> str:
    """A card change's path with its field named as a playtester reads it (`count` is `copies`)."""
    head, dot, rest = path.partition(".")
    return FIELD_NAMES.get(head, head) + dot + rest


def change_line(change: Change, path_of=lambda p: p) -> str:
    """One change as a line: added, removed, old -> new, or a long text's changed words."""
    where = path_of(change.path)
    if change.kind == "added":
        return f"{where}: added {shown(change.new)}"
    if change.kind == "removed":
        return f"{where}: removed (was {shown(change.old)})"
    if _long_texts(change):
        return f"{where}: " + words_changed(change.old, change.new, "...", "[-{}-]", "{{+{}+}}")
    return f"{where}: {shown(change.old)} -> {shown(change.new)}"


def _long_texts(change: Change) -> bool:
    texts = isinstance(change.old, str) and isinstance(change.new, str)
    return texts and max(len(change.old), len(change.new)) > LONG


def _copies(entry: CardEntry) -> str:
    return f"{entry.type}, {entry.count} cop{'y' if entry.count == 1 else 'ies'}"


def _deck_heading(deck: DeckDiff) -> str:
    parts = [f"{len(deck.added)} added", f"{len(deck.removed)} removed"]
    parts += [
        f"{sum(c.renamed for c in deck.changed)} renamed",
        f"{sum(bool(c.changes) for c in deck.changed)} changed",
    ]
    return f"deck {deck.name} ({deck.title}): " + ", ".join(parts)


def _card_title(card: CardChange) -> str:
    return f"{card.old_name} renamed {card.name}" if card.renamed else card.name


def as_text(d: GameDiff) -> str:
    lines = [f"{d.game}: {d.old_label} -> {d.new_label}"]
    if d.empty():
        return lines[0] + "\nno differences\n"
    lines += [f"  game.yaml {change_line(c)}" for c in d.settings]
    for deck in d.decks:
        if deck.empty():
            continue
        lines.append(_deck_heading(deck))
        lines += [f"  deck setting {change_line(c)}" for c in deck.settings]
        lines += [f"  + {e.name} ({_copies(e)})" for e in deck.added]
        lines += [f"  - {e.name} ({_copies(e)})" for e in deck.removed]
        for card in deck.changed:
            lines.append(f"  ~ {_card_title(card)}")
            lines += [f"      {change_line(c, field_name)}" for c in card.changes]
        for name, changes in deck.templates.items():
            lines.append(f"  template {name} changed (every card of the deck printed with it):")
            lines += [f"      {change_line(c)}" for c in changes]
    for label, changes in d.files.items():
        lines.append(label)
        lines += [f"  {change_line(c)}" for c in changes]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """Text safe inside Markdown emphasis and list items."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


def _md_change(change: Change, path_of=lambda p: p) -> str:
    where = f"`{path_of(change.path)}`"
    if change.kind == "added":
        return f"{where} added: {_md(shown(change.new))}"
    if change.kind == "removed":
        return f"{where} removed (was {_md(shown(change.old))})"
    if _long_texts(change):
        return f"{where}: " + words_changed(_md(change.old), _md(change.new), "…", "~~{}~~", "**{}**")
    return f"{where}: {_md(shown(change.old))} → {_md(shown(change.new))}"


def as_markdown(d: GameDiff) -> str:
    out = [f"# {_md(d.title)}: what changed", "", f"From {_md(d.old_label)} to {_md(d.new_label)}.", ""]
    if d.empty():
        return "\n".join([*out, "Nothing changed.", ""])
    n = d.counts()
    out += [
        f"{n['added']} cards added, {n['removed']} removed, {n['renamed']} renamed, {n['changed']} changed.",
        "",
    ]
    if d.settings:
        out += ["## Game", "", *[f"- {_md_change(c)}" for c in d.settings], ""]
    for deck in d.decks:
        if deck.empty():
            continue
        out += [f"## {_md(deck.title)} (deck `{deck.name}`)", ""]
        out += [f"- setting {_md_change(c)}" for c in deck.settings]
        out += [f"- **New:** {_md(e.name)} ({_copies(e)})" for e in deck.added]
        out += [f"- **Removed:** ~~{_md(e.name)}~~ ({_copies(e)})" for e in deck.removed]
        for card in deck.changed:
            title = (
                f"{_md(card.old_name)} is now **{_md(card.name)}**"
                if card.renamed
                else f"**{_md(card.name)}**"
            )
            what = "; ".join(_md_change(c, field_name) for c in card.changes)
            out.append(f"- {title}" + (f": {what}" if what else " (renamed only)"))
        for name, changes in deck.templates.items():
            out.append(f"- **Card design** `{name}` changed (every card printed with it):")
            out += [f"    - {_md_change(c)}" for c in changes]
        out.append("")
    for label, changes in d.files.items():
        kind, _, file = label.partition(": ")
        heading = {"summary": "Rule summary", "board": "Board", "components": "Components"}.get(
            kind, kind.title()
        )
        out += [f"## {heading} (`{file}`)", "", *[f"- {_md_change(c)}" for c in changes], ""]
    return "\n".join(out)


def as_data(d: GameDiff) -> dict[str, Any]:
    def changes(items: list[Change] | tuple[Change, ...]) -> list[dict[str, Any]]:
        return [c.as_dict() for c in items]

    def entry(e: CardEntry) -> dict[str, Any]:
        return {"name": e.name, "type": e.type, "count": e.count}

    return {
        "game": d.game,
        "title": d.title,
        "old": d.old_label,
        "new": d.new_label,
        "counts": d.counts(),
        "settings": changes(d.settings),
        "decks": [
            {
                "name": deck.name,
                "title": deck.title,
                "settings": changes(deck.settings),
                "added": [entry(e) for e in deck.added],
                "removed": [entry(e) for e in deck.removed],
                "changed": [
                    {
                        "name": c.name,
                        "old_name": c.old_name,
                        "renamed": c.renamed,
                        "changes": changes(c.changes),
                    }
                    for c in deck.changed
                ],
                "templates": {k: changes(v) for k, v in deck.templates.items()},
            }
            for deck in d.decks
            if not deck.empty()
        ],
        "files": {k: changes(v) for k, v in d.files.items()},
    }


def render(d: GameDiff, form: str) -> str:
    """The comparison in one of ``FORMATS``."""
    if form == "json":
        return json.dumps(as_data(d), indent=2, ensure_ascii=False) + "\n"
    return as_markdown(d) if form == "markdown" else as_text(d)
