"""The links rule's board geometry beyond roads through nodes: a road under a node's card place,
and map labels that collide; planted on a small map, and Maloney's roads under suitcase places."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.kit.proofing import proof_parts
from generator.load.loader import load_game
from generator.proof import links
from generator.proof.settings import Settings, settings_of
from tests.conftest import maloney_as_it_was

BOARD = """# planted map
name: planted-map
title: Planted map
size: {width: 320mm, height: 200mm}
features:
  - type: map
    kinds:
      city: {shape: circle, size: 10mm, place: {size: poker, side: above, gap: 2mm}}
    nodes:
      west: {at: [60mm, 120mm], number: 1, name: West, kind: city}
      east: {at: [240mm, 120mm], number: 2, name: East, kind: city, place: PLACE}
      south: {at: [150mm, 170mm], number: 3, name: South, kind: city, place: none}
      twin: {at: TWINmm, number: 4, name: Twin Peaks, kind: city, place: none}
    edges:
      - west - east
      - south - west
      - south - twin
"""


def _map(tmp_path: Path, place: str = "above", twin: str = "[200, 170]"):
    runner = CliRunner()
    assert runner.invoke(app, ["new", "planted", "--into", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "planted"
    board = BOARD.replace("PLACE", place).replace("TWINmm", twin.replace(",", "mm,").replace("]", "mm]"))
    (folder / "board.yaml").write_text(board, encoding="utf-8")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("boards: [board.yaml]\n")
    game = load_game(str(folder))
    return [f.problem() for f in links.check(game, proof_parts(game), Settings())]


def test_a_road_under_another_nodes_card_place(tmp_path: Path) -> None:
    # East's place sits left of it, over the road from West: the card laid there hides the road
    found = [p for p in _map(tmp_path, "left") if "card place" in p.message]
    assert [(p.line, p.message.split(":")[0]) for p in found] == [
        (15, "road west - east runs under the card place of node 'east' (line 11)"),
    ]


def test_a_place_off_the_road_passes(tmp_path: Path) -> None:
    assert [p for p in _map(tmp_path, "above") if "card place" in p.message] == []


def test_labels_that_collide(tmp_path: Path) -> None:
    # Twin Peaks 12 mm beside South: their names, below each node, overlap
    found = [p for p in _map(tmp_path / "a", twin="[162, 170]") if "collide" in p.message]
    assert len(found) == 1 and found[0].line == 12  # at South, nearest the first label
    assert "map labels 'South' and 'Twin Peaks' collide" in found[0].message
    assert [p for p in _map(tmp_path / "b") if "collide" in p.message] == []


def test_maloney_roads_under_other_cities_suitcase_places(tmp_path: Path) -> None:
    game = load_game(maloney_as_it_was(tmp_path))
    under = [
        f.message.split(" (line")[0]
        for f in links.check(game, proof_parts(game), settings_of(game))
        if "card place" in f.message
    ]
    others = [m for m in under if m.split("'")[1] not in m.split(" runs")[0].split()]
    assert "road sac - chey runs under the card place of node 'slc'" in others
    assert "road ny - cha runs under the card place of node 'was'" in others
    assert len(others) == 11  # the issue counted about nine by eye
    assert "road sf - sd runs under the card place of node 'sd'" in under  # its own place, above it
