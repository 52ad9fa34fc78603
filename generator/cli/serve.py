"""``deckwright watch`` and ``deckwright serve``: rebuilt on every save, in files or a browser."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli import common  # the consoles as common.out / common.err: a test may swap them
from generator.cli.common import fail, paths_display, report, shop_preset
from generator.cli.options import (
    ALLOW_DAMAGED_ART_OPTION,
    ALLOW_OVERFLOW_OPTION,
    ONLY_OPTION,
    OUTPUT_OPTION,
    PRINTSHOP_HELP,
    Layout,
    Paper,
    choice,
)
from generator.core.errors import DeckwrightError

if TYPE_CHECKING:
    from generator.serve.watch import Outcome


def watch(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    paper: Annotated[Paper, choice("Paper size.")] = Paper.a4,
    layout: Annotated[
        Layout, choice("duplex: fronts and backs on alternate pages; gutterfold: fold-and-glue sheets.")
    ] = Layout.duplex,
    printshop: Annotated[str | None, typer.Option(metavar="SHOP", help=PRINTSHOP_HELP)] = None,
    output: Annotated[Path | None, OUTPUT_OPTION] = None,
    allow_overflow: Annotated[bool, ALLOW_OVERFLOW_OPTION] = False,
    only: Annotated[list[str] | None, ONLY_OPTION] = None,
    allow_damaged_art: Annotated[bool, ALLOW_DAMAGED_ART_OPTION] = False,
) -> None:
    """Build the kit, then rebuild what changed on every save until Ctrl+C.

    A saved card file or card template rebuilds only the decks it changes; anything else, the whole
    kit. Problems are printed as they are found and the last good files stay in place.
    """
    from generator.art.svgfile import allowing_damaged_everywhere

    with allowing_damaged_everywhere(allow_damaged_art):
        _watch(game, paper, layout, printshop, output, allow_overflow, only)


def _watch(
    game: str,
    paper: Paper,
    layout: Layout,
    printshop: str | None,
    output: Path | None,
    allow_overflow: bool,
    only: list[str] | None,
) -> None:
    from generator.kit.build import BuildOptions
    from generator.serve.watch import Session, events, run

    try:
        if printshop:
            shop_preset(printshop)  # a bad preset is reported before the first build
        options = BuildOptions(
            paper=paper.value, layout=layout.value, printshop=printshop, out_dir=output,
            allow_overflow=allow_overflow,
        )  # fmt: skip
        session = Session(game, options, only)
    except DeckwrightError as exc:
        raise fail(exc) from None
    _show(session.start())
    roots = session.roots()
    common.err.print(f"watching {', '.join(paths_display(r) for r in roots)} (Ctrl+C to stop)")
    run(session, events(roots), _show)
    common.err.print("stopped watching.")


def _show(outcome: Outcome) -> None:
    """One rebuild's result: its problems, then one line saying what was rebuilt or why not."""
    import time

    stamp = time.strftime("%H:%M:%S")
    names = [p.name for p in outcome.changed]
    why = f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''} changed: " if names else ""
    report(outcome.problems)
    if outcome.error:
        common.err.print(f"error: {outcome.error}", style="red")
    if not outcome.ok:
        common.err.print(f"{stamp} {why}not rebuilt; {outcome.on_disk}. Fix and save again.", style="red")
    elif outcome.scope == "nothing":
        common.out.print(f"{stamp} {why}nothing to rebuild: nothing printed differs from the last build")
    else:
        what = {"kit": "the whole kit", "proof": "the proof"}.get(outcome.scope, outcome.scope)
        files = ", ".join(p.name for p in outcome.files)
        common.out.print(f"{stamp} {why}rebuilt {what} in {outcome.seconds:.2f} s: {files}")


def serve(
    game: Annotated[str, typer.Argument(help="A bundled game name or a game folder.")],
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).", min=0, max=65535)] = 8765,
    host: Annotated[
        str,
        typer.Option(help="Address to listen on. Anything but loopback shows the game to your network."),
    ] = "127.0.0.1",
    paper: Annotated[Paper, choice("Paper size of the kit's pages, shown and written.")] = Paper.a4,
    layout: Annotated[
        Layout, choice("duplex: fronts and backs on alternate pages; gutterfold: fold-and-glue sheets.")
    ] = Layout.duplex,
    output: Annotated[Path | None, OUTPUT_OPTION] = None,
    allow_overflow: Annotated[bool, ALLOW_OVERFLOW_OPTION] = False,
    only: Annotated[list[str] | None, ONLY_OPTION] = None,
    allow_damaged_art: Annotated[bool, ALLOW_DAMAGED_ART_OPTION] = False,
    editor: Annotated[
        str | None,
        typer.Option(
            metavar="EDITOR",
            help="Where a problem's or card's 'where' opens: vscode, vscodium, cursor, windsurf, zed, "
            "sublime, textmate, jetbrains, or a URL template with {path}, {line} and {column}. "
            "Default: $DECKWRIGHT_EDITOR, $VISUAL or $EDITOR when it is one of those.",
        ),
    ] = None,
    compare: Annotated[
        str | None,
        typer.Option(
            metavar="REV", help="Also show /compare: the game against a git revision or old folder."
        ),
    ] = None,
) -> None:
    """Preview the game in a browser: every card face, board, sheet, summary and the print guide,
    with check's findings (the proofreader's too); redrawn on every save (like watch) until
    Ctrl+C. Never runs the game's rules code."""
    from generator.art.svgfile import allowing_damaged_everywhere
    from generator.kit.build import BuildOptions
    from generator.serve.editor import choose
    from generator.serve.run import serve as run_serve
    from generator.serve.server import is_loopback

    def started(server: object) -> None:
        if not is_loopback(host):
            common.err.print(
                f"WARNING: listening on {host}, not only on this machine: anyone who can reach port "
                f"{server.server_address[1]} sees this game's cards and kit files. "  # type: ignore[attr-defined]
                "Leave out --host to serve on 127.0.0.1 only.",
                style="bold red",
            )
        common.out.print(f"serving {paths_display(Path(game)) if Path(game).is_dir() else game} at "
                  f"{server.url} (Ctrl+C to stop)")  # type: ignore[attr-defined]  # fmt: skip
        if compare is not None:
            common.out.print(f"comparison with {compare} at {server.url}compare")  # type: ignore[attr-defined]

    from generator.core import interrupt

    stopped = False
    try:
        options = BuildOptions(
            paper=paper.value, layout=layout.value, out_dir=output, allow_overflow=allow_overflow
        )
        with allowing_damaged_everywhere(allow_damaged_art):  # the rebuilds' and previews' threads too
            run_serve(
                game, options, host, port, started, _show, only=only, editor=choose(editor), compare=compare
            )
    except DeckwrightError as exc:
        raise fail(exc) from None
    except KeyboardInterrupt:  # Ctrl+C is how a preview ends, even during a rebuild
        stopped = True
    common.err.print("stopped serving.")
    if stopped or interrupt.happened():  # exit 130 like every command Ctrl+C ends
        raise typer.Exit(interrupt.EXIT_CODE)
