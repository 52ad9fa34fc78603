"""Translucent images in a CMYK (PDF/X-1a) build are flattened over what lies beneath them, not
over white paper (``generator/render/backdrop.py``).

A card with layered transparency: a dark blue panel and a yellow bar, and over both a PNG whose
left half is 50 % red and whose right half fades from clear to green; on the panel, an SVG veil
(white at 50 %) and the Inkscape corpus file (a 50 % red layer over its own dark blue). The RGB
build shows them live over their backdrops; the CMYK file must show the same colours once
converted back through the press profile.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from generator.color import convert
from tests.conftest import build_in_both_colours, write_game
from tests.pdf_resources import pdf_problems
from tests.pdfx_check import pdfx_problems
from tests.svg_corpus.raster import DRAWN

PANEL, BAR, RED, GREEN = (26, 60, 140), (241, 196, 15), (255, 0, 0), (0, 160, 80)
FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [0mm, 0mm, 63.5mm, 44mm], fill: "#1a3c8c"}
  - {type: rect, box: [10mm, 50mm, 40mm, 20mm], fill: "#f1c40f"}
  - {type: image, box: [5mm, 10mm, 50mm, 70mm], file: art/glaze.png, fit: stretch}
  - {type: image, box: [1mm, 1mm, 8mm, 8mm], file: art/veil.svg}
  - {type: image, box: [40mm, 1mm, 20mm, 15mm], file: art/inkscape.svg}
"""
VEIL = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fff" fill-opacity="0.5"/></svg>'


def _over(top: tuple[int, ...], alpha: float, under: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under, strict=True))


# image pixel (x, y) -> what it shows in the RGB build (2 px per mm: rows 0-67 over the panel,
# rows 80-119 over the bar, rows 120-139 clear)
EXPECTED = {
    (25, 30): _over(RED, 128 / 255, PANEL),
    (25, 100): _over(RED, 128 / 255, BAR),
    (25, 75): _over(RED, 128 / 255, (255, 255, 255)),
    (75, 30): _over(GREEN, 127 / 255, PANEL),
    (90, 100): _over(GREEN, 204 / 255, BAR),
}


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:

    folder = write_game(tmp_path_factory.mktemp("layered") / "game", {"templates/mini-front.yaml": FRONT})
    (folder / "art").mkdir()
    glaze = Image.new("RGBA", (100, 140), (*RED, 128))
    for x in range(50, 100):
        for y in range(120):
            glaze.putpixel((x, y), (*GREEN, int(255 * (x - 50) / 50)))
    glaze.paste((0, 0, 0, 0), (0, 120, 100, 140))
    glaze.save(folder / "art" / "glaze.png")
    (folder / "art" / "veil.svg").write_text(VEIL)
    shutil.copy(DRAWN / "inkscape.svg", folder / "art" / "inkscape.svg")
    return build_in_both_colours(folder)


def _close(a, b, tolerance: float) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def test_the_rgb_build_shows_the_expected_composites(builds):
    document = pdfium.PdfDocument(builds["rgb"])
    page = document[0].render(scale=2).to_pil().convert("RGB")
    document.close()
    colours = {c for _, c in page.getcolors(maxcolors=1 << 20)}
    for where, rgb in EXPECTED.items():
        assert any(_close(c, rgb, 6) for c in colours), (where, rgb)  # the fade is resampled


def _round_trip(rgb: tuple[float, ...]) -> tuple[int, ...]:
    """``rgb`` as the press prints it: to CMYK through the profile (300 % ink), and back."""
    from generator.color.images import within_limit

    pixel = Image.new("RGB", (1, 1), tuple(round(v) for v in rgb))
    cmyk = within_limit(ImageCms.applyTransform(pixel, convert.transform("RGB", "CMYK")), 300)
    return ImageCms.applyTransform(cmyk, convert.transform("CMYK", "RGB")).getpixel((0, 0))


def test_the_cmyk_file_converted_back_matches_the_rgb_build(builds):
    """Each flattened pixel, converted back through the press profile, is the RGB build's colour
    as the press prints it (within 3 levels), and within 16 levels of the RGB colour itself (the
    profile's gamut); flattened over white, the red over the panel was salmon, 100+ levels away."""
    images = _cmyk_images(builds["cmyk"])
    back = images[(100, 140)]
    for where, rgb in EXPECTED.items():
        got = back.getpixel(where)
        assert _close(got, _round_trip(rgb), 3), (where, got, _round_trip(rgb))
        assert _close(got, rgb, 16), (where, got, rgb)


def _cmyk_images(pdf: Path) -> dict[tuple[int, int], Image.Image]:
    """The CMYK images of the first page by pixel size, converted back to RGB by the profile."""
    found = {}
    for image in PdfReader(pdf).pages[0].images:
        if image.image.mode == "CMYK":
            found[image.image.size] = ImageCms.applyTransform(image.image, convert.transform("CMYK", "RGB"))
    return found


def test_translucent_svgs_are_flattened_over_their_backdrop_too(builds):
    """The veil over the panel is light blue, not paper white at half strength; inside the
    Inkscape file, its 50 % red layer over its own blue is dark red, not salmon."""
    images = _cmyk_images(builds["cmyk"])
    veil = next(im for size, im in images.items() if size[0] == size[1])
    ink = next(im for size, im in images.items() if size[0] != size[1] and size != (100, 140))
    centre = veil.getpixel((veil.width // 2, veil.height // 2))
    light = _over((255, 255, 255), 0.5, PANEL)
    assert _close(centre, _round_trip(light), 3), (centre, light)
    glaze = ink.getpixel((ink.width // 2, int(ink.height * 9 / 30)))
    dark_red = _over(RED, 0.5, PANEL)
    assert _close(glaze, _round_trip(dark_red), 3) and _close(glaze, dark_red, 16), (glaze, dark_red)
    assert ink.width >= 20 / 25.4 * 600 - 2  # drawn at 600 dpi where it prints


def test_the_flattened_file_is_still_pdfx_and_clean(builds):
    assert pdfx_problems(builds["cmyk"]) == []
    assert pdf_problems(builds["cmyk"]) == []
