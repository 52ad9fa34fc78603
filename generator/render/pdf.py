"""PDF files: reproducible canvases written atomically (temporary file, then rename).

Inside ``staged(folder)`` every file for that folder is written into a hidden sibling folder
(``generator.kit.publish``) that replaces ``folder`` as one unit when the block ends: a kit appears
whole or not at all, and holds exactly the files the block wrote (plus, with ``carry_over``, the
earlier files it did not rewrite).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.color import output
from generator.color.pdfx import PdfxCanvas
from generator.core.errors import BuildError, display_path
from generator.kit.publish import Staging, staging, unusable
from generator.render import record
from generator.render.forms import CompleteForms
from generator.render.packed import PackedPages

_STAGED: ContextVar[Staging | None] = ContextVar("staged", default=None)


def written_bytes(path: Path) -> bytes:
    """The bytes of a file finished so far, read from the staging folder while it is staged."""
    stage = _STAGED.get()
    found = stage.staged(path) if stage is not None else None
    return (found or path).read_bytes()


@contextmanager
def staged(folder: Path, carry_over: bool = False) -> Iterator[None]:
    """Stage every file written for ``folder`` inside the block; publish them as one folder at
    its end (see :mod:`generator.kit.publish`). If the block raises, ``folder`` does not change."""
    with staging(folder, carry_over) as stage:
        token = _STAGED.set(stage)
        try:
            yield
        finally:
            _STAGED.reset(token)


def _make_dir(path: Path) -> None:
    """Create the output folder, or raise BuildError saying why it cannot be used."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(unusable(path.parent, exc)) from None
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise BuildError(unusable(path.parent, PermissionError(13, "Permission denied")))


def _temporary(path: Path) -> Path:
    """Where the file that will be ``path`` is written: its place in the staging folder, or a
    temporary file beside it (renamed into place by :func:`_finish`)."""
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


def _finish(tmp: Path, path: Path) -> None:
    """Move a finished temporary file into place (a staged file is already in its place)."""
    if _STAGED.get() is None:
        _publish(tmp, path)


def _drop(tmp: Path, path: Path) -> None:
    """Remove a file that failed half-way."""
    stage = _STAGED.get()
    if stage is not None:
        stage.forget(path)
    tmp.unlink(missing_ok=True)


@contextmanager
def pdf_canvas(path: Path, title: str, page_size: tuple[float, float]) -> Iterator[Canvas]:
    """A canvas for ``path``; the file appears only if the block finishes without error.

    ``invariant=1`` fixes dates and IDs so the same input gives the same bytes. The canvas starts
    in a bundled TrueType face (embedded when used), so no page names ReportLab's unembedded
    Helvetica.
    """
    tmp = _temporary(path)
    try:
        make = _PdfxCanvas if output.current().cmyk else _Canvas  # CMYK builds write PDF/X-1a
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
        _drop(tmp, path)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _drop(tmp, path)
        raise


class _Canvas(PackedPages, CompleteForms, Canvas):
    """ReportLab's canvas, its forms given every resource they use, each page compressed as it
    ends."""


class _PdfxCanvas(PackedPages, CompleteForms, PdfxCanvas):
    """The PDF/X-1a canvas, its forms given every resource they use, each page compressed as it
    ends."""


def _initial_face() -> str:
    """A registered TrueType face of the bundled fonts, to start every canvas in."""
    from generator.art.fonts import FontBook
    from generator.core import paths

    return FontBook.load([paths.FONTS]).face("Lato")


def atomic_text(path: Path, text: str) -> None:
    """Write a text file (UTF-8, newlines as given) atomically, like :func:`atomic_bytes`."""
    atomic_bytes(path, text.encode("utf-8"))


def atomic_bytes(path: Path, data: bytes) -> None:
    """Write a binary file (an image) atomically, staged like every other file."""
    tmp = _temporary(path)
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        _finish(tmp, path)
    except OSError as exc:
        _drop(tmp, path)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None


def _publish(tmp: Path, path: Path) -> None:
    """Give the finished temporary file normal permissions and move it into place."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    os.replace(tmp, path)
