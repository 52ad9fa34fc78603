"""Ctrl+C as a user expects it: one line, exit status 130, never a ``KeyboardInterrupt`` traceback.

One SIGINT handler is installed as early as the program can: by ``generator/__init__.py`` when
the process was started as ``deckwright`` or ``python -m generator`` (its first statements, before
typer and the rest are imported), and again by ``cli.main``. It has two modes:

- quiet (start-up, imports, and the last steps after a command): flush what was printed, write
  ``interrupted`` and end the process with 130 at once; nothing is being written then.
- raising (while a command runs, inside :class:`raising`): raise ``KeyboardInterrupt`` once, so
  the ``with`` blocks that stage files remove them on the way out; ``cli.main`` then prints the
  line. The handler turns quiet as it raises: a second Ctrl+C during that clean-up ends at once.

Importing ``generator`` as a library (tests, a notebook) leaves SIGINT alone. This module imports
only what the interpreter has already loaded (``_signal`` is the built-in half of ``signal``), so
installing the handler costs no import time during which Ctrl+C would go unhandled.
"""

from __future__ import annotations

import _signal
import os
import sys

EXIT_CODE = 130
"""The exit status after Ctrl+C: 128 + SIGINT, what shells report for an interrupted program."""

_state = {"raise": False, "happened": False}


def _on_interrupt(signum: int, frame: object) -> None:
    if _state["raise"]:
        _state.update({"raise": False, "happened": True})  # once; a second Ctrl+C ends at once
        raise KeyboardInterrupt
    quit_now()


def quit_now(message: str = "interrupted") -> None:
    """Flush what was already printed, write ``message``, end the process with 130."""
    for stream in (sys.stdout, sys.stderr):  # (no contextlib: not loaded yet at start-up)
        try:  # noqa: SIM105
            stream.flush()
        except Exception:  # closed, or interrupted inside its own write: nothing more to save
            pass
    try:  # noqa: SIM105
        os.write(2, f"{message}\n".encode())
    except OSError:
        pass
    os._exit(EXIT_CODE)


def install() -> None:
    """Make Ctrl+C end the process quietly with 130 (SIGINT left alone where it is ignored,
    as for a program started in the background)."""
    try:
        if _signal.getsignal(_signal.SIGINT) is not _signal.SIG_IGN:
            _signal.signal(_signal.SIGINT, _on_interrupt)
    except ValueError:  # not the main thread: nothing to do
        return
    if sys.unraisablehook is not _unraisable:
        _previous_hook[0] = sys.unraisablehook
        sys.unraisablehook = _unraisable


_previous_hook: list = [sys.unraisablehook]


def _unraisable(info: object) -> None:
    """Python's report of an exception it could not raise (in a ``__del__`` or a weakref
    callback), except our own ``KeyboardInterrupt``: when the handler's raise lands in such a
    place (the import machinery's module-lock callback, seen in CI), Python would print it as
    "Exception ignored ... Traceback"; it is already noted (:func:`happened`), and the command's
    loops that ask for it end, so nothing is printed."""
    if isinstance(getattr(info, "exc_value", None), KeyboardInterrupt) and _state["happened"]:
        return
    _previous_hook[0](info)


def happened() -> bool:
    """Whether Ctrl+C interrupted the command run inside :class:`raising`."""
    return _state["happened"]


class raising:
    """Inside the block, Ctrl+C raises ``KeyboardInterrupt`` (once); after it, quiet again."""

    def __enter__(self) -> None:
        _state["raise"] = _signal.getsignal(_signal.SIGINT) is _on_interrupt

    def __exit__(self, *exc: object) -> None:
        _state["raise"] = False


def started_as_program() -> bool:
    """Whether this process runs Deckwright's command line (the console script or
    ``python -m generator``), judged from how the interpreter was started."""
    if os.path.basename(sys.argv[0] if sys.argv else "").startswith("deckwright"):
        return True
    argv = list(getattr(sys, "orig_argv", ()))
    pairs = zip(argv, [*argv[1:], ""], strict=True)
    return any((a, b) == ("-m", "generator") or a == "-mgenerator" for a, b in pairs)
