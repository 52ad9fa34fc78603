"""Entenrallye's board as laid out square by square (carddata/entenrallye/map/route_layout.py):
the nodes and bends in board.yaml are the script's, every square is 20 mm, neighbours on a road
sit one 21 mm pitch apart (the short cuts a little wider), and no two squares overlap."""

from __future__ import annotations

import importlib.util
import itertools
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
    # all but the short cut past meet 2 (25.2 mm) and the ASU minus squares (22 mm: no A4 tile
    # seam through their labels)
    assert touching == 139 - 11


def _boxes(ops, fill: str, width: float) -> list:
    return [
        op.box
        for op in ops
        if isinstance(op, RectOp) and op.fill == fill and op.box.w == pytest.approx(width)
    ]


def _gap(a, b) -> float:
    dx = max(a.x - b.right, b.x - a.right, 0.0)
    dy = max(a.y - b.top, b.y - a.top, 0.0)
    return (dx * dx + dy * dy) ** 0.5


def test_each_station_stands_far_from_its_own_workshops_minus_squares(board):
    """Rulebook: the TöV and ASU stations are not to be confused with the TöV and ASU workshops,
    separate buildings across the board. The ASU station stood 16 mm below its own minus squares
    (issue 32); every station now lies 60 mm or more from both workshops' minus squares."""
    loaded, ops = board
    (route,) = [f for f in loaded.spec.features if isinstance(f, MapFeature)]
    stations = _boxes(ops, "#90caf9", mm(40))
    minus = _boxes(ops, "#ef9a9a", mm(20))
    assert len(stations) == 2 and len(minus) == 12
    for station in stations:
        assert min(_gap(station, m) for m in minus) > mm(60)
    asu = route.nodes["asu"].at
    shop = route.nodes["asu-workshop"].at
    assert abs(asu[1] - shop[1]) > mm(100)  # the ASU workshop lies under the first row, far above


def _near(q, pts, d) -> bool:
    """Whether point q lies within d of the polyline pts."""
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        vx, vy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((q[0] - ax) * vx + (q[1] - ay) * vy) / (vx * vx + vy * vy or 1.0)))
        if ((ax + t * vx - q[0]) ** 2 + (ay + t * vy - q[1]) ** 2) ** 0.5 <= d:
            return True
    return False


def test_direction_shows_from_the_start_and_along_the_workshop_roads(board):
    """Arrowheads over the seams of one-way roads (``arrow_every: 4``): after the first square out
    of every place (the start, the meets, the workshops) and after every fourth, so the start's
    road and the 32 and 28 squares back from the workshops show their direction (issue 32: only
    the junctions did)."""
    from generator.board.context import Context
    from generator.board.maps import map_routes
    from generator.board.ops import PolyOp

    loaded, ops = board
    i, route = next((i, f) for i, f in enumerate(loaded.spec.features) if isinstance(f, MapFeature))
    roads = map_routes(
        Context(loaded, FontBook.load(load_game("entenrallye").font_dirs)), route, ("features", i)
    )
    heads = [
        op
        for op in ops
        if isinstance(op, PolyOp)
        and op.closed
        and len(op.points) == 3
        and op.fill == "#5f5f5f"
        and max(abs(a[k] - b[k]) for a in op.points for b in op.points for k in (0, 1)) > mm(5)
    ]  # the seams' arrowheads (6 mm), not the junctions' (4.5 mm)
    centre = lambda h: (sum(p[0] for p in h.points) / 3, sum(p[1] for p in h.points) / 3)  # noqa: E731
    on = {
        (e.from_, e.to): sum(_near(centre(h), roads[k], mm(1)) for h in heads)
        for k, e in enumerate(route.edges)
    }
    assert on[("start", "meet1")] == 2  # after the first square out of the start, and the fourth
    assert on[("tuev-workshop", "tuev-join")] == 8  # 32 squares: after 1, 4, 8, ... 28
    assert on[("asu-workshop", "asu-join")] == 7  # 28 squares: after 1, 4, 8, ... 24


def test_the_pieces_fit_their_squares_and_cells():
    from generator.kit.proofing import proof_parts, record_kit
    from generator.proof import proofread_game, settings_of

    game = load_game("entenrallye")
    found = [
        f
        for f in proofread_game(game, record_kit(game).pages(), proof_parts(game), settings_of(game))
        if f.rule in ("fit", "capacity", "visibility", "through-words")
    ]
    assert found == []  # issue 32: six cars on the start and on a meet, two on a square


def test_stations_and_workshops_are_rectangles_for_six_cars(board):
    """Issue 32: any number of cars may share a place, and every car late for the TöV or the ASU
    goes to its workshop at once: the two stations and two workshops are 40 x 28 mm (six 18 x 9 mm
    bases, 2 x 3, with 1 mm to spare), on the rows the 30 and 28 mm squares stood on."""
    loaded, ops = board
    for fill in ("#90caf9", "#cfd8dc"):
        boxes = [b for b in _boxes(ops, fill, mm(40)) if b.h == pytest.approx(mm(28))]
        assert len(boxes) == 2, fill
    (route,) = [f for f in loaded.spec.features if isinstance(f, MapFeature)]
    assert route.nodes["tuev-workshop"].at[1] == pytest.approx(mm(17))  # still on the top edge
