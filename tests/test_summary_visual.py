"""Visual regression of a rule summary page and an aid sheet (see tests/visual_compare.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.load.loader import load_game
from generator.render.summary import write_summary
from generator.summary import load_summary
from tests.visual_compare import assert_looks_like, render_page


def written(name: str, out: Path) -> list[Path]:
    game = load_game(name)
    summary = load_summary(game.folder / "summary.yaml", game)
    return write_summary(summary, game, FontBook.load(game.font_dirs), out, "a4")


@pytest.fixture(scope="module")
def road_runner(tmp_path_factory) -> list[Path]:
    return written("road-runner", tmp_path_factory.mktemp("summary"))


def test_road_runner_summary_page_looks_as_before(road_runner):
    assert_looks_like(render_page(road_runner[0], 0), "summary-road-runner-page-1")


def test_road_runner_aid_sheet_looks_as_before(road_runner):
    assert_looks_like(render_page(road_runner[1], 0), "summary-road-runner-aids")


def test_jokers_row_summary_page_looks_as_before(tmp_path):
    assert_looks_like(render_page(written("jokers-row", tmp_path)[0], 0), "summary-jokers-row-page-1")
