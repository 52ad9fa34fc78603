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
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
