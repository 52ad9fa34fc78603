"""Where a file for an output folder is written: atomically (a temporary file, then a rename), or
into the stage that collects the folder's new contents.

While a stage is active (``generator.kit.publish.staged`` sets one with :func:`into`) every file
written here goes to its place in that stage, and the stage publishes the folder as one unit;
otherwise each file is written to a temporary file beside it and renamed into place when done.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Protocol

from generator.core.errors import BuildError, display_path


class Stage(Protocol):
    """The new contents of an output folder as the writers here use them
    (``generator.kit.publish.Staging``)."""

    def place(self, path: Path) -> Path:
        """Where the file that will be ``path`` is written now (its folder made)."""
        ...

    def staged(self, path: Path) -> Path | None:
        """The staged file that will be ``path``, if this run wrote it."""
        ...

    def forget(self, path: Path) -> None:
        """Drop a file that failed half-way."""
        ...


_STAGED: ContextVar[Stage | None] = ContextVar("staged", default=None)


@contextmanager
def into(stage: Stage) -> Iterator[None]:
    """Write every file inside the block into ``stage``."""
    token = _STAGED.set(stage)
    try:
        yield
    finally:
        _STAGED.reset(token)


def unusable(folder: Path, exc: OSError) -> str:
    why = exc.strerror or str(exc)
    return f"{display_path(folder)}: cannot use this output folder ({why}): choose another with -o DIR"


def written_bytes(path: Path) -> bytes:
    """The bytes of a file finished so far, read from the staging folder while it is staged."""
    stage = _STAGED.get()
    found = stage.staged(path) if stage is not None else None
    return (found or path).read_bytes()


def _make_dir(path: Path) -> None:
    """Create the output folder, or raise BuildError saying why it cannot be used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(unusable(path.parent, exc)) from None
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise BuildError(unusable(path.parent, PermissionError(13, "Permission denied")))


def temporary(path: Path) -> Path:
    """Where the file that will be ``path`` is written: its place in the staging folder, or a
    temporary file beside it (renamed into place by :func:`finish`)."""
    stage = _STAGED.get()
    if stage is not None:
        return stage.place(path)
    _make_dir(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise BuildError(unusable(path.parent, exc)) from None
    os.close(fd)
    return Path(tmp_name)


def finish(tmp: Path, path: Path) -> None:
    """Move a finished temporary file into place (a staged file is already in its place)."""
    if _STAGED.get() is None:
        _publish(tmp, path)


def drop(tmp: Path, path: Path) -> None:
    """Remove a file that failed half-way."""
    stage = _STAGED.get()
    if stage is not None:
        stage.forget(path)
    tmp.unlink(missing_ok=True)


def atomic_text(path: Path, text: str) -> None:
    """Write a text file (UTF-8, newlines as given) atomically, like :func:`atomic_bytes`."""
    atomic_bytes(path, text.encode("utf-8"))


def atomic_bytes(path: Path, data: bytes) -> None:
    """Write a binary file (an image) atomically, staged like every other file."""
    tmp = temporary(path)
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        finish(tmp, path)
    except OSError as exc:
        drop(tmp, path)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None


def _publish(tmp: Path, path: Path) -> None:
    """Give the finished temporary file normal permissions and move it into place."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    os.replace(tmp, path)
