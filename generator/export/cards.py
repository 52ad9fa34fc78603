"""The resolved card data of a game as CSV or JSON: one row per physical card (per copy).

Every row starts with ``deck, name, type, copy, copies`` (``copy`` counts 1..``copies``, so a
spreadsheet can filter ``copy = 1`` for one row per design), then one column per card field in
the order the fields first appear. In CSV a list is written ``a; b`` (the spreadsheet convention)
and a mapping as JSON text; JSON keeps values as they are.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from generator.core.errors import UsageError
from generator.load.model import Game

FIXED = ("deck", "name", "type", "copy", "copies")
FORMATS = (".csv", ".json")


def card_rows(game: Game) -> tuple[list[str], list[dict[str, Any]]]:
    """The column names and one row per card copy, decks in game order, copies in deck order."""
    fields: list[str] = []
    for deck in game.decks:
        for card in deck.cards:
            fields += [k for k in card.fields if k not in fields]
    columns = [*FIXED, *(f"field:{f}" if f in FIXED else f for f in fields)]
    rows = []
    for deck in game.decks:
        for item in deck.copies():
            card = item.card
            head = (deck.name, card.name, card.type, item.copy, card.count)
            row: dict[str, Any] = dict(zip(FIXED, head, strict=True))
            for key, value in card.fields.items():
                row[f"field:{key}" if key in FIXED else key] = value
            rows.append(row)
    return columns, rows


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return "; ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render(game: Game, suffix: str) -> str:
    """The export's text for a ``.csv`` or ``.json`` file."""
    columns, rows = card_rows(game)
    if suffix == ".json":
        ordered = [{c: row[c] for c in columns if c in row} for row in rows]
        return json.dumps(ordered, indent=2, ensure_ascii=False, default=str) + "\n"
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([_cell(row.get(c)) for c in columns] for row in rows)
    return buffer.getvalue()


def export_cards(game: Game, target: Path) -> int:
    """Write the card export to ``target`` (format from its extension); return the row count.

    The file is written beside the target and moved into place, so a failed export leaves an
    earlier file as it was.
    """
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(
            f"--cards {target}: unknown file type '{target.suffix or '(none)'}'; "
            "name the file .csv (for spreadsheets) or .json"
        )
    text = render(game, suffix)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "does not exist"
        raise UsageError(f"--cards {target}: {folder} {why}; create the folder or choose another path")
    if target.is_dir():
        example = target / "cards.csv"
        raise UsageError(f"--cards {target}: that is a folder; give a file name such as {example}")
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".part")
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp:
            Path(tmp).unlink(missing_ok=True)
        reason = exc.strerror or str(exc)
        raise UsageError(f"--cards {target}: cannot write there ({reason}); choose another path") from None
    return sum(deck.size for deck in game.decks)
