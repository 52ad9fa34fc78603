"""Opacity and blend modes on text and shapes (Squib's ``alpha: 0.75``, ``blend: hard_light``):
live transparency in an RGB file, flattened over the backdrop in a CMYK (PDF/X-1a) file
(issue 33, item 4)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from generator.color import convert
from generator.render.blend import mix
from tests.conftest import build_in_both_colours, write_game
from tests.pdf_resources import pdf_problems
from tests.pdfx_check import pdfx_problems

PANEL, RED, YELLOW = (32, 80, 160), (255, 0, 0), (255, 255, 0)
FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [0mm, 0mm, 63.5mm, 44mm], fill: "#2050a0"}
  - {type: rect, box: [5mm, 5mm, 20mm, 30mm], fill: "#ff0000", opacity: 0.5}
  - {type: rect, box: [35mm, 5mm, 20mm, 30mm], fill: "#ffff00", blend: multiply}
  - {type: ellipse, box: [5mm, 50mm, 20mm, 20mm], fill: "#ff0000", blend: darken, opacity: 0.75}
  - {type: text, box: [30mm, 50mm, 30mm, 20mm], text: "{name}", size: 20pt, color: "#000000", opacity: 0.75}
"""


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:

    folder = write_game(tmp_path_factory.mktemp("alpha") / "game", {"templates/mini-front.yaml": FRONT})
    return build_in_both_colours(folder)


def _at(page: Image.Image, x_mm: float, y_mm: float, scale: float, origin: tuple[float, float]) -> tuple:
    """The pixel ``x_mm, y_mm`` from the first card's top-left trim corner."""
    x = (origin[0] + x_mm * 72 / 25.4) * scale
    y = (origin[1] + y_mm * 72 / 25.4) * scale
    return page.getpixel((round(x), round(y)))


def _trim_origin(pdf: Path) -> tuple[float, float]:
    """The first card's trim corner on page 1, in points from the page's top-left: found as the
    top-left of the card's blue panel in the RGB render."""
    document = pdfium.PdfDocument(pdf)
    page = document[0].render(scale=1).to_pil().convert("RGB")
    document.close()
    for y in range(page.height):
        for x in range(page.width):
            if _close(page.getpixel((x, y)), PANEL, 12):
                return float(x), float(y)
    raise AssertionError("no panel")


def _close(a, b, tolerance: float) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def _render(pdf: Path, scale: float) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()


EXPECTED = {  # (mm from the trim corner) -> colour
    (15, 20): tuple((r + p) / 2 for r, p in zip(RED, PANEL, strict=True)),  # 50 % red over the panel
    (45, 20): tuple(y * p / 255 for y, p in zip(YELLOW, PANEL, strict=True)),  # multiply: (32, 80, 0)
    (15, 60): (255, 64, 64),  # darken at 75 %: red (darker than white) at three quarters over white
}


def test_the_rgb_file_has_live_transparency(builds):
    page = _render(builds["rgb"], 4)
    origin = _trim_origin(builds["rgb"])
    for (x, y), rgb in EXPECTED.items():
        got = _at(page, x, y, 4, origin)
        assert _close(got, rgb, 4), ((x, y), got, rgb)
    states = PdfReader(builds["rgb"]).pages[0]["/Resources"]["/ExtGState"]
    values = [(s.get_object().get("/ca"), s.get_object().get("/BM")) for s in states.values()]
    assert (0.5, "/Normal") in values or any(ca == 0.5 for ca, _ in values), values
    assert any(bm == "/Multiply" for _, bm in values) and any(bm == "/Darken" for _, bm in values), values


def _round_trip(rgb) -> tuple[int, ...]:
    from generator.color.images import within_limit

    pixel = Image.new("RGB", (1, 1), tuple(round(v) for v in rgb))
    cmyk = within_limit(ImageCms.applyTransform(pixel, convert.transform("RGB", "CMYK")), 300)
    return ImageCms.applyTransform(cmyk, convert.transform("CMYK", "RGB")).getpixel((0, 0))


def test_the_cmyk_file_is_flattened_to_the_same_colours(builds):
    assert pdfx_problems(builds["cmyk"]) == [] and pdf_problems(builds["cmyk"]) == []
    reader = PdfReader(builds["cmyk"])
    for page in reader.pages:
        for state in (page["/Resources"].get("/ExtGState") or {}).values():
            state = state.get_object()
            assert state.get("/ca", 1) == 1 and state.get("/BM", "/Normal") == "/Normal"
    images = [im.image for im in reader.pages[0].images if im.image.mode == "CMYK"]
    back = [ImageCms.applyTransform(im, convert.transform("CMYK", "RGB")) for im in images]
    centres = [im.getpixel((im.width // 2, im.height // 2)) for im in back]
    for (x, y), rgb in list(EXPECTED.items())[:2]:
        assert any(_close(c, _round_trip(rgb), 3) for c in centres), ((x, y), centres, _round_trip(rgb))


def test_text_at_75_percent_is_grey_in_both(builds):
    for mode in ("rgb", "cmyk"):
        page = _render(builds[mode], 4)
        x, y = _trim_origin(builds["rgb"])
        mm = 72 / 25.4 * 4
        box = (round(x * 4 + 30 * mm), round(y * 4 + 50 * mm), round(x * 4 + 60 * mm), round(y * 4 + 70 * mm))
        darkest = min(c for _, c in page.crop(box).getcolors(1 << 20))
        assert _close(darkest, (64, 64, 64), 14), (mode, darkest)  # three-quarters black, not black


def test_mix_follows_the_pdf_formulas():
    under = Image.new("RGB", (1, 1), PANEL)
    source = Image.new("RGBA", (1, 1), (*YELLOW, 255))
    assert mix(under, source, 1.0, "multiply").getpixel((0, 0)) == (32, 80, 0)
    assert mix(under, source, 0.5, "normal").getpixel((0, 0)) == (144, 168, 80)
    clear = Image.new("RGBA", (1, 1), (0, 0, 0, 0))
    assert mix(under, clear, 1.0, "screen").getpixel((0, 0)) == PANEL
