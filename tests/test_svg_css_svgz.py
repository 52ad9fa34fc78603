"""SVG art as design programs also save it: masks, filters and opacity set through a ``<style>``
sheet's classes (Illustrator's "Style Elements" export), and Inkscape's compressed ``.svgz``
(issue 33, item 9)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from lxml import etree

from generator.art.svgfeatures import push_opacity
from generator.art.svgfile import MAX_UNZIPPED, read_svg
from tests.conftest import MINI_FRONT, write_game
from tests.test_inline_icons import INKSCAPE_COIN

# Illustrator, "Styling: Style Elements": presentation set through classes in a <style> sheet
ILLUSTRATOR = """\
<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" x="0px" y="0px"
\t viewBox="0 0 40 40" style="enable-background:new 0 0 40 40;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#2980B9;}
\t.st1{mask:url(#SVGID_1_);}
\t.st2{filter:url(#shadow);}
\t.st3{opacity:0.5;fill:#C0392B;}
</style>
<defs><mask id="SVGID_1_"><rect width="40" height="20" fill="#fff"/></mask>
<filter id="shadow"><feGaussianBlur stdDeviation="2"/></filter></defs>
<rect x="0" y="0" class="st0" width="40" height="40"/>
<circle class="st1 st0" cx="20" cy="20" r="10"/>
<rect x="5" y="5" class="st2" width="10" height="10"/>
<rect x="25" y="25" class="st3" width="10" height="10"/>
</svg>
"""


def test_a_mask_set_through_a_class_is_refused_at_its_line(tmp_path: Path):
    art = tmp_path / "emblem.svg"
    art.write_text(ILLUSTRATOR)
    found = read_svg(art)
    assert found.drawing is None and "line 14: a mask" in found.refused, found.refused


def test_a_filter_set_through_a_class_is_a_warning(tmp_path: Path):
    art = tmp_path / "emblem.svg"
    art.write_text(ILLUSTRATOR.replace('class="st1 st0"', 'class="st0"'))
    found = read_svg(art)
    assert found.refused is None
    assert any("line 15: a filter effect" in w for w in found.warnings), found.warnings


def test_opacity_set_through_a_class_is_drawn():
    root = etree.fromstring(ILLUSTRATOR.encode())
    push_opacity(root)
    half = next(e for e in root.iter() if e.get("class") == "st3")
    assert "fill-opacity:0.5" in half.get("style")


def _svgz(path: Path, text: str) -> Path:
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    return path


def test_an_inkscape_svgz_is_read_as_it_is(tmp_path: Path, run_cli):
    game = write_game(
        tmp_path / "mini",
        {
            "templates/mini-front.yaml": MINI_FRONT
            + "  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: art/coin.svgz}\n"
        },
    )
    (game / "art").mkdir()
    art = _svgz(game / "art" / "coin.svgz", INKSCAPE_COIN)
    found = read_svg(art)
    assert found.refused is None and found.drawing.width == pytest.approx(48)  # 64 px = 48 pt
    code, out, err = run_cli("check", str(game))
    assert code == 0, out + err
    code, out, err = run_cli("build", str(game), "-o", str(tmp_path / "out"))
    assert code == 0, out + err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            lambda: gzip.compress(INKSCAPE_COIN.encode())[:60],
            "cannot unpack this compressed SVG (the compressed data is cut short)",
        ),
        (lambda: gzip.compress(b"<svg>" + b" " * (MAX_UNZIPPED + 10)), "unpacks to more than 32 MiB"),
    ],
)
def test_a_broken_or_oversized_svgz_is_refused(tmp_path: Path, content, expected: str):
    art = tmp_path / "art.svgz"
    art.write_bytes(content())
    found = read_svg(art)
    assert found.drawing is None and expected in found.refused, found.refused
