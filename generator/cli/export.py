"""``deckwright export``: a game's card data, card images and Tabletop Simulator decks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, paths_display, report
from generator.cli.options import ALLOW_DAMAGED_ART_OPTION, ONLY_OPTION
from generator.core.errors import DeckwrightError, UsageError


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
    allow_damaged_art: Annotated[bool, ALLOW_DAMAGED_ART_OPTION] = False,
    translations: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE.csv|.xlsx",
            help="Write every printed text, a column per language, for translators "
            "(read back with import-translations).",
        ),
    ] = None,
) -> None:
    """Export a game's data and card images for spreadsheets, screens and Tabletop Simulator."""
    from generator.art.svgfile import allowing_damaged

    with allowing_damaged(allow_damaged_art):
        done = _export(game, cards, png, tts, dpi, bleed, tts_url, showcase, style, only, translations)
    for line in done:
        common.out.print(line)


def _export(
    game: str,
    cards: Path | None,
    png: Path | None,
    tts: Path | None,
    dpi: float,
    bleed: bool,
    tts_url: str | None,
    showcase: Path | None,
    style: str,
    only: list[str] | None,
    translations: Path | None,
) -> list[str]:
    """What ``export`` does, returning the lines saying what it wrote."""
    from generator.load.loader import load_game

    try:
        if cards is None and png is None and tts is None and showcase is None and translations is None:
            raise UsageError(
                "nothing to export: give --cards FILE.csv|.json, --png DIR, --tts DIR, --showcase FILE.png "
                "or --translations FILE.csv"
            )
        if png is not None and tts is not None and png.resolve() == tts.resolve():
            raise UsageError("--png and --tts write the same DIR/<game>/ folder: give them different folders")
        if tts_url is not None:
            from generator.export.tts import check_url

            if tts is None:
                raise UsageError("--tts-url says where the TTS images will be hosted: use it with --tts DIR")
            check_url(tts_url)
        loaded = load_game(game)
        chosen = loaded  # --only: those cards, the images into DIR/<game>-proof/ as a build's proof
        if only and (cards is not None or png is not None or tts is not None):
            from generator.kit.subset import parse_only, select

            chosen = select(loaded, parse_only(only))
        done = []
        if cards is not None:
            from generator.export.cards import export_cards

            rows = export_cards(chosen, cards)
            done.append(f"wrote {paths_display(cards)} ({rows} card{'s' if rows != 1 else ''})")
        if translations is not None:
            from generator.lang.table import write_table

            rows = write_table(loaded, translations)
            done.append(f"wrote {paths_display(translations)} ({rows} text{'s' if rows != 1 else ''})")
        for folder, kind in ((png, "png"), (tts, "tts")):
            if folder is not None:
                done.append(_export_images(chosen, folder, kind, dpi, bleed, tts_url))
        if showcase is not None:
            from generator.export.showcase import export_showcase

            report(export_showcase(loaded, showcase, style.lower(), only, min(dpi, 300)))
            done.append(f"wrote {paths_display(showcase)}")
    except DeckwrightError as exc:
        raise fail(exc) from None
    return done


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
