"""The colour-only rule on boards: paths of a grid and zones of one size that differ only by
colour must print apart in grey and under simulated colour-vision deficiencies; planted on a
small board, and on Joker's Row with its mat as it was before the board redesign."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core import paths
from generator.kit.proofing import proof_parts
from generator.load.loader import load_game
from generator.proof import colouronly
from generator.proof.settings import Settings

JOKERS_ROW_BOARD_BEFORE = Path(__file__).parent / "proof_fixtures" / "jokers-row-board-before.yaml"
"""Joker's Row's mat before the board redesign (commit 3de0fd1 gave the paths a dash and R/B step
numbers, and the omen slots their own names)."""

BOARD = """# planted grid
name: planted-grid
title: Planted grid
size: {width: 300mm, height: 200mm}
features:
  - type: grid
    at: [20mm, 20mm]
    rows: 2
    columns: 3
    cell: {width: 30mm, height: 40mm}
    gap: 5mm
    paths:
      - {name: one, pattern: lawnmower, start: top-left, color: "ONE", numbers: true}
      - {name: two, pattern: lawnmower, start: bottom-right, color: "TWO", numbers: true, TWOEXTRA}
  - {type: zone, at: [180mm, 20mm], size: {width: 40mm, height: 30mm}, label: Pile, look: {fill: "FILLA"}}
  - {type: zone, at: [180mm, 80mm], size: {width: 40mm, height: 30mm}, label: LABELB, look: {fill: "FILLB"}}
"""


def _found(
    tmp_path: Path,
    one: str = "#1f1f1f",
    two: str = "#3a3a3a",
    extra: str = "width: 1.5pt",
    fills: tuple[str, str] = ("#ffffff", "#ffffff"),
    label_b: str = "Pile",
) -> list[str]:
    runner = CliRunner()
    assert runner.invoke(app, ["new", "planted", "--into", str(tmp_path)]).exit_code == 0
    folder = tmp_path / "planted"
    board = (
        BOARD.replace("ONE", one)
        .replace("TWOEXTRA", extra)
        .replace("TWO", two)
        .replace("FILLA", fills[0])
        .replace("FILLB", fills[1])
        .replace("LABELB", label_b)
    )
    (folder / "board.yaml").write_text(board, encoding="utf-8")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("boards: [board.yaml]\n")
    game = load_game(str(folder))
    problems = [f.problem() for f in colouronly.check(game, proof_parts(game), Settings())]
    return [f"{p.line}: {p.message}" for p in problems if p.file.endswith("board.yaml")]


def test_two_paths_of_one_style_in_shades_of_grey_are_found(tmp_path: Path) -> None:
    found = _found(tmp_path)
    assert len(found) == 1
    assert found[0].startswith("14: path 'two' (#3a3a3a) and path 'one' (line 13, #1f1f1f)")
    assert "in grey their lightness differs by" in found[0]
    assert "a dash, a prefix to its step numbers" in found[0]


def test_red_and_green_paths_are_found_under_deuteranopia(tmp_path: Path) -> None:
    found = _found(tmp_path, one="#d62728", two="#6b8e23")
    assert len(found) == 1 and "path 'two'" in found[0]


@pytest.mark.parametrize("extra", ["dash: [3mm, 2mm]", "prefix: B"])
def test_a_dash_or_a_prefix_marks_the_paths(tmp_path: Path, extra: str) -> None:
    assert _found(tmp_path, extra=extra) == []


def test_path_colours_far_apart_pass(tmp_path: Path) -> None:
    assert _found(tmp_path, one="#1f1f1f", two="#9ecae1") == []


def test_zones_of_one_size_that_differ_only_by_a_pale_fill_are_found(tmp_path: Path) -> None:
    found = _found(tmp_path, one="#1f1f1f", two="#d9d9d9", fills=("#fbe4e1", "#e6e9eb"))
    assert found == [
        "16: zone 'Pile' (#e6e9eb) and zone 'Pile' (line 15, #fbe4e1) of 'Planted grid' differ only by "
        "colour and cannot be told apart: in grey their lightness differs by 1 (at least 20 wanted): "
        "give each its own label or icon, a dashed outline, or fills further apart"
    ]


def test_zones_with_their_own_labels_or_fills_far_apart_pass(tmp_path: Path) -> None:
    pale = ("#fbe4e1", "#e6e9eb")
    assert _found(tmp_path, one="#1f1f1f", two="#d9d9d9", fills=pale, label_b="Discard") == []
    assert _found(tmp_path / "b", one="#1f1f1f", two="#d9d9d9", fills=("#ffffff", "#5b5b5b")) == []


def _jokers_row(tmp_path: Path, board: Path | None = None) -> list[str]:
    folder = tmp_path / "jokers-row"
    shutil.copytree(paths.CARDDATA / "jokers-row", folder)
    if board is not None:
        shutil.copy(board, folder / "board.yaml")
    game = load_game(str(folder))
    problems = [f.problem() for f in colouronly.check(game, proof_parts(game), Settings())]
    return [f"{p.line}: {p.message}" for p in problems if p.file.endswith("board.yaml")]


def test_jokers_row_mat_of_before_its_omen_slots_differ_only_by_shade(tmp_path: Path) -> None:
    found = _jokers_row(tmp_path, JOKERS_ROW_BOARD_BEFORE)
    assert len(found) == 1
    assert found[0].startswith(
        "45: zone beside the rows 'Omen' (#e6e9eb) and zone beside the rows 'Omen' (line 35, #fbe4e1)"
    )
    assert "in grey their lightness differs by 1" in found[0]


def test_jokers_row_mat_of_before_its_paths_print_apart_by_the_margins(tmp_path: Path) -> None:
    """Issue 21 names the two lawnmower paths too, but red #c62828 and black #1f1f1f are 25 L*
    apart in grey and at least Delta E 35 apart under each simulated deficiency: by the rule's
    margins (20 L*, Delta E 12) they are told apart. Paths in two shades of one colour are not."""
    assert not [f for f in _jokers_row(tmp_path, JOKERS_ROW_BOARD_BEFORE) if "path" in f]
    darker = JOKERS_ROW_BOARD_BEFORE.read_text(encoding="utf-8").replace(
        'color: "#c62828"', 'color: "#4a2a2a"'
    )
    (tmp_path / "darker.yaml").write_text(darker, encoding="utf-8")
    found = _jokers_row(tmp_path / "d", tmp_path / "darker.yaml")
    assert any(f.startswith("67: path 'black' (#1f1f1f) and path 'red' (line 56, #4a2a2a)") for f in found)


def test_jokers_row_mat_of_today_gives_no_board_finding(tmp_path: Path) -> None:
    assert _jokers_row(tmp_path) == []
