"""Card faces as images, rasterised from the same one-card-per-page PDF the print-shop build writes.

Each card *design* (not each copy: copies print the same) is drawn once by the build's own
print-shop writer (``printshop.write.write_face_pdf``: one page per face, page = trim + bleed), and
pypdfium2 rasterises each page. So an image shows exactly what the PDF prints; cut to the trim,
it is the page less its bleed on every side, to the nearest pixel (a poker card at 300 dpi is
750 x 1050 px).
"""

from __future__ import annotations

import re
import tempfile
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import Image

from generator.art.fonts import FontBook
from generator.core.errors import Problem
from generator.core.units import mm
from generator.load.model import Card, Deck, Game

BLEED = mm(3)  # the bleed the faces are drawn with (the build's default)


@dataclass
class Face:
    """One card design's rendered faces; ``back`` is None when the card has no back template."""

    card: Card
    front: Image.Image
    back: Image.Image | None


def slug(text: str) -> str:
    """A file-name-safe form of a name: ASCII letters and digits, words joined by ``-``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "card"


def designs(deck: Deck) -> Deck:
    """The deck with one copy of each design: what the images need to draw."""
    return replace(deck, cards=tuple(replace(card, count=1) for card in deck.cards))


def render_faces(
    game: Game, deck: Deck, fonts: FontBook, scale: float, bleed: bool, warnings: list[Problem]
) -> Iterator[Face]:
    """Each design of ``deck``, front and back, rendered at ``scale`` pixels per point.

    With ``bleed`` the images show the card with its 3 mm bleed, else only the trim. Problems
    that would stop a build raise DataError; warnings (text that does not fit, low-resolution
    images) are appended to ``warnings``.
    """
    import pypdfium2 as pdfium

    from generator.layout.deck import DeckFaces
    from generator.load.shared import DeckProblems
    from generator.printshop.preset import PrintSize
    from generator.printshop.write import write_face_pdf

    one = designs(deck)
    faces = DeckFaces(game, one, fonts, BLEED)
    pages = [(card, side) for card in one.cards for side in ("front", "back")]
    with tempfile.TemporaryDirectory(prefix="deckwright-faces-") as tmp:
        path = Path(tmp) / "faces.pdf"
        size = PrintSize(deck.width, deck.height, BLEED, None)
        write_face_pdf(path, f"{deck.title} (faces)", faces, size, pages, None)  # DataError on a face's error
        data = path.read_bytes()
    found = [replace(p, severity="warning") for p in faces.problems if p.rank >= 60]
    if isinstance(warnings, DeckProblems):  # decks reading one sheet: once, naming them
        for problem in found:
            warnings.add(problem, deck.name)
    else:
        warnings += [p for p in found if p not in warnings]
    trim = None if bleed else (round(BLEED * scale), round(deck.width * scale), round(deck.height * scale))
    pdf = pdfium.PdfDocument(data)
    try:
        for i, card in enumerate(deck.cards):  # the deck's own cards, with their counts
            front = _raster(pdf[2 * i], scale, trim)
            back = _raster(pdf[2 * i + 1], scale, trim) if deck.back_for(card) else None
            yield Face(card, front, back)
    finally:
        pdf.close()


def _raster(page: object, scale: float, trim: tuple[int, int, int] | None) -> Image.Image:
    """The page at ``scale``; with ``trim`` = (bleed, width, height) in pixels, only the trim."""
    image = page.render(scale=scale).to_pil().convert("RGB")  # type: ignore[attr-defined]
    page.close()  # type: ignore[attr-defined]
    if trim is None:
        return image
    b, w, h = trim
    return image.crop((b, b, b + w, b + h))
