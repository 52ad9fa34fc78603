"""Image filters: each step on known pixels, applied once per image and cached, their errors at
file:line, and valid PDF/X-1a output (flattened, no transparency)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from generator.render import filters
from tests.conftest import MINI_FRONT, write_game
from tests.pdfx_check import pdfx_problems


@pytest.fixture
def quad(tmp_path: Path) -> Path:
    """A 4 x 2 image: left half red, right half blue; its top-left pixel green."""
    image = Image.new("RGBA", (4, 2), (255, 0, 0, 255))
    image.paste((0, 0, 255, 255), (2, 0, 4, 2))
    image.putpixel((0, 0), (0, 255, 0, 255))
    path = tmp_path / "quad.png"
    image.save(path)
    return path


def test_each_filter(quad: Path) -> None:
    crop = filters.filtered(quad, (("crop", (0.5, 0.0, 0.5, 1.0)),))
    assert crop.size == (2, 2) and crop.getpixel((0, 0)) == (0, 0, 255, 255)
    turned = filters.filtered(quad, (("rotate", 90),))  # clockwise: the top-left goes top-right
    assert turned.size == (2, 4) and turned.getpixel((1, 0)) == (0, 255, 0, 255)
    mirrored = filters.filtered(quad, (("flip", "horizontal"),))
    assert mirrored.getpixel((3, 0)) == (0, 255, 0, 255)
    flipped = filters.filtered(quad, (("flip", "vertical"),))
    assert flipped.getpixel((0, 1)) == (0, 255, 0, 255)
    gray = filters.filtered(quad, (("grayscale", True),))
    assert {len(set(gray.getpixel((x, y))[:3])) for x in range(4) for y in range(2)} == {1}
    tinted = filters.filtered(quad, (("tint", "#808080"),))
    assert tinted.getpixel((3, 1)) == (0, 0, 128, 255)
    faded = filters.filtered(quad, (("opacity", 0.5),))
    assert faded.getpixel((3, 1))[3] == 128


def test_applied_once_per_image_and_steps(tmp_path: Path, run_cli) -> None:
    image = Image.new("RGB", (600, 600), (200, 40, 40))
    folder = write_game(
        tmp_path / "mini",
        {
            "templates/mini-front.yaml": MINI_FRONT
            + ("  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: pic.png, filters: {grayscale: true}}\n")
        },
    )
    image.save(folder / "pic.png")
    filters._filtered.cache_clear()
    code, _, err = run_cli("build", "mini", "-o", "out")
    assert code == 0, err
    info = filters._filtered.cache_info()
    assert info.misses == 1 and info.hits >= 2  # three cards (Alpha, Beta x2), one filtering
    page = pypdfium2.PdfDocument(str(tmp_path / "out" / "mini" / "cards.pdf"))[0]
    pixels = page.render(scale=2).to_pil().convert("RGB")
    found = {pixels.getpixel((x, y)) for x in range(0, pixels.width, 5) for y in range(0, pixels.height, 5)}
    assert not any(abs(r - 200) < 8 and abs(g - 40) < 8 and abs(b - 40) < 8 for r, g, b in found)  # no red
    assert any(r == g == b and 84 <= r <= 92 for r, g, b in found)  # its gray: 0.299 R + 0.587 G + 0.114 B


def test_cmyk_files_stay_pdfx(tmp_path: Path, run_cli) -> None:
    image = Image.new("RGBA", (300, 300), (30, 90, 200, 255))
    folder = write_game(
        tmp_path / "mini",
        {
            "templates/mini-front.yaml": MINI_FRONT
            + (
                "  - {type: polygon, box: [4mm, 60mm, 20mm, 20mm], image: pic.png,"
                " filters: {opacity: 0.5, tint: '#ff8080', rotate: 270, crop: [10%, 10%, 80%, 80%]}}\n"
                "  - {type: image, box: [30mm, 60mm, 20mm, 20mm], file: pic.png, filters: {flip: both}}\n"
            )
        },
    )
    image.save(folder / "pic.png")
    code, _, err = run_cli("build", "mini", "-o", "out", "--color", "cmyk")
    assert code == 0, err
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    assert pdfx_problems(pdf) == []
    first = pdf.read_bytes()
    assert run_cli("build", "mini", "-o", "out", "--color", "cmyk")[0] == 0
    assert pdf.read_bytes() == first


@pytest.mark.parametrize(
    ("element", "message"),
    [
        ("{type: image, box: trim, file: pic.png, filters: {rotate: 45}}", "expected 0, 90, 180 or 270"),
        ("{type: image, box: trim, file: pic.png, filters: {opacity: 2}}", "filters.opacity"),
        ("{type: image, box: trim, file: pic.png, filters: {tint: blurple}}", "unknown colour 'blurple'"),
        ("{type: image, box: trim, file: pic.png, filters: {blur: 2}}", "filters.blur"),
        (
            "{type: image, box: trim, file: pic.svg, filters: {grayscale: true}}",
            "'filters' work on PNG and JPEG images",
        ),
    ],
)
def test_filter_errors_at_their_line(tmp_path: Path, run_cli, element: str, message: str) -> None:
    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": MINI_FRONT + f"  - {element}\n"})
    Image.new("RGB", (50, 50)).save(folder / "pic.png")
    (folder / "pic.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err
    assert "mini/templates/mini-front.yaml:10:" in err and message in err, err
