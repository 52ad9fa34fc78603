"""Template resolution and card-face layout, asserted on layout data (no PDF)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.core.errors import DataError
from generator.core.geometry import Box
from generator.core.paths import FONTS, ICONS
from generator.core.units import mm
from generator.layout.card import CardLayouter, LayoutProblem
from generator.layout.ops import GroupOp, IconOp, RectOp, TextOp
from generator.load.templates import TemplateLibrary

W, H = mm(63.5), mm(88.9)


def _library(tmp_path: Path, files: dict[str, str]) -> TemplateLibrary:
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text)
    return TemplateLibrary([tmp_path])


def _layouter(template, keywords=None) -> CardLayouter:
    icons = {p.stem: p for p in ICONS.glob("*.svg")}
    return CardLayouter(template, W, H, mm(3), FontBook.load([FONTS]), icons, keywords or {}, ())


BASE = """\
styles:
  default: {accent: "#111111", label: CAPTURE}
  escape: {accent: "#2222aa", label: ESCAPE}
elements:
  - {type: rect, box: bleed, fill: $accent}
  - {type: text, box: [3mm, 3mm, 57.5mm, 8mm], text: $label, size: 9pt}
"""

CHILD = """\
extends: base
styles:
  escape: {accent: "#0000ff"}
elements:
  - {type: text, box: [3mm, 20mm, 57.5mm, 20mm], text: "{name}", size: 12pt, when: "type == escape"}
  - type: repeat
    over: keywords
    box: [3mm, 50mm, 20mm, 6mm]
    step: [0mm, 7mm]
    elements:
      - {type: icon, box: [0mm, 0mm, 6mm, 6mm], icon: "{item|lower}"}
"""


def test_extends_appends_elements_and_overlays_styles(tmp_path: Path):
    template = _library(tmp_path, {"base": BASE, "child": CHILD}).get("child")
    assert len(template.elements) == 4
    assert template.style("escape") == {"accent": "#0000ff", "label": "ESCAPE"}
    assert template.style("capture") == {"accent": "#111111", "label": "CAPTURE"}


def test_boxes_are_measured_from_the_top_left_of_the_trim(tmp_path: Path):
    layouter = _layouter(_library(tmp_path, {"base": BASE}).get("base"))
    assert layouter.box((mm(3), mm(3), mm(57.5), mm(8))) == Box(mm(3), H - mm(11), mm(57.5), mm(8))
    assert layouter.box("bleed") == Box(-mm(3), -mm(3), W + mm(6), H + mm(6))
    assert layouter.box("safe") == Box(mm(3), mm(3), W - mm(6), H - mm(6))


def test_static_elements_become_one_reusable_group_per_card_type(tmp_path: Path):
    layouter = _layouter(_library(tmp_path, {"base": BASE, "child": CHILD}).get("child"))
    a = layouter.layout({"name": "Fan", "type": "capture", "keywords": ["METAL"]}, "capture")
    b = layouter.layout({"name": "Sail", "type": "capture", "keywords": []}, "capture")
    c = layouter.layout({"name": "Zoom!", "type": "escape", "keywords": []}, "escape")
    assert isinstance(a.ops[0], GroupOp) and a.ops[0] is not None
    assert a.ops[0].key == b.ops[0].key and a.ops[0].key != c.ops[0].key
    fill = a.ops[0].ops[0]
    assert isinstance(fill, RectOp) and fill.fill == "#111111"
    assert c.ops[0].ops[0].fill == "#0000ff"
    # the conditional name shows only on escapes; the repeat draws one icon per keyword
    assert [type(op) for op in a.ops[1:]] == [IconOp]
    assert [type(op) for op in c.ops[1:]] == [TextOp]


def test_repeat_steps_each_item(tmp_path: Path):
    layouter = _layouter(_library(tmp_path, {"base": BASE, "child": CHILD}).get("child"))
    face = layouter.layout({"name": "Fan", "type": "capture", "keywords": ["METAL", "MECHANICAL"]}, "capture")
    icons = [op for op in face.ops if isinstance(op, IconOp)]
    assert [op.name for op in icons] == ["metal", "mechanical"]
    assert icons[0].box.y - icons[1].box.y == pytest.approx(mm(7))


def test_missing_field_and_unknown_icon_are_layout_problems(tmp_path: Path):
    layouter = _layouter(_library(tmp_path, {"base": BASE, "child": CHILD}).get("child"))
    with pytest.raises(LayoutProblem) as info:
        layouter.layout({"type": "escape", "keywords": []}, "escape")
    assert "uses field 'name'" in info.value.message and info.value.element == 2
    with pytest.raises(LayoutProblem) as info:
        layouter.layout({"name": "X", "type": "capture", "keywords": ["NOPE"]}, "capture")
    assert "no icon named 'nope'" in info.value.message


def test_text_fits_and_reports_overflow(tmp_path: Path):
    text = (
        "elements:\n  - {type: text, box: [3mm, 3mm, 20mm, 6mm], text: '{name}', size: 12pt, min_size: 6pt}\n"
    )
    layouter = _layouter(_library(tmp_path, {"t": text}).get("t"))
    short = layouter.layout({"name": "Fan"}, "card")
    assert short.overflows == () and short.ops[0].layout.size == 12
    long = layouter.layout({"name": "A name far too long for this small box " * 5}, "card")
    assert long.overflows and long.overflows[0][0] == 0


def test_unknown_style_is_named(tmp_path: Path):
    text = "elements:\n  - {type: rect, box: trim, fill: $nope}\n"
    layouter = _layouter(_library(tmp_path, {"t": text}).get("t"))
    with pytest.raises(LayoutProblem) as info:
        layouter.layout({}, "card")
    assert "style '$nope' is not defined for this card type" in info.value.message


def test_missing_template_and_cycle(tmp_path: Path):
    library = _library(tmp_path, {"a": "extends: b\n", "b": "extends: a\n"})
    with pytest.raises(DataError) as info:
        library.get("a")
    assert "templates extend each other in a cycle: a -> b -> a" in str(info.value)
    with pytest.raises(DataError) as info:
        library.get("c")
    assert "no template named 'c'" in str(info.value)
