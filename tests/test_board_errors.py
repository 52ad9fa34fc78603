"""Bad board files: one small file per failure mode, the exact message (file:line:col) asserted."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.board import board_files, load_board
from generator.core.errors import DataError
from generator.load.loader import load_game
from tests.conftest import MINI_GAME, write_game

B = "name: t\nsize: {width: 200mm, height: 150mm}\n"
F = B + "features:\n"
MAP = F + "  - type: map\n    nodes:\n      a: {at: [10mm, 10mm]}\n      b: {at: [80mm, 10mm]}\n"
GRID = (
    F
    + "  - type: grid\n    at: [10mm, 10mm]\n    rows: 1\n    columns: 2\n    cell: {width: 20mm, height: 20mm}\n"
)

CASES = [
    (
        "unknown-key",
        B + "backgrond: '#fff'\n",
        "3:1: backgrond: unknown key 'backgrond' (did you mean 'background'?)",
    ),
    (
        "unknown-type",
        F + "  - {type: gird, at: [0mm, 0mm], rows: 1, columns: 1}\n",
        "4:5: features[0]: unknown type 'gird' (did you mean 'grid'?); expected one of zone, grid, track, map, "
        "text, legend, icon, image, rect, ellipse, line, outline",
    ),
    (
        "unknown-feature-key",
        F + "  - {type: zone, at: [10mm, 10mm], lable: Draw}\n",
        "4:36: features[0].lable: unknown key 'lable' (did you mean 'label'?)",
    ),
    (
        "bad-unit",
        F + "  - {type: zone, at: [10px, 0mm]}\n",
        "4:23: features[0].at[0]: unknown unit 'px' in '10px' (known units: pt, mm, cm, in)",
    ),
    (
        "no-unit",
        F + "  - {type: zone, at: [10, 0mm]}\n",
        "4:23: features[0].at[0]: expected a length with a unit such as '3mm', '0.5in' or '10pt', found '10'",
    ),
    (
        "paper",
        "size: a9\n",
        "1:7: size: unknown paper size 'a9'; known sizes: a3, a4, a5, a6, half-letter, legal, letter, tabloid "
        "(or give {width: ..., height: ...})",
    ),
    (
        "bad-size",
        "size: {width: 0mm, height: 10mm}\n",
        "1:1: size: the board's width and height must be more than 0",
    ),
    ("missing-size", "name: t\n", "1:1: size: missing required key 'size'"),
    (
        "overlap",
        B + "overlap: 3mm\n",
        "3:10: overlap: overlap must be wider than the 5 mm printer margin and at most 50 mm, found 3 mm",
    ),
    (
        "font",
        B + "font: Comic Sans\n",
        "3:7: font: unknown font family 'Comic Sans' (did you mean 'Comic Neue'?); known families: Bebas Neue, Caladea, "
        "Comic Neue, DejaVu Sans, Lato, Lato Black; nor is a font of that name installed on this computer "
        "(see 'deckwright fonts')",
    ),
    (
        "toward",
        F + "  - {type: zone, at: [10mm, 10mm], toward: north}\n",
        "4:44: features[0].toward: expected one of bottom, top, left, right, outward, found 'north'",
    ),
    (
        "card-size",
        F + "  - {type: zone, at: [10mm, 10mm], size: pokr}\n",
        "4:42: features[0].size: unknown card size 'pokr' (did you mean 'poker'?); known sizes: bridge, business, "
        "business-eu, euro, jumbo, mini-american, mini-euro, poker, square, standard-american, tarot "
        "(or a deck of this game: cards)",
    ),
    (
        "icon",
        F + "  - {type: icon, icon: jokr, box: [0mm, 0mm, 10mm, 10mm]}\n",
        "4:24: features[0].icon: no icon named 'jokr' (did you mean 'joker'?): add it under 'icons:' in game.yaml "
        "or use a bundled icon",
    ),
    (
        "image",
        F + "  - {type: image, file: map.png, box: [0mm, 0mm, 10mm, 10mm]}\n",
        "4:25: features[0].file: image 'map.png' not found (looked in the game folder and its art/ folder)",
    ),
    (
        "outside",
        F + "  - {type: zone, at: [180mm, 10mm]}\n",
        "4:5: features[0]: this zone reaches 46.6 mm past the right edge of the board (200 x 150 mm): "
        "move it or make it smaller",
    ),
    (
        "text-fit",
        F + "  - {type: text, box: [10mm, 10mm, 20mm, 5mm], text: 'Far too much text for this little box'}\n",
        "4:54: features[0].text: text 'Far too much text for this ...' does not fit even at 12.0 pt "
        "(14.5 mm too much): shorten it or give it more room",
    ),
    (
        "markup",
        F + "  - {type: text, box: [10mm, 10mm, 40mm, 12mm], text: '[color=red]hi'}\n",
        "4:55: features[0].text: unclosed '[color=red]' opened at character 1",
    ),
    (
        "legend",
        F + "  - type: legend\n    box: [10mm, 10mm, 40mm, 12mm]\n    entries:\n"
        "      - {fill: red, text: one}\n      - {fill: blue, text: two}\n",
        "8:9: features[0].entries[1]: the legend's entries do not fit in its box: make the box taller or the "
        "text smaller",
    ),
    (
        "grid-cells",
        GRID + "    paths:\n      - {name: p, pattern: custom, cells: [[1, 1], [1, 3]]}\n",
        "10:36: features[0].paths[0].cells: cell [1, 3] is outside the 1 x 2 grid",
    ),
    (
        "grid-custom",
        GRID + "    paths:\n      - {name: p, pattern: custom}\n",
        "10:9: features[0].paths[0]: 'cells' ([row, column] pairs) goes with 'pattern: custom', and only with it",
    ),
    (
        "grid-label",
        GRID + "    label: '{rw}'\n",
        "9:12: features[0].label: cannot fill the label (unknown name 'rw'): use {row}, {column}, {n} or {letter}",
    ),
    (
        "track-count",
        F + "  - {type: track, at: [10mm, 10mm]}\n",
        "4:5: features[0]: give 'count' (how many spaces) or 'labels' (one per space)",
    ),
    (
        "track-labels",
        F + "  - {type: track, at: [10mm, 10mm], count: 3, labels: [a, b]}\n",
        "4:47: features[0].labels: 'labels' has 2 entries but 'count' is 3",
    ),
    (
        "track-per-row",
        F + "  - {type: track, layout: serpentine, at: [10mm, 10mm], count: 3}\n",
        "4:5: features[0]: a serpentine track needs 'per_row'",
    ),
    (
        "track-special",
        F + "  - {type: track, at: [10mm, 10mm], count: 3, special: [{fill: red}]}\n",
        "4:57: features[0].special[0]: say which spaces: 'at' (a number or a list) and/or 'every'",
    ),
    (
        "track-turn",
        F + "  - {type: track, layout: serpentine, at: [10mm, 10mm], count: 3, per_row: 2, turn: left}\n",
        "4:85: features[0].turn: 'turn: left' must be at right angles to 'direction: right'",
    ),
    ("map-node", MAP + "    edges: [a - c]\n", "8:13: features[0].edges[0]: unknown node 'c'; known: a, b"),
    (
        "map-edge",
        MAP + "    edges: [a to b]\n",
        "8:13: features[0].edges[0]: expected 'a - b' (two-way) or 'a -> b' (one way), found 'a to b'",
    ),
    (
        "map-kind",
        F + "  - type: map\n    nodes:\n      a: {at: [10mm, 10mm], kind: citty}\n",
        "6:35: features[0].nodes.a.kind: unknown node kind 'citty'; known: place, junction, dead-end",
    ),
    (
        "map-road",
        MAP + "    edges:\n      - {from: a, to: b, road: rail}\n",
        "9:32: features[0].edges[0].road: unknown road kind 'rail'; known: road",
    ),
    (
        "map-space",
        MAP + "    edges:\n      - {from: a, to: b, spaces: [grey]}\n",
        "9:26: features[0].edges[0].spaces: unknown space kind 'grey'; known: none defined",
    ),
    (
        "map-kind-height",
        MAP + "    kinds:\n      shop: {shape: circle, size: 40mm, height: 28mm}\n",
        "9:7: features[0].kinds.shop: height makes a rectangle of a square or rounded node; a circle "
        "node has one size: remove height, or set shape: square or rounded",
    ),
]


@pytest.mark.parametrize(("case", "text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_bad_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str, text: str, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    folder = write_game(
        tmp_path / case, {"game.yaml": MINI_GAME + "boards: [board.yaml]\n", "board.yaml": text}
    )
    with pytest.raises(DataError) as err:
        load_board(folder / "board.yaml", load_game(folder))
    assert str(err.value) == f"{case}/board.yaml:{expected}"


def test_missing_board_file_points_at_game_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + "boards: [bord.yaml]\n"})
    game = load_game(folder)
    (path,) = board_files(game)
    with pytest.raises(DataError) as err:
        load_board(path, game)
    assert str(err.value) == "mini/game.yaml:18:10: boards[0]: board file 'bord.yaml' not found in mini"


def test_every_problem_is_reported_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = (
        F
        + "  - {type: zone, at: [10mm, 10mm], size: pokr}\n  - {type: icon, icon: jokr, box: [0mm, 0mm, 9mm, 9mm]}\n"
    )
    folder = write_game(
        tmp_path / "many", {"game.yaml": MINI_GAME + "boards: [board.yaml]\n", "board.yaml": text}
    )
    with pytest.raises(DataError) as err:
        load_board(folder / "board.yaml", load_game(folder))
    assert [p.path for p in err.value.problems] == ["features[0].size", "features[1].icon"]
