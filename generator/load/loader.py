"""Load a game folder into the validated model: game.yaml, card databases, templates, icons.

Every file is read once; every problem across all files is collected before anything is
reported, most useful first.
"""

from __future__ import annotations

import itertools
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from generator.art import gameicons
from generator.core import paths
from generator.core.errors import DataError, Problem, clip, display_path
from generator.core.sizes import UnknownSizeError, card_size
from generator.core.yamlio import Document, load_yaml
from generator.load.assets import unreadable
from generator.load.contain import game_file, named_files
from generator.load.deckfields import compile_types, deck_card_model, deck_defaults, with_defaults
from generator.load.model import Card, Deck, Game, Origin, PackedCards
from generator.load.shared import merged
from generator.load.sheets import SHEET_SUFFIXES, read_table
from generator.load.templates import TemplateLibrary
from generator.schema.game import NO_BACK, CardFileSpec, CardSourceSpec, DeckSpec, GameSpec
from generator.schema.messages import validate

_WARNINGS: ContextVar[list[Problem] | None] = ContextVar("load_warnings", default=None)
"""Warnings found while loading (a formula without a saved value): ``game.extra["warnings"]``."""


_TEXTS: ContextVar[list | None] = ContextVar("sheet_texts", default=None)
"""Translations in card sheets' ``FIELD@CODE`` columns: ``game.extra["sheet_texts"]``."""


class _Collector:
    """Gathers problems from independent steps so one bad file does not hide another."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def run(self, step, *args) -> Any:
        try:
            return step(*args)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None


def load_game(spec: str | Path) -> Game:
    """Load and validate the game named or located by ``spec``; raise DataError listing every problem."""
    folder = paths.resolve_game(str(spec))
    roots = paths.game_roots(folder)
    doc = load_yaml(game_file(folder))
    game_spec: GameSpec = validate(GameSpec, doc.data or {}, doc)
    collect = _Collector()
    collect.problems.extend(named_files(folder, game_spec, doc))
    found: list[Problem] = []
    texts: list = []
    token, texts_token = _WARNINGS.set(found), _TEXTS.set(texts)
    try:
        compiler = collect.run(compile_types, game_spec, doc)
        library = TemplateLibrary([folder / "templates", folder, paths.TEMPLATES], roots)
        decks = []
        per_deck: list[tuple[str, list[Problem]]] = []  # decks reading one sheet find the same
        warned: list[tuple[str, list[Problem]]] = []
        for i, deck_spec in enumerate(game_spec.decks):
            before, warned_before = len(collect.problems), len(found)
            model = collect.run(deck_card_model, compiler, game_spec, doc, i) if compiler else None
            deck = collect.run(_load_deck, folder, deck_spec, game_spec, model, doc, i, library)
            if deck is not None:
                decks.append(deck)
            per_deck.append((deck_spec.name, collect.problems[before:]))
            warned.append((deck_spec.name, found[warned_before:]))
            del collect.problems[before:], found[warned_before:]
        collect.problems += merged(per_deck)
        found += merged(warned)
    finally:
        _WARNINGS.reset(token)
        _TEXTS.reset(texts_token)
    for card, field, code, _, cell in texts:
        if code not in game_spec.languages[1:]:
            declared = ", ".join(game_spec.languages[1:]) or "none"
            message = (
                f"column '{field}@{code}' (card '{card}'): '{code}' is not one of the languages game.yaml "
                f"translates (languages: {declared}); add it there or remove the column"
            )
            collect.problems.append(
                Problem(20, cell.file, cell.line, cell.column, "", message, cell=cell.cell)
            )
            break
    icons = collect.run(_icons, folder, game_spec, doc)
    if collect.problems:
        raise DataError(collect.problems + found)  # with the warnings: one may be the cause
    line, col = doc.mark(())
    return Game(
        name=game_spec.name,
        title=game_spec.title,
        version=game_spec.version,
        folder=folder,
        decks=tuple(decks),
        icons=icons or {},
        keywords={k: v.model_dump() for k, v in game_spec.keywords.items()},
        template_dirs=tuple(library.dirs),
        font_dirs=(paths.FONTS, folder / "fonts"),
        origin=Origin(doc.file, line, col),
        extra={"templates": library, "spec": game_spec, "doc": doc, "warnings": found, "sheet_texts": texts},
        inline_icons={k: v for k, v in game_spec.icons.items() if not isinstance(v, str)},
    )


def _deck_size(deck: DeckSpec, doc: Document, index: int) -> tuple[float, float]:
    if not isinstance(deck.size, str):
        return deck.size.width, deck.size.height
    try:
        return card_size(deck.size)
    except UnknownSizeError as exc:
        raise DataError([doc.problem(("decks", index, "size"), str(exc.args[0]), rank=20)]) from None


def _load_deck(
    folder: Path,
    deck: DeckSpec,
    game: GameSpec,
    model: type[BaseModel] | None,
    doc: Document,
    index: int,
    library: TemplateLibrary,
) -> Deck:
    collect = _Collector()
    roots = paths.game_roots(folder)
    width, height = collect.run(_deck_size, deck, doc, index) or (0.0, 0.0)
    one_sided = deck.back == NO_BACK
    for key in ("template", "back"):
        name = getattr(deck, key)
        if name and not (key == "back" and one_sided):
            line, col = doc.mark(("decks", index, key))
            collect.run(library.get, name, Problem(15, doc.file, line, col, f"decks[{index}].{key}", ""))
    for type_name, type_spec in game.card_types.items():
        if type_spec.back:
            line, col = doc.mark(("card_types", type_name, "back"))
            collect.run(
                library.get,
                type_spec.back,
                Problem(15, doc.file, line, col, f"card_types.{type_name}.back", ""),
            )
    defaults = collect.run(deck_defaults, deck, model, doc, index) if model is not None else None
    cards = PackedCards()  # a long deck is packed as it is read (see PackedCards)
    listed: dict[tuple[str, str | None], tuple[str | int, ...]] = {}  # file and sheet -> where first named
    for loc, source in deck.sources():
        at = ("decks", index, *loc)
        path = folder / source.file
        first = listed.setdefault((str(Path(source.file)), source.sheet), at)
        if first != at:
            where = ":".join(map(str, doc.mark(first)))
            message = (
                f"card file '{clip(source.file)}' is listed again (first at {where}): "
                "list each card file once (give a card 'count:' for more copies)"
            )
            collect.problems.append(doc.problem(at, message, rank=10))
            continue
        kind = _source_kind(source, doc, at)
        if kind is None:
            collect.run(_source_kind, source, doc, at, True)
            continue
        try:
            paths.contained(path, roots, "card file", source.file)
        except paths.OutsideError as exc:
            collect.problems.append(doc.problem(at, str(exc), rank=10))
            continue
        if not path.is_file():
            message = f"card file '{clip(source.file)}' not found in {display_path(folder)}"
            collect.problems.append(doc.problem(at, message, rank=10))
            continue
        if model is None:
            continue
        if kind == "yaml":
            collect.run(_load_cards, path, deck.name, model, cards)
        else:
            for card in collect.run(_load_sheet, path, source, deck.name, model) or []:
                cards.append(card)
    if collect.problems:
        raise DataError(collect.problems)
    if defaults:
        filled = PackedCards()
        for card in cards:
            with_default = collect.run(with_defaults, card, defaults, doc, index)
            if with_default is not None:
                filled.append(with_default)
        if collect.problems:
            raise DataError(collect.problems)
        cards = filled
    line, col = doc.mark(("decks", index))
    return Deck(
        name=deck.name,
        title=deck.title or game.title,
        width=width,
        height=height,
        template=deck.template,
        back=None if one_sided else deck.back,
        backs_by_type={} if one_sided else {t: s.back for t, s in game.card_types.items() if s.back},
        cards=cards.settled(),
        origin=Origin(doc.file, line, col),
        one_sided=one_sided,
    )


def _source_kind(source: CardSourceSpec, doc: Document, at: tuple, report: bool = False) -> str | None:
    """'yaml' or a spreadsheet kind, from the file's suffix; with ``report``, raise why neither."""
    suffix = Path(source.file).suffix.lower()
    if suffix in (".yaml", ".yml"):
        if source.sheet is None and source.columns is None:
            return "yaml"
        message = "'sheet' and 'columns' are for spreadsheets (.csv, .xlsx, .ods), not YAML card files"
    elif suffix in SHEET_SUFFIXES:
        return SHEET_SUFFIXES[suffix]
    else:
        message = (
            f"card file '{clip(source.file)}': unknown kind '{suffix or '(no suffix)'}'; use .yaml, .csv, "
            ".tsv, .xlsx or .ods (save an .xls workbook as .xlsx)"
        )
    if report:
        raise DataError([doc.problem(at, message, rank=10)])
    return None


def _load_sheet(path: Path, source: CardSourceSpec, deck: str, model: type[BaseModel]) -> list[Card]:
    from generator.load.sheets.cards import Columns, cards_from_table  # spreadsheets only

    table = read_table(path, display_path(path), source.sheet)
    spec = source.columns
    columns = Columns(spec.case, tuple(spec.ignore), dict(spec.rename)) if spec else Columns()
    try:
        return cards_from_table(table, model, deck, columns, _TEXTS.get())
    finally:  # the reader adds its warnings (formulas without values) even when it fails
        collected = _WARNINGS.get()
        if collected is not None:
            collected += table.warnings


def _generated(spec_index: int, gen: Any) -> list[tuple[tuple, dict[str, Any]]]:
    """Expand one ``generate:`` entry into (loc, card data) pairs."""
    axes = list(gen.product.items())
    out = []
    for combo in itertools.product(*(values for _, values in axes)):
        values: dict[str, Any] = {}
        for (axis, _), value in zip(axes, combo, strict=True):
            if isinstance(value, dict):
                values.update(value)
            else:
                values[axis] = value
        card = dict(values)
        for key, template in gen.card.items():
            card[key] = template.format(**values) if isinstance(template, str) else template
        out.append((("generate", spec_index, "card"), card))
    return out


def _load_cards(path: Path, deck: str, model: type[BaseModel], into: PackedCards) -> None:
    """Read a YAML card file into ``into``, or raise DataError with every bad card (``into`` is
    then of no use: the deck is not built). Each card under ``cards:`` is validated as soon as it
    is read (``load_yaml``'s ``each``), so a long file is never held whole besides its cards."""
    problems: list[Problem] = []

    def take(loc: tuple, data: Any, doc: Document) -> bool:
        if not isinstance(data, dict):
            return False  # left for the file's own check to report
        _add_card(loc, data, doc, deck, model, into, problems)
        return True

    doc = load_yaml(path, (("cards",), take))
    if doc.data is None:
        raise DataError([doc.problem((), "the file is empty: list the cards under 'cards:'", rank=10)])
    file_spec: CardFileSpec = validate(CardFileSpec, doc.data, doc)
    if not file_spec.cards and not file_spec.generate:
        message = "no cards in this file: list them under 'cards:' or make them with 'generate:'"
        raise DataError([doc.problem((), message, rank=10)])
    entries: list[tuple[tuple, dict[str, Any]]] = []
    for i, gen in enumerate(file_spec.generate):
        try:
            entries.extend(_generated(i, gen))
        except (KeyError, IndexError, ValueError) as exc:
            message = f"cannot fill the card fields: unknown name {exc} in braces"
            raise DataError([doc.problem(("generate", i, "card"), message)]) from None
    for loc, data in entries:
        _add_card(loc, data, doc, deck, model, into, problems)
    if problems:
        raise DataError(problems)


def _add_card(
    loc: tuple,
    data: dict[str, Any],
    doc: Document,
    deck: str,
    model: type[BaseModel],
    into: PackedCards,
    problems: list[Problem],
) -> None:
    """Validate one card's data (at ``loc`` in ``doc``) and add it to ``into``, or its problems
    to ``problems``."""
    try:
        item = validate(model, data, doc, base=loc)
    except DataError as exc:
        problems.extend(exc.problems)
        return
    values = item.model_dump(exclude_unset=True, by_alias=True)
    name, card_type = values.pop("name"), values.pop("type", None) or item.type
    count = values.pop("count", 1)
    marks, file = doc.marks, doc.file  # a value's own mark where it has one: as doc.mark finds it
    line, col = marks.get(loc) or doc.mark(loc)
    field_origins = {k: Origin(file, *(marks.get((*loc, k)) or doc.mark((*loc, k)))) for k in data}
    origin = Origin(file, line, col)
    into.append(Card(name, card_type, count, deck, values, origin, field_origins))


def _icons(folder: Path, game: GameSpec, doc: Document) -> dict[str, Path]:
    """Icon name -> SVG/PNG file: the bundled set, overlaid with the game's own (a name not in
    the game folder is looked up among the bundled icons)."""
    icons: dict[str, Path] = {}
    if paths.ICONS.is_dir():
        icons.update({p.stem: p for p in sorted(paths.ICONS.glob("*.svg"))})
    roots = paths.game_roots(folder)
    problems = []
    for name, entry in game.icons.items():
        file_name = entry if isinstance(entry, str) else entry.file
        try:
            path = paths.find_file(file_name, (folder, paths.ICONS), roots, "icon file")
        except paths.OutsideError as exc:
            problems.append(doc.problem(("icons", name), str(exc), rank=25))
            continue
        if path is None and gameicons.is_named(file_name):  # game-icons/NAME: the shipped copy
            try:
                path = gameicons.path(file_name)
            except gameicons.GameIconError as exc:
                problems.append(doc.problem(("icons", name), str(exc), rank=25))
                continue
        if path is None:
            problems.append(doc.problem(("icons", name), f"icon file '{clip(file_name)}' not found", rank=25))
            continue
        # the bundled icons are shipped and tested (found by stem, they are not read here either)
        trouble = None if path.parent == paths.ICONS else unreadable(path, roots)
        if trouble:
            problems.append(doc.problem(("icons", name), f"icon file {trouble}", rank=25))
            continue
        icons[name] = path
    for word, keyword in game.keywords.items():  # a keyword's icon may be game-icons/NAME itself
        if keyword.icon and keyword.icon not in icons and gameicons.is_named(keyword.icon):
            try:
                icons[keyword.icon] = gameicons.path(keyword.icon)
            except gameicons.GameIconError as exc:
                problems.append(doc.problem(("keywords", word, "icon"), str(exc), rank=25))
    if problems:
        raise DataError(problems)
    return icons
