"""The ``deckwright`` command line. Only this package prints problems and chooses exit codes.

One module per command group, each importing the stages it uses inside its commands (a fast
start); this module makes the app, registers them in the order ``--help`` lists them, and holds
``main``. Shared helpers live in ``common.py`` (consoles, problems, exits) and ``options.py``."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from typing import Annotated

import typer

from generator.cli import build, check, common, diff, export, lang, log, play, project, serve

app = typer.Typer(
    help="Deckwright: print-and-play kits and rules checks for tabletop games described in YAML.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no '<bool>' type column beside on/off flags
)


def _show_version(value: bool) -> None:
    if value:
        from generator import __version__

        common.out.print(f"deckwright {__version__}")
        raise typer.Exit()


@app.callback()
def _everywhere(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Options that come before the command (``deckwright --version``)."""


app.command("list")(project.list_games)
app.command()(build.build)
app.command()(check.check)
app.command()(build.calibrate)
app.command()(play.simulate)
app.command()(play.stats)
app.command()(play.sweep)
app.command()(diff.diff)
app.command()(export.export)
app.command(name="import-translations")(lang.import_translations)
app.command()(serve.watch)
app.command()(serve.serve)
app.command()(project.new)
app.command()(project.schema)
app.command()(project.fonts)
app.command()(project.icons)
app.add_typer(log.log_app, name="log")  # groups are listed after the commands


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
    except Exception:  # a library turned the Ctrl+C into an error of its own (pydantic-core
        if not interrupt.happened():  # building a schema raises SchemaError "KeyboardInterrupt")
            raise
    if interrupt.happened() and code == interrupt.EXIT_CODE:  # typer's silent exit 130 (watch
        common.err.print("interrupted")  # takes Ctrl+C as its stop and ends normally)
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
