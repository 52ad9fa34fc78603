"""Entenrallye's board as laid out square by square (carddata/entenrallye/map/route_layout.py):
the nodes and bends in board.yaml are the script's, every square is 20 mm, neighbours on a road
sit one 21 mm pitch apart (the short cuts a little wider), and no two squares overlap."""

from __future__ import annotations

import importlib.util
from collections import defaultdict

import pytest

from generator.art.fonts import FontBook
from generator.board import board_files, load_board
from generator.board.layout import layout_board
from generator.core import paths
from generator.core.units import mm
from generator.layout.ops import RectOp
from generator.load.loader import load_game
from generator.schema.board import MapFeature

SQUARES = {"#a9a9a9", "#f1e2bd", "#ef9a9a"}


@pytest.fixture(scope="module")
def board():
    game = load_game("entenrallye")
    fonts = FontBook.load(game.font_dirs)
    loaded = load_board(board_files(game)[0], game, fonts)
    return loaded, layout_board(loaded, fonts).ops


def script():
    path = paths.CARDDATA / "entenrallye" / "map" / "route_layout.py"
    spec = importlib.util.spec_from_file_location("route_layout", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_board_yaml_holds_the_scripts_layout(board):
    loaded, _ = board
    (route,) = [f for f in loaded.spec.features if isinstance(f, MapFeature)]
    layout = script()
    at, _, bends, problems = layout.lay(layout.FIXED, layout.ROADS)
    assert problems == []
    grid = lambda p: (mm(layout.X0 + p[0] * layout.PITCH), mm(layout.Y0 + p[1] * layout.PITCH))  # noqa: E731
    for name, node in route.nodes.items():
        assert node.at == pytest.approx(grid(at[name]), abs=mm(0.05)), name
    assert [(e.from_, e.to) for e in route.edges] == [(a, b) for a, b, _, _ in layout.ROADS]
    for edge, turns in zip(route.edges, bends, strict=True):
        assert [c for p in edge.via for c in p] == pytest.approx(
            [c for t in turns for c in grid(t)], abs=mm(0.05)
        )


def test_squares_touch_along_the_road_and_never_overlap(board):
    _, ops = board
    squares = [
        op for op in ops if isinstance(op, RectOp) and op.fill in SQUARES and mm(10) < op.box.w < mm(30)
    ]
    assert len(squares) == 139  # every road square, as before the redesign (not the legend's, not the start)
    assert all(op.box.w == pytest.approx(mm(20)) and op.box.h == pytest.approx(mm(20)) for op in squares)
    centres = [(op.box.x + op.box.w / 2, op.box.y + op.box.h / 2) for op in squares]
    nearest = defaultdict(float)
    for i, a in enumerate(centres):
        gaps = [max(abs(a[0] - b[0]), abs(a[1] - b[1])) for j, b in enumerate(centres) if j != i]
        nearest[i] = min(gaps)
        assert nearest[i] >= mm(20.9), a  # no overlap, at least the 1 mm of road between
    touching = sum(d == pytest.approx(mm(21), abs=0.01) for d in nearest.values())
    assert touching >= 139 - 10  # all but the squares of the two short cuts (25.2 and 21 mm)


def test_the_pieces_fit_their_squares_and_cells():
    from generator.kit.proofing import proof_parts, record_kit
    from generator.proof import proofread_game, settings_of

    game = load_game("entenrallye")
    found = [
        f
        for f in proofread_game(game, record_kit(game).pages(), proof_parts(game), settings_of(game))
        if f.rule == "fit"
    ]
    assert found == []
