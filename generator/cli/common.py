"""What the command modules share: the two consoles, printing problems, the exit a problem ends
with, and how a path is shown. Only ``generator/cli/`` prints and chooses exit codes."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from generator.core.console import Console  # rich itself only when it changes the output
from generator.core.errors import DataError, DeckwrightError, Problem

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


@contextmanager
def importing() -> Iterator[None]:
    """Around a command's imports in the ``deckwright`` program: the cycle collector paused, then
    everything imported moved out of its reach (``gc.freeze``). Modules, classes and schema
    models live as long as the process, yet at 50,000 new objects a pass (``generator/__init__``)
    the collector scanned them about twice per build, some 10 ms a pass, freeing nothing; later
    garbage is collected as before. In-process calls (tests) leave the collector alone."""
    from generator.core.interrupt import started_as_program

    if not started_as_program() or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def report(problems: list[Problem]) -> None:
    """Print problems, most useful first, with a count (with what libraries warned about the
    files they read, see ``generator/core/notices.py``)."""
    from generator.core.errors import shown
    from generator.core.interrupt import happened
    from generator.core.notices import heard

    if happened():  # Ctrl+C that a library turned into a failed check (pydantic-core compiling a
        raise KeyboardInterrupt  # pattern): the problems are not the data's; end as Ctrl+C ends
    for problem in shown(sorted([*problems, *heard()])):
        if isinstance(problem, str):  # the count of a file's problems left out
            err.print(problem, style="dim", markup=False)
            continue
        style = {"error": "red", "warning": "yellow"}.get(problem.severity, "dim")
        err.print(str(problem), style=style, markup=False)
    errors = sum(1 for p in problems if p.severity == "error")
    if errors:
        err.print(f"{errors} problem{'s' if errors != 1 else ''} found.", style="bold red")


def fail(exc: DeckwrightError) -> typer.Exit:
    if isinstance(exc, DataError):
        report(exc.problems)
    else:
        err.print(f"error: {exc}", style="red")  # control characters escaped by the console
    return typer.Exit(exc.exit_code)


def paths_display(path: Path) -> str:
    from generator.core.errors import display_path

    return display_path(path)


def shop_preset(shop: str) -> object:
    """A print shop's preset: a bad name or file fails before anything is built or watched."""
    from generator.printshop import load_preset

    return load_preset(shop)
