"""Lengths in pixels (``px``) at the ``dpi:`` a template declares, and a template's ``origin``."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.core.units import INCH, mm, parse_length, pixels_at
from generator.load.loader import load_game
from generator.load.templates import TemplateLibrary
from tests.conftest import write_game

PX_FRONT = """\
dpi: 300
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: text, box: [75px, 150px, 600px, 120px], text: "{name}", size: 50px, min_size: 25px}
  - {type: rect, box: [0mm, 0mm, 300px, 1in], stroke: "#000000", stroke_width: 3px}
"""

MM_FRONT = """\
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: text, box: [0.25in, 0.5in, 2in, 0.4in], text: "{name}", size: 12pt, min_size: 6pt}
  - {type: rect, box: [0mm, 0mm, 1in, 1in], stroke: "#000000", stroke_width: 0.72pt}
"""


def _library(tmp_path: Path, **files: str) -> TemplateLibrary:
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    return TemplateLibrary([tmp_path])


def test_pixels_at_the_declared_dpi_for_boxes_and_font_sizes(tmp_path: Path) -> None:
    library = _library(tmp_path, px=PX_FRONT, inches=MM_FRONT)
    px, inches = library.get("px").elements, library.get("inches").elements
    assert px[1].box == pytest.approx((18.0, 36.0, 144.0, 28.8))  # 75 px at 300 dpi = 1/4 in = 18 pt
    assert (px[1].size, px[1].min_size) == pytest.approx((12.0, 6.0))
    for a, b in zip(px, inches, strict=True):
        for key, value in a.model_dump().items():
            other = b.model_dump()[key]
            assert value == (pytest.approx(other) if isinstance(value, float | tuple) else other), key


def test_px_lays_out_the_same_card_as_inches(tmp_path: Path) -> None:
    px = load_game(write_game(tmp_path / "px", {"templates/mini-front.yaml": PX_FRONT}))
    inches = load_game(write_game(tmp_path / "in", {"templates/mini-front.yaml": MM_FRONT}))
    from generator.art.fonts import FontBook
    from generator.layout.deck import DeckFaces

    fonts = FontBook.load(px.font_dirs)
    a = DeckFaces(px, px.decks[0], fonts, mm(3)).faces(px.decks[0].cards[0])[0]
    b = DeckFaces(inches, inches.decks[0], fonts, mm(3)).faces(inches.decks[0].cards[0])[0]
    text_a = [op for op in a.ops if type(op).__name__ == "TextOp"]
    text_b = [op for op in b.ops if type(op).__name__ == "TextOp"]
    assert len(text_a) == len(text_b) == 1
    assert text_a[0].box == text_b[0].box
    assert text_a[0].layout == text_b[0].layout


def test_origin_moves_the_boxes_of_its_own_file_only(tmp_path: Path) -> None:
    child = (
        "extends: base\ndpi: 300\norigin: [-37.5px, -37.5px]\nelements:\n"
        "  - {type: rect, box: [37.5px, 37.5px, 75px, 75px]}\n"
        "  - {type: rect, box: trim}\n"
    )
    base = "elements:\n  - {type: rect, box: [1mm, 2mm, 3mm, 4mm]}\n"
    elements = _library(tmp_path, child=child, base=base).get("child").elements
    assert elements[0].box == pytest.approx((mm(1), mm(2), mm(3), mm(4)))  # the parent's, unmoved
    assert elements[1].box == pytest.approx((0.0, 0.0, 18.0, 18.0))  # Squib's bleed edge -> the trim
    assert elements[2].box == "trim"


def test_px_without_dpi_is_an_error_at_its_line(tmp_path: Path, run_cli) -> None:
    front = "elements:\n  - {type: rect, box: bleed}\n  - {type: text, box: [3mm, 3mm, 40mm, 10mm], text: x, size: 40px}\n"
    folder = write_game(tmp_path / "nodpi", {"templates/mini-front.yaml": front})
    with pytest.raises(DataError) as info:
        load_game(folder)
    [problem] = info.value.problems
    assert (problem.line, problem.path) == (3, "elements[1].size")
    assert "'40px' is in pixels, but the template declares no resolution: add 'dpi: 300'" in problem.message
    code, _, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in err
    assert "nodpi/templates/mini-front.yaml:3:" in err and "add 'dpi: 300'" in err


def test_px_only_inside_a_template_that_may_declare_dpi() -> None:
    with pytest.raises(ValueError, match=r"unknown unit 'px' in '3px' \(known units: pt, mm, cm, in\)"):
        parse_length("3px")
    with pixels_at(600):
        assert parse_length("600px") == pytest.approx(INCH)
    with pixels_at(None), pytest.raises(ValueError, match="declares no resolution"):
        parse_length("3px")
