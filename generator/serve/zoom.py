"""Pictures for the preview's zoom view: one card design with its bleed at 400 % of its printed
size, and any page of a kit file (card sheets included) at twice its printed size.

They are drawn when the page asks (the grid's pictures are small, trimmed and drawn on every
save); a few are kept, by what they show, so zooming back and forth draws nothing again.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from pathlib import Path
from threading import Lock

from generator.core.units import mm
from generator.load.model import Game
from generator.serve.gallery import FaceView

ZOOM_DPI = 384  # four times the 96 CSS pixels of an inch: 400 % of the printed size, still sharp
SHEET_DPI = 192  # a kit page at 200 % of its printed size
BLEED_MM = 3.0  # the bleed the faces are drawn with (export.faces.BLEED)
SAFE_MM = 3.0  # the safe zone inside the trim (layout.card.SAFE_ZONE)
KEPT = 6  # pictures kept (a card at 400 % is about 1 MB of PNG)


class Zoom:
    """Draws and keeps the zoom view's pictures; safe to call from several HTTP threads."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
        self._counts: dict[tuple[str, int, int], int] = {}
        self._lock = Lock()

    def face(self, game: Game, face: FaceView, side: str) -> bytes | None:
        """``side`` (front, back) of one card design with its bleed, at ``ZOOM_DPI``; None when
        the card has no such side."""
        picture = face.front if side == "front" else face.back if side == "back" else None
        if picture is None:
            return None

        def draw() -> bytes:
            from generator.art.fonts import FontBook
            from generator.export.faces import render_faces

            one = replace(face.deck, cards=(face.card,))
            fonts = FontBook.load(game.font_dirs)
            (drawn,) = list(render_faces(game, one, fonts, ZOOM_DPI / 72, True, []))
            image = drawn.front if side == "front" else drawn.back
            return _png(image)

        return self._get(("face", picture.key, side), draw)

    def sheet(self, path: Path, page: int) -> bytes | None:
        """Page ``page`` (1-based) of the PDF at ``path``, at ``SHEET_DPI``; None when it has no
        such page or cannot be read (the kit is being rebuilt)."""
        try:
            stat = path.stat()
        except OSError:
            return None

        def draw() -> bytes:
            import pypdfium2 as pdfium

            pdf = pdfium.PdfDocument(path.read_bytes())
            try:
                if not 1 <= page <= len(pdf):
                    return b""
                one = pdf[page - 1]
                image = one.render(scale=SHEET_DPI / 72).to_pil().convert("RGB")
                one.close()
                return _png(image)
            finally:
                pdf.close()

        try:
            return self._get(("sheet", str(path), stat.st_mtime_ns, stat.st_size, page), draw) or None
        except (OSError, RuntimeError):  # a file being swapped in; pdfium's errors are RuntimeErrors
            return None

    def pages(self, files: dict[str, Path]) -> dict[str, int]:
        """The number of pages of each PDF among ``files`` (by name), for the sheet view."""
        counts, known = {}, {}
        for name, path in sorted(files.items()):
            if path.suffix.lower() != ".pdf":
                continue
            try:
                stat = path.stat()
                key = (str(path), stat.st_mtime_ns, stat.st_size)
                known[key] = self._counts[key] if key in self._counts else _count(path)
                counts[name] = known[key]
            except (OSError, RuntimeError):  # a file being swapped in; pdfium's errors are RuntimeErrors
                continue
        self._counts = known  # only the files as they are now
        return counts

    def _get(self, key: tuple[object, ...], draw: object) -> bytes:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        data = draw()  # type: ignore[operator]
        with self._lock:
            self._kept[key] = data
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return data


def _count(path: Path) -> int:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path.read_bytes())
    try:
        return len(pdf)
    finally:
        pdf.close()


def _png(image: object) -> bytes:
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)  # type: ignore[attr-defined]
    return buffer.getvalue()


def card_size(face: FaceView) -> list[float]:
    """The card's trimmed size in millimetres, as the zoom view lays out its lines."""
    return [round(face.deck.width / mm(1), 2), round(face.deck.height / mm(1), 2)]
