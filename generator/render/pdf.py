"""PDF files: reproducible canvases written atomically (temporary file, then rename)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.errors import BuildError, display_path


@contextmanager
def pdf_canvas(path: Path, title: str, page_size: tuple[float, float]) -> Iterator[Canvas]:
    """A canvas for ``path``; the file appears only if the block finishes without error.

    ``invariant=1`` fixes dates and IDs so the same input gives the same bytes.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        canvas = Canvas(str(tmp), pagesize=page_size, invariant=1, pageCompression=1)
        canvas.setTitle(title)
        canvas.setAuthor("Deckwright")
        canvas.setCreator(f"Deckwright {__version__}")
        canvas.setSubject(title)
        yield canvas
        canvas.save()
        _publish(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_text(path: Path, text: str) -> None:
    """Write a text file atomically (temporary file in the same folder, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        _publish(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None


def _publish(tmp: Path, path: Path) -> None:
    """Give the finished temporary file normal permissions and move it into place."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    os.replace(tmp, path)
