"""Placement: boxes anchored to the card or to named elements, sizes as shares of the card,
flows along a row or column, a repeat over a number; and their errors at file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.core.paths import FONTS, ICONS
from generator.core.units import mm
from generator.layout.anchor import flow_offsets
from generator.layout.card import CardLayouter
from generator.layout.ops import GroupOp, IconOp, RectOp, TextOp
from generator.load.templates import TemplateLibrary
from generator.schema.placement import FlowSpec
from tests.conftest import MINI_FRONT, write_game

W, H = mm(63.5), mm(88.9)


def _flat(ops) -> list:
    out = []
    for op in ops:
        out += _flat(op.ops) if isinstance(op, GroupOp) else [op]
    return out


def _layout(tmp_path: Path, elements: str, values: dict | None = None) -> list:
    (tmp_path / "t.yaml").write_text("elements:\n" + elements)
    template = TemplateLibrary([tmp_path]).get("t")
    icons = {p.stem: p for p in ICONS.glob("*.svg")}
    layouter = CardLayouter(template, W, H, mm(3), FontBook.load([FONTS]), icons, {}, ())
    return _flat(layouter.layout(values or {"name": "A"}, "x").ops)


def _mm(box) -> tuple[float, ...]:
    return tuple(round(v / mm(1), 4) for v in (box.x, box.y, box.w, box.h))


def test_anchored_to_each_corner_edge_and_centre_of_the_card(tmp_path: Path) -> None:
    anchors = [
        "top-left",
        "top",
        "top-right",
        "left",
        "center",
        "right",
        "bottom-left",
        "bottom",
        "bottom-right",
    ]
    elements = "".join(
        f"  - {{type: rect, fill: red, place: {{size: [10mm, 20mm], anchor: {a}}}}}\n" for a in anchors
    )
    boxes = [_mm(op.box) for op in _layout(tmp_path, elements)]
    x = {"left": 0, "": 26.75, "right": 53.5}
    y = {"top": 68.9, "": 34.45, "bottom": 0}
    expected = []
    for a in anchors:
        v = next((k for k in ("top", "bottom") if a.startswith(k)), "")
        h = next((k for k in ("left", "right") if a.endswith(k)), "")
        expected.append((x[h], y[v], 10, 20))
    assert boxes == [pytest.approx(e) for e in expected]


def test_shares_of_the_card_offsets_and_a_named_element(tmp_path: Path) -> None:
    elements = (
        "  - {type: rect, name: band, fill: red, place: {size: [100%, 20%], anchor: top}}\n"
        "  - {type: rect, name: seal, fill: red, place: {size: [10mm, 10mm], anchor: right, to: band, "
        "offset: [-2mm, 0mm]}}\n"
        "  - {type: rect, fill: red, place: {size: [50%, 5mm], anchor: top, to: band, at: bottom, offset: [0mm, 1mm]}}\n"
        "  - {type: rect, fill: red, place: {size: [5mm, 5mm], anchor: bottom-right, to: safe}}\n"
        "  - {type: rect, fill: red, place: {size: [5mm, 5mm], anchor: top-left, to: bleed}}\n"
    )
    band, seal, under, corner, outside = (_mm(op.box) for op in _layout(tmp_path, elements))
    assert band == pytest.approx((0, 88.9 * 0.8, 63.5, 88.9 * 0.2))
    assert seal == pytest.approx((63.5 - 2 - 10, 88.9 * 0.9 - 5, 10, 10))
    assert under == pytest.approx((63.5 / 4, 88.9 * 0.8 - 1 - 5, 63.5 / 2, 5))
    assert corner == pytest.approx((63.5 - 3 - 5, 3, 5, 5))
    assert outside == pytest.approx((-3, 88.9 + 3 - 5, 5, 5))


@pytest.mark.parametrize(
    ("align", "starts"),
    [("start", [0, 7, 14]), ("center", [15.5, 22.5, 29.5]), ("end", [31, 38, 45]), ("spread", [0, 22.5, 45])],
)
def test_flow_positions(align: str, starts: list[float]) -> None:
    flow = FlowSpec(size=(5, 5), gap=2, align=align)
    assert [x for x, _ in flow_offsets(flow, 3, 50)] == pytest.approx(starts)
    column = FlowSpec(direction="column", size=(5, 5), gap=2, align=align)
    assert [y for _, y in flow_offsets(column, 3, 50)] == pytest.approx(starts)


def test_a_flow_over_a_number_spreads_icons_along_a_bar(tmp_path: Path) -> None:
    elements = (
        "  - type: repeat\n"
        "    over: '{= stars * 2}'\n"
        "    box: [10mm, 80mm, 40mm, 4mm]\n"
        "    flow: {size: [4mm, 4mm], align: spread}\n"
        "    elements:\n"
        "      - {type: icon, box: [0mm, 0mm, 4mm, 4mm], icon: star}\n"
    )
    icons = [op for op in _layout(tmp_path, elements, {"name": "A", "stars": 3}) if isinstance(op, IconOp)]
    assert [round(op.box.x / mm(1), 4) for op in icons] == pytest.approx([10, 17.2, 24.4, 31.6, 38.8, 46])
    assert [op.box.y / mm(1) for op in icons] == pytest.approx([88.9 - 84] * 6)


def test_static_placed_text_keeps_its_place(tmp_path: Path) -> None:
    ops = _layout(tmp_path, "  - {type: text, text: Hi, place: {size: [20mm, 10mm], anchor: bottom-left}}\n")
    [text] = [op for op in ops if isinstance(op, TextOp)]
    assert _mm(text.box) == pytest.approx((0, 0, 20, 10))
    assert not [op for op in ops if isinstance(op, RectOp)]


@pytest.mark.parametrize(
    ("elements", "message"),
    [
        (
            "  - {type: rect, place: {size: [5mm, 5mm], to: bnad}}\n  - {type: rect, name: band}\n",
            "'bnad' is not an area or an earlier element's name",
        ),
        ("  - {type: rect, name: a}\n  - {type: rect, name: a}\n", "name: 'a' is used twice"),
        ("  - {type: rect, place: {size: [5mm, 5mm], anchor: middle}}\n", "place.anchor"),
        ("  - {type: rect, place: {size: [5mm, lots%]}}\n", "expected a length (12mm) or a share"),
        ("  - type: repeat\n    over: '{= cost +}'\n    elements: []\n", "ends too early"),
    ],
)
def test_placement_errors_at_their_line(tmp_path: Path, run_cli, elements: str, message: str) -> None:
    write_game(tmp_path / "mini", {"templates/mini-front.yaml": MINI_FRONT + elements})
    code, _, err = run_cli("check", "mini")
    assert code == 1 and "Traceback" not in err
    assert "mini/templates/mini-front.yaml:10:" in err or "mini/templates/mini-front.yaml:11:" in err, err
    assert message in err, err
