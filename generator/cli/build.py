"""``deckwright build`` (a whole kit, or a proof of some cards) and ``deckwright calibrate``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, paths_display, report, shop_preset
from generator.cli.options import (
    ALLOW_DAMAGED_ART_OPTION,
    FALLBACK_OPTION,
    LANG_OPTION,
    ONLY_OPTION,
    OUTPUT_OPTION,
    PRINTSHOP_HELP,
    ColorMode,
    Flip,
    Layout,
    Order,
    Orientation,
    Paper,
    Spacing,
    choice,
)
from generator.core import paths
from generator.core.errors import DataError, DeckwrightError, Problem, UsageError


def build(
    games: Annotated[list[str] | None, typer.Argument(help="Bundled game names or game folders.")] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Build every bundled game.")] = False,
    paper: Annotated[Paper, choice("Paper size.")] = Paper.a4,
    orientation: Annotated[
        Orientation, choice("Paper orientation; auto picks whichever holds more cards.")
    ] = Orientation.auto,
    layout: Annotated[
        Layout,
        choice("duplex: fronts and backs on alternate pages; gutterfold: fold-and-glue sheets."),
    ] = Layout.duplex,
    duplex: Annotated[Flip, choice("Which edge your printer flips on.")] = Flip.long,
    back_offset: Annotated[str, typer.Option(help="Shift backs by X,Y mm to correct printer drift.")] = "0,0",
    bleed: Annotated[
        float, typer.Option(help="Bleed in mm around each card (at most half the card).", min=0, max=10)
    ] = 3.0,
    spacing: Annotated[
        Spacing,
        choice("butted: cards share cut lines; spaced: full bleed each; auto: whichever fits more."),
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
        Order | None, choice("Page order of the print-shop files (default: the shop's).")
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
            help="Write the kit despite proofreader errors (type size, overlaps, ...; a warning each); "
            "proofreader warnings never stop a build.",
        ),
    ] = False,
    color: Annotated[
        ColorMode | None,
        choice(
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
    changed_since: Annotated[
        str | None,
        typer.Option(
            metavar="REV",
            help="Write <game>-reprint/: only the cards whose faces changed since a git revision or "
            "an old game folder, and a guide to the old cards they replace.",
        ),
    ] = None,
    allow_damaged_art: Annotated[bool, ALLOW_DAMAGED_ART_OPTION] = False,
    lang: Annotated[str | None, LANG_OPTION] = None,
    fallback: Annotated[bool, FALLBACK_OPTION] = False,
) -> None:
    """Build each game's whole print-and-play kit into OUTPUT/<game>/.

    Nothing is written for a game with problems (text that does not fit included, unless
    --allow-overflow; proofreader errors the game does not list as known, unless --allow-proof):
    its earlier output stays as it was. Proofreader warnings are printed and the kit written.
    """
    with common.importing():
        from generator.art.svgfile import allowing_damaged
        from generator.core.console import BarColumn, MofNCompleteColumn, Progress, TextColumn
        from generator.core.units import mm
        from generator.kit.assemble import build_kit
        from generator.kit.build import BuildOptions
        from generator.lang.edition import editions
        from generator.load.loader import load_game

    try:
        names = list(games or [])
        if all_games:
            names += [g for g in paths.bundled_games() if g not in names]
        if not names:
            raise UsageError("name a game to build (see 'deckwright list'), or use --all")
        if changed_since and (only or printshop or lang):
            raise UsageError(
                "--changed-since writes reprint sheets of the source language; give it without --only, "
                "--printshop and --lang"
            )
        if only and printshop:
            raise UsageError("--only writes a proof of some cards; --printshop files come with whole kits")
        if printshop:
            shop_preset(printshop)  # a bad preset is reported once, before any game is built
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
    with (
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=common.err,
            transient=True,
            disable=not common.err.is_terminal,
        ) as bar,
        allowing_damaged(allow_damaged_art),
    ):
        for name in names:
            label = _game_label(name)
            try:
                game = load_game(name)
                label = game.name
                task = bar.add_task(game.title, total=None)

                def tick(title: str, done: int, total: int, task=task) -> None:
                    bar.update(task, description=title, completed=done, total=total)

                for made in editions(game, lang, fallback):  # one kit per language asked for
                    label = made.game.name
                    warnings: list[Problem] = list(made.missing)
                    if changed_since:
                        from generator.cli.diff import reprint

                        written += reprint(name, changed_since, options, warnings)
                    elif only:
                        from generator.kit.subset import build_proof, parse_only

                        written += build_proof(made.game, options, parse_only(only), warnings)
                    else:
                        with made.overlay():  # the summary's and boards' words in this language
                            written += build_kit(made.game, options, tick, warnings)
                    report(warnings)
            except DeckwrightError as exc:
                failed = max(failed, exc.exit_code)
                if isinstance(exc, DataError):
                    report(exc.problems)
                else:
                    common.err.print(f"error: {exc}", style="red")
                kept = getattr(exc, "on_disk", "earlier output left as it was.")  # publish.PublishError
                common.err.print(f"{label}: not built; {kept}", style="red")
    for path in written:
        common.out.print(f"wrote {paths_display(path)}")
    if failed:
        raise typer.Exit(failed)


def _game_label(name: str) -> str:
    """How a failed build names its game: a folder by its own name (``.`` -> ``my-game``)."""
    folder = Path(name)
    return folder.resolve().name if folder.is_dir() else name


def calibrate(
    paper: Annotated[Paper, choice("Paper size.")] = Paper.a4,
    duplex: Annotated[Flip, choice("Which edge your printer flips on.")] = Flip.long,
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
    common.out.print(f"wrote {paths_display(path)}")


def _parse_offset(text: str) -> tuple[float, float]:
    from generator.core.units import mm

    try:
        x, y = (float(v) for v in text.replace(" ", "").split(","))
    except ValueError:
        raise UsageError(
            f"--back-offset expects 'X,Y' in millimetres such as '1.5,-0.5', found '{text}'"
        ) from None
    return mm(x), mm(y)
