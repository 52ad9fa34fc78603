"""Translucent images in a CMYK (PDF/X-1a) build are flattened over what lies beneath them, not
over white paper (``generator/render/backdrop.py``).

A card with layered transparency: a dark blue panel and a yellow bar, and over both a PNG whose
left half is 50 % red and whose right half fades from clear to green. The RGB build shows the
image live over its backdrop; the CMYK file must show the same colours once converted back
through the press profile.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader

from generator.color import convert
from tests.conftest import write_game
from tests.pdf_resources import pdf_problems
from tests.pdfx_check import pdfx_problems

PANEL, BAR, RED, GREEN = (26, 60, 140), (241, 196, 15), (255, 0, 0), (0, 160, 80)
FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [0mm, 0mm, 63.5mm, 44mm], fill: "#1a3c8c"}
  - {type: rect, box: [10mm, 50mm, 40mm, 20mm], fill: "#f1c40f"}
  - {type: image, box: [5mm, 10mm, 50mm, 70mm], file: art/glaze.png, fit: stretch}
"""


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
    from typer.testing import CliRunner

    from generator.cli import app

    folder = write_game(tmp_path_factory.mktemp("layered") / "game", {"templates/mini-front.yaml": FRONT})
    (folder / "art").mkdir()
    glaze = Image.new("RGBA", (100, 140), (*RED, 128))
    for x in range(50, 100):
        for y in range(120):
            glaze.putpixel((x, y), (*GREEN, int(255 * (x - 50) / 50)))
    glaze.paste((0, 0, 0, 0), (0, 120, 100, 140))
    glaze.save(folder / "art" / "glaze.png")
    out: dict[str, Path] = {}
    for mode in ("rgb", "cmyk"):
        target = folder.parent / mode
        result = CliRunner().invoke(app, ["build", str(folder), "-o", str(target), "--color", mode])
        assert result.exit_code == 0, result.output
        out[mode] = target / "mini" / "cards.pdf"
    return out


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
    reader = PdfReader(builds["cmyk"])
    (image,) = [i.image for i in reader.pages[0].images if i.image.mode == "CMYK"]
    back = ImageCms.applyTransform(image, convert.transform("CMYK", "RGB"))
    for where, rgb in EXPECTED.items():
        got = back.getpixel(where)
        assert _close(got, _round_trip(rgb), 3), (where, got, _round_trip(rgb))
        assert _close(got, rgb, 16), (where, got, rgb)


def test_the_flattened_file_is_still_pdfx_and_clean(builds):
    assert pdfx_problems(builds["cmyk"]) == []
    assert pdf_problems(builds["cmyk"]) == []
