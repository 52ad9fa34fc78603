"""The ``deckwright`` command line. Only this module prints problems and chooses exit codes."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.core.console import Console  # rich itself only when it changes the output

if TYPE_CHECKING:
    from rich.progress import Progress

from generator.core import paths
from generator.core.errors import DataError, DeckwrightError, Problem, UsageError

if TYPE_CHECKING:
    from generator.serve.watch import Outcome

app = typer.Typer(
    help="Deckwright: print-and-play kits and rules checks for tabletop games described in YAML.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no '<bool>' type column beside on/off flags
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"
    legal = "legal"
    a3 = "a3"
    tabloid = "tabloid"


class Orientation(str, Enum):
    auto = "auto"
    portrait = "portrait"
    landscape = "landscape"


class Layout(str, Enum):
    duplex = "duplex"
    gutterfold = "gutterfold"


class Flip(str, Enum):
    long = "long"
    short = "short"


class Spacing(str, Enum):
    auto = "auto"
    butted = "butted"
    spaced = "spaced"


class ColorMode(str, Enum):
    rgb = "rgb"
    cmyk = "cmyk"


class Order(str, Enum):
    front_back = "front-back"
    back_front = "back-front"
    fronts_then_backs = "fronts-then-backs"


def report(problems: list[Problem]) -> None:
    """Print problems, most useful first, with a count (with what libraries warned about the
    files they read, see ``generator/core/notices.py``)."""
    from generator.core.notices import heard

    for problem in sorted([*problems, *heard()]):
        style = {"error": "red", "warning": "yellow"}.get(problem.severity, "dim")
        err.print(str(problem), style=style, markup=False)
    errors = sum(1 for p in problems if p.severity == "error")
    if errors:
        err.print(f"{errors} problem{'s' if errors != 1 else ''} found.", style="bold red")


def fail(exc: DeckwrightError) -> typer.Exit:
    if isinstance(exc, DataError):
        report(exc.problems)
    else:
        err.print(f"error: {exc}", style="red")
    return typer.Exit(exc.exit_code)


def _parse_offset(text: str) -> tuple[float, float]:
    from generator.core.units import mm

    try:
        x, y = (float(v) for v in text.replace(" ", "").split(","))
    except ValueError:
        raise UsageError(
            f"--back-offset expects 'X,Y' in millimetres such as '1.5,-0.5', found '{text}'"
        ) from None
    return mm(x), mm(y)


@app.command("list")
def list_games(
    where: Annotated[Path, typer.Option(help="Also list game folders found here.")] = Path("."),
) -> None:
    """List the bundled games and any game folders in the working directory."""
    from generator.load.loader import load_game

    out.print("Bundled games:", style="bold")
    for name in paths.bundled_games():
        try:
            game = load_game(name)
            out.print(f"  {name:<22} {_summary_line(game)}")
        except DeckwrightError:
            out.print(f"  {name:<22} (has problems: run 'deckwright check {name}')")
    local = paths.local_games(where) if where.is_dir() else []
    if local:
        out.print("Local games:", style="bold")
        for folder in local:
            out.print(f"  {folder}")


def _summary_line(game: object) -> str:
    """``Road Runner - 3-8 players - 80 cards`` for ``list``."""
    players = getattr(game.extra["spec"], "players", None)  # type: ignore[attr-defined]
    cards = sum(d.size for d in game.decks)  # type: ignore[attr-defined]
    who = f"{players} players" if players else "players not stated"
    return f"{game.title} - {who} - {cards} cards"  # type: ignore[attr-defined]


def _choice(help_text: str) -> typer.models.OptionInfo:
    """An option with fixed choices, accepted in any case (``--paper A4``)."""
    return typer.Option(help=help_text, case_sensitive=False)


PRINTSHOP_HELP = (
    "Also write the cards as a print shop asks for them, into printshop-SHOP/: generic, "
    "drivethrucards, thegamecrafter, makeplayingcards, or a preset YAML file."
)


ONLY_HELP = (
    "Build only these cards, into OUTPUT/<game>-proof/: a card name, or FIELD=VALUE "
    "(type=spice, deck=market); repeatable, a card matching any is kept."
)


ONLY_OPTION = typer.Option("--only", metavar="NAME|FIELD=VALUE", help=ONLY_HELP)
OUTPUT_OPTION = typer.Option("--output", "-o", help="Output folder (default: output/).")
ALLOW_OVERFLOW_OPTION = typer.Option(
    "--allow-overflow", help="Write files even where text does not fit (a warning each)."
)


def _preset(shop: str) -> object:
    from generator.printshop import load_preset

    return load_preset(shop)


@app.command()
def build(
    games: Annotated[list[str] | None, typer.Argument(help="Bundled game names or game folders.")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Build every bundled game.")] = False,
    paper: Annotated[Paper, _choice("Paper size.")] = Paper.a4,
    orientation: Annotated[
        Orientation, _choice("Paper orientation; auto picks whichever holds more cards.")
    ] = Orientation.auto,
    layout: Annotated[
        Layout,
        _choice("duplex: fronts and backs on alternate pages; gutterfold: fold-and-glue sheets."),
    ] = Layout.duplex,
    duplex: Annotated[Flip, _choice("Which edge your printer flips on.")] = Flip.long,
    back_offset: Annotated[str, typer.Option(help="Shift backs by X,Y mm to correct printer drift.")] = "0,0",
    bleed: Annotated[
        float, typer.Option(help="Bleed in mm around each card (at most half the card).", min=0, max=10)
    ] = 3.0,
    spacing: Annotated[
        Spacing,
        _choice("butted: cards share cut lines; spaced: full bleed each; auto: whichever fits more."),
    ] = Spacing.auto,
    backs: Annotated[bool, typer.Option("--backs/--no-backs", help="Print card backs.")] = True,
    crop_marks: Annotated[
        bool, typer.Option("--crop-marks/--no-crop-marks", help="Crop marks in the margin.")
    ] = True,
    cut_lines: Annotated[
        bool, typer.Option("--cut-lines/--no-cut-lines", help="Dashed lines on the trim.")
    ] = False,
    printshop: Annotated[str | None, typer.Option(metavar="SHOP", help=PRINTSHOP_HELP)] = None,
    printshop_order: Annotated[
        Order | None, _choice("Page order of the print-shop files (default: the shop's).")
    ] = None,
    output: Annotated[Path | None, OUTPUT_OPTION] = None,
    allow_overflow: Annotated[
        bool,
        typer.Option("--allow-overflow", help="Write the kit even where text does not fit (a warning each)."),
    ] = False,
    allow_proof: Annotated[
        bool,
        typer.Option(
            "--allow-proof",
            help="Write the kit despite proofreader findings (type size, contrast, ...; a warning each).",
        ),
    ] = False,
    color: Annotated[
        ColorMode | None,
        _choice(
            "rgb, or cmyk: PDF/X-1a files in the bundled press profile (default: rgb; the print-shop "
            "files take their shop's mode)."
        ),
    ] = None,
    ink_limit: Annotated[
        float | None,
        typer.Option(
            help="Most total ink in % with cmyk (default: 300; the print-shop files take their shop's).",
            min=100,
            max=400,
        ),
    ] = None,
    only: Annotated[list[str] | None, ONLY_OPTION] = None,
) -> None:
    """Build each game's whole print-and-play kit into OUTPUT/<game>/.

    Nothing is written for a game with problems (text that does not fit included, unless
    --allow-overflow; proofreader findings the game does not list as known, unless --allow-proof):
    its earlier output stays as it was.
    """
    from generator.core.console import BarColumn, MofNCompleteColumn, Progress, TextColumn
    from generator.core.units import mm
    from generator.kit.assemble import build_kit
    from generator.kit.build import BuildOptions
    from generator.load.loader import load_game

    try:
        names = list(games or [])
        if all_games:
            names += [g for g in paths.bundled_games() if g not in names]
        if not names:
            raise UsageError("name a game to build (see 'deckwright list'), or use --all")
        if only and printshop:
            raise UsageError("--only writes a proof of some cards; --printshop files come with whole kits")
        if printshop:
            _preset(printshop)  # a bad preset is reported once, before any game is built
        from generator.kit.publish import recover_all

        recover_all(output or paths.OUTPUT)  # a kit a killed run left aside is back before anything fails
        options = BuildOptions(
            paper=paper.value,
            orientation=orientation.value,
            layout=layout.value,
            duplex=duplex.value,
            back_offset=_parse_offset(back_offset),
            bleed=mm(bleed),
            spacing=spacing.value,
            backs=backs,
            crop_marks=crop_marks,
            cut_lines=cut_lines,
            printshop=printshop,
            printshop_order=printshop_order.value if printshop_order else None,
            out_dir=output,
            allow_overflow=allow_overflow,
            allow_proof=allow_proof,
            color=color.value if color else "rgb",
            ink_limit=ink_limit or 300.0,
            shop_color=color.value if color else None,
            shop_ink_limit=ink_limit,
        )
    except DeckwrightError as exc:
        raise fail(exc) from None
    written: list[Path] = []
    failed = 0
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        for name in names:
            label = _game_label(name)
            try:
                game = load_game(name)
                label = game.name
                task = bar.add_task(game.title, total=None)

                def tick(title: str, done: int, total: int, task=task) -> None:
                    bar.update(task, description=title, completed=done, total=total)

                warnings: list[Problem] = []
                if only:
                    from generator.kit.subset import build_proof, parse_only

                    written += build_proof(game, options, parse_only(only), warnings)
                else:
                    written += build_kit(game, options, tick, warnings)
                report(warnings)
            except DeckwrightError as exc:
                failed = max(failed, exc.exit_code)
                if isinstance(exc, DataError):
                    report(exc.problems)
                else:
                    err.print(f"error: {exc}", style="red")
                kept = getattr(exc, "on_disk", "earlier output left as it was.")  # publish.PublishError
                err.print(f"{label}: not built; {kept}", style="red")
    for path in written:
        out.print(f"wrote {paths_display(path)}")
    if failed:
        raise typer.Exit(failed)


def _game_label(name: str) -> str:
    """How a failed build names its game: a folder by its own name (``.`` -> ``my-game``)."""
    folder = Path(name)
    return folder.resolve().name if folder.is_dir() else name


def paths_display(path: Path) -> str:
    from generator.core.errors import display_path

    return display_path(path)


@app.command()
def check(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    printshop: Annotated[
        str | None,
        typer.Option(metavar="SHOP", help="Also check against a print shop's sizes, safe zone and dpi."),
    ] = None,
    ink_limit: Annotated[
        float | None,
        typer.Option(
            help="Report colours and images above this total ink in % (default: the shop's, else 300).",
            min=100,
            max=400,
        ),
    ] = None,
    proof: Annotated[
        Path | None,
        typer.Option(
            "--proof",
            metavar="FILE.pdf",
            help="Also write the proofreader's findings as a PDF: each a numbered red outline on a "
            "picture of its page, the list beside it.",
        ),
    ] = None,
) -> None:
    """Validate a game: data (YAML or CSV/XLSX/ODS card sheets), templates, text fit, total ink, kit,
    composition and the printed pages as a proofreader sees them; a named check in its constraints
    runs the game's Python rules module (trust it first).

    Every file the game uses must lie inside its folder (or Deckwright's bundled folders)."""
    from generator.art.fonts import FontBook
    from generator.kit.assemble import check_kit
    from generator.kit.build import check_faces
    from generator.layout import ink
    from generator.load.loader import load_game
    from generator.printshop.check import check_printshop

    try:
        preset = _preset(printshop) if printshop else None
        try:
            loaded = load_game(game)
        except DataError as exc:  # still check the templates, so one run shows both
            from generator.layout.fieldcheck import unloaded_game_problems

            raise DataError(exc.problems + unloaded_game_problems(game)) from None
        fonts = FontBook.load(loaded.font_dirs)
        limit = ink_limit or (preset.ink_limit if preset is not None else 300.0)  # type: ignore[attr-defined]
        with ink.checking(limit):
            problems = check_faces(loaded, fonts)
            problems += check_kit(loaded, fonts)
        problems += _composition(loaded)
        problems += loaded.extra.get("warnings", [])  # found while loading (sheets)
        if preset is not None:
            problems += check_printshop(loaded, preset, fonts, problems)  # type: ignore[arg-type]
        if not any(p.severity == "error" for p in problems):  # the pages exist only for a sound kit
            from generator.proof.report import proof_problems

            problems += proof_problems(loaded, proof)
    except DeckwrightError as exc:
        raise fail(exc) from None
    from generator.core.notices import heard

    problems += heard()
    report(problems)
    if any(p.severity == "error" for p in problems):
        raise typer.Exit(1)
    from generator.text.words import plural

    cards = sum(d.size for d in loaded.decks)
    warned = [p for p in problems if p.severity != "note"]  # notes: findings game.yaml accepts
    found = plural(len(warned), "warning") if warned else "no problems found"
    out.print(f"{loaded.title}: {plural(cards, 'card')} in {plural(len(loaded.decks), 'deck')}, {found}.")
    if len(problems) > len(warned):
        known = plural(len(problems) - len(warned), "known proofreader finding")
        out.print(f"{known} (proof.known in game.yaml).")


@app.command()
def calibrate(
    paper: Annotated[Paper, _choice("Paper size.")] = Paper.a4,
    duplex: Annotated[Flip, _choice("Which edge your printer flips on.")] = Flip.long,
    back_offset: Annotated[str, typer.Option(help="Back offset X,Y in mm to try.")] = "0,0",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Output folder.")] = None,
) -> None:
    """Write a two-page duplex calibration sheet: print it double-sided and read the drift."""
    from generator.render.calibration import write_calibration

    try:
        path = write_calibration(
            (output or paths.OUTPUT) / "duplex-calibration.pdf",
            paper.value,
            duplex.value,
            _parse_offset(back_offset),
        )
    except DeckwrightError as exc:
        raise fail(exc) from None
    out.print(f"wrote {paths_display(path)}")


# -- rules checking: deck composition (run by `check`) and `deckwright log check` ----------------

log_app = typer.Typer(
    help="Check playtest logs against a game's rules (runs the game's own Python rules module).",
    no_args_is_help=True,
)
app.add_typer(log_app, name="log")


class LogFormat(str, Enum):
    text = "text"
    json = "json"


def _composition(game: object) -> list[Problem]:
    """The deck composition violations of a loaded game (its constraints.yaml)."""
    from generator.rules import check_composition

    return check_composition(game)  # type: ignore[arg-type]


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


# -- simulated playtests and their statistics (generator/play/) -----------------------------------


def _bar(label: str) -> Progress:
    from generator.core.console import BarColumn, MofNCompleteColumn, Progress, TextColumn

    literal = label.replace("{", "{{").replace("}", "}}")  # a title such as 'Mini {y}' is no field
    return Progress(
        TextColumn(literal),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


@app.command()
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
    out.print(said)


@app.command()
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
        typer.echo(machine) if as_json else out.print(text)
        if pdf is not None:
            err.print(f"wrote {paths_display(pdf)}")
        return
    if logs and all(p.suffix == ".json" for p in logs):  # results files (simulate --results)
        from generator.play.tallyreport import results_command

        try:
            text, machine = results_command(game, logs, pdf)
        except DeckwrightError as exc:
            raise fail(exc) from None
        typer.echo(machine) if as_json else out.print(text)
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
        out.print(tables(found))
    if pdf is not None:
        err.print(f"wrote {paths_display(pdf)}")


@app.command()
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
    typer.echo(machine) if as_json else out.print(text)
    if pdf is not None:
        err.print(f"wrote {paths_display(pdf)}")


@app.command()
def export(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    cards: Annotated[
        Path | None,
        typer.Option(help="Write the resolved cards, one row per copy, to FILE.csv or FILE.json."),
    ] = None,
    png: Annotated[
        Path | None,
        typer.Option(help="Write a PNG per card face and a contact sheet per deck into DIR/<game>/."),
    ] = None,
    tts: Annotated[
        Path | None,
        typer.Option(help="Write Tabletop Simulator deck sheets and a saved object into DIR/<game>/."),
    ] = None,
    dpi: Annotated[
        float,
        typer.Option(help="Resolution of the images (TTS sheets stay within 4096 px).", min=36, max=1200),
    ] = 300,
    bleed: Annotated[
        bool, typer.Option("--bleed/--no-bleed", help="PNG faces with their 3 mm bleed, or cut to the trim.")
    ] = True,
    tts_url: Annotated[
        str | None,
        typer.Option(help="Base URL where the TTS images will be hosted (default: file:// paths)."),
    ] = None,
    showcase: Annotated[
        Path | None,
        typer.Option(metavar="FILE.png", help="Write card fronts (chosen by --only) as one picture."),
    ] = None,
    style: Annotated[str, typer.Option(help="The showcase: fan (a hand of cards) or spread.")] = "fan",
    only: Annotated[list[str] | None, ONLY_OPTION] = None,
) -> None:
    """Export a game's data and card images for spreadsheets, screens and Tabletop Simulator."""
    from generator.load.loader import load_game

    try:
        if cards is None and png is None and tts is None and showcase is None:
            raise UsageError(
                "nothing to export: give --cards FILE.csv|.json, --png DIR, --tts DIR or --showcase FILE.png"
            )
        if png is not None and tts is not None and png.resolve() == tts.resolve():
            raise UsageError("--png and --tts write the same DIR/<game>/ folder: give them different folders")
        if tts_url is not None:
            from generator.export.tts import check_url

            if tts is None:
                raise UsageError("--tts-url says where the TTS images will be hosted: use it with --tts DIR")
            check_url(tts_url)
        loaded = load_game(game)
        done = []
        if cards is not None:
            from generator.export.cards import export_cards

            rows = export_cards(loaded, cards)
            done.append(f"wrote {paths_display(cards)} ({rows} card{'s' if rows != 1 else ''})")
        for folder, kind in ((png, "png"), (tts, "tts")):
            if folder is not None:
                done.append(_export_images(loaded, folder, kind, dpi, bleed, tts_url))
        if showcase is not None:
            from generator.export.showcase import export_showcase

            report(export_showcase(loaded, showcase, style.lower(), only, min(dpi, 300)))
            done.append(f"wrote {paths_display(showcase)}")
    except DeckwrightError as exc:
        raise fail(exc) from None
    for line in done:
        out.print(line)


def _export_images(game: object, folder: Path, kind: str, dpi: float, bleed: bool, url: str | None) -> str:
    """Run the PNG or TTS export; report its warnings; return the line saying what it wrote."""
    if kind == "png":
        from generator.export.images import export_png

        result = export_png(game, folder, dpi, bleed)  # type: ignore[arg-type]
        what = f"{len(result.files)} images"
    else:
        from generator.export.tts import export_tts

        result = export_tts(game, folder, dpi, url)  # type: ignore[arg-type,assignment]
        what = f"{len(result.files) - 1} images and {result.files[-1].name}"
    report(result.warnings)
    return f"wrote {what} into {paths_display(result.folder)}"


@app.command()
def watch(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    paper: Annotated[Paper, _choice("Paper size.")] = Paper.a4,
    layout: Annotated[
        Layout, _choice("duplex: fronts and backs on alternate pages; gutterfold: fold-and-glue sheets.")
    ] = Layout.duplex,
    printshop: Annotated[str | None, typer.Option(metavar="SHOP", help=PRINTSHOP_HELP)] = None,
    output: Annotated[Path | None, OUTPUT_OPTION] = None,
    allow_overflow: Annotated[bool, ALLOW_OVERFLOW_OPTION] = False,
    only: Annotated[list[str] | None, ONLY_OPTION] = None,
) -> None:
    """Build the kit, then rebuild what changed on every save until Ctrl+C.

    A saved card file or card template rebuilds only the decks it changes; anything else, the whole
    kit. Problems are printed as they are found and the last good files stay in place.
    """
    from generator.kit.build import BuildOptions
    from generator.serve.watch import Session, events, run

    try:
        if printshop:
            _preset(printshop)  # a bad preset is reported before the first build
        options = BuildOptions(
            paper=paper.value, layout=layout.value, printshop=printshop, out_dir=output,
            allow_overflow=allow_overflow,
        )  # fmt: skip
        session = Session(game, options, only)
    except DeckwrightError as exc:
        raise fail(exc) from None
    _show(session.start())
    roots = session.roots()
    err.print(f"watching {', '.join(paths_display(r) for r in roots)} (Ctrl+C to stop)")
    run(session, events(roots), _show)
    err.print("stopped watching.")


def _show(outcome: Outcome) -> None:
    """One rebuild's result: its problems, then one line saying what was rebuilt or why not."""
    import time

    stamp = time.strftime("%H:%M:%S")
    names = [p.name for p in outcome.changed]
    why = f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''} changed: " if names else ""
    report(outcome.problems)
    if outcome.error:
        err.print(f"error: {outcome.error}", style="red")
    if not outcome.ok:
        err.print(f"{stamp} {why}not rebuilt; {outcome.on_disk}. Fix and save again.", style="red")
    elif outcome.scope == "nothing":
        out.print(f"{stamp} {why}nothing to rebuild: nothing printed differs from the last build")
    else:
        what = {"kit": "the whole kit", "proof": "the proof"}.get(outcome.scope, outcome.scope)
        files = ", ".join(p.name for p in outcome.files)
        out.print(f"{stamp} {why}rebuilt {what} in {outcome.seconds:.2f} s: {files}")


@app.command()
def serve(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).", min=0, max=65535)] = 8765,
    host: Annotated[
        str,
        typer.Option(help="Address to listen on. Anything but loopback shows the game to your network."),
    ] = "127.0.0.1",
    output: Annotated[Path | None, OUTPUT_OPTION] = None,
    allow_overflow: Annotated[bool, ALLOW_OVERFLOW_OPTION] = False,
    only: Annotated[list[str] | None, ONLY_OPTION] = None,
) -> None:
    """Preview the game in a browser: every card face, board, sheet, summary and the print guide,
    with check's findings (the proofreader's too); redrawn on every save (like watch) until
    Ctrl+C. Never runs the game's rules code."""
    from generator.kit.build import BuildOptions
    from generator.serve.run import serve as run_serve
    from generator.serve.server import is_loopback

    def started(server: object) -> None:
        if not is_loopback(host):
            err.print(
                f"WARNING: listening on {host}, not only on this machine: anyone who can reach port "
                f"{server.server_address[1]} sees this game's cards and kit files. "  # type: ignore[attr-defined]
                "Leave out --host to serve on 127.0.0.1 only.",
                style="bold red",
            )
        out.print(f"serving {paths_display(Path(game)) if Path(game).is_dir() else game} at "
                  f"{server.url} (Ctrl+C to stop)")  # type: ignore[attr-defined]  # fmt: skip

    try:
        options = BuildOptions(out_dir=output, allow_overflow=allow_overflow)
        run_serve(game, options, host, port, started, _show, only=only)
    except DeckwrightError as exc:
        raise fail(exc) from None
    except KeyboardInterrupt:  # Ctrl+C is how a preview ends, even during a rebuild
        pass
    err.print("stopped serving.")


@app.command()
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
    out.print(f"wrote {shown}: try 'deckwright check {shown}' and 'deckwright build {shown}'")


@app.command()
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
        out.print(f"wrote {paths_display(path)}")


def main() -> None:
    """Entry point for the console script and ``python -m generator``.

    Ends the process with ``os._exit`` once the command is done and stdout/stderr are flushed:
    tearing down the interpreter (freeing every module, font and schema model one by one) costs
    about 0.1 s and gives nothing back. Nothing is left for exit handlers to do: output files are
    written through temporary files renamed in place inside ``with`` blocks, temporary folders
    and the ``simulate --jobs`` process pool are closed by their ``with`` blocks, and ``watch``
    stops its watcher before returning. In-process calls (tests, ``CliRunner``) call ``app``,
    not ``main``, and keep the normal exit. An unexpected exception still ends the normal way,
    with its traceback. Ctrl+C prints one line and exits 130 (``generator/core/interrupt.py``)."""
    from generator.core import interrupt, notices

    interrupt.install()  # already done at import when started as a program
    notices.fallback()  # a stray library warning: one plain line
    code = interrupt.EXIT_CODE
    try:
        with interrupt.raising():  # Ctrl+C raises, so the with blocks that stage files clean up
            try:
                app()  # standalone mode: ends with SystemExit carrying the exit code
                code = 0
            except SystemExit as exc:
                code = _exit_code(exc.code)
    except KeyboardInterrupt:
        pass
    if interrupt.happened() and code == interrupt.EXIT_CODE:  # typer's silent exit 130 (watch
        err.print("interrupted")  # takes Ctrl+C as its stop and ends normally)
    _leave(code)


def _exit_code(code: object) -> int:
    """The process exit code ``sys.exit(code)`` would give (a message is printed to stderr)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _leave(code: int) -> None:
    """Flush stdout and stderr, then end the process at once, skipping interpreter teardown."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):  # a closed pipe: nothing more can be said
            stream.flush()
    os._exit(code)
