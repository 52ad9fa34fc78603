"""Maloney's map: one board file drawn as the board and read by the checks; reach numbers under
every city derived from its roads; a suitcase place on every city; the weekday and score tracks."""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path

import pytest
import yaml

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
    card = sorted((suitcase.width + mm(2), suitcase.height + mm(2)))
    places = [op for op in ops if isinstance(op, RectOp) and op.dash and max(op.box.w, op.box.h) > mm(50)]
    assert len(places) == 16
    assert {p.box.w > p.box.h for p in places} == {True, False}  # some turned along a coast or gap
    for p in places:  # the card fits with its padding (either way round), inside the score track
        assert sorted((p.box.w, p.box.h)) == pytest.approx(card)
        assert mm(16) < p.box.x and p.box.right < board.width - mm(16)
        assert mm(16) < p.box.y and p.box.top < board.height - mm(16)
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


def test_each_suitcase_place_lies_beside_its_own_city():
    """Issue 32: the places lay 40-150 mm from their cities and nearer others; now each is nearer
    its own city than any other, 14 of them within 15 mm; Sacramento's (18 mm, above its roads)
    and Washington's (17 mm, in the Atlantic) are the known warnings."""
    from generator.kit.proofing import proof_parts
    from generator.proof import belonging
    from generator.proof.settings import settings_of

    game = load_game("maloney")
    found = belonging.check(game, proof_parts(game), settings_of(game))
    assert [f.severity for f in found] == ["warning", "warning"]
    assert all("nearer" not in f.message and "across" not in f.message for f in found)
    far = sorted(re.search(r"node '(\w+)' lies (\d+) mm", f.message).groups() for f in found)
    assert far == [("sac", "18"), ("was", "17")]


def test_no_tile_seam_runs_through_a_word_on_a4_or_letter():
    """Issue 32: the A4 seams ran through Salt Lake City and Dallas; the 40 mm overlap puts the
    seams of both papers at x = 138.5, 277, 415.5 mm and y = 190 mm, clear of every word."""
    from generator.kit.proofing import proof_parts
    from generator.proof import words
    from generator.proof.settings import settings_of

    game = load_game("maloney")
    found = words.check(game, proof_parts(game), settings_of(game))
    assert not [f.message for f in found if "tile seam" in f.message]


def test_the_car_parks_on_its_city_s_place_and_the_pawn_on_the_week(tmp_path):
    """The car's 25 x 24 mm base covered a 10 mm city disc and its name; it now stands on the
    city's suitcase place (free once the driver took the suitcase), the pawn on a weekday."""
    from generator.kit.proofing import proof_parts
    from generator.proof import fit
    from generator.proof.settings import settings_of

    game = load_game("maloney")
    assert fit.check(game, proof_parts(game), settings_of(game)) == []
    folder = tmp_path / "maloney"
    shutil.copytree(paths.CARDDATA / "maloney", folder)
    text = (folder / "components.yaml").read_text(encoding="utf-8")
    (folder / "components.yaml").write_text(
        text.replace("stands_on: [map.usa.city.place]", "stands_on: [map.usa.city]"), encoding="utf-8"
    )
    game = load_game(str(folder))
    (found,) = fit.check(game, proof_parts(game), settings_of(game))
    assert "base of 'Car' does not fit the 10 mm disc 'city' nodes" in found.message


def test_week_track_colours_stay_apart_in_grey():
    """Issue 32: Sunday's green and the double days' gold were one grey (L* 83 and 81)."""
    data = yaml.safe_load((paths.CARDDATA / "maloney" / "board.yaml").read_text(encoding="utf-8"))
    week = next(f for f in data["features"] if f.get("id") == "weekdays")
    fills = [week["look"]["fill"], *(s["fill"] for s in week["special"])]

    def lightness(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
        return 116 * y ** (1 / 3) - 16

    greys = sorted(lightness(c) for c in fills)
    assert all(b - a >= 12 for a, b in itertools.pairwise(greys))


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
        (
            "      - {from: sac, to: chey, via: [[150mm, 164mm], [188mm, 164mm]], offset: -4.35mm}\n",
            "",
            {"sacramento"},
            "reaches 1-2, 7-9, 16",
        ),
        ("      - sea - slc\n", "      - sea -> slc\n", {"map-roads"}, "one way"),
        ("      - sd - sfe\n", "      - sd - sd\n", {"map-roads"}, "back to itself"),
        ("number: 12, name: Detroit", "number: 13, name: Detroit", {"map-numbers"}, "each once"),
        ("name: Cheyenne", "name: Denver", {"map-numbers"}, "Cheyenne number 6"),
    ],
)
def test_a_broken_map_fails_its_check(tmp_path, old, new, rules, says):
    breaches = composition_breaches(load_game(broken(tmp_path, old, new)))
    assert {b.rule for b in breaches} == rules
    assert any(says in b.detail for b in breaches)


def test_a_map_that_cannot_be_read_is_reported_once_at_its_line(tmp_path, run_cli):
    folder = broken(tmp_path, "      - sf - sac\n", "      - sf - sacc\n")
    line = next(
        n for n, t in enumerate((folder / "board.yaml").read_text().splitlines(), 1) if "sf - sacc" in t
    )
    code, out, err = run_cli("check", folder)
    assert code == 1 and "Traceback" not in out + err
    assert (
        f"board.yaml:{line}:9: features[2].edges[1]: unknown node 'sacc' (did you mean 'sac'?)" in out + err
    )
    assert (out + err).count("[map-") == 1 and "check 'map" not in out + err
