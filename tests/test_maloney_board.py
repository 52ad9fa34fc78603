"""Maloney's map: one board file drawn as the board and read by the checks; reach numbers under
every city derived from its roads; a suitcase place on every city; the weekday and score tracks."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board import board_files, load_board
from generator.board.graph import map_graph
from generator.board.layout import layout_board
from generator.board.maps import ranges
from generator.core import paths
from generator.core.units import mm
from generator.layout.ops import EllipseOp, RectOp, TextOp
from generator.load.loader import load_game
from generator.rules import composition_breaches


@pytest.fixture(scope="module")
def laid():
    game = load_game("maloney")
    (path,) = board_files(game)
    board = load_board(path, game)
    return game, board, layout_board(board, FontBook.load(game.font_dirs)).ops


def words(ops) -> list[str]:
    return [" ".join(r.text for r in op.layout.runs) for op in ops if isinstance(op, TextOp)]


def test_sixteen_cities_each_showing_the_numbers_its_roads_reach(laid):
    _, board, ops = laid
    graph = map_graph(board, "usa")
    shown = words(ops)
    assert sorted(n.number for n in graph.nodes.values()) == list(range(1, 17))
    for key, node in graph.nodes.items():
        reach = ranges(graph.nodes[k].number for k in graph.neighbours(key))
        at = shown.index(node.name)
        assert shown[at + 1] == reach  # the name, then the reach numbers under it
    assert shown[shown.index("Sacramento") + 1] == "1-2, 6-9, 16"  # the rulebook's example
    assert "New Orleans" in shown


def test_every_city_has_a_suitcase_place_clear_of_the_others(laid):
    game, board, ops = laid
    suitcase = next(d for d in game.decks if d.name == "suitcases")
    places = [op for op in ops if isinstance(op, RectOp) and op.dash and op.box.h > mm(50)]
    assert len(places) == 16
    for p in places:  # the card fits with its padding, inside the board
        assert p.box.w == pytest.approx(suitcase.width + mm(2)) and p.box.h == pytest.approx(
            suitcase.height + mm(2)
        )
        assert mm(12) < p.box.x and p.box.right < board.width - mm(12)
        assert mm(12) < p.box.y and p.box.top < board.height - mm(12)
    for i, a in enumerate(places):
        for b in places[i + 1 :]:
            assert (
                a.box.right <= b.box.x
                or b.box.right <= a.box.x
                or a.box.top <= b.box.y
                or b.box.top <= a.box.y
            )
    cities = [op for op in ops if isinstance(op, EllipseOp) and op.box.w == pytest.approx(mm(10))]
    assert len(cities) == 16
    for c in cities:  # no place covers a city
        assert not any(
            p.box.x < c.box.x + c.box.w / 2 < p.box.right and p.box.y < c.box.y + c.box.h / 2 < p.box.top
            for p in places
        )


def test_weekday_track_and_score_track(laid):
    _, _, ops = laid
    shown = words(ops)
    for de, en in zip(
        ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
        ["Monday", "Tuesday x2", "Wednesday", "Thursday", "Friday x2", "Saturday", "Sunday"],
        strict=True,
    ):
        assert any(re.fullmatch(rf"{de} {en}.*", w) for w in shown)
    assert any("Sunday is lucky day" in w for w in shown)
    numbers = {w for w in shown if w.isdigit()}
    assert {str(n) for n in range(69)} <= numbers and "69+" in shown


def broken(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "maloney"
    shutil.copytree(paths.CARDDATA / "maloney", folder)
    path = folder / "board.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("old", "new", "rules", "says"),
    [
        ("      - sac - chey\n", "", {"sacramento"}, "reaches 1-2, 7-9, 16"),
        ("      - sea - chey\n", "      - sea -> chey\n", {"map-roads"}, "one way"),
        ("      - sf - sea\n", "      - sf - sf\n", {"map-roads"}, "back to itself"),
        ("number: 12, name: Detroit", "number: 13, name: Detroit", {"map-numbers"}, "each once"),
        ("name: Cheyenne", "name: Denver", {"map-numbers"}, "Cheyenne number 6"),
    ],
)
def test_a_broken_map_fails_its_check(tmp_path, old, new, rules, says):
    breaches = composition_breaches(load_game(broken(tmp_path, old, new)))
    assert {b.rule for b in breaches} == rules
    assert any(says in b.detail for b in breaches)


def test_a_map_that_cannot_be_read_is_reported_once_at_its_line(tmp_path, run_cli):
    folder = broken(tmp_path, "      - sf - sd\n", "      - sf - sdd\n")
    line = next(
        n for n, t in enumerate((folder / "board.yaml").read_text().splitlines(), 1) if "sf - sdd" in t
    )
    code, out, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in out + err
    assert f"board.yaml:{line}:9: features[2].edges[0]: unknown node 'sdd' (did you mean 'sd'?)" in out + err
    assert (out + err).count("[map-") == 1 and "check 'map" not in out + err
