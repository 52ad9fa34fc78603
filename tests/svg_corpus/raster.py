"""Draw a corpus SVG the way a build draws it and rasterise the result (used by the tests and by
``python -m tests.svg_corpus.raster`` to remake the reference PNGs).

The SVG is drawn through ``render.draw.Painter`` (an ``image`` op filling a page exactly its own
size) into a PDF from ``render.pdf.pdf_canvas``, and the page is rendered by pypdfium2 at
a scale that makes its longer side ``SIDE`` pixels.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

HERE = Path(__file__).parent
DRAWN = HERE / "drawn"
REFUSED = HERE / "refused"
REFERENCES = HERE / "references"
SIDE = 240


def svg_pdf(svg: Path, pdf: Path) -> Path:
    """A one-page PDF showing ``svg`` at its own size."""
    from generator.art.svgfile import read_svg
    from generator.core.geometry import Box
    from generator.layout.ops import ImageOp
    from generator.render.draw import Painter
    from generator.render.pdf import pdf_canvas

    found = read_svg(svg)
    assert found.drawing is not None, found.refused
    w, h = found.drawing.width, found.drawing.height
    with pdf_canvas(pdf, svg.name, (w, h)) as canvas:
        Painter(canvas, {}).draw([ImageOp(svg, Box(0, 0, w, h), "stretch")])
    return pdf


def raster(pdf: Path) -> Image.Image:
    """The first page of ``pdf``, its longer side SIDE pixels, as RGB."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        scale = SIDE / max(page.get_size())
        return page.render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()


def main(out: Path) -> None:
    """Write the reference PNG of every drawn SVG of the corpus (to be inspected by eye)."""
    REFERENCES.mkdir(exist_ok=True)
    for svg in sorted(DRAWN.glob("*.svg")):
        image = raster(svg_pdf(svg, out / f"{svg.stem}.pdf"))
        image.save(REFERENCES / f"{svg.stem}.png", optimize=True)
        print(f"{svg.name}: {image.size[0]} x {image.size[1]} px")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        main(Path(tmp))
