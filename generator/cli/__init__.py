"""The ``deckwright`` command line. Only this package prints problems and chooses exit codes.

One module per command group, each importing the stages it uses inside its commands (a fast
start); this module names the commands in the order ``--help`` lists them, makes the app, and
holds ``main``. Shared helpers live in ``common.py`` (consoles, problems, exits) and ``options.py``.

``app`` (every command) is made when first asked for. The program (``main``) makes an app of the
one command it was asked to run, when the first argument names one: typer turns each registered
command into its click command, reading every parameter's annotations, whenever the app runs,
and for all 17 commands that took about 15 ms of a one-card build's 0.27 s; the commands' own
modules are imported only for the command run. Help, usage lines and errors are the same, as
the command's help never lists the others (``tests/test_cli_commands.py``)."""

from __future__ import annotations

import importlib
import os
import sys
from contextlib import suppress
from typing import Annotated, Any

import typer

from generator.cli import common

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("list", "project", "list_games"),
    ("build", "build", "build"),
    ("check", "check", "check"),
    ("calibrate", "build", "calibrate"),
    ("simulate", "play", "simulate"),
    ("stats", "play", "stats"),
    ("sweep", "play", "sweep"),
    ("diff", "diff", "diff"),
    ("export", "export", "export"),
    ("import-translations", "lang", "import_translations"),
    ("watch", "serve", "watch"),
    ("serve", "serve", "serve"),
    ("new", "project", "new"),
    ("schema", "project", "schema"),
    ("fonts", "project", "fonts"),
    ("icons", "project", "icons"),
)
"""Each command: its name, the module under ``generator/cli/`` and the function that runs it."""
GROUPS: tuple[tuple[str, str, str], ...] = (("log", "log", "log_app"),)
"""Each group of commands (a typer app of its own): listed after the commands in ``--help``."""


def _show_version(value: bool) -> None:
    if value:
        from generator import __version__

        common.out.print(f"deckwright {__version__}")
        raise typer.Exit()


def _everywhere(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """Options that come before the command (``deckwright --version``)."""


def _found(module: str, name: str) -> Any:
    return getattr(importlib.import_module(f"generator.cli.{module}"), name)


def make_app(only: str | None = None) -> typer.Typer:
    """The ``deckwright`` app with every command, or with only the command or group ``only``."""
    made = typer.Typer(
        help="Deckwright: print-and-play kits and rules checks for tabletop games described in YAML.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,  # plain help: no '<bool>' type column beside on/off flags
    )
    made.callback()(_everywhere)
    for name, module, function in COMMANDS:
        if only is None or only == name:
            made.command(name)(_found(module, function))
    for name, module, group in GROUPS:  # groups are listed after the commands
        if only is None or only == name:
            made.add_typer(_found(module, group), name=name)
    return made


def __getattr__(name: str) -> Any:
    """``app``, made at its first use (the program makes only the command it runs)."""
    if name == "app":
        made = globals()["app"] = make_app()
        return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _app_for(args: list[str]) -> Any:
    """The app to run for these arguments: ``app`` once made (in-process, or set by a test),
    else an app of the one command the first argument names, else every command."""
    if "app" in globals():
        return globals()["app"]
    first = args[0] if args else ""
    if any(first == name for name, _, _ in (*COMMANDS, *GROUPS)):
        return make_app(first)
    return __getattr__("app")


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
                _app_for(sys.argv[1:])()  # standalone mode: ends with SystemExit carrying the exit code
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
