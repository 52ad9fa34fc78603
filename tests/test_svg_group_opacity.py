"""Exact group opacity inside SVG art (issue 33, item 9): a translucent group is composited as one
layer, so shapes overlapping inside it do not show through one another.

The art is two overlapping red squares in a group at 50 %, as Inkscape saves it (``style=
"opacity:0.5"`` on a ``<g>`` inside its layer) and as Illustrator saves it (``opacity="0.5"``).
Where the squares overlap the card must show the same colour as where only one lies: 50 % red
over the backdrop, not 75 %. RGB files draw the group as a PDF transparency group; CMYK
(PDF/X-1a) files flatten it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from generator.art.svgfile import read_svg
from generator.render.forms import CompleteForms
from generator.render.svgdraw import draw_svg
from tests.conftest import build_in_both_colours, write_game
from tests.pdf_resources import pdf_problems
from tests.pdfx_check import pdfx_problems

INKSCAPE_GROUP = """\
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->

<svg
   width="30mm"
   height="20mm"
   viewBox="0 0 30 20"
   version="1.1"
   id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)"
   sodipodi:docname="pair.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview
     id="namedview1"
     pagecolor="#ffffff"
     bordercolor="#666666"
     borderopacity="1.0"
     inkscape:document-units="mm" />
  <defs
     id="defs1" />
  <g
     inkscape:label="Layer 1"
     inkscape:groupmode="layer"
     id="layer1">
    <g
       id="g3"
       style="opacity:0.5">
      <rect
         style="fill:#ff0000;fill-opacity:1;stroke:none;stroke-width:0.264583"
         id="rect1"
         width="15"
         height="15"
         x="2"
         y="2" />
      <rect
         style="fill:#ff0000;fill-opacity:1;stroke:none;stroke-width:0.264583"
         id="rect2"
         width="15"
         height="15"
         x="10"
         y="4" />
    </g>
  </g>
</svg>
"""
ILLUSTRATOR_GROUP = """\
<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
\t width="30mm" height="20mm" viewBox="0 0 30 20" style="enable-background:new 0 0 30 20;" xml:space="preserve">
<g opacity="0.5">
\t<rect x="2" y="2" fill="#FF0000" width="15" height="15"/>
\t<rect x="10" y="4" fill="#FF0000" width="15" height="15"/>
</g>
</svg>
"""
SOLID = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#00a050"/></svg>'
PANEL, RED, GREEN, WHITE = (26, 60, 140), (255, 0, 0), (0, 160, 80), (255, 255, 255)
FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [0mm, 0mm, 63.5mm, 44mm], fill: "#1a3c8c"}
  - {type: image, box: [30mm, 5mm, 30mm, 20mm], file: art/illustrator.svg}
  - {type: image, box: [5mm, 50mm, 30mm, 20mm], file: art/inkscape.svg}
  - {type: image, box: [5mm, 75mm, 10mm, 10mm], file: art/solid.svg, opacity: 0.5}
  - {type: image, box: [20mm, 75mm, 10mm, 10mm], file: art/solid.svg}
  - {type: image, box: [35mm, 75mm, 10mm, 10mm], file: art/solid.svg, opacity: 0.5}
"""
# (mm from the card's trim corner) of points on one square, on both, on the other
ON_PANEL = ((35, 15), (43, 15), (52, 15))
ON_WHITE = ((10, 60), (18, 60), (27, 60))


def _over(top: tuple[int, ...], alpha: float, under: tuple[int, ...]) -> tuple[float, ...]:
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under, strict=True))


def _close(a, b, tolerance: float) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:

    folder = write_game(tmp_path_factory.mktemp("group") / "game", {"templates/mini-front.yaml": FRONT})
    (folder / "art").mkdir()
    (folder / "art" / "inkscape.svg").write_text(INKSCAPE_GROUP)
    (folder / "art" / "illustrator.svg").write_text(ILLUSTRATOR_GROUP)
    (folder / "art" / "solid.svg").write_text(SOLID)
    return build_in_both_colours(folder)


def _page(pdf: Path, scale: float = 4) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()


def _corner(page: Image.Image) -> tuple[int, int]:
    """The first card's trim corner: the top-left pixel of its blue panel."""
    for y in range(page.height):
        for x in range(page.width):
            if _close(page.getpixel((x, y)), PANEL, 16):
                return x, y
    raise AssertionError("no panel")


def _at(page: Image.Image, corner: tuple[int, int], mm: tuple[float, float], scale: float = 4) -> tuple:
    return page.getpixel(tuple(round(c + v * 72 / 25.4 * scale) for c, v in zip(corner, mm, strict=True)))


@pytest.mark.parametrize("mode", ["rgb", "cmyk"])
def test_the_overlap_shows_the_same_colour_as_one_square(builds, mode: str):
    page = _page(builds[mode])
    corner = _corner(page)
    for points, under in ((ON_PANEL, PANEL), (ON_WHITE, WHITE)):
        one, both, other = (_at(page, corner, p) for p in points)
        assert _close(both, one, 2) and _close(other, one, 2), (mode, points, one, both, other)
        if mode == "rgb":  # the CMYK file prints through the press profile (its own gamut)
            assert _close(one, _over(RED, 0.5, under), 3), (one, _over(RED, 0.5, under))
        else:
            assert _close(one, _over(RED, 0.5, under), 40), (one, _over(RED, 0.5, under))
        assert not _close(both, _over(RED, 0.75, under), 20)  # not one square seen through the other


def test_svg_art_placed_with_an_opacity_is_drawn_at_it_wherever_it_repeats(builds):
    """The same SVG placed at 50 %, at 100 %, at 50 %: each at its own opacity (the drawing's own
    alpha would otherwise override the element's, or the first use's be kept for the others)."""
    page = _page(builds["rgb"])
    corner = _corner(page)
    half, full, again = (_at(page, corner, (x, 80)) for x in (10, 25, 40))
    assert _close(full, GREEN, 3), full
    assert _close(half, _over(GREEN, 0.5, WHITE), 3) and _close(again, half, 1), (half, again)


def test_the_rgb_file_has_transparency_groups_and_the_cmyk_file_none(builds):
    def groups(pdf: Path) -> int:  # ReportLab writes object dictionaries uncompressed
        return pdf.read_bytes().count(b"/S /Transparency")

    assert groups(builds["rgb"]) >= 3  # the two groups, the solid art placed at 50 %
    assert groups(builds["cmyk"]) == 0
    assert pdfx_problems(builds["cmyk"]) == []
    for pdf in builds.values():
        assert pdf_problems(pdf) == []


def test_the_same_input_gives_the_same_bytes(builds, tmp_path: Path):
    from typer.testing import CliRunner

    from generator.cli import app

    game = builds["rgb"].parents[2] / "game"
    result = CliRunner().invoke(app, ["build", str(game), "-o", str(tmp_path / "again")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "again" / "mini" / "cards.pdf").read_bytes() == builds["rgb"].read_bytes()


class _Canvas(CompleteForms, Canvas):
    pass


def _drawn(svg: str, tmp_path: Path) -> tuple[Image.Image, float]:
    """The SVG drawn alone on a white page as Deckwright draws it, and pixels per SVG unit."""
    path = tmp_path / "art.svg"
    path.write_text(svg)
    found = read_svg(path)
    assert found.refused is None, found.refused
    drawing = found.drawing
    data = io.BytesIO()
    canvas = _Canvas(data, pagesize=(drawing.width, drawing.height), invariant=1)
    draw_svg(drawing, canvas)
    canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(data.getvalue())
    try:
        image = document[0].render(scale=4).to_pil().convert("RGB")
    finally:
        document.close()
    return image, image.width / 30


USE = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="30mm" height="20mm" viewBox="0 0 30 20">
<defs><g id="pair"><rect fill="#0000ff" width="15" height="15" x="2" y="2"/>
<rect fill="#0000ff" width="15" height="15" x="10" y="4"/></g></defs>
<use xlink:href="#pair" opacity="0.5"/></svg>"""
OUTER = """<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" viewBox="0 0 30 20"
 style="opacity:.5"><rect fill="#0000ff" width="15" height="15" x="2" y="2"/>
<rect fill="#0000ff" width="15" height="15" x="10" y="4"/></svg>"""
SYMBOL = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="30mm" height="20mm" viewBox="0 0 30 20">
<defs><symbol id="pair" opacity="0.5"><rect fill="#0000ff" width="15" height="15" x="2" y="2"/>
<rect fill="#0000ff" width="15" height="15" x="10" y="4"/></symbol></defs>
<use xlink:href="#pair"/></svg>"""
NESTED = """<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" viewBox="0 0 30 20">
<svg x="0" y="0" width="30" height="20" opacity="0.5"><rect fill="#0000ff" width="15" height="15" x="2" y="2"/>
<rect fill="#0000ff" width="15" height="15" x="10" y="4"/></svg></svg>"""
STROKED = """<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" viewBox="0 0 30 20">
<rect fill="#0000ff" stroke="#000000" stroke-width="4" opacity="0.5" x="4" y="3" width="20" height="15"/></svg>"""


@pytest.mark.parametrize("svg", [USE, OUTER, SYMBOL, NESTED], ids=["use", "outer-svg", "symbol", "inner-svg"])
def test_opacity_on_a_use_a_symbol_or_an_svg_is_one_layer(svg: str, tmp_path: Path):
    image, unit = _drawn(svg, tmp_path)
    one, both = image.getpixel((5 * unit, 10 * unit)), image.getpixel((13 * unit, 10 * unit))
    assert _close(one, (128, 128, 255), 2) and _close(both, one, 1), (one, both)


def test_a_translucent_shape_stroke_hides_its_own_fill(tmp_path: Path):
    """SVG's ``opacity`` on one shape covers fill and stroke together: the stroke, half over the
    fill, is 50 % black over white, not over blue."""
    image, unit = _drawn(STROKED, tmp_path)
    on_stroke, inside = image.getpixel((5 * unit, 10 * unit)), image.getpixel((14 * unit, 10 * unit))
    assert _close(on_stroke, (128, 128, 128), 2), on_stroke
    assert _close(inside, (128, 128, 255), 2), inside


def test_a_group_at_full_opacity_or_a_single_shape_needs_no_layer(tmp_path: Path):
    from generator.art.svglayers import Layer

    def layers(svg: str) -> int:
        path = tmp_path / "art.svg"
        path.write_text(svg)
        stack, count = [read_svg(path).drawing], 0
        while stack:
            node = stack.pop()
            count += isinstance(node, Layer)
            stack.extend(getattr(node, "contents", ()))
        return count

    single = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5" opacity=".5"/></svg>'
    assert layers(single) == 0
    assert layers(ILLUSTRATOR_GROUP.replace('opacity="0.5"', 'opacity="1"')) == 0
    assert layers(ILLUSTRATOR_GROUP) == 1
