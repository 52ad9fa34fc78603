"""``deckwright log check``: playtest logs replayed against a game's rules."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.common import fail, report
from generator.core.errors import DeckwrightError

log_app = typer.Typer(
    help="Check playtest logs against a game's rules (runs the game's own Python rules module).",
    no_args_is_help=True,
)


class LogFormat(str, Enum):
    text = "text"
    json = "json"


@log_app.command("check")
def log_check(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    logs: Annotated[list[Path], typer.Argument(help="Playtest log files.", exists=True, dir_okay=False)],
    fmt: Annotated[
        LogFormat, typer.Option("--format", help="text for people, json for machines.", case_sensitive=False)
    ] = LogFormat.text,
) -> None:
    """Replay playtest logs by running the game's own Python rules module (trust the game folder first).

    Exit status 1 if any log breaks a rule."""
    from generator.load.loader import load_game
    from generator.rules.logcheck import check_logs
    from generator.rules.report import as_json, text_lines

    try:
        reports = check_logs(load_game(game), logs)
    except DeckwrightError as exc:
        raise fail(exc) from None
    if fmt is LogFormat.json:
        typer.echo(as_json(reports))
    else:
        report([p for r in reports for p in r.problems])
        for line in text_lines(reports):
            typer.echo(line)
    if not all(r.ok for r in reports):
        raise typer.Exit(1)
