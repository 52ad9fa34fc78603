"""The proof PDF: each page that has findings, pictured (rasterised with pypdfium2), every finding
on it drawn as a numbered red outline, and the numbered list beside the picture."""

from __future__ import annotations

import io
from collections import defaultdict
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.utils import ImageReader, simpleSplit

from generator.art.fonts import FontBook
from generator.core import paths
from generator.proof.finding import Finding, Seen
from generator.render.pdf import pdf_canvas

DPI = 110
RED = (0.85, 0.05, 0.05)
MARGIN = 24.0
OUTLINES = 40
"""At most this many outlines of one finding on one picture."""


def _picture(seen: Seen, cache: dict[Path, pdfium.PdfDocument]) -> ImageReader:
    doc = cache.get(seen.file)
    if doc is None:
        doc = cache[seen.file] = pdfium.PdfDocument(str(seen.file))
    image = doc[seen.page - 1].render(scale=DPI / 72).to_pil()
    data = io.BytesIO()
    image.save(data, "PNG")
    data.seek(0)
    return ImageReader(data)


def write_proof(path: Path, title: str, findings: list[Finding]) -> Path:
    """Write the proof of ``findings`` to ``path`` (a single page saying so when there are none)."""
    face = FontBook.load([paths.FONTS]).face("Lato")
    pages: dict[tuple[Path, int], list[tuple[int, Finding]]] = defaultdict(list)
    for n, f in enumerate(findings, start=1):
        if f.seen:
            first = f.seen[0]
            pages[(first.file, first.page)].append((n, f))
    page_w, page_h = landscape(A4)
    cache: dict[Path, pdfium.PdfDocument] = {}
    with pdf_canvas(Path(path), f"{title}: proof", (page_w, page_h)) as c:
        if not findings:
            c.setFont(face, 14)
            c.drawString(MARGIN, page_h - 2 * MARGIN, f"{title}: the proofreader found nothing.")
            c.showPage()
        for (file, number), items in pages.items():
            sample = items[0][1].seen[0]
            pw, ph = _page_size(cache, sample)
            area_w, area_h = page_w * 0.58 - 2 * MARGIN, page_h - 3 * MARGIN
            scale = min(area_w / pw, area_h / ph)
            x0, y0 = MARGIN, page_h - 2 * MARGIN - ph * scale
            c.drawImage(_picture(sample, cache), x0, y0, pw * scale, ph * scale)
            c.setStrokeColorRGB(0.6, 0.6, 0.6)
            c.rect(x0, y0, pw * scale, ph * scale, stroke=1, fill=0)
            c.setFont(face, 11)
            c.setFillColorRGB(0, 0, 0)
            heading = f"{title}: {_named(file, pages)}, page {number}"
            c.drawString(MARGIN, page_h - MARGIN - 4, heading)
            for n, f in items:
                here = [s for s in f.seen if (s.file, s.page) == (file, number)]
                _outlines(c, face, n, here, x0, y0, scale)
            _list(c, face, items, page_w * 0.58, page_h - 2 * MARGIN, page_w * 0.42 - MARGIN)
            c.showPage()
        unplaced = [(n, f) for n, f in enumerate(findings, start=1) if not f.seen]
        if unplaced:  # judged on the data behind the pages (colours of a deck, a map's roads)
            c.setFont(face, 11)
            c.drawString(MARGIN, page_h - MARGIN - 4, f"{title}: findings on the kit's data, not on one page")
            _list(c, face, unplaced, MARGIN, page_h - 2 * MARGIN, page_w - 2 * MARGIN)
            c.showPage()
    for doc in cache.values():
        doc.close()
    return Path(path)


def _named(file: Path, pages: dict[tuple[Path, int], list]) -> str:
    """``maloney/map-tiled.pdf``, or with the folder of its build (``a4-duplex/maloney/...``) when
    the same file of another build (paper, layout) is pictured too."""
    short = f"{file.parent.name}/{file.name}"
    twins = {f for f, _ in pages if f.name == file.name and f.parent.name == file.parent.name}
    return f"{file.parent.parent.name}/{short}" if len(twins) > 1 else short


def _page_size(cache: dict[Path, pdfium.PdfDocument], seen: Seen) -> tuple[float, float]:
    doc = cache.get(seen.file)
    if doc is None:
        doc = cache[seen.file] = pdfium.PdfDocument(str(seen.file))
    return doc[seen.page - 1].get_size()


def _outlines(c, face: str, n: int, seen: list[Seen], x0: float, y0: float, scale: float) -> None:
    c.saveState()
    c.setStrokeColorRGB(*RED)
    c.setFillColorRGB(*RED)
    c.setLineWidth(1.2)
    c.setFont(face, 8)
    for s in seen[:OUTLINES]:
        bx0, by0, bx1, by1 = s.box
        x, y = x0 + bx0 * scale - 1.5, y0 + by0 * scale - 1.5
        w, h = (bx1 - bx0) * scale + 3, (by1 - by0) * scale + 3
        c.rect(x, y, w, h, stroke=1, fill=0)
        c.drawString(x, y + h + 1.5, str(n))
    c.restoreState()


def _list(c, face: str, items: list[tuple[int, Finding]], x: float, top: float, width: float) -> None:
    size, leading = 7.5, 9.0
    y = top
    for n, f in items:
        text = f"{n}. {f.problem().location()}: {f.rule}: {f.message}"
        lines = simpleSplit(text, face, size, width)
        if y - leading * len(lines) < MARGIN:
            c.setFont(face, size)
            c.drawString(x, y, "... (more findings on this page: see check's output)")
            return
        c.setFillColorRGB(*RED)
        c.setFont(face, size)
        for line in lines:
            c.drawString(x, y, line)
            y -= leading
            c.setFillColorRGB(0, 0, 0)
        y -= leading * 0.5
