"""Terminal output that imports rich only when rich would change something.

A build whose output goes to a pipe or a file (a script, CI, ``watch`` in an editor's pane, the
benchmark) prints plain lines such as ``wrote output/game/cards.pdf`` and shows no progress bar:
writing those lines directly spares importing ``rich.console`` and ``rich.progress`` (about
0.05 s CPU, some 4 % of a 1,000-card build). rich is loaded, and prints exactly as before, for a
terminal (or FORCE_COLOR / TTY_COMPATIBLE / a notebook), for anything but a plain one-line string,
and for text rich would rewrite (tabs, control codes, trailing spaces).

Every message means what it says: the consoles and the progress bar's text columns are made with
rich's markup and emoji codes off, so ``cards.yaml:100:5`` or a value such as ``a:x:b`` or
``[bold]`` prints as written, on a terminal and through a pipe. Our own colours are given as
``style=`` arguments, never as markup inside the text.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console as RichConsole


def _maybe_terminal(file: TextIO) -> bool:
    """False when rich would surely say the file is not a terminal (it then prints no styles)."""
    if "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ or "IPython" in sys.modules:
        return True
    isatty = getattr(file, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed file: let rich decide
        return True


LITERAL = {"markup": False, "emoji": False, "highlight": False}
"""rich options under which a string prints as written (the defaults of our consoles)."""


def _plain(text: object) -> bool:
    """Whether rich (markup and emoji off) would print ``text`` unchanged on a non-terminal."""
    return type(text) is str and text.isprintable() and text == text.rstrip()


def _shown(text: object) -> object:
    """A string with its control characters escaped, line by line (a title or card name holding an
    escape sequence can neither clear the screen nor colour the output); anything else as it is."""
    if type(text) is not str or text.isprintable():
        return text
    from generator.core.errors import visible

    return "\n".join(visible(line) for line in text.split("\n"))


class Console:
    """A stand-in for ``rich.console.Console`` (same arguments; markup, emoji codes and
    highlighting off unless asked for) that creates the rich console at its first real need;
    ``print`` of a plain line to a non-terminal is written directly."""

    def __init__(self, *, stderr: bool = False, **options: Any):
        self._stderr = stderr
        self._options = {**LITERAL, **options}
        self._rich: RichConsole | None = None

    @property
    def rich(self) -> RichConsole:
        """The rich console itself (created at first use)."""
        if self._rich is None:
            from rich.console import Console as RichConsole

            self._rich = RichConsole(stderr=self._stderr, **self._options)
        return self._rich

    @property
    def file(self) -> TextIO:
        return sys.stderr if self._stderr else sys.stdout

    def _surely_plain(self) -> bool:
        """Whether rich would surely write to a non-terminal without styles."""
        return not self._options.get("force_terminal") and not _maybe_terminal(self.file)

    @property
    def is_terminal(self) -> bool:
        if self._rich is None and self._surely_plain():
            return False
        return self.rich.is_terminal

    def print(self, *objects: Any, **options: Any) -> None:
        objects = tuple(_shown(o) for o in objects)
        if (
            self._rich is None
            and len(objects) == 1
            and _plain(objects[0])
            and set(options) <= {"style", "markup"}
            and not options.get("markup", self._options["markup"])
            and self._surely_plain()
        ):
            file = self.file
            file.write(objects[0] + "\n")
            file.flush()
            return
        self.rich.print(*objects, **options)

    def __getattr__(self, name: str) -> Any:  # anything else: the rich console's own
        return getattr(self.rich, name)


class _Column:
    """A progress-bar column, made into rich's when a bar is shown."""

    def __init__(self, kind: str, *args: Any, **kwargs: Any):
        self.kind, self.args, self.kwargs = kind, args, kwargs

    def make(self) -> Any:
        import rich.progress

        return getattr(rich.progress, self.kind)(*self.args, **self.kwargs)


def TextColumn(*args: Any, **kwargs: Any) -> _Column:
    """rich's text column, its text shown as written (a game title such as ``[/x]`` is no markup)."""
    return _Column("TextColumn", *args, **{"markup": False, **kwargs})


def BarColumn(*args: Any, **kwargs: Any) -> _Column:
    return _Column("BarColumn", *args, **kwargs)


def MofNCompleteColumn(*args: Any, **kwargs: Any) -> _Column:
    return _Column("MofNCompleteColumn", *args, **kwargs)


class _NoBar:
    """What a disabled rich progress bar does: nothing (with the calls the commands make)."""

    def __init__(self) -> None:
        self._tasks = 0

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, *args: Any, **kwargs: Any) -> int:
        self._tasks += 1
        return self._tasks - 1

    def update(self, task: int, **kwargs: Any) -> None:
        return None


def Progress(*columns: _Column, console: Console, disable: bool = False, **options: Any) -> Any:
    """rich's progress bar on ``console``; a do-nothing bar when ``disable`` (not a terminal),
    without importing rich."""
    if disable:
        return _NoBar()
    import rich.progress

    return rich.progress.Progress(*(c.make() for c in columns), console=console.rich, **options)
