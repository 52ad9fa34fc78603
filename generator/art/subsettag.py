"""Embedded font subsets named by their content: ``KQXBMA+Lato-Regular``, not ``AAAAAA+...``.

A PDF names each embedded subset ``TAG+PostScriptName``. ReportLab numbers the tags per document
(``AAAAAA``, ``AAAAAB``, ...), so two different subsets of one font in two files of a kit carry the
same name, and a shop or designer merging the files can get the wrong glyphs. Here the tag is six
letters of a hash of the font file and the characters in the subset: the same subset always gets
the same tag (same input, same bytes), different subsets different ones.
"""

from __future__ import annotations

import hashlib

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFont, makeToUnicodeCMap

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def subset_tag(font_digest: bytes, codes: list[int]) -> str:
    """Six capital letters from the font's digest and the subset's character codes."""
    h = hashlib.sha256(font_digest)
    h.update(",".join(map(str, codes)).encode("ascii"))
    number = int.from_bytes(h.digest()[:8], "big")
    tag = ""
    for _ in range(6):
        number, rest = divmod(number, 26)
        tag += _LETTERS[rest]
    return tag


class TaggedTTFont(TTFont):
    """A TrueType font whose subsets are written with content-derived tags (otherwise exactly
    what ReportLab writes for a subset: widths, ToUnicode map, descriptor and font file)."""

    _digest: bytes | None = None

    def _font_digest(self) -> bytes:
        if self._digest is None:
            self._digest = hashlib.sha256(self.face._ttf_data).digest()
        return self._digest

    def addObjects(self, doc) -> None:
        state = self.state.get(doc)
        if state is None:  # the font was registered but nothing was set in it
            return super().addObjects(doc)
        state.frozen = 1
        registry = doc.idToObject["BasicFonts"].dict
        postscript = (self.face.name + self.face.subfontNameX).decode("latin-1")
        for n, codes in enumerate(state.subsets):
            internal = self.getSubsetInternalName(n, doc)[1:]
            base = f"{subset_tag(self._font_digest(), codes)}+{postscript}"
            font = pdfdoc.PDFTrueTypeFont()
            font.__Comment__ = f"Font {self.fontName} subset {n}"
            font.Name, font.BaseFont = internal, base
            font.FirstChar, font.LastChar = 0, len(codes) - 1
            font.Widths = pdfdoc.PDFArray([self.face.getCharWidth(c) for c in codes])
            to_unicode = pdfdoc.PDFStream()
            to_unicode.content = makeToUnicodeCMap(base, codes)
            if doc.compression:
                to_unicode.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(to_unicode, "toUnicodeCMap:" + base)
            font.FontDescriptor = self.face.addSubsetObjects(doc, base, codes)
            doc.Reference(font, internal)
            registry[internal] = font
        del self.state[doc]
        return None
