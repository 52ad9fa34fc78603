"""Read one translation file, ``lang/<code>.yaml`` beside a game's data, into plain mappings.

The file's sections (every one optional)::

    title: Entenrallye                 # the game's title in this language
    keep: [city]                       # card fields printed as written (proper names)
    decks: {cars: {title: ...}}        # a deck's title
    cards:                             # card name -> field -> text
      Red duck: {name: Rote Ente}
    templates:                         # template name -> source text -> translated text
      entenrallye-part: {POINTS: PUNKTE, "{part|upper}": "{tables.part[part]|upper}"}
    tables:                            # value tables every template of this language can use
      part: {bonnet: Motorhaube}
    summary:                           # rule summary text (or its key path) -> translation
      Rule summary: Kurzregel
    boards: {...}                      # the same for the boards' and components' printed words
    components: {...}
    messages:                          # Deckwright's own printed words (core/messages/en.yaml keys)
      guide.what_to_print: Was drucken
    gather: {A pencil.: Ein Bleistift.}  # game.yaml's gather items (the print guide), by their text

Only the shape is checked here; whether the cards, fields and texts named exist is checked
against the loaded game (``edition``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.core.errors import DataError, Problem, display_path, suggest
from generator.core.yamlio import Document, load_yaml
from generator.load.model import Origin

SECTIONS = (
    "title",
    "keep",
    "decks",
    "cards",
    "templates",
    "tables",
    "summary",
    "boards",
    "components",
    "messages",
    "gather",
)
PARTS = ("summary", "boards", "components")
CODE = re.compile(r"^[a-z]{2,3}(-[A-Z]{2})?$")
"""A language code: ``de``, ``fr``, ``pt-BR``."""


@dataclass(frozen=True)
class Text:
    """One translated text and where the translator wrote it."""

    text: str
    origin: Origin


@dataclass
class Translation:
    """The texts of one language, as written in its file."""

    language: str
    file: str
    doc: Document | None = None
    title: Text | None = None
    keep: list[str] = field(default_factory=list)
    decks: dict[str, Text] = field(default_factory=dict)
    cards: dict[str, dict[str, Text]] = field(default_factory=dict)
    templates: dict[str, dict[str, Text]] = field(default_factory=dict)
    tables: dict[str, dict[str, str]] = field(default_factory=dict)
    summary: dict[str, Text] = field(default_factory=dict)
    boards: dict[str, Text] = field(default_factory=dict)
    components: dict[str, Text] = field(default_factory=dict)
    messages: dict[str, Text] = field(default_factory=dict)
    gather: dict[str, Text] = field(default_factory=dict)

    def problem(self, loc: tuple, message: str, at_key: bool = True) -> Problem:
        """A problem at ``loc`` in this file (at the key itself by default)."""
        if self.doc is None:
            return Problem(20, self.file, 0, 0, ".".join(map(str, loc)), message)
        return self.doc.problem(loc, message, rank=20, at_key=at_key)


def lang_path(folder: Path, language: str) -> Path:
    return folder / "lang" / f"{language}.yaml"


def read_translation(folder: Path, language: str) -> Translation:
    """The translation file of ``language`` in the game ``folder``; DataError with every problem of
    its shape (or that it is missing)."""
    path = lang_path(folder, language)
    if not path.is_file():
        message = f"no translation file for language '{language}': write {display_path(path)}"
        raise DataError([Problem(10, display_path(path), 0, 0, "", message)])
    doc = load_yaml(path)
    out = Translation(language, doc.file, doc)
    data = doc.data
    if data is None:
        return out
    if not isinstance(data, dict):
        raise DataError([out.problem((), f"a translation file is a mapping: {', '.join(SECTIONS)}")])
    problems: list[Problem] = []
    for key in data:
        if key not in SECTIONS:
            message = f"unknown section '{key}'{suggest(key, SECTIONS)}; use {', '.join(SECTIONS)}"
            problems.append(out.problem((key,), message))
    if "title" in data:
        out.title = _text(out, ("title",), data["title"], problems)
    keep = data.get("keep")
    if keep is not None and not (isinstance(keep, list) and all(isinstance(k, str) for k in keep)):
        problems.append(out.problem(("keep",), "'keep' lists card field names: keep: [city]", at_key=False))
    elif keep:
        out.keep = list(keep)
    out.decks = {
        name: text
        for name, value in _mapping(out, ("decks",), data.get("decks"), problems).items()
        if (text := _text(out, ("decks", name, "title"), _title(out, name, value, problems), problems))
    }
    for section in ("cards", "templates"):
        found = getattr(out, section)
        for name, value in _mapping(out, (section,), data.get(section), problems).items():
            entries = _mapping(out, (section, name), value, problems)
            found[name] = {
                key: text
                for key, raw in entries.items()
                if (text := _text(out, (section, name, key), raw, problems)) is not None
            }
    for name, value in _mapping(out, ("tables",), data.get("tables"), problems).items():
        entries = _mapping(out, ("tables", name), value, problems)
        out.tables[name] = {k: v for k, v in entries.items() if _text(out, ("tables", name, k), v, problems)}
    for section in (*PARTS, "messages", "gather"):
        entries = _mapping(out, (section,), data.get(section), problems)
        found = getattr(out, section)
        for key, raw in entries.items():
            if (text := _text(out, (section, key), raw, problems)) is not None:
                found[key] = text
    if problems:
        raise DataError(problems)
    return out


def _mapping(out: Translation, loc: tuple, value: object, problems: list[Problem]) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        problems.append(out.problem(loc, f"'{loc[-1]}' must be a mapping (key: value lines)", at_key=False))
        return {}
    return value


def _title(out: Translation, deck: str, value: object, problems: list[Problem]) -> object:
    if isinstance(value, dict) and set(value) <= {"title"}:
        return value.get("title")
    problems.append(
        out.problem(("decks", deck), f"deck '{deck}': write its translated title as {{title: ...}}")
    )
    return None


def _text(out: Translation, loc: tuple, value: object, problems: list[Problem]) -> Text | None:
    if isinstance(value, str) and value.strip():
        line, col = out.doc.mark(loc) if out.doc else (0, 0)
        return Text(value, Origin(out.file, line, col))
    if value is not None:
        problems.append(out.problem(loc, f"'{loc[-1]}': a translation is one line of text", at_key=False))
    return None
