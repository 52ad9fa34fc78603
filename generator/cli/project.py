"""Commands about games rather than one game's kit: ``list``, ``new``, ``schema``, ``fonts``
and ``icons``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, paths_display
from generator.core import paths
from generator.core.errors import DeckwrightError, UsageError


def list_games(
    where: Annotated[Path, typer.Option(help="Also list game folders found here.")] = Path("."),
) -> None:
    """List the bundled games and any game folders in the working directory."""
    from generator.load.loader import load_game

    common.out.print("Bundled games:", style="bold")
    for name in paths.bundled_games():
        try:
            game = load_game(name)
            common.out.print(f"  {name:<22} {_summary_line(game)}")
        except DeckwrightError:
            common.out.print(f"  {name:<22} (has problems: run 'deckwright check {name}')")
    local = paths.local_games(where) if where.is_dir() else []
    if local:
        common.out.print("Local games:", style="bold")
        for folder in local:
            common.out.print(f"  {folder}")


def _summary_line(game: object) -> str:
    """``Road Runner - 3-8 players - 80 cards`` for ``list``."""
    players = getattr(game.extra["spec"], "players", None)  # type: ignore[attr-defined]
    cards = sum(d.size for d in game.decks)  # type: ignore[attr-defined]
    who = f"{players} players" if players else "players not stated"
    return f"{game.title} - {who} - {cards} cards"  # type: ignore[attr-defined]


def new(
    name: Annotated[str, typer.Argument(help="The game's name: lower case, digits, '-' or '_'.")],
    into: Annotated[Path, typer.Option(help="Folder to create the game folder in.")] = Path("."),
) -> None:
    """Write a small starter game (a deck, its templates, a summary) that checks and builds."""
    from generator.load.scaffold import new_game

    try:
        folder = new_game(name, into)
    except DeckwrightError as exc:
        raise fail(exc) from None
    shown = paths_display(folder)
    common.out.print(f"wrote {shown}: try 'deckwright check {shown}' and 'deckwright build {shown}'")


def schema(
    output: Annotated[
        Path, typer.Option("--output", "-o", help="Folder for the <kind>.schema.json files.")
    ] = Path("schemas"),
) -> None:
    """Write a JSON Schema for every file kind, for editors (see the README's editor set-up)."""
    from generator.schema.export import write_schemas

    try:
        written = write_schemas(output)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        message = f"cannot write schemas into {output}: {reason}; choose another -o folder"
        raise fail(UsageError(message)) from None
    for path in written:
        common.out.print(f"wrote {paths_display(path)}")


def fonts(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
) -> None:
    """List the font families a game's templates can name in `font:`, each with its styles and
    where it comes from: bundled with Deckwright, the game's fonts/fonts.yaml, or installed on
    this computer (a kit set in an installed font depends on the machine that builds it)."""
    from generator.art.fonts import FontBook
    from generator.core.errors import display_path
    from generator.load.loader import load_game

    try:
        loaded = load_game(game)
        rows = FontBook.load(loaded.font_dirs).available()
    except DeckwrightError as exc:
        raise fail(exc) from None
    width = max(len(family) for family, *_ in rows)
    for family, styles, kind, path in rows:
        shown = ", ".join(s.replace("_", " ") for s in styles)
        common.out.print(f"{family:<{width}}  {kind:<9}  {shown:<36}  {display_path(path)}")


def icons(
    words: Annotated[
        list[str] | None, typer.Argument(help="Words every name must contain (none: list every name).")
    ] = None,
) -> None:
    """List the game-icons.net icons Deckwright ships whose names contain WORDS, as a template
    names them (`icon: game-icons/crossed-swords`); the kit credits each one it draws."""
    from generator.art import gameicons

    asked = " ".join(words or ())
    found = gameicons.search(asked)
    if not found:
        raise fail(UsageError(f"no game-icons.net icon name contains '{asked}': try a shorter or other word"))
    for name in found:
        common.out.print(f"{gameicons.PREFIX}{name}")
