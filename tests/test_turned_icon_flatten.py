"""An inline icon in a turned text box is flattened over what lies beneath it where it prints,
turned with the text, in a CMYK (PDF/X-1a) file (issue 33, item 9)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageCms
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.color import convert
from tests.conftest import MINI_GAME, write_game
from tests.pdfx_check import pdfx_problems

PANEL = (26, 60, 140)
VEIL = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fff" fill-opacity="0.5"/></svg>'
# a tall blue band down the card's middle; a text box across it, turned to run along the band:
# its icon lies on the band once turned, on white paper if the turn were left out
FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [24mm, 5mm, 15mm, 78mm], fill: "#1a3c8c"}
  - {type: text, box: [6.75mm, 39mm, 50mm, 10mm], text: ":veil: Veil", size: 16pt, color: "#ffffff", rotate: 90}
"""


def _round_trip(rgb) -> tuple[int, ...]:
    from generator.color.images import within_limit

    pixel = Image.new("RGB", (1, 1), tuple(round(v) for v in rgb))
    cmyk = within_limit(ImageCms.applyTransform(pixel, convert.transform("RGB", "CMYK")), 300)
    return ImageCms.applyTransform(cmyk, convert.transform("CMYK", "RGB")).getpixel((0, 0))


def test_the_icon_of_a_turned_text_is_flattened_over_its_own_backdrop(tmp_path: Path):
    game = MINI_GAME + "icons:\n  veil: art/veil.svg\n"
    folder = write_game(tmp_path / "game", {"game.yaml": game, "templates/mini-front.yaml": FRONT})
    (folder / "art").mkdir()
    (folder / "art" / "veil.svg").write_text(VEIL)
    result = CliRunner().invoke(app, ["build", str(folder), "-o", str(tmp_path / "out"), "--color", "cmyk"])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "mini" / "cards.pdf"
    assert pdfx_problems(pdf) == []
    images = [im.image for im in PdfReader(pdf).pages[0].images if im.image.mode == "CMYK"]
    assert images
    veil = ImageCms.applyTransform(images[0], convert.transform("CMYK", "RGB"))
    centre = veil.getpixel((veil.width // 2, veil.height // 2))
    light_blue = tuple(0.5 * 255 + 0.5 * p for p in PANEL)  # white at 50 % over the band
    expected = _round_trip(light_blue)
    assert max(abs(a - b) for a, b in zip(centre, expected, strict=True)) <= 3, (centre, expected)
