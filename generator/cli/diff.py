"""``deckwright diff``: what changed between two versions of a game (folders or git revisions)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from generator.cli import common
from generator.cli.common import fail, paths_display, report
from generator.core.errors import DeckwrightError


class Format(str, Enum):
    text = "text"
    markdown = "markdown"
    json = "json"


def diff(
    game: Annotated[str, typer.Argument(help="A bundled game's name or a game folder (the new version).")],
    old: Annotated[
        str, typer.Argument(help="The old version: a game folder, or a git revision (HEAD~3, a tag).")
    ],
    new: Annotated[
        str | None,
        typer.Argument(help="The new version: a folder or revision (default: the game folder as it is)."),
    ] = None,
    form: Annotated[
        Format,
        typer.Option(
            "--format", case_sensitive=False, help="text, markdown (a changelog for playtesters) or json."
        ),
    ] = Format.text,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the report to this file instead of the screen."),
    ] = None,
    pdf: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Also draw every card whose face changed, old beside new, the changed regions "
            "outlined, into this PDF.",
        ),
    ] = None,
) -> None:
    """Compare two versions of a game: cards added, removed, renamed and changed (each field's old
    and new value, copies included), card designs, game settings, the rule summary and boards.

    A git revision is read from the repository holding the game folder, into a temporary folder:
    the work tree is never touched."""
    from generator.core.writing import atomic_text
    from generator.versions.report import render
    from generator.versions.run import opened

    warnings: list = []
    drawn: tuple[Path, int] | None = None
    try:
        with opened(game, old, new) as versions:
            text = render(versions.diff, form.value)
            if pdf is not None:
                drawn = _sheets(versions, pdf, warnings)
        if output is not None:
            atomic_text(output, text)
    except DeckwrightError as exc:
        raise fail(exc) from None
    report(warnings)
    if output is None:
        common.out.print(text, end="", markup=False)
    else:
        common.out.print(f"wrote {paths_display(output)}")
    if drawn is not None:
        pairs = f"{drawn[1]} pair{'s' if drawn[1] != 1 else ''} of faces"
        common.err.print(f"wrote {paths_display(drawn[0])} ({pairs}, old beside new)")


def _sheets(versions, pdf: Path, warnings: list) -> tuple[Path, int]:
    from generator.versions.faces import changed_faces
    from generator.versions.sheets import SCALE, write_comparison

    faces = changed_faces(versions.old, versions.new, versions.diff, warnings, SCALE, removed=True)
    return write_comparison(pdf, versions.diff, faces, SCALE)


def reprint(game: str, since: str, options: object, warnings: list) -> list[Path]:
    """``build --changed-since``: the reprint sheets of one game (a line when there are none)."""
    from generator.versions.reprint import build_reprint
    from generator.versions.run import opened

    with opened(game, since) as versions:
        written = build_reprint(versions, options, since, warnings)  # type: ignore[arg-type]
        if not written:
            common.out.print(
                f"{versions.new.name}: no card changed since {versions.diff.old_label}: nothing to reprint"
            )
    return written
