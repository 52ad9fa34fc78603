"""``deckwright check``: a game's data, templates, text fit, ink, kit, composition and proofreading."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, report, shop_preset
from generator.cli.options import ALLOW_DAMAGED_ART_OPTION, FALLBACK_OPTION, LANG_OPTION
from generator.core.errors import DataError, DeckwrightError, Problem, UsageError


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
    strict: Annotated[
        bool,
        typer.Option(
            "--strict", help="Fail (exit 1) on warnings too, the proofreader's judgements included."
        ),
    ] = False,
    lang: Annotated[str | None, LANG_OPTION] = None,
    fallback: Annotated[bool, FALLBACK_OPTION] = False,
    allow_damaged_art: Annotated[bool, ALLOW_DAMAGED_ART_OPTION] = False,
) -> None:
    """Validate a game: data (YAML or CSV/XLSX/ODS card sheets), templates, text fit, total ink, kit,
    composition and the printed pages as a proofreader sees them; a named check in its constraints
    runs the game's Python rules module (trust it first).

    Every file the game uses must lie inside its folder (or Deckwright's bundled folders). Exit 1
    on errors (what will misprint or mislead), 0 when only warnings (judgements: contrast between
    3:1 and 4.5:1, colours kept apart by a small margin, ...) are found, unless --strict."""
    with common.importing():
        from generator.art.fonts import FontBook
        from generator.art.svgfile import allowing_damaged
        from generator.kit.assemble import check_kit
        from generator.kit.build import check_faces
        from generator.layout import ink, memo
        from generator.layout.kept import deck_faces
        from generator.load.loader import load_game
        from generator.printshop.check import check_printshop

    if lang == "all" and proof is None:  # the source, then each translation, each checked whole
        _check_all(game, printshop, ink_limit, strict, fallback, allow_damaged_art)
        return
    overlay = ExitStack()  # with --lang: the kit parts read in that language
    try:
        overlay.enter_context(allowing_damaged(allow_damaged_art))
        preset = shop_preset(printshop) if printshop else None
        try:
            loaded = load_game(game)
        except DataError as exc:  # still check the templates, so one run shows both
            from generator.layout.fieldcheck import unloaded_game_problems

            raise DataError(exc.problems + unloaded_game_problems(game)) from None
        missing: list[Problem] = []
        source = loaded  # composition rules name the cards as written
        if lang is not None:  # the game in one language: its gaps reported, its texts checked
            from generator.lang.edition import edition, wanted

            if lang == "all":
                raise UsageError(
                    "--lang all checks each language in turn; --proof FILE.pdf takes one: --lang CODE"
                )
            made = edition(loaded, wanted(loaded, lang)[0], fallback)
            source, loaded, missing = loaded, made.game, made.missing
            overlay.enter_context(made.overlay())
        fonts = FontBook.load(loaded.font_dirs)
        limit = ink_limit or (preset.ink_limit if preset is not None else 300.0)  # type: ignore[attr-defined]
        # each face laid out once for the face checks and every paper's kit; recorded once and
        # placed, not drawn, unless --proof draws the pages from the files
        overlay.enter_context(memo.reusing("faces", *(() if proof else ("unread",))))
        with ink.checking(limit):
            problems = check_faces(loaded, fonts, deck_faces)
            problems += check_kit(loaded, fonts)
        problems += missing + _composition(source)
        problems += loaded.extra.get("warnings", [])  # found while loading (sheets)
        if preset is not None:
            problems += check_printshop(loaded, preset, fonts, problems)  # type: ignore[arg-type]
        if not any(p.severity == "error" for p in problems):  # the pages exist only for a sound kit
            from generator.kit.proofing import proof_problems

            problems += proof_problems(loaded, proof)
    except DeckwrightError as exc:
        raise fail(exc) from None
    finally:
        overlay.close()
    from generator.core.notices import heard

    problems += heard()
    report(problems)
    if any(p.severity == "error" for p in problems):
        raise typer.Exit(1)
    from generator.text.words import plural

    cards = sum(d.size for d in loaded.decks)
    warned = [p for p in problems if p.severity != "note"]  # notes: findings game.yaml accepts
    found = plural(len(warned), "warning") if warned else "no problems found"
    common.out.print(
        f"{loaded.title}: {plural(cards, 'card')} in {plural(len(loaded.decks), 'deck')}, {found}."
    )
    if len(problems) > len(warned):
        known = plural(len(problems) - len(warned), "known proofreader finding")
        common.out.print(f"{known} (proof.known in game.yaml).")
    if strict and warned:
        common.err.print(f"{plural(len(warned), 'warning')} with --strict: failed.", style="bold red")
        raise typer.Exit(1)


def _check_all(
    game: str, printshop: str | None, ink_limit: float | None, strict: bool, fallback: bool, damaged: bool
) -> None:
    """``check --lang all``: every language of the game in turn; the worst exit code."""
    from generator.lang.edition import languages
    from generator.load.loader import load_game

    try:
        loaded = load_game(game)
        codes = languages(loaded)
        if not codes:
            from generator.lang.edition import wanted

            wanted(loaded, "all")  # says how to declare them
    except DeckwrightError as exc:
        raise fail(exc) from None
    worst = 0
    for n, code in enumerate(codes):
        common.out.print(f"[{code}]")
        try:
            check(game, printshop, ink_limit, None, strict, code if n else None, fallback, damaged)
        except typer.Exit as exc:
            worst = max(worst, exc.exit_code)
    if worst:
        raise typer.Exit(worst)


def _composition(game: object) -> list[Problem]:
    """The deck composition violations of a loaded game (its constraints.yaml)."""
    from generator.rules import check_composition

    return check_composition(game)  # type: ignore[arg-type]
