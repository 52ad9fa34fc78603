"""Maps read back as graphs (what rules models use), and card places beside map nodes."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board.graph import map_graph
from generator.board.layout import layout_board
from generator.core.errors import DataError
from generator.core.units import mm
from generator.layout.ops import RectOp
from tests.test_board_layout import HEAD, fonts, make_board  # noqa: F401 (fonts is a fixture)

MAP = (
    HEAD
    + """features:
  - type: map
    id: usa
    kinds:
      city: {size: 10mm, place: {size: {width: 20mm, height: 30mm}, padding: 0mm, side: right, gap: 3mm}}
    nodes:
      a: {at: [40mm, 50mm], number: 3, name: Sacramento, kind: city}
      b: {at: [140mm, 50mm], number: 1, name: San Francisco, kind: city, place: left}
      c: {at: [140mm, 150mm], number: 2, kind: city, place: none}
      d: {at: [40mm, 150mm], number: 4}
    edges:
      - a - b
      - a -> c
      - {from: c, to: b}
"""
)


def test_a_map_as_a_graph(tmp_path: Path) -> None:
    board, _ = make_board(tmp_path / "g", MAP)
    graph = map_graph(board)
    assert graph.neighbours("a") == {"b", "c"}
    assert graph.neighbours("c") == {"b"}  # a -> c is one way
    assert graph.neighbours("b") == {"a", "c"}
    assert graph.by_number() == {3: "a", 1: "b", 2: "c", 4: "d"}
    assert not graph.connected()  # d has no road
    lines = (tmp_path / "g" / "board.yaml").read_text().splitlines()
    assert [lines[r.line - 1].strip() for r in graph.roads] == ["- a - b", "- a -> c", "- {from: c, to: b}"]
    assert map_graph(board, "usa") == graph
    with pytest.raises(LookupError, match=r"id 'europe'.*usa"):
        map_graph(board, "europe")


def test_card_places_beside_nodes(tmp_path: Path, fonts: FontBook) -> None:  # noqa: F811
    board, _ = make_board(tmp_path / "p", MAP)
    places = [op for op in layout_board(board, fonts).ops if isinstance(op, RectOp) and op.dash]
    assert len(places) == 2  # c has none, d's kind has none
    right, left = places
    assert (right.box.w, right.box.h) == pytest.approx((mm(20), mm(30)))
    assert right.box.x == pytest.approx(mm(40 + 5 + 3))  # the node's right edge plus the gap
    assert right.box.y + right.box.h / 2 == pytest.approx(board.height - mm(50))  # centred on the node
    assert left.box.x + left.box.w == pytest.approx(mm(140 - 5 - 3))


def test_a_bad_place_is_reported_at_its_line(tmp_path: Path) -> None:
    text = MAP.replace("side: right", "side: rigth")
    with pytest.raises(DataError) as err:
        make_board(tmp_path / "e", text)
    assert "features[0].kinds.city.place.side" in str(err.value) and "board.yaml:7:" in str(err.value)
    text = MAP.replace("number: 2, kind: city", "number: 2, kind: town")
    with pytest.raises(DataError, match="unknown node kind 'town'"):
        make_board(tmp_path / "k", text)
