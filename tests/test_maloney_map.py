"""Maloney's map as a map: the cities at their projected places on Natural Earth's outline, and
no road touching a city it does not join or running under a label or a suitcase place."""

from __future__ import annotations

import importlib.util
import math
import re
from itertools import pairwise

import pytest

from generator.art.fonts import FontBook
from generator.board import board_files, load_board
from generator.board.context import Context
from generator.board.maps import DEFAULT_KINDS, _nodes, map_routes, parse_edge
from generator.board.route import box_points, entry, hull
from generator.core import paths
from generator.core.yamlio import load_yaml
from generator.kit.proofing import proof_parts
from generator.load.loader import load_game
from generator.proof.links import check
from generator.proof.settings import settings_of
from generator.schema.board import MapFeature

FOLDER = paths.CARDDATA / "maloney"


@pytest.fixture(scope="module")
def derive():
    spec = importlib.util.spec_from_file_location("derive", FOLDER / "map" / "derive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="module")
def laid():
    game = load_game("maloney")
    fonts = FontBook.load(game.font_dirs)
    board = load_board(board_files(game)[0], game, fonts)
    i, f = next((i, f) for i, f in enumerate(board.spec.features) if isinstance(f, MapFeature))
    return game, board, fonts, i, f


def test_every_city_stands_at_its_projected_place(laid, derive):
    f = laid[4]
    assert sorted(derive.CITIES) == sorted(f.nodes)
    for key, (lon, lat) in derive.CITIES.items():
        x, y = derive.project(lon, lat)
        at = f.nodes[key].at
        assert at[0] == pytest.approx(x * 72 / 25.4, abs=0.2) and at[1] == pytest.approx(
            y * 72 / 25.4, abs=0.2
        ), key


def test_the_outline_is_the_derived_data_with_its_source():
    doc = load_yaml(FOLDER / "map" / "usa.yaml")
    (shape,) = doc.data["outlines"]
    assert shape["name"] == "United States" and len(shape["points"]) > 100
    head = (FOLDER / "map" / "usa.yaml").read_text(encoding="utf-8").splitlines()[:4]
    assert any("Natural Earth" in line for line in head) and any("public domain" in line for line in head)


def test_no_road_touches_a_city_it_does_not_join_nor_runs_under_a_label_or_place(laid):
    _, board, fonts, i, f = laid
    ctx = Context(board, fonts)
    kinds = {**DEFAULT_KINDS, **f.kinds}
    centres = {name: ctx.point(n.at) for name, n in f.nodes.items()}
    edges = [(j, parse_edge(raw)) for j, raw in enumerate(f.edges)]
    drawn = _nodes(ctx, f, edges, kinds, centres, ("features", i))
    routes = map_routes(ctx, f, ("features", i))
    width = max(r.width for r in f.roads.values())
    for j, edge in edges:
        road = routes[j]
        for name, d in drawn.items():
            for box in (*d.places, *d.labels):
                shape = hull(box_points(box, width / 2))
                assert all(entry(a, b, shape) is None for a, b in pairwise(road)), (edge.from_, edge.to, name)
            if name not in (edge.from_, edge.to):
                gap = min(_distance(d.centre, a, b) for a, b in pairwise(road))
                assert gap > d.radius + width / 2, (edge.from_, edge.to, name)


def _distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def test_the_links_check_finds_nothing(laid):
    game = laid[0]
    assert check(game, proof_parts(game), settings_of(game)) == []


def test_every_road_is_drawn_as_its_own_line():
    """Issue 32: roads ran on top of roads (San Francisco - San Diego on two others, Sacramento -
    Chicago under Sacramento - Cheyenne for 96 mm, Seattle's three roads as one stroke). Now no two
    roads share 15 mm or more (an error); what is left are forks under 15 mm where two roads meet
    at a city, and the roads that share a corridor run as parallel lanes (``offset``)."""
    from generator.kit.proofing import proof_parts
    from generator.proof import shared
    from generator.proof.settings import settings_of

    game = load_game("maloney")
    found = shared.check(game, proof_parts(game), settings_of(game))
    assert all(f.severity == "warning" for f in found)
    lengths = [float(re.search(r"the same ([\d.]+) mm", f.message)[1]) for f in found]
    assert len(found) <= 5 and max(lengths) < 15
