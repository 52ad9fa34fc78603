"""A game in one of its languages: the loaded game with its translated texts put in.

``edition(game, "de")`` checks the translation file against the game (an unknown card, field,
template or text is an error at its line there), finds every printed text it leaves out (an
error at the source's line, or with ``fallback`` a warning and the source text kept) and returns
the game its German kit is built from: the cards' texts, the templates' fixed words and the
titles translated, named ``<game>-<code>`` so the kit goes to ``output/<game>-<code>/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core import say
from generator.core.errors import DataError, Problem, UsageError, display_path, suggest
from generator.core.yamlio import Edit
from generator.lang.parts import overlaid, part_edits
from generator.load.model import Card, Deck, Game, Origin, PackedCards
from generator.load.templates import Template

if TYPE_CHECKING:  # the translation file's reader: imported when a language is asked for
    from generator.lang.langfile import Text, Translation

_FIELD = re.compile(r"\{=?\s*([A-Za-z_]\w*)")
_BRACES = re.compile(r"\{[^{}]*\}")
_LETTER = re.compile(r"[^\W\d_]")
_FIXED = ("name", "type", "count", "deck")


def languages(game: Game) -> list[str]:
    """The languages game.yaml declares, the source language first (empty: none declared)."""
    spec = game.extra.get("spec")
    return list(getattr(spec, "languages", None) or [])


def wanted(game: Game, asked: str) -> list[str]:
    """The translated languages ``--lang`` asks for (``all``: every one); UsageError otherwise."""
    declared = languages(game)
    if not declared:
        raise UsageError(
            f"{game.name} declares no languages: add 'languages: [en, de]' to game.yaml "
            "(the source language first) and a lang/de.yaml beside the data"
        )
    if asked == "all":
        return declared[1:]
    if asked not in declared:
        raise UsageError(
            f"{game.name} has no language '{asked}'{suggest(asked, declared)}; "
            f"its languages (game.yaml 'languages'): {', '.join(declared)}, or 'all'"
        )
    return [asked]


@dataclass(frozen=True)
class Edition:
    """A game in one language and what its translation leaves out (errors, or warnings)."""

    game: Game
    language: str
    missing: list[Problem]
    edits: dict[Path, list[Edit]] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)

    def overlay(self) -> AbstractContextManager[None]:
        """While the block runs, the kit parts (summary, boards, components) read in this language
        and Deckwright's own words (the print guide, the players line) are in it too."""
        language = self.language or next(iter(languages(self.game)), None)  # a source not in English
        return _both(overlaid(self.edits), say.speaking(language, self.messages))


@contextmanager
def _both(*managers: AbstractContextManager[None]) -> Iterator[None]:
    with ExitStack() as stack:
        for manager in managers:
            stack.enter_context(manager)
        yield


def edition(game: Game, language: str, fallback: bool = False) -> Edition:
    """The game in ``language``; DataError for a bad translation file."""
    declared = languages(game)
    if declared and language == declared[0]:
        return Edition(game, language, [])
    from generator.lang.langfile import Text, Translation, lang_path, read_translation

    sheet = [t for t in game.extra.get("sheet_texts", []) if t[2] == language]
    path = lang_path(game.folder, language)
    tr = (
        read_translation(game.folder, language)
        if path.is_file() or not sheet
        else Translation(language, display_path(path))
    )
    library = game.extra["templates"]
    for card, key, _, text, cell in sheet:  # ``name@de`` columns of card sheets
        if key not in tr.cards.get(card, {}):  # the lang file wins
            tr.cards.setdefault(card, {})[key] = Text(text, cell)
    edits, gaps, unknown = part_edits(game, tr)
    problems = _unknown(game, tr, library) + unknown
    if problems:
        raise DataError(problems)
    severity = "warning" if fallback else "error"
    missing: list[Problem] = list(gaps)
    decks = tuple(_deck(game, deck, tr, library, missing) for deck in game.decks)
    for name in sorted({n for deck in game.decks for n in _template_names(deck)}):
        template = library.get(name)
        for i, element in enumerate(template.elements):
            text = getattr(element, "text", None)
            if (
                element.type == "text"
                and _needs(text, _choices(game))
                and text not in tr.templates.get(name, {})
            ):
                at = template.element_origins[i] if i < len(template.element_origins) else template.origin
                missing.append(_missing(at, f"template '{name}': text '{text}'", tr))
    spec = game.extra.get("spec")
    gather = _gather(game, tr, missing)
    missing = [replace(p, severity=severity) for p in missing]
    messages = {key: text.text for key, text in tr.messages.items()}
    if not say.has_catalogue(language) and not set(say.keys()) <= set(messages):
        missing.append(_no_catalogue(tr))
    translated = replace(
        game,
        name=f"{game.name}-{language}",
        title=tr.title.text if tr.title else game.title,
        decks=decks,
        extra={
            **game.extra,
            "templates": TranslatedLibrary(library, tr),
            "language": language,
            **({"spec": spec.model_copy(update={"gather": gather})} if spec is not None else {}),
        },
    )
    return Edition(translated, language, sorted(missing), edits, messages)


def _gather(game: Game, tr: Translation, missing: list[Problem]) -> list[str]:
    """game.yaml's ``gather:`` items (what else to gather, in the print guide) in the language; a
    gap is added to ``missing`` at the item's line."""
    spec, doc = game.extra.get("spec"), game.extra.get("doc")
    out = []
    for i, item in enumerate(getattr(spec, "gather", None) or []):
        if item in tr.gather:
            out.append(tr.gather[item].text)
            continue
        out.append(item)
        if _LETTER.search(item):
            line, col = doc.mark(("gather", i)) if doc is not None else (0, 0)
            at = Origin(doc.file if doc is not None else "game.yaml", line, col)
            missing.append(_missing(at, f"gather item '{item}'", tr))
    return out


def _no_catalogue(tr: Translation) -> Problem:
    """One warning: Deckwright's own words have no catalogue in this language (English is used)."""
    message = (
        f"Deckwright has no '{tr.language}' catalogue of its own printed words "
        f"(core/messages/{tr.language}.yaml): the print guide and the summary's players line stay "
        f"in English; translate them under 'messages:' in {tr.file} (keys as in core/messages/en.yaml)"
    )
    return Problem(31, tr.file, 0, 0, "", message, severity="warning")


def _missing(at: Origin, what: str, tr: Translation) -> Problem:
    message = f"{what} has no '{tr.language}' translation: add it to {tr.file}"
    return Problem(30, at.file, at.line, at.column, "", message, cell=at.cell)


def _template_names(deck: Deck) -> Iterator[str]:
    yield deck.template
    if deck.back:
        yield deck.back
    yield from deck.backs_by_type.values()


def _choices(game: Game) -> frozenset[str]:
    """Fields whose values are choice words (translated through a value table, not per card)."""
    spec = game.extra.get("spec")
    if spec is None:
        return frozenset()
    out = set()
    for name, kind in spec.card_fields.items():
        base = kind.rstrip("?").strip()
        resolved = spec.types.get(base, base)
        if isinstance(resolved, str) and resolved.strip().startswith("choice("):
            out.add(name)
    return frozenset(out)


def _needs(text: str | None, choices: frozenset[str]) -> bool:
    """Whether a template text prints words: letters outside braces, or a choice field's word."""
    if not text:
        return False
    return bool(_LETTER.search(_BRACES.sub("", text))) or any(f in choices for f in _FIELD.findall(text))


def _printed(deck: Deck, library: Any) -> set[str]:
    """The card fields a deck's templates print in text."""
    fields: set[str] = set()
    for name in _template_names(deck):
        for element in library.get(name).elements:
            if element.type == "text":
                fields.update(_FIELD.findall(element.text or ""))
    return fields


def _deck(game: Game, deck: Deck, tr: Translation, library: Any, missing: list[Problem]) -> Deck:
    printed = _printed(deck, library) - set(_choices(game)) - {"type", "count", "deck"} - set(tr.keep)
    cards = PackedCards()
    for card in deck.cards:
        given = tr.cards.get(card.name, {})
        values = card.values()
        for key in sorted(printed):
            value = values.get(key)
            if isinstance(value, str) and _LETTER.search(value) and key not in given:
                at = card.field_origins.get(key, card.origin)
                missing.append(_missing(at, f"card '{card.name}': field '{key}'", tr))
        cards.append(_card(card, given))
    title = tr.decks[deck.name].text if deck.name in tr.decks else deck.title
    return replace(deck, title=title, cards=cards.settled())


def _card(card: Card, given: Mapping[str, Text]) -> Card:
    if not given:
        return card
    fields = {**card.fields, **{k: t.text for k, t in given.items() if k not in _FIXED}}
    origins = {**card.field_origins, **{k: t.origin for k, t in given.items()}}
    name = given["name"].text if "name" in given else card.name
    return replace(card, name=name, fields=fields, field_origins=origins)


def _unknown(game: Game, tr: Translation, library: Any) -> list[Problem]:
    """Problems at the translation file's lines: names of no card, field, deck, template or text."""
    problems: list[Problem] = []
    cards = {card.name: card for card in game.all_cards()}
    for name, fields in tr.cards.items():
        card = cards.get(name)
        if card is None:
            problems.append(tr.problem(("cards", name), f"no card named '{name}'{suggest(name, cards)}"))
            continue
        known = [k for k, v in card.values().items() if isinstance(v, str) and k not in ("type", "deck")]
        for key in fields:
            if key not in known:
                hint = f"{suggest(key, known)}; its fields: {', '.join(known)}"
                message = f"card '{name}' has no text field '{key}'{hint}"
                problems.append(tr.problem(("cards", name, key), message))
    fields = sorted({k for card in cards.values() for k, v in card.values().items() if isinstance(v, str)})
    for i, name in enumerate(tr.keep):
        if name not in fields:
            problems.append(
                tr.problem(("keep", i), f"no card has a text field '{name}'{suggest(name, fields)}", False)
            )
    items = list(getattr(game.extra.get("spec"), "gather", None) or [])
    for text in tr.gather:
        if text not in items:
            message = f"game.yaml gathers no '{text}'{suggest(text, items)}; key each item by its text"
            problems.append(tr.problem(("gather", text), message))
    known_words = say.keys()
    for key in tr.messages:
        if key not in known_words:
            hint = suggest(key, known_words)
            message = f"Deckwright prints no words '{key}'{hint}; use the keys of core/messages/en.yaml"
            problems.append(tr.problem(("messages", key), message))
    decks = [d.name for d in game.decks]
    for name in tr.decks:
        if name not in decks:
            problems.append(tr.problem(("decks", name), f"no deck named '{name}'{suggest(name, decks)}"))
    used = sorted({n for deck in game.decks for n in _template_names(deck)})
    for name, texts in tr.templates.items():
        if name not in used:
            problems.append(
                tr.problem(("templates", name), f"no template '{name}' in this game{suggest(name, used)}")
            )
            continue
        sources = [e.text for e in library.get(name).elements if e.type == "text"]
        for source in texts:
            if source not in sources:
                message = f"template '{name}' has no text '{source}'{suggest(source, sources)}"
                problems.append(tr.problem(("templates", name, source), message))
    return problems


class TranslatedLibrary:
    """A game's templates with one language's fixed words and value tables put in."""

    def __init__(self, base: Any, tr: Translation):
        self.base = base
        self.tr = tr
        self._done: dict[str, Template] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)

    def get(self, name: str, *args: Any, **kwargs: Any) -> Template:
        if name not in self._done:
            template = self.base.get(name, *args, **kwargs)
            texts = self.tr.templates.get(name, {})
            elements = tuple(
                e.model_copy(update={"text": texts[e.text].text})
                if e.type == "text" and e.text in texts
                else e
                for e in template.elements
            )
            origins = tuple(  # a translated text is reported at the translator's line
                texts[e.text].origin if e.type == "text" and e.text in texts else at
                for e, at in zip(template.elements, template.element_origins, strict=False)
            )
            tables = {**self.tr.tables, **template.tables}
            self._done[name] = replace(template, elements=elements, element_origins=origins, tables=tables)
        return self._done[name]


def editions(game: Game, asked: str | None, fallback: bool = False) -> list[Edition]:
    """The editions ``--lang`` asks for (none asked: the game as written). A translation that
    leaves printed text out is a DataError listing every gap, unless ``fallback``."""
    if asked is None:
        return [Edition(game, "", [])]
    out = []
    for language in wanted(game, asked):
        made = edition(game, language, fallback)
        if any(p.severity == "error" for p in made.missing):
            raise DataError(made.missing)
        out.append(made)
    return out
