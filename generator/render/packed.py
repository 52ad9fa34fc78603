"""Page content compressed as each page ends, not when the file is saved.

ReportLab keeps every finished page of a canvas until ``save``: its content as one text string,
compressed only while the file is written. A deck of 100,000 cards is some 11,000 pages, about
8 KB of content each. ``PackedPages`` is mixed into the canvases Deckwright writes with
(``render.pdf``): when a page ends, its content is compressed with the filters ReportLab would
apply at ``save`` and kept as those bytes, about a sixth of the text. The file is the same byte
for byte: the same zlib call on the same text, the stream dictionary built in the same order.
"""

from __future__ import annotations

from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFBase85Encode,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFZCompress,
)


class PackedPages:
    """Canvas mixin: each page's content stream is compressed when the page ends."""

    def showPage(self) -> None:
        canvas: Any = self
        super().showPage()  # type: ignore[misc]
        page = canvas._doc.Pages.pages[-1]
        if page.compression and page.stream and not page.Contents and not page.Override_default_compilation:
            page.Contents = packed(page.stream)
            page.stream = None


def packed(text: str | bytes) -> PDFStream:
    """A page stream as ``PDFPage.check_format`` makes it at ``save``, its filters applied now:
    the content is the encoded bytes and the dictionary names the filters (so ``format`` applies
    none again)."""
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content: str | bytes = text
    for f in reversed(filters):  # in reverse order listed, as PDFStream.format does
        content = f.encode(content)
    dictionary = PDFDictionary()
    dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    stream = PDFStream(dictionary, content, filters)
    stream.__Comment__ = "page stream"
    return stream
