"""Simulated playtests and their statistics (``generator/play/``): ``simulate``, ``stats``, ``sweep``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, paths_display
from generator.core.errors import DeckwrightError

if TYPE_CHECKING:
    from rich.progress import Progress


def _bar(label: str) -> Progress:
    from generator.core.console import BarColumn, MofNCompleteColumn, Progress, TextColumn

    literal = label.replace("{", "{{").replace("}", "}}")  # a title such as 'Mini {y}' is no field
    return Progress(
        TextColumn(literal),
        BarColumn(),
        MofNCompleteColumn(),
        console=common.err,
        transient=True,
        disable=not common.err.is_terminal,
    )


def simulate(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Folder for the logs.")] = None,
    players: Annotated[int, typer.Option(help="Players per game.")] = 0,
    games: Annotated[int, typer.Option(help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed: the same seed writes the same logs.")] = 1,
    policy: Annotated[
        list[str] | None, typer.Option(help="random or a game's named policy; repeat once per seat to mix.")
    ] = None,
    table: Annotated[bool, typer.Option(help="Leave out what a table would not record.")] = False,
    jobs: Annotated[int, typer.Option(help="Processes to share the games.")] = 1,
    variant: Annotated[Path | None, typer.Option(help="A variant file: card, file, rule changes.")] = None,
    results: Annotated[Path | None, typer.Option(help="Counts into this JSON file, no logs.")] = None,
    only: Annotated[int, typer.Option(help="Write only game N's log (as a full run would).")] = 0,
    scheduler: Annotated[str | None, typer.Option(help="A Dask scheduler's address: play there.")] = None,
    setup: Annotated[
        list[str] | None,
        typer.Option(metavar="FIELD=VALUE", help="Fix a setup field for every game (race=rally); repeat."),
    ] = None,
) -> None:
    """Play seeded games by running the game's own Python rules module (trust the game folder first).

    Each game is written as a playtest log into OUTPUT, or counted into a --results file. A
    --setup the rules play as several races (a Rally) is one game: one log of its races."""
    from generator.play.commands import simulate_command

    try:
        said = simulate_command(
            game,
            output,
            players,
            games,
            seed,
            tuple(policy or ["random"]),
            table,
            jobs,
            variant,
            results,
            only,
            scheduler,
            _bar,
            tuple(setup or ()),
        )
    except DeckwrightError as exc:
        raise fail(exc) from None
    common.out.print(said)


def stats(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    logs: Annotated[list[Path], typer.Argument(help="Log files or folders of logs.")],
    include_illegal: Annotated[bool, typer.Option(help="Count logs that break a rule too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    pdf: Annotated[Path | None, typer.Option(help="Also write a PDF report with charts.")] = None,
    compare: Annotated[bool, typer.Option(help="Compare two runs A B (log folders or results).")] = False,
    variant: Annotated[Path | None, typer.Option(help="Replay with a variant's data (its logs).")] = None,
) -> None:
    """Replay logs by running the game's own Python rules module (trust the game folder first).

    Win rates by seat and player count, game length, card use and the game's own figures."""
    if compare:
        from generator.play.commands import compare_command

        try:
            text, machine = compare_command(game, logs, include_illegal, pdf)
        except DeckwrightError as exc:
            raise fail(exc) from None
        typer.echo(machine) if as_json else common.out.print(text)
        if pdf is not None:
            common.err.print(f"wrote {paths_display(pdf)}")
        return
    if logs and all(p.suffix == ".json" for p in logs):  # results files (simulate --results)
        from generator.play.tallyreport import results_command

        try:
            text, machine = results_command(game, logs, pdf)
        except DeckwrightError as exc:
            raise fail(exc) from None
        typer.echo(machine) if as_json else common.out.print(text)
        return
    from generator.play.commands import gather_logs
    from generator.play.pdf import write_pdf
    from generator.play.report import as_json as to_json
    from generator.play.report import tables

    try:
        with _bar("reading logs") as bar:
            task = bar.add_task("", total=None)
            tick = lambda d, t: bar.update(task, completed=d, total=t)  # noqa: E731
            loaded, found = gather_logs(game, logs, include_illegal, tick, variant)
        if pdf is not None:
            write_pdf(found, pdf, loaded.title, loaded.font_dirs)
    except DeckwrightError as exc:
        raise fail(exc) from None
    if as_json:
        typer.echo(to_json(found))
    else:
        common.out.print(tables(found))
    if pdf is not None:
        common.err.print(f"wrote {paths_display(pdf)}")


def sweep(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    set_: Annotated[
        list[str], typer.Option("--set", help="PATH=v1,v2: cards.CARD.FIELD, rules.NAME, FILE.yaml:KEY.")
    ],
    games: Annotated[int, typer.Option(help="Games per setting.")] = 1000,
    players: Annotated[int, typer.Option(help="Players per game.")] = 0,
    seed: Annotated[int, typer.Option(help="Seed: every setting plays the same seeds.")] = 1,
    policy: Annotated[list[str] | None, typer.Option(help="As simulate's --policy.")] = None,
    jobs: Annotated[int, typer.Option(help="Processes to share the games.")] = 1,
    scheduler: Annotated[str | None, typer.Option(help="A Dask scheduler's address: play there.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    pdf: Annotated[Path | None, typer.Option(help="Also write a PDF with a chart per figure.")] = None,
) -> None:
    """Play every combination of the --set values by running the game's own Python rules module
    (trust the game folder first); a table and a chart of each figure against the settings."""
    from generator.play.commands import sweep_command

    try:
        text, machine = sweep_command(
            game, set_, games, players, seed, tuple(policy or ["random"]), jobs, scheduler, pdf, _bar
        )
    except DeckwrightError as exc:
        raise fail(exc) from None
    typer.echo(machine) if as_json else common.out.print(text)
    if pdf is not None:
        common.err.print(f"wrote {paths_display(pdf)}")
