"""Template field references checked against the fields a deck's cards can have.

A reference to a field no card has and the game does not declare (a typo such as ``{spede}``,
``when: spede`` or ``{tables.levl[level]}``) is reported once, at the template element, with a
"did you mean" and the number of cards it affects - not once per card. The check reads only the
template and the declared fields, so it also runs when the cards themselves fail to load.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from typing import Any

from generator import expr  # the parser at the first expression (see generator.expr)
from generator.core.errors import Problem, clip
from generator.layout.conditions import ConditionError, condition_fields
from generator.layout.substitute import BadReference, fields_in
from generator.load.templates import Template
from generator.schema.exprtext import ExprNumber
from generator.schema.messages import suggest
from generator.schema.template import RepeatElement
from generator.text.words import plural

BUILT_IN = ("name", "type", "count", "deck")
"""Fields every card has."""
REPEAT_SCOPE = ("item", "index")
"""Names a repeat's elements may use besides the card's fields."""
TABLES = "tables"
_PROPERTIES = ("text", "icon", "file", "fill", "stroke", "color", "font", "image")
_NAME = re.compile(r"[A-Za-z_][\w-]*")
_BRACKETS = re.compile(r"\[([^\]]+)\]")
FIELD_RANK = 40


def _text_fields(value: str) -> list[str]:
    try:
        return fields_in(value)
    except BadReference:
        return []  # reported with its card by the layout


def _element_refs(index: int, element: Any, in_repeat: bool) -> Iterator[tuple[int, str, bool]]:
    """(top-level element index, field path, inside a repeat) for every reference of ``element``."""
    if element.when:
        try:
            fields = condition_fields(element.when)
        except ConditionError:
            fields = ()  # reported with its card by the layout
        yield from ((index, f, in_repeat) for f in fields)
    if isinstance(element, RepeatElement):
        over = element.over.strip()
        if over.startswith("{"):
            yield from ((index, f, in_repeat) for f in fields_in(over))
        else:
            yield index, over, in_repeat
        for child in element.elements:
            yield from _element_refs(index, child, True)
        return
    for prop in _PROPERTIES:
        value = getattr(element, prop, None)
        if isinstance(value, str) and "{" in value:
            yield from ((index, f, in_repeat) for f in _text_fields(value))
    for value in element.__dict__.values():  # number properties written as expressions
        if isinstance(value, ExprNumber):
            yield from ((index, f, in_repeat) for f in expr.fields_of(value.source))


def references(template: Template) -> Iterator[tuple[int, str, bool]]:
    """Every field path the template's elements read, with its element index and scope."""
    for i, element in enumerate(template.elements):
        yield from _element_refs(i, element, False)


def root(path: str) -> str:
    """The field a path starts from: ``item.speed`` -> ``item``, ``damage[item]`` -> ``damage``."""
    found = _NAME.match(path)
    return found.group(0) if found else path


def _roots(path: str) -> list[str]:
    return [root(path), *(root(inner) for inner in _BRACKETS.findall(path))]


def known_fields(declared: Collection[str], cards: Sequence[Any] = ()) -> set[str]:
    """The built-in fields, the declared ones, and any field a card actually has."""
    known = set(BUILT_IN) | set(declared)
    names = getattr(cards, "field_names", None)  # a packed deck knows them without unpacking
    if names is not None:
        return known | names
    for card in cards:
        known.update(card.fields)
    return known


def unknown_references(template: Template, known: Collection[str]) -> dict[tuple[int, str], str]:
    """(element index, unknown name) -> its "did you mean" hint, for each reference to a field no
    card can have or to a table the template does not define; each pair once."""
    found: dict[tuple[int, str], str] = {}
    for index, path, in_repeat in references(template):
        scope = set(known) | ({*REPEAT_SCOPE} if in_repeat else set())
        names = _roots(path)
        if names[0] == TABLES and TABLES not in known:
            table = path.split(".", 2)[1] if "." in path else ""
            table = root(table)
            if table not in template.tables:
                found.setdefault((index, f"{TABLES}.{table}"), suggest(table, template.tables))
            names = names[1:]
        for name in names:
            if name not in scope:
                found.setdefault((index, name), suggest(name, sorted(scope)))
    return found


def field_problems(
    template: Template, known: Collection[str], cards: Sequence[Any] | None, deck: str | None = None
) -> list[Problem]:
    """One problem per unknown reference of ``template``, located at its element; ``cards`` are
    the cards printed with it (None when they could not be loaded)."""
    problems = []
    for (index, name), hint in sorted(unknown_references(template, known).items()):
        where = template.element_origins[index] if index < len(template.element_origins) else template.origin
        if name.startswith(f"{TABLES}."):
            table = name.split(".", 1)[1]
            tables = ", ".join(sorted(template.tables)) or "none defined"
            message = f"no table named '{table}' in this template{hint} (tables: {tables})"
        else:
            message = (
                f"uses field '{name}', which no card has and the game does not declare{hint}: fix the "
                f"name, or declare the field under 'card_fields' in game.yaml"
            )
        if cards:
            names = ", ".join(f"'{clip(c.name)}'" for c in cards[:3]) + (", ..." if len(cards) > 3 else "")
            of = f" of deck '{deck}'" if deck else ""
            message += f"; it affects {plural(len(cards), 'card')}{of} ({names})"
        path = f"template '{template.name}'"
        problems.append(Problem(FIELD_RANK, where.file, where.line, where.column, path, message))
    return problems


def unloaded_game_problems(name: str) -> list[Problem]:
    """The unknown field references of a game's card templates, read from game.yaml and the
    templates alone: for ``check`` to report with the problems that stopped the cards loading.
    Empty when game.yaml itself cannot be read (that problem is reported already)."""
    from generator.core import paths
    from generator.core.errors import DeckwrightError
    from generator.core.yamlio import load_yaml
    from generator.load.contain import game_file
    from generator.load.templates import TemplateLibrary
    from generator.schema.game import GameSpec
    from generator.schema.messages import validate

    try:
        folder = paths.resolve_game(name)
        doc = load_yaml(game_file(folder))
        spec = validate(GameSpec, doc.data or {}, doc)
    except DeckwrightError:
        return []
    declared = set(spec.card_fields)
    for deck in spec.decks:  # fields a deck declares for itself, where the schema allows it
        declared.update(getattr(deck, "card_fields", None) or {})
    names = [n for d in spec.decks for n in (d.template, d.back)]
    names += [t.back for t in spec.card_types.values()]
    library = TemplateLibrary([folder / "templates", folder, paths.TEMPLATES], paths.game_roots(folder))
    problems: list[Problem] = []
    for template_name in dict.fromkeys(n for n in names if isinstance(n, str)):
        try:
            template = library.get(template_name)
        except DeckwrightError:
            continue  # the loader reports a missing or broken template
        problems.extend(field_problems(template, known_fields(declared), None))
    return problems
