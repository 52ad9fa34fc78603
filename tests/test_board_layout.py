"""Board layout: grids and paths, tracks, maps, zones and readers' sides, as pure geometry."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board import Board, load_board
from generator.board.context import Context, Reading
from generator.board.grid import path_cells
from generator.board.layout import layout_board
from generator.board.maps import ranges
from generator.board.ops import PolyOp, offset_polyline
from generator.board.track import place_spaces
from generator.core.geometry import Box
from generator.core.units import mm
from generator.layout.ops import EllipseOp, RectOp, TextOp
from generator.load.loader import load_game
from generator.load.model import Game
from generator.schema.board import GridPath
from tests.conftest import MINI_GAME, write_game

HEAD = "name: t\nsize: {width: 300mm, height: 200mm}\n"


def make_board(folder: Path, text: str, name: str = "board.yaml") -> tuple[Board, Game]:
    """A mini game with one board file; the board loaded and checked."""
    root = write_game(folder, {"game.yaml": MINI_GAME + f"boards: [{name}]\n", name: text})
    game = load_game(root)
    return load_board(root / name, game), game


@pytest.fixture(scope="module")
def fonts() -> FontBook:
    from generator.core import paths

    return FontBook.load([paths.FONTS])


def texts(ops) -> list[str]:
    return [" ".join(r.text for r in op.layout.runs) for op in ops if isinstance(op, TextOp)]


# -- grids and paths ----------------------------------------------------------------------------
def test_lawnmower_from_each_players_bottom_left() -> None:
    red = path_cells(5, 3, GridPath(name="r", start="bottom-left"))
    black = path_cells(5, 3, GridPath(name="b", start="top-right"))
    assert red[:7] == [(5, 1), (5, 2), (5, 3), (4, 3), (4, 2), (4, 1), (3, 1)]
    assert red[-1] == (1, 3) and len(set(red)) == 15
    assert black == red[::-1]  # the far player's lawnmower is the near player's backwards


def test_other_patterns() -> None:
    assert path_cells(2, 3, GridPath(name="p", pattern="rows")) == [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 1),
        (2, 2),
        (2, 3),
    ]
    assert path_cells(2, 2, GridPath(name="p", pattern="columns", start="top-right")) == [
        (1, 2),
        (2, 2),
        (1, 1),
        (2, 1),
    ]
    assert path_cells(3, 2, GridPath(name="p", along="columns")) == [
        (1, 1),
        (2, 1),
        (3, 1),
        (3, 2),
        (2, 2),
        (1, 2),
    ]
    assert path_cells(9, 9, GridPath(name="p", pattern="custom", cells=[(2, 3), (4, 4)])) == [(2, 3), (4, 4)]


def test_offset_keeps_lanes_apart() -> None:
    pts = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    right = offset_polyline(pts, 2.0)
    assert right[0] == pytest.approx((0.0, -2.0))
    assert right[1] == pytest.approx((12.0, -2.0))  # mitred corner
    assert right[2] == pytest.approx((12.0, 10.0))
    back = offset_polyline(pts[::-1], 2.0)  # the reverse path lies on the other side
    assert back[-1] == pytest.approx((0.0, 2.0))


def test_grid_cells_gaps_and_path_arrows(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "g",
        HEAD.replace("200mm", "250mm")
        + """features:
  - type: grid
    at: [150mm, 125mm]
    anchor: center
    rows: 2
    columns: 3
    cell: poker
    padding: 1mm
    gap: [10mm, 6mm]
    label: "{letter}{column}"
    paths:
      - {name: p, start: bottom-left, color: "#ff0000", offset: 2mm, numbers: true, start_label: Go}
""",
    )
    ops = layout_board(board, fonts).ops
    cells = [op for op in ops if isinstance(op, RectOp) and op.box.h == pytest.approx(mm(90.9))]
    assert len(cells) == 6
    xs = sorted({round(c.box.x, 6) for c in cells})
    assert xs[1] - xs[0] == pytest.approx(mm(65.5 + 10))
    total_w = 3 * mm(65.5) + 2 * mm(10)
    assert xs[0] == pytest.approx(mm(150) - total_w / 2)
    line = next(op for op in ops if isinstance(op, PolyOp) and not op.closed)
    assert len(line.points) == 6 and line.stroke == "#ff0000"
    heads = [op for op in ops if isinstance(op, PolyOp) and op.closed]
    assert len(heads) == 5  # one arrowhead between each pair of places
    for h in heads:  # each sits in a gap, not on a place
        cx = sum(p[0] for p in h.points) / 3
        cy = sum(p[1] for p in h.points) / 3
        assert not any(c.box.inset(mm(1)).contains(Box(cx, cy, 0, 0)) for c in cells)
    words = texts(ops)
    assert {"A1", "B3", "1", "6", "Go"} <= set(words)


def test_beside_rows_zones(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "z",
        HEAD
        + """features:
  - type: grid
    at: [110mm, 10mm]
    rows: 2
    columns: 1
    cell: cards
    beside_rows:
      - {side: left, size: poker, orientation: landscape, padding: 0mm, gap: 5mm, label: Omen}
""",
    )
    ops = layout_board(board, fonts).ops
    omens = [op for op in ops if isinstance(op, RectOp) and op.box.w == pytest.approx(mm(88.9))]
    assert len(omens) == 2
    assert all(o.box.h == pytest.approx(mm(63.5)) for o in omens)
    assert all(o.box.right == pytest.approx(mm(105)) for o in omens)


# -- tracks -----------------------------------------------------------------------------------------
def _spaces(board: Board, fonts: FontBook, index: int = 0):
    ctx = Context(board, fonts)
    spaces = place_spaces(ctx, board.spec.features[index], ("features", index))
    assert not ctx.problems
    return spaces


def test_straight_and_serpentine_tracks(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "t",
        HEAD
        + """features:
  - {type: track, at: [10mm, 10mm], count: 5, space: 10mm, gap: 2mm}
  - {type: track, layout: serpentine, at: [10mm, 50mm], per_row: 4, first: 0, count: 10, space: 10mm}
  - {type: track, at: [250mm, 10mm], direction: down, labels: [Jan, Feb, Mar], space: {width: 16mm, height: 11mm}}
""",
    )
    straight = _spaces(board, fonts, 0)
    assert [round((s.centre[0] - straight[0].centre[0]) / mm(1), 6) for s in straight] == [0, 12, 24, 36, 48]
    assert straight[0].box.x == pytest.approx(mm(10)) and straight[0].box.top == pytest.approx(
        board.height - mm(10)
    )
    snake = _spaces(board, fonts, 1)
    row2 = snake[4:8]
    assert row2[0].centre[0] > row2[-1].centre[0]  # the second row runs back
    assert snake[4].centre[0] == pytest.approx(snake[3].centre[0])
    assert snake[4].centre[1] == pytest.approx(snake[3].centre[1] - mm(10))
    months = _spaces(board, fonts, 2)
    assert months[1].centre[1] < months[0].centre[1] and months[0].w == pytest.approx(mm(16))


@pytest.mark.parametrize("count", [4, 30, 70, 71])
def test_edge_track_fills_the_border(tmp_path: Path, fonts: FontBook, count: int) -> None:
    board, _ = make_board(
        tmp_path / f"e{count}",
        HEAD
        + f"""features:
  - {{type: track, layout: edge, first: 0, count: {count}, space: 12mm, toward: outward}}
""",
    )
    spaces = _spaces(board, fonts)
    assert len(spaces) == count
    whole = Box(0, 0, board.width, board.height)
    assert all(whole.contains(s.box) for s in spaces)
    assert spaces[0].box.x == pytest.approx(0) and spaces[0].box.top == pytest.approx(board.height)
    for a in spaces:  # no two spaces overlap
        assert not any(a is not b and a.box.inset(0.01).intersects(b.box) for b in spaces)
    # every space touches the edge, clockwise from the top-left corner
    assert spaces[1].centre[0] > spaces[0].centre[0]
    area = sum(s.w * s.h for s in spaces)
    border = board.width * board.height - (board.width - 2 * mm(12)) * (board.height - 2 * mm(12))
    assert area == pytest.approx(border)


def test_edge_track_numbers_read_outward(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "o",
        HEAD
        + """features:
  - {type: track, layout: edge, first: 0, count: 40, space: 12mm, toward: outward}
""",
    )
    ops = layout_board(board, fonts).ops
    turns = {round(op.rotate) for op in ops if isinstance(op, TextOp)}
    assert turns == {0, 90, 180, 270}


def test_polyline_track_and_special_spaces(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "p",
        HEAD
        + """features:
  - type: track
    layout: polyline
    points: [[10mm, 100mm], [110mm, 100mm], [110mm, 150mm]]
    count: 15
    space: 9mm
    special:
      - {every: 5, fill: "#ffcc00"}
      - {at: [15], fill: "#000000", color: "#ffffff", label: End}
""",
    )
    spaces = _spaces(board, fonts)
    steps = [math.dist(a.centre, b.centre) for a, b in itertools.pairwise(spaces)]
    assert steps[0] == pytest.approx(mm(10))
    assert spaces[-1].angle == pytest.approx(90.0)  # turned to run down the second leg
    ops = layout_board(board, fonts).ops
    fills = [op.fill for op in ops if isinstance(op, RectOp) and op.box.w == pytest.approx(mm(9))]
    assert fills.count("#ffcc00") == 2 and fills[-1] == "#000000"
    assert "End" in texts(ops) and "15" not in texts(ops)


# -- maps ---------------------------------------------------------------------------------------
def test_ranges() -> None:
    assert ranges([16, 9, 1, 2, 6, 7, 8]) == "1-2, 6-9, 16"
    assert ranges([3]) == "3" and ranges([]) == ""


def test_map_nodes_edges_links_and_spaces(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "m",
        HEAD
        + """features:
  - type: map
    links: true
    spaces: {grey: {fill: "#999999"}}
    space: 8mm
    nodes:
      a: {at: [30mm, 50mm], number: 3, name: Sacramento}
      b: {at: [130mm, 50mm], number: 1, name: San Francisco}
      c: {at: [130mm, 150mm], number: 2}
      j: {at: [200mm, 150mm], kind: junction}
      d: {at: [260mm, 150mm], kind: dead-end}
    edges:
      - a - b
      - a -> c
      - {from: c, to: j, spaces: 4, pattern: [grey, ""]}
      - {from: j, to: d, via: [[260mm, 120mm]], spaces: [grey, grey]}
""",
    )
    ops = layout_board(board, fonts).ops
    words = texts(ops)
    assert {"Sacramento", "1-2", "3", "San Francisco"} <= set(words)
    roads = [op for op in ops if isinstance(op, PolyOp) and not op.closed and op.stroke == "#5d5d5d"]
    assert len(roads) == 4 and roads[3].points[1] == pytest.approx((mm(260), board.height - mm(120)))
    assert len([op for op in ops if isinstance(op, PolyOp) and op.closed]) == 1  # one one-way arrow
    spaces = [op for op in ops if isinstance(op, RectOp) and op.box.w == pytest.approx(mm(8))]
    assert [s.fill for s in spaces][:4] == ["#999999", "#ffffff", "#999999", "#ffffff"]
    dots = [op for op in ops if isinstance(op, EllipseOp) and op.box.w == pytest.approx(mm(3))]
    assert len(dots) == 1  # the junction
    bar = [op for op in ops if isinstance(op, PolyOp) and op.stroke_width == pytest.approx(mm(2))]
    assert len(bar) == 1 and bar[0].points[0][1] == pytest.approx(bar[0].points[1][1])  # across the road


# -- zones and readers ----------------------------------------------------------------------------
def test_reading_turns_a_group_about_its_centre() -> None:
    box = Box(0, 0, 100, 40)
    r = Reading.of(box, "top")
    assert r.point((10, 35)) == pytest.approx((90, 5))  # top-left as read from the top edge
    side = Reading.of(box, "left")
    assert (side.box.w, side.box.h) == (40, 100) and side.angle == 90


def test_zones_sized_to_presets_and_decks(tmp_path: Path, fonts: FontBook) -> None:
    board, _ = make_board(
        tmp_path / "s",
        HEAD
        + """features:
  - {type: zone, at: [150mm, 100mm], anchor: center, size: tarot, label: Discard, toward: top}
  - {type: zone, at: [10mm, 10mm], size: cards, orientation: landscape, padding: 0mm, note: Omen}
  - {type: zone, at: [200mm, 10mm], size: {width: 30mm, height: 30mm}, icon: joker, toward: right}
""",
    )
    ops = layout_board(board, fonts).ops
    outlines = [op for op in ops if isinstance(op, RectOp) and op.dash]
    assert (outlines[0].box.w, outlines[0].box.h) == pytest.approx((mm(73), mm(123)))
    assert outlines[0].box.x + outlines[0].box.w / 2 == pytest.approx(mm(150))
    assert (outlines[1].box.w, outlines[1].box.h) == pytest.approx((mm(88.9), mm(63.5)))
    label = next(op for op in ops if isinstance(op, TextOp) and op.layout.runs[0].text == "Discard")
    assert label.rotate == 180
