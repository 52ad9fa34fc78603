"""Roads routed round what they do not join, outlines read from data files, places set apart and
numbered, and the one-sheet board made only where its type stays legible."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board.context import Context
from generator.board.layout import layout_board
from generator.board.maps import map_routes
from generator.board.ops import PolyOp
from generator.board.pages import board_print_notes
from generator.board.route import box_points, entry, hull, route
from generator.core.geometry import Box
from generator.core.units import mm
from generator.kit.proofing import proof_parts
from generator.layout.ops import RectOp, TextOp
from generator.render.board import write_board
from tests.test_board_layout import make_board, texts

# west and east joined by a road, with 'middle' (and its label) on the straight line between them
ROAD_MAP = """\
size: {{width: 200mm, height: 120mm}}
features:
  - type: map
    routing: {routing}
    nodes:
      west: {{at: [20mm, 60mm], name: West}}
      middle: {{at: [100mm, 60mm], name: Middle}}
      east: {{at: [180mm, 60mm], name: East}}
      north: {{at: [100mm, 15mm], name: North}}
    edges:
      - west - east
      - west - north
"""


@pytest.fixture(scope="module")
def fonts() -> FontBook:
    from generator.core import paths

    return FontBook.load([paths.FONTS])


def routes_of(board, fonts):
    ctx = Context(board, fonts)
    return map_routes(ctx, board.spec.features[0], ("features", 0))


def test_a_box_in_the_way_is_gone_round():
    box = hull(box_points(Box(40, -10, 20, 20), 2))
    path = route([(0.0, 0.0), (100.0, 0.0)], [box])
    assert len(path) > 2 and path[0] == (0.0, 0.0) and path[-1] == (100.0, 0.0)
    assert all(entry(a, b, box) is None for a, b in itertools.pairwise(path))
    assert route([(0.0, 0.0), (100.0, 0.0)], [box]) == path  # the same every time


def test_a_road_bends_round_a_node_it_does_not_join(tmp_path: Path, fonts: FontBook):
    board, _ = make_board(tmp_path / "around", ROAD_MAP.format(routing="around"))
    routes = routes_of(board, fonts)
    middle = (mm(100), board.height - mm(60))
    road = routes[0]
    assert len(road) > 2  # bent
    nearest = min(_distance(middle, a, b) for a, b in itertools.pairwise(road))
    assert nearest > mm(5) + mm(1.2) / 2  # clear of the node's circle, by the road's half width
    labels = [op.box for op in layout_board(board, fonts).ops if isinstance(op, TextOp)]
    middle_label = next(
        b for b, w in zip(labels, texts(layout_board(board, fonts).ops), strict=False) if w == "Middle"
    )
    assert all(entry(a, b, hull(box_points(middle_label, 0))) is None for a, b in itertools.pairwise(road))
    assert len(routes[1]) == 2  # west - north has nothing in its way: straight


def test_straight_roads_stay_straight(tmp_path: Path, fonts: FontBook):
    board, _ = make_board(tmp_path / "straight", ROAD_MAP.format(routing="straight"))
    assert [len(r) for r in routes_of(board, fonts).values()] == [2, 2]


def test_the_links_check_sees_the_routed_roads(tmp_path: Path):
    from generator.proof.links import check
    from generator.proof.settings import Settings

    for routing, found in (("straight", 1), ("around", 0)):
        _board, game = make_board(tmp_path / routing, ROAD_MAP.format(routing=routing))
        through = [
            f
            for f in check(game, proof_parts(game), Settings())
            if "passes through node 'middle'" in f.message
        ]
        assert len(through) == found, routing


def _distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


OUTLINE = """\
outlines:
  - name: Island
    points: [[20mm, 20mm], [120mm, 30mm], [100mm, 100mm], [30mm, 90mm]]
"""
OUTLINE_BOARD = """\
size: {width: 200mm, height: 120mm}
features:
  - type: outline
    file: island.yaml
    look: {fill: "#f8f0da", stroke: "#5b4a36"}
    halo: [{width: 3mm, color: "#bccbc3"}, {width: 8mm, color: "#cdd8d1"}]
"""


def test_an_outline_is_drawn_from_its_data_file_with_its_halo_beneath(tmp_path: Path, fonts: FontBook):
    folder = tmp_path / "outline"
    folder.mkdir()
    (folder / "island.yaml").write_text(OUTLINE, encoding="utf-8")
    board, _ = make_board(folder, OUTLINE_BOARD)
    polys = [op for op in layout_board(board, fonts).ops if isinstance(op, PolyOp)]
    assert [(p.stroke, round(p.stroke_width / mm(1), 1), p.fill) for p in polys] == [
        ("#cdd8d1", 8.0, None),
        ("#bccbc3", 3.0, None),
        ("#5b4a36", 0.4, "#f8f0da"),
    ]
    assert all(p.closed and p.points[0] == (mm(20), board.height - mm(20)) for p in polys)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (
            None,
            "board.yaml:4:11: features[0].file: outline file 'island.yaml' not found next to the board file",
        ),
        (
            "outlines:\n  - name: Island\n    points: [[1mm, 1mm], [2mm, 2mm]]\n",
            "island.yaml:3:5: outlines[0].points: expected at least 3 item(s)",
        ),
        (
            "outlines:\n  - name: Island\n    points: [[1mm, 1mm], [2mm, 2mm], [3cm, wide]]\n",
            "island.yaml:3:",
        ),
    ],
)
def test_a_bad_outline_is_reported_at_its_line(tmp_path: Path, run_cli, data, says):
    from tests.conftest import MINI_GAME, write_game

    folder = write_game(
        tmp_path / "bad", {"game.yaml": MINI_GAME + "boards: [board.yaml]\n", "board.yaml": OUTLINE_BOARD}
    )
    if data is not None:
        (folder / "island.yaml").write_text(data, encoding="utf-8")
    code, out, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in out + err
    assert says in out + err


def test_an_outline_outside_the_game_folder_is_refused(tmp_path: Path, run_cli):
    from tests.conftest import MINI_GAME, write_game

    (tmp_path / "island.yaml").write_text(OUTLINE, encoding="utf-8")
    folder = write_game(
        tmp_path / "out",
        {
            "game.yaml": MINI_GAME + "boards: [board.yaml]\n",
            "board.yaml": OUTLINE_BOARD.replace("island.yaml", "../island.yaml"),
        },
    )
    code, out, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in out + err and "board.yaml:4:11: features[0].file:" in out + err


PLACES = """\
size: {width: 200mm, height: 150mm}
features:
  - type: map
    kinds:
      city: {size: 10mm, place: {size: {width: 30mm, height: 40mm}, side: above, numbered: true}}
    nodes:
      a: {at: [30mm, 100mm], number: 3, name: Alpha, kind: city, place_at: [150mm, 40mm]}
      b: {at: [80mm, 100mm], number: 4, name: Beta, kind: city}
"""


def test_a_place_set_apart_is_centred_there_and_numbered(tmp_path: Path, fonts: FontBook):
    board, _ = make_board(tmp_path / "places", PLACES)
    ops = layout_board(board, fonts).ops
    places = [op.box for op in ops if isinstance(op, RectOp) and op.dash]
    centres = sorted(
        (round((b.x + b.w / 2) / mm(1)), round((board.height - b.y - b.h / 2) / mm(1))) for b in places
    )
    assert centres == [(80, 72), (150, 40)]  # b above its node (5 + 2 + 21.5 mm up), a where it was put
    shown = texts(ops)
    assert shown.count("3") == 2 and "Alpha" in shown and shown.count("Beta") == 2  # node and place


def test_the_one_sheet_board_only_where_it_reads(tmp_path: Path, fonts: FontBook):
    big = "size: {width: 594mm, height: 420mm}\nfeatures:\n  - {type: text, box: [20mm, 20mm, 200mm, 20mm], text: %s, size: %s}\n"
    small, game = make_board(tmp_path / "small-type", big % ("Tiny", "8pt"))
    large, _ = make_board(tmp_path / "large-type", big % ("Large", "16pt"))
    assert write_board(small, game, fonts, tmp_path, "a4", "fit") == []
    assert board_print_notes(small, "a4")[0].startswith(
        "board.pdf is not made: reduced to one A4 sheet (46 %)"
    )
    (fit,) = write_board(large, game, fonts, tmp_path, "a4", "fit")
    assert fit.name == "board.pdf" and board_print_notes(large, "a4")[0].startswith("board.pdf: ")


@pytest.mark.parametrize(
    ("game_name", "paper"), [("maloney", "a4"), ("maloney", "letter"), ("entenrallye", "a4")]
)
def test_tiling_targets_keep_off_the_board_content(game_name: str, paper: str):
    """(Joker's Row's one seam runs through its middle row, under the cards: test_board_examples.)"""
    from generator.board import board_files, load_board
    from generator.board.tiling import plan_tiles
    from generator.core.sizes import paper_size
    from generator.load.loader import load_game
    from generator.render.board import content_boxes

    game = load_game(game_name)
    fonts = FontBook.load(game.font_dirs)
    board = load_board(board_files(game)[0], game, fonts)
    boxes = content_boxes(layout_board(board, fonts))
    plan = plan_tiles(
        board.width, board.height, paper_size(paper), board.overlap, board.title, keep_clear=boxes
    )
    for tile in plan.tiles:
        for mark in tile.marks:
            x, y = tile.to_board(mark.x, mark.y)
            hit = [
                b
                for b in boxes
                if b.x < x + mark.r and x - mark.r < b.right and b.y < y + mark.r and y - mark.r < b.top
            ]
            assert not hit, (tile.name, round(x / mm(1)), round(y / mm(1)))


SPACES_MAP = """\
size: {width: 200mm, height: 120mm}
features:
  - type: map
    space: 10mm
    nodes:
      a: {at: [20mm, 60mm], name: A}
      b: {at: [180mm, 60mm], name: B}
      c: {at: [100mm, 20mm], name: C}
      d: {at: [100mm, 110mm], name: D}
    edges:
      - {from: a, to: b, spaces: 6, labels: ["-1", "-2", "-3", "-4", "-5", "-6"]}
      - c - d
"""


def test_a_road_is_not_struck_by_the_labels_in_its_own_spaces(tmp_path: Path):
    from generator.proof.links import check
    from generator.proof.settings import Settings

    _, game = make_board(tmp_path / "spaces", SPACES_MAP)
    found = [f.message for f in check(game, proof_parts(game), Settings())]
    assert not any(m.startswith("road a - b") for m in found)  # its own -1 ... -6
    assert any(m.startswith("road c - d runs through 1 label(s)") for m in found), (
        found
    )  # crosses one of them


# -- lanes, turned places, label backings (issue 32) ---------------------------------------------


def test_parallel_keeps_its_distance_round_a_bend():
    from generator.board.roads import parallel

    assert parallel([(0.0, 0.0), (10.0, 0.0)], 1.0) == [(0.0, -1.0), (10.0, -1.0)]  # right of travel
    (a, b, c) = parallel([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], 1.0)
    assert a == (0.0, -1.0) and b == pytest.approx((11.0, -1.0)) and c == pytest.approx((11.0, 10.0))


LANES = """\
size: {width: 200mm, height: 120mm}
features:
  - type: map
    routing: around
    nodes:
      a: {at: [20mm, 60mm]}
      b: {at: [180mm, 40mm]}
      c: {at: [180mm, 80mm]}
    edges:
      - {from: a, to: b, via: [[100mm, 60mm]], offset: -1.25mm}
      - {from: a, to: c, via: [[100mm, 60mm]], offset: 1.25mm}
"""


def test_two_roads_through_one_via_run_side_by_side_as_lanes(tmp_path: Path, fonts: FontBook):
    """Roads with one via and opposite offsets share no stretch: 2.5 mm apart along it."""
    from generator.proof import shared
    from generator.proof.mapgeom import map_views

    board, _ = make_board(tmp_path / "lanes", LANES)
    routes = map_routes(Context(board, fonts), board.spec.features[0], ("features", 0))
    (a0, a1, _), (b0, b1, _) = routes[0], routes[1]
    assert math.dist(a0, b0) == pytest.approx(mm(2.5)) and math.dist(a1, b1) == pytest.approx(mm(2.5))
    assert shared.view_findings(next(map_views(board, fonts))) == []
    merged = LANES.replace("offset: -1.25mm", "offset: 0mm").replace("offset: 1.25mm", "offset: 0mm")
    board, _ = make_board(tmp_path / "merged", merged)
    (found,) = shared.view_findings(next(map_views(board, fonts)))
    assert found.severity == "error" and "the same 7" in found.message  # a to the via, as one road


def test_a_place_turned_for_one_node_and_names_on_a_backing(tmp_path: Path, fonts: FontBook):
    text = PLACES.replace(
        "kind: city, place_at: [150mm, 40mm]}",
        "kind: city, place_at: [150mm, 40mm], place_orientation: landscape}",
    )
    text = text.replace("numbered: true}}", 'numbered: true}, label_backing: "#ffeedd"}')
    board, _ = make_board(tmp_path / "turned", text)
    ops = layout_board(board, fonts).ops
    places = sorted(
        (round(op.box.w / mm(1)), round(op.box.h / mm(1))) for op in ops if isinstance(op, RectOp) and op.dash
    )
    assert places == [(33, 43), (43, 33)]  # with 1.5 mm padding: b as its kind says, a turned
    backings = [op for op in ops if isinstance(op, RectOp) and op.fill == "#ffeedd"]
    assert len(backings) == 2  # under Alpha and under Beta, each just before its name
    for b in backings:
        name = ops[ops.index(b) + 1]
        assert isinstance(name, TextOp) and name.box.inset(-mm(2)) == b.box


def test_a_road_round_a_corner_another_took_keeps_apart():
    """Two roads bent round one obstacle's corner: the second bend moves out by the spacing."""
    square = hull(box_points(Box(mm(40), mm(40), mm(20), mm(20)), 0.0))
    first = route([(mm(30), mm(50)), (mm(70), mm(70))], [square])
    assert len(first) == 3
    second = route([(mm(30), mm(50)), (mm(70), mm(70))], [square], taken=(first[1],), spacing=mm(3))
    assert math.dist(first[1], second[1]) >= mm(3) - 1e-6


COAST = """\
size: {width: 200mm, height: 120mm}
features:
  - type: outline
    file: coast.yaml
    look: {fill: "#f8f0da", stroke: "#5b4a36", stroke_width: 0.9pt}
  - type: map
    kinds:
      city: {size: 10mm, label: below%s}
    nodes:
      a: {at: [100mm, 60mm], number: 1, name: Coastal City, kind: city}
"""


def test_a_coastline_under_a_backed_label_strikes_nothing(tmp_path: Path, fonts: FontBook):
    from generator.proof import words

    coast = (
        "outlines:\n  - name: Land\n    points: [[0mm, 0mm], [100mm, 0mm], [100mm, 120mm], [0mm, 120mm]]\n"
    )
    for name, backing, struck in (("bare", "", True), ("backed", ', label_backing: "#f8f0da"', False)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "coast.yaml").write_text(coast, encoding="utf-8")
        board, _ = make_board(tmp_path / name, COAST % backing)
        found = [f for f in words.board_findings(board, fonts) if "Coastal City" in f.message]
        assert bool(found) is struck, name
