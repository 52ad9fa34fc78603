"""``deckwright import-translations``: a translators' table back into lang/<code>.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, paths_display
from generator.core.errors import DeckwrightError


def import_translations(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    table: Annotated[
        Path, typer.Argument(metavar="FILE.csv|.xlsx", help="The table export --translations wrote.")
    ],
) -> None:
    """Read a translation table (CSV, XLSX or ODS, as `export --translations` wrote it and
    translators filled it in) into the game's lang/<code>.yaml, one file per language column.

    Each file is written whole from the table (comments in it are not kept). A column that is not
    one of the game's languages, or a row naming a text the game does not print, is an error at
    its cell, and nothing is written."""
    from generator.lang.table import import_table
    from generator.load.loader import load_game

    try:
        loaded = load_game(game)
        written = import_table(loaded, table, paths_display(table))
    except DeckwrightError as exc:
        raise fail(exc) from None
    for path in written:
        common.out.print(f"wrote {paths_display(path)}")
