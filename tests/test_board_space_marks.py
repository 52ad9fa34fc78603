"""Route spaces marked by kind (so kinds differ in black-and-white print) and node data for rules."""

from __future__ import annotations

from pathlib import Path

from generator.art.fonts import FontBook
from generator.board.layout import layout_board
from generator.board.maps import edge_spaces, parse_edge
from generator.layout.ops import IconOp, TextOp
from tests.test_board_layout import HEAD, make_board

ROUTE = (
    HEAD
    + """\
features:
  - type: map
    space: 10mm
    spaces:
      grey: {fill: "#b9b9b9", mark_icon: star}
      beige: {fill: "#ecdcb5"}
      minus: {fill: "#ef9a9a", mark: "x"}
    nodes:
      a: {at: [20mm, 50mm], data: {month: "2"}}
      b: {at: [250mm, 50mm]}
      c: {at: [250mm, 150mm]}
    edges:
      - {from: a, to: b, spaces: 6, pattern: [grey, beige, beige], one_way: true}
      - {from: b, to: c, spaces: [minus, minus], labels: ["-1"]}
"""
)


def ops_of(tmp_path: Path):
    board, game = make_board(tmp_path, ROUTE)
    return board, layout_board(board, FontBook.load(game.font_dirs)).ops


def test_space_kinds_in_order(tmp_path: Path) -> None:
    board, _ = ops_of(tmp_path)
    f = board.spec.features[0]
    first, second = (parse_edge(e) for e in f.edges)
    assert edge_spaces(f, first) == ["grey", "beige", "beige", "grey", "beige", "beige"]
    assert edge_spaces(f, second) == ["minus", "minus"]
    assert f.nodes["a"].data == {"month": "2"}


def test_marks_printed_in_unlabelled_spaces(tmp_path: Path) -> None:
    _, ops = ops_of(tmp_path)
    stars = [op for op in ops if isinstance(op, IconOp) and op.name == "star"]
    assert len(stars) == 2  # the two grey spaces
    texts = ["".join(r.text for r in op.layout.runs) for op in ops if isinstance(op, TextOp)]
    assert texts.count("-1") == 1 and texts.count("x") == 1  # a label wins over the mark


def test_unknown_mark_icon_is_reported(tmp_path: Path) -> None:
    import pytest

    from generator.core.errors import DataError

    with pytest.raises(DataError) as err:
        make_board(tmp_path, ROUTE.replace("mark_icon: star", "mark_icon: stra"))
    assert "stra" in str(err.value) and "board.yaml" in str(err.value)
