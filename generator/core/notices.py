"""What libraries say while they read a user's file, turned into our own located warnings.

Pillow warns through :mod:`warnings` (``DecompressionBombWarning``, printed by Python with the
path of Pillow's own source file), svglib logs through :mod:`logging` (``Unable to resolve image
path ...``, printed bare). Neither names the game file that caused it. :func:`reading` wraps the
call that reads a named file: everything said inside the block is recorded instead of printed,
and each saying becomes a warning :class:`~generator.core.errors.Problem` at that file, kept until the
command line collects them with :func:`heard`. :func:`fallback` is the last resort for anything
said outside such a block: one plain line, without a site-packages path.
"""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from generator.core.errors import Problem, clip, display_path

NOTICE_RANK = 75
"""Rank of a library's warning about a file: after the problems found by our own checks."""
_LENGTH = 300
_QUIET = (DeprecationWarning, PendingDeprecationWarning)  # for the library's developers, not users
_LIBRARY_PATH = re.compile(r"""[^\s'"()]*[/\\](?:site|dist)-packages[/\\]([^\s'"()]*)""")
_NAMES = {"PIL": "Pillow", "svglib": "svglib", "reportlab": "ReportLab", "lxml": "lxml"}

_pending: dict[tuple[str, str], Problem] = {}
_state = {"fallback": False, "logging": False, "reading": 0}


def _library(module_or_file: str) -> str:
    """The library a logger name or source file belongs to (``PIL/Image.py`` -> ``Pillow``)."""
    found = _LIBRARY_PATH.search(module_or_file)
    if found:
        top = re.split(r"[/\\]", found.group(1))[0]
    elif "/" in module_or_file or "\\" in module_or_file:  # a file of Python's own library
        top = Path(module_or_file).stem
    else:  # a logger name such as 'svglib.svglib'
        top = module_or_file.split(".")[0]
    return _NAMES.get(top, top or "Python")


def plain(text: str) -> str:
    """``text`` on one line, a library's own file paths cut to their file names."""
    text = _LIBRARY_PATH.sub(lambda m: re.split(r"[/\\]", m.group(1))[-1], text)
    return clip(" ".join(text.split()), _LENGTH)


def _said(warning: warnings.WarningMessage) -> str:
    return f"{_library(warning.filename)}: {plain(str(warning.message))}"


class _Recorder:
    """Keeps the log records (WARNING and above) of a reading block as text, instead of the last
    resort printing them."""

    def __init__(self, into: list[str]):
        import logging

        self.handler = _handler(into.append)
        self.root = logging.getLogger()

    def __enter__(self) -> None:
        _install_logging_fallback()
        _state["reading"] += 1
        self.root.addHandler(self.handler)

    def __exit__(self, *exc: object) -> None:
        self.root.removeHandler(self.handler)
        _state["reading"] -= 1


def _handler(keep: Callable[[str], None]) -> Any:
    """A logging handler passing ``library: message`` of each WARNING-or-above record to ``keep``."""
    import logging

    class Handler(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            try:
                text = record.getMessage()
            except Exception:  # a malformed library message: its format string
                text = str(record.msg)
            keep(f"{_library(record.name)}: {plain(text)}")

    return Handler(logging.WARNING)


@contextmanager
def reading(path: Path) -> Iterator[list[str]]:
    """Record what libraries warn or log (WARNING and above) while ``path`` is read, instead of
    printing it; each becomes a warning at ``path`` for :func:`heard`. Yields the texts."""
    said: list[str] = []
    with warnings.catch_warnings(record=True) as caught, _Recorder(said):
        warnings.simplefilter("always")
        for kind in _QUIET:
            warnings.simplefilter("ignore", kind)
        try:
            yield said
        finally:
            said += [_said(w) for w in caught]
            note(path, said)


def note(path: Path, said: list[str]) -> None:
    """Keep each of ``said`` (library texts about ``path``) as a warning until :func:`heard`."""
    shown = display_path(path)
    for text in said:
        message = f"{text} (said while reading this file: check that it prints as you expect)"
        _pending.setdefault((shown, text), Problem(NOTICE_RANK, shown, 0, 0, "", message, "warning"))


def heard() -> list[Problem]:
    """The warnings noted since the last call, each once."""
    found = list(_pending.values())
    _pending.clear()
    return found


def fallback() -> None:
    """Print any other library warning or log record as one plain line, for the whole process
    (``cli.main``): ``warning: Pillow: ...``, without the path of the library's source file."""
    _state["fallback"] = True
    warnings.showwarning = _show_warning
    if "logging" in sys.modules:  # else installed when a reading block first imports it
        _install_logging_fallback()


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: Any = None, line: str | None = None) -> None:  # fmt: skip
    _line(f"warning: {_library(filename)}: {plain(str(message))}")


def _line(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed: nothing to tell
        pass


def _install_logging_fallback() -> None:
    if not _state["fallback"] or _state["logging"]:
        return
    import logging

    def outside_reading(text: str) -> None:  # inside a reading block its recorder keeps it
        if not _state["reading"]:
            _line(f"warning: {text}")

    logging.getLogger().addHandler(_handler(outside_reading))
    _state["logging"] = True
