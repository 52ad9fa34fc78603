"""The translation table: every printed text of a game, one row each, a column per language.

``export --translations FILE`` writes it (CSV or XLSX) for translators to fill in a spreadsheet;
``import-translations GAME FILE`` reads it back into ``lang/<code>.yaml``. A row is keyed by
three columns, ``section``, ``item`` and ``field`` (``cards | Red duck | name``, ``templates |
entenrallye-part | POINTS``, ``summary | | sections[0].title``, ``tables | teil | bonnet``);
``where`` shows the source text's file and line, then one column per language, the source first.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import yaml

from generator.core.errors import DataError, Problem, UsageError
from generator.core.yamlio import format_loc, load_yaml
from generator.lang.edition import _choices, _needs, _printed, _template_names, languages
from generator.lang.langfile import PARTS, Translation, lang_path, read_translation
from generator.lang.parts import _printed as part_texts
from generator.lang.parts import part_files
from generator.load.model import Game

KEYS = ("section", "item", "field")
Row = tuple[str, str, str]


def source_rows(game: Game) -> list[tuple[Row, str, str]]:
    """(key, where, source text) of every text a translation gives, in the game's order."""
    rows: list[tuple[Row, str, str]] = [(("title", "", ""), str(game.origin), game.title)]
    library = game.extra["templates"]
    choices = _choices(game)
    for deck in game.decks:
        rows.append((("decks", deck.name, "title"), str(deck.origin), deck.title))
    for deck in game.decks:
        printed = sorted(_printed(deck, library) - choices - {"type", "count", "deck"})
        for card in deck.cards:
            values = card.values()
            for key in printed:
                if isinstance(values.get(key), str) and values[key].strip():
                    where = card.field_origins.get(key, card.origin)
                    rows.append((("cards", card.name, key), str(where), values[key]))
    for name in sorted({n for deck in game.decks for n in _template_names(deck)}):
        template = library.get(name)
        for i, element in enumerate(template.elements):
            if element.type == "text" and _needs(element.text, choices):
                rows.append(
                    (("templates", name, element.text), str(template.element_origins[i]), element.text)
                )
    for section, files in part_files(game).items():
        for path in files:
            if path.is_file():
                doc = load_yaml(path)
                for loc, text in part_texts(doc.data, section):
                    line, col = doc.mark(loc)
                    rows.append(((section, "", format_loc(loc)), f"{doc.file}:{line}:{col}", text))
    doc = game.extra.get("doc")
    for i, item in enumerate(getattr(game.extra.get("spec"), "gather", None) or []):  # keyed by text
        line, col = doc.mark(("gather", i)) if doc is not None else (0, 0)
        rows.append((("gather", "", item), f"{game.origin.file}:{line}:{col}", item))
    return _unique(rows)


def _unique(rows: list[tuple[Row, str, str]]) -> list[tuple[Row, str, str]]:
    seen: set[Row] = set()
    return [r for r in rows if not (r[0] in seen or seen.add(r[0]))]


def _given(tr: Translation) -> dict[Row, str]:
    """A translation file's texts by row key (a part text keyed by its text is matched later)."""
    out: dict[Row, str] = {}
    if tr.title:
        out[("title", "", "")] = tr.title.text
    out.update({("decks", d, "title"): t.text for d, t in tr.decks.items()})
    for section in ("cards", "templates"):
        for item, texts in getattr(tr, section).items():
            out.update({(section, item, k): t.text for k, t in texts.items()})
    for name, table in tr.tables.items():
        out.update({("tables", name, k): v for k, v in table.items()})
    return out


def table_rows(game: Game) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the translation table, with the translations written so far."""
    declared = languages(game)
    if not declared:
        raise UsageError(f"{game.name} declares no languages: add 'languages: [en, de]' to game.yaml")
    translations = {}
    for code in declared[1:]:
        translations[code] = (
            read_translation(game.folder, code) if lang_path(game.folder, code).is_file() else None
        )
    givens = {code: _given(tr) if tr else {} for code, tr in translations.items()}
    rows = []
    for key, where, text in source_rows(game):
        cells = [*key, where, text]
        for code, tr in translations.items():
            found = givens[code].get(key)
            if found is None and tr is not None and key[0] in (*PARTS, "gather"):
                part = getattr(tr, key[0])
                hit = part.get(key[2]) or part.get(text)
                found = hit.text if hit else None
            cells.append(found or "")
        rows.append(cells)
    for code, tr in translations.items():  # value tables: no source text, one row per entry
        for (section, name, value), text in sorted(_given(tr).items() if tr else []):
            if section == "tables":
                cells = [section, name, value, "", value] + ["" for _ in translations]
                cells[5 + list(translations).index(code)] = text
                rows.append(cells)
    return [*KEYS, "where", *declared], _merge_tables(rows)


def _merge_tables(rows: list[list[str]]) -> list[list[str]]:
    merged: dict[tuple[str, ...], list[str]] = {}
    out = []
    for row in rows:
        if row[0] != "tables":
            out.append(row)
            continue
        key = tuple(row[:3])
        if key in merged:
            merged[key][5:] = [a or b for a, b in zip(merged[key][5:], row[5:], strict=True)]
        else:
            merged[key] = row
            out.append(row)
    return out


def write_table(game: Game, target: Path) -> int:
    """Write the translation table to ``target`` (.csv or .xlsx); return the number of rows."""
    from generator.core.writing import atomic_bytes, atomic_text

    header, rows = table_rows(game)
    suffix = target.suffix.lower()
    if suffix == ".csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerows([header, *rows])
        atomic_text(target, buffer.getvalue())
    elif suffix == ".xlsx":
        atomic_bytes(target, _xlsx(header, rows))
    else:
        raise UsageError(f"--translations {target.name}: name the file .csv or .xlsx")
    return len(rows)


def _xlsx(header: list[str], rows: list[list[str]]) -> bytes:
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Translations"
    for row in [header, *rows]:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    # the same table, the same bytes: openpyxl stamps the time into docProps/core.xml
    fixed = io.BytesIO()
    with zipfile.ZipFile(buffer) as src, zipfile.ZipFile(fixed, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = b'<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"/>'
            dst.writestr(zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return fixed.getvalue()


def import_table(game: Game, path: Path, shown: str) -> list[Path]:
    """Read a translation table into the game's ``lang/<code>.yaml`` files; return them. Every
    problem (a column, section or key the game does not have) is a DataError at its cell."""
    from generator.core.writing import atomic_text
    from generator.load.sheets import read_table

    table = read_table(path, shown, None)
    declared = languages(game)
    if not table.rows:
        raise DataError([Problem(10, shown, 0, 0, "", "the table is empty: export one with --translations")])
    head_row, head = table.rows[0]
    names = [(c or "").strip() for c in head]
    problems: list[Problem] = []

    def at(row: int, col: int, message: str) -> Problem:
        return Problem(20, shown, row, col + 1, "", message, cell=table.cell(row, col + 1))

    for i, key in enumerate(KEYS):
        if i >= len(names) or names[i] != key:
            problems.append(at(head_row, i, f"column {i + 1} must be '{key}' (the table as export wrote it)"))
    columns = {}
    for i, name in enumerate(names[len(KEYS) :], len(KEYS)):
        if name in ("where", "") or (declared and name == declared[0]):
            continue
        if name not in declared:
            problems.append(
                at(head_row, i, f"column '{name}' is not one of the game's languages ({', '.join(declared)})")
            )
        else:
            columns[name] = i
    if problems:
        raise DataError(problems)
    known = {key for key, _, _ in source_rows(game)}
    data: dict[str, dict] = {code: {} for code in columns}
    for row, cells in table.rows[1:]:
        cells = [(c or "") for c in cells] + [""] * len(names)
        key = (cells[0].strip(), cells[1], cells[2])
        if not any(key):
            continue
        if key[0] != "tables" and key not in known:
            problems.append(
                at(
                    row,
                    0,
                    f"no printed text '{' | '.join(key)}' in {game.name}: keep the key columns as exported",
                )
            )
            continue
        for code, col in columns.items():
            if cells[col].strip():
                _put(data[code], key, cells[col])
    if problems:
        raise DataError(problems)
    written = []
    for code, content in data.items():
        if lang_path(game.folder, code).is_file():  # what the table does not carry is kept
            old = read_translation(game.folder, code)
            content = {"keep": old.keep, **content} if old.keep else content
            if old.messages:  # Deckwright's own words the game changes
                content["messages"] = {key: text.text for key, text in old.messages.items()}
        target = lang_path(game.folder, code)
        header = f"# {game.title}: the '{code}' texts, from {path.name} (deckwright import-translations)\n"
        atomic_text(target, header + yaml.safe_dump(content, allow_unicode=True, sort_keys=False, width=100))
        read_translation(game.folder, code)  # what was written reads back
        written.append(target)
    return written


def _put(data: dict, key: Row, text: str) -> None:
    section, item, field = key
    if section == "title":
        data["title"] = text
    elif section == "decks":
        data.setdefault("decks", {})[item] = {"title": text}
    elif section in (*PARTS, "gather"):
        data.setdefault(section, {})[field] = text
    else:
        data.setdefault(section, {}).setdefault(item, {})[field] = text
