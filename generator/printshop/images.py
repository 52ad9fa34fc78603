"""One image per card face, rendered from the pages of a print-shop PDF (pypdfium2).

The image is exactly the shop's pixel size (trim plus bleed at its dpi, e.g. 825 x 1125 px for a
poker card with 1/8 in bleed at 300 dpi) and records that dpi, so the shop's uploader reads the
intended print size. The same PDF gives the same image bytes.
"""

from __future__ import annotations

import hashlib
import io

import pypdfium2 as pdfium
from PIL import Image

from generator.art.pngfile import png_bytes


def render_pages(pdf: bytes, size: tuple[int, int], dpi: int, fmt: str) -> list[bytes]:
    """Every page of ``pdf`` as ``fmt`` ('png' or 'jpg') image bytes of ``size`` pixels; pages
    that render alike (a deck's shared back) are encoded once and give the same bytes object."""
    document = pdfium.PdfDocument(pdf)
    encoded: dict[bytes, bytes] = {}
    out = []
    try:
        for i in range(len(document)):
            image = _render(document[i], size)
            key = hashlib.sha256(image.tobytes()).digest()
            if key not in encoded:
                encoded[key] = _encode(image, dpi, fmt)
            out.append(encoded[key])
    finally:
        document.close()
    return out


def _render(page: pdfium.PdfPage, size: tuple[int, int]) -> Image.Image:
    w_pt, h_pt = page.get_size()
    scale = max(size[0] / w_pt, size[1] / h_pt)
    image = page.render(scale=scale, draw_annots=False).to_pil().convert("RGB")
    page.close()
    if image.size != size:  # a pixel of rounding at most: crop or pad at the outer bleed
        image = (
            image.crop((0, 0, *size))
            if image.width >= size[0] and image.height >= size[1]
            else (image.resize(size, Image.Resampling.LANCZOS))
        )
    return image


def _encode(image: Image.Image, dpi: int, fmt: str) -> bytes:
    out = io.BytesIO()
    if fmt == "jpg":
        image.save(out, "JPEG", quality=95, subsampling=0, dpi=(dpi, dpi))
    else:
        return png_bytes(image, dpi)
    return out.getvalue()
