"""PDF files: reproducible canvases written atomically (temporary file, then rename); inside
``layout.memo.reusing("unread")`` (a ``check`` that only records its builds) an empty file.

Each file is written as :mod:`generator.core.writing` says: inside ``generator.kit.publish.staged(folder)``
into the hidden sibling folder that replaces ``folder`` as one unit when the block ends (a kit
appears whole or not at all), else to a temporary file renamed into place when it is done.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator import __version__
from generator.color import output
from generator.color.pdfx import PdfxCanvas
from generator.core.errors import BuildError, display_path
from generator.core.writing import drop, finish, temporary
from generator.layout import memo
from generator.render import record
from generator.render.forms import CompleteForms
from generator.render.packed import PackedPages


@contextmanager
def pdf_canvas(path: Path, title: str, page_size: tuple[float, float]) -> Iterator[Canvas]:
    """A canvas for ``path``; the file appears only if the block finishes without error.

    ``invariant=1`` fixes dates and IDs so the same input gives the same bytes. The canvas starts
    in a bundled TrueType face (embedded when used), so no page names ReportLab's unembedded
    Helvetica.
    """
    tmp = temporary(path)
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
        if memo.table("unread") is None:
            canvas.save()
        else:  # only recorded (``check``): end the last page as ``save`` would, write no PDF
            if canvas._code:
                canvas.showPage()
            Path(tmp).write_bytes(b"")
        finish(tmp, path)
    except OSError as exc:
        drop(tmp, path)
        raise BuildError(f"{display_path(path)}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        drop(tmp, path)
        raise


def scratch_canvas(page_size: tuple[float, float]) -> Canvas:
    """A canvas that is never saved, set up as ``pdf_canvas`` sets up an RGB one (in memory): what
    is drawn on it is only recorded (``render.placing``)."""
    import io

    return _Canvas(io.BytesIO(), pagesize=page_size, invariant=1, initialFontName=_initial_face())


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
