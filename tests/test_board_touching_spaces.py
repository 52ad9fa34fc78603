"""A route whose spaces touch along the road: a node kind's ``span`` (the road a junction takes,
so the spaces on either side keep one pitch), one-way arrowheads beside the junctions
(``arrows: junctions``) where they would hide under touching spaces, and node names written on
several lines keeping their size."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board.layout import layout_board
from generator.board.ops import PolyOp
from generator.core.units import mm
from generator.layout.ops import RectOp, TextOp
from tests.test_board_layout import HEAD, make_board

ROUTE = (
    HEAD
    + """\
features:
  - type: map
    space: 20mm
    arrows: %s
    spaces:
      beige: {fill: "#f1e2bd"}
    kinds:
      junction: {shape: dot, size: 4mm, span: 21mm, label: none}
      town: {shape: circle, size: 40mm, label: below, name_text: {size: 14pt}}
    nodes:
      a: {at: [30mm, 40mm], kind: town, name: "Meet 1\\nFebruary"}
      j: {at: [166.5mm, 40mm], kind: junction}
      b: {at: [261mm, 40mm], kind: town, name: "Meet 2"}
      c: {at: [166.5mm, 113.5mm], kind: town, name: "Meet 3"}
    edges:
      - {from: a, to: j, spaces: 5, pattern: [beige], one_way: true}
      - {from: j, to: b, spaces: 3, pattern: [beige], one_way: true}
      - {from: j, to: c, spaces: 2, pattern: [beige], one_way: true}
"""
)


def layout(tmp_path: Path, arrows: str = "junctions"):
    board, game = make_board(tmp_path, ROUTE % arrows)
    return layout_board(board, FontBook.load(game.font_dirs)).ops


def spaces(ops) -> list[RectOp]:
    return [op for op in ops if isinstance(op, RectOp) and op.fill == "#f1e2bd"]


def test_a_junction_span_keeps_the_spaces_one_pitch_apart(tmp_path: Path):
    """From a meet (40 mm: 21 mm of road each side) to a junction (span 21 mm: 10.5 mm each side),
    five 20 mm spaces sit 21 mm apart, and the spaces after the junction go on 21 mm apart, with
    the junction's 21 mm between the two roads."""
    ops = spaces(layout(tmp_path))
    xs = sorted(op.box.x + op.box.w / 2 for op in ops if abs(op.box.y + op.box.h / 2 - mm(200 - 40)) < 1)
    assert all(op.box.w == pytest.approx(mm(20)) for op in ops) and len(ops) == 10
    assert [round((x - xs[0]) / mm(1), 3) for x in xs] == [0, 21, 42, 63, 84, 126, 147, 168]
    assert xs[0] == pytest.approx(mm(30 + 31.5))


def test_arrowheads_beside_the_junction_not_under_the_spaces(tmp_path: Path):
    ops = layout(tmp_path)
    heads = [op for op in ops if isinstance(op, PolyOp) and op.closed]
    # one on the road into the junction, one on each road out of it; none on the meets' sides
    assert len(heads) == 3
    junction = (mm(166.5), mm(200 - 40))
    for head in heads:
        tip = head.points[0]
        assert math.dist(tip, junction) < mm(10.5), tip  # in the junction's free road
    for head in heads:  # and under no space
        for op in spaces(ops):
            b = op.box
            assert not all(b.x < x < b.right and b.y < y < b.top for x, y in head.points)


def test_first_space_arrows_stay_as_they_were(tmp_path: Path):
    heads = [op for op in layout(tmp_path, "first-space") if isinstance(op, PolyOp) and op.closed]
    assert len(heads) == 3  # one per road, between its first two spaces


def test_a_name_on_two_lines_keeps_its_size(tmp_path: Path):
    runs = [r for op in layout(tmp_path) if isinstance(op, TextOp) for r in op.layout.runs]
    sizes = {r.text: r.size for r in runs}
    assert sizes["Meet 1"] == sizes["February"] == sizes["Meet 2"] == pytest.approx(14.0)


PATCHES = """\
outlines:
  - name: winter
    fill: "#e3ebf3"
    points: [[10mm, 10mm], [90mm, 10mm], [90mm, 90mm]]
  - name: plain
    points: [[110mm, 10mm], [190mm, 10mm], [190mm, 90mm]]
"""


def test_outline_shapes_carry_their_own_fill(tmp_path: Path):
    """Patches of several colours in one outline file (Entenrallye's seasons); a shape without a
    fill takes the feature's."""
    folder = tmp_path / "patches"
    folder.mkdir()
    (folder / "patches.yaml").write_text(PATCHES, encoding="utf-8")
    board, game = make_board(
        folder,
        HEAD + 'features:\n  - {type: outline, file: patches.yaml, look: {fill: "#f4dfc8", stroke: none}}\n',
    )
    polys = [op for op in layout_board(board, FontBook.load(game.font_dirs)).ops if isinstance(op, PolyOp)]
    assert [p.fill for p in polys] == ["#e3ebf3", "#f4dfc8"]
