"""Visual regression of selected card pages (see tests/visual_compare.py to refresh)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.kit.build import BuildOptions, build_game
from generator.load.loader import load_game
from tests.visual_compare import assert_looks_like, render_page


@pytest.fixture(scope="module")
def road_runner_pdf(tmp_path_factory) -> Path:
    return build_game(load_game("road-runner"), BuildOptions(out_dir=tmp_path_factory.mktemp("v")))[0]


@pytest.mark.parametrize(
    ("page", "name"),
    [
        (0, "cards-road-runner-captures"),
        (1, "cards-road-runner-backs"),
        (8, "cards-road-runner-duals"),
        (12, "cards-road-runner-escapes"),
    ],
)
def test_road_runner_pages_look_as_before(road_runner_pdf: Path, page: int, name: str):
    assert_looks_like(render_page(road_runner_pdf, page), name)
