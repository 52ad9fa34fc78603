"""The fonts SVG text is drawn in: Deckwright's bundled families, never the PDF standard fonts.

svglib maps an SVG ``font-family`` to ReportLab's standard fonts (Helvetica, Times, Courier), which
a PDF names without embedding (print shops refuse such files), or to whatever the machine's
fontconfig finds (a different file on every machine: not the same bytes). ``BundledFonts`` is the
font map handed to svglib instead: a family Deckwright bundles is used by its name (``Lato``,
``Caladea``, ``DejaVu Sans``, ... in any case); any other serif family (``serif``, ``Times New
Roman``, ``Georgia``...) is drawn in Caladea, and everything else in Lato. Weight 600 and above is
bold; ``italic`` and ``oblique`` are italic.
"""

from __future__ import annotations

from functools import cache

SERIF = "Caladea"
SANS = "Lato"
_SERIF_HINTS = ("serif", "times", "georgia", "garamond", "roman", "book", "palatino", "cambria", "minion")


class BundledFonts:
    """A svglib font map (``find_font``) that only knows the bundled families."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        """(registered face, whether the family itself was found) for an SVG font request."""
        book = _book()
        wanted = font_name.strip().strip("'\"").lower()
        families = {f.lower(): f for f in book.families()}
        family = families.get(wanted)
        exact = family is not None
        if family is None:
            serif = any(h in wanted for h in _SERIF_HINTS) and "sans" not in wanted
            family = SERIF if serif else SANS
        return book.face(family, _bold(weight), style.strip().lower() in ("italic", "oblique")), exact


def _bold(weight: str) -> bool:
    weight = str(weight).strip().lower()
    if weight in ("bold", "bolder"):
        return True
    return weight.isdigit() and int(weight) >= 600


@cache
def _book():
    from generator.art.fonts import FontBook
    from generator.core import paths

    return FontBook.load([paths.FONTS])
