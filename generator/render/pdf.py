"""PDF files: reproducible canvases written atomically (temporary file, then rename).

Inside ``staged()`` every finished file waits as its temporary file until the block ends: a kit
either appears whole or not at all (an error anywhere leaves every earlier file untouched).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.color import output
from generator.color.pdfx import PdfxCanvas
from generator.errors import BuildError, display_path
from generator.render import record


@dataclass
class _Stage:
    """Files finished inside ``staged()`` (temporary file, final path) and folders it made."""

    files: list[tuple[Path, Path]] = field(default_factory=list)
    folders: list[Path] = field(default_factory=list)

    def discard(self) -> None:
        for tmp, _ in self.files:
            tmp.unlink(missing_ok=True)
        for folder in reversed(self.folders):
            with suppress(OSError):  # only empty folders go
                folder.rmdir()


_STAGED: ContextVar[_Stage | None] = ContextVar("staged", default=None)


def written_bytes(path: Path) -> bytes:
    """The bytes of a file finished so far, read from its temporary file while it is staged."""
    stage = _STAGED.get()
    for tmp, final in stage.files if stage is not None else ():
        if final == path:
            return tmp.read_bytes()
    return path.read_bytes()


@contextmanager
def staged() -> Iterator[None]:
    """Hold back every file finished inside the block; move them all into place at its end.

    If the block raises, the temporary files are removed and no output file changes.
    """
    stage = _Stage()
    token = _STAGED.set(stage)
    try:
        yield
    except BaseException:
        stage.discard()
        raise
    finally:
        _STAGED.reset(token)
    try:
        for tmp, path in stage.files:
            _publish(tmp, path)
    except OSError as exc:
        stage.discard()
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None


def _make_dir(path: Path) -> None:
    """Create the output folder, or raise BuildError saying why it cannot be used."""
    stage = _STAGED.get()
    if stage is not None:
        missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
        stage.folders += [p for p in reversed(missing) if p not in stage.folders]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(_unusable(path.parent, exc)) from None
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise BuildError(_unusable(path.parent, PermissionError(13, "Permission denied")))


def _unusable(folder: Path, exc: OSError) -> str:
    why = exc.strerror or str(exc)
    return f"{display_path(folder)}: cannot use this output folder ({why}): choose another with -o DIR"


def _finish(tmp: Path, path: Path) -> None:
    """Move a finished temporary file into place now, or at the end of ``staged()``."""
    stage = _STAGED.get()
    if stage is None:
        _publish(tmp, path)
    else:
        stage.files.append((tmp, path))


@contextmanager
def pdf_canvas(path: Path, title: str, page_size: tuple[float, float]) -> Iterator[Canvas]:
    """A canvas for ``path``; the file appears only if the block finishes without error.

    ``invariant=1`` fixes dates and IDs so the same input gives the same bytes. The canvas starts
    in a bundled TrueType face (embedded when used), so no page names ReportLab's unembedded
    Helvetica.
    """
    _make_dir(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise BuildError(_unusable(path.parent, exc)) from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        make = PdfxCanvas if output.current().cmyk else Canvas  # CMYK builds write PDF/X-1a
        canvas = make(
            str(tmp), pagesize=page_size, invariant=1, pageCompression=1, initialFontName=_initial_face()
        )
        canvas.setTitle(title)
        canvas.setAuthor("Deckwright")
        canvas.setCreator(f"Deckwright {__version__}")
        canvas.setSubject(title)
        record.observe(canvas, path)  # only while the proofreader records a build
        yield canvas
        canvas.save()
        _finish(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _initial_face() -> str:
    """A registered TrueType face of the bundled fonts, to start every canvas in."""
    from generator import paths
    from generator.fonts import FontBook

    return FontBook.load([paths.FONTS]).face("Lato")


def atomic_text(path: Path, text: str) -> None:
    """Write a text file (UTF-8, newlines as given) atomically, like :func:`atomic_bytes`."""
    atomic_bytes(path, text.encode("utf-8"))


def atomic_bytes(path: Path, data: bytes) -> None:
    """Write a binary file (an image) atomically, staged like every other file."""
    _make_dir(path)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise BuildError(_unusable(path.parent, exc)) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        _finish(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None


def _publish(tmp: Path, path: Path) -> None:
    """Give the finished temporary file normal permissions and move it into place."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    os.replace(tmp, path)
