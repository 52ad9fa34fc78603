"""Tiling targets keep off a board's play surface (a map's land), issue 32: the planner places
them only beside it, a tile keeps two on one seam, and the proofreader reports one left on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.art.fonts import FontBook
from generator.board import board_files, load_board
from generator.board.layout import layout_board
from generator.board.ops import PolyOp
from generator.board.strokes import content_strokes, surface_rings
from generator.board.tiling import TilePlan, plan_tiles
from generator.core.sizes import paper_size
from generator.core.strokes import box_on_surface, surface_ring
from generator.core.units import mm
from generator.kit.proofing import record_kit
from generator.load.loader import load_game
from generator.proof import tiling
from generator.proof.settings import settings_of
from generator.render.board import content_boxes


def _land(ring, plan: TilePlan) -> int:
    """Targets (each counted once, in board points) whose circle box reaches into ``ring``."""
    seen = set()
    for t in plan.tiles:
        for m in t.marks:
            x, y = t.to_board(m.x, m.y)
            if box_on_surface(ring, (x - m.r, y - m.r, x + m.r, y + m.r)):
                seen.add((round(x, 3), round(y, 3)))
    return len(seen)


def _seams_of(plan: TilePlan) -> dict[str, tuple[int, int]]:
    """Per tile: its targets on its left seam and on its top seam (where it is cut)."""
    out = {}
    for t in plan.tiles:
        left = sum(1 for m in t.marks if abs(m.x - t.page_box.x) < 1e-6)
        top = sum(1 for m in t.marks if abs(m.y - t.page_box.top) < 1e-6)
        out[t.name] = (left if t.col else 0, top if t.row else 0)
    return out


def test_surface_rings_are_large_outlined_fills_not_rectangles_or_bands() -> None:
    blob = ((0, 0), (mm(60), mm(5)), (mm(70), mm(50)), (mm(10), mm(60)), (0, 0))
    assert surface_ring(blob, stroked=True, filled=True)
    assert not surface_ring(blob, stroked=False, filled=True)  # an unoutlined wash
    rect = ((0, 0), (mm(90), 0), (mm(90), mm(90)), (0, mm(90)), (0, 0))
    assert not surface_ring(rect, stroked=True, filled=True)  # a panel, a background
    small = tuple((x / 10, y / 10) for x, y in blob)
    assert not surface_ring(small, stroked=True, filled=True)  # a place, a node
    ops = [PolyOp(blob, "#000000", 1.0, "#eeeeee", True), PolyOp(blob, "#cccccc", mm(9), None, True)]
    assert surface_rings(ops) == (blob,)
    lake = ((mm(20), mm(20)), (mm(30), mm(20)), (mm(30), mm(30)), (mm(20), mm(30)))
    assert box_on_surface((blob,), (mm(40), mm(30), mm(42), mm(32)))
    assert not box_on_surface((blob, lake), (mm(24), mm(24), mm(26), mm(26)))  # inside the lake


def test_targets_slide_off_the_surface_and_a_tile_keeps_two_on_one_seam() -> None:
    """A 600 x 400 mm board on A4 whose middle is land but for a sea strip along the top and
    bottom: the vertical seams find room in the strips, the horizontal one only at its ends."""
    land = ((mm(40), mm(40)), (mm(560), mm(40)), (mm(560), mm(360)), (mm(40), mm(360)), (mm(40), mm(40)))
    land = (*land[:1], (mm(300), mm(30)), *land[1:])  # not a plain rectangle
    w, h = mm(600), mm(400)
    old = plan_tiles(w, h, paper_size("a4"), mm(40))
    new = plan_tiles(w, h, paper_size("a4"), mm(40), keep_out=(land,))
    assert _land((land,), old) > 0 and _land((land,), new) == 0
    seams = _seams_of(new)
    assert all(max(s) >= 2 for name, s in seams.items() if name != "A1"), seams


def test_a_tile_whose_seams_cross_only_surface_keeps_two_targets_on_one() -> None:
    land = ((0, 0), (mm(600), 0), (mm(600), mm(400)), (mm(300), mm(410)), (0, mm(400)), (0, 0))
    plan = plan_tiles(mm(600), mm(400), paper_size("a4"), mm(40), keep_out=(land,))
    assert all(max(s) >= 2 for name, s in _seams_of(plan).items() if name != "A1")


@pytest.fixture(scope="module")
def maloney():
    game = load_game("maloney")
    board = load_board(board_files(game)[0], game)
    return game, board, layout_board(board, FontBook.load(game.font_dirs))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_maloney_targets_lie_off_the_land_and_every_sheet_still_aligns(maloney, paper: str) -> None:
    """Before: 13 of 26 targets on the land on either paper; now none of 20, every sheet but A1
    has two or more on the seam it is laid over, and only B2's and B3's top seams (all land,
    Nevada to Tennessee) have none."""
    _, board, layout = maloney
    rings = surface_rings(layout.ops)
    assert len(rings) == 1

    def plan(out) -> TilePlan:
        return plan_tiles(
            board.width,
            board.height,
            paper_size(paper),
            board.overlap,
            keep_clear=content_boxes(layout),
            keep_off=content_strokes(layout.ops),
            keep_out=out,
        )

    assert _land(rings, plan(())) == 13
    new = plan(rings)
    assert _land(rings, new) == 0
    seams = _seams_of(new)
    assert all(max(s) >= 2 for name, s in seams.items() if name != "A1"), seams
    assert sorted(n for n, (left, top) in seams.items() if n[0] == "B" and top == 0) == ["B2", "B3"]


def test_the_proofreader_reports_targets_left_on_the_land(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old placement (targets off words and roads only) fails: a warning at the outline's
    line in board.yaml; the new one passes."""
    from generator.render import board

    game = load_game("maloney")
    pages = list(record_kit(game, (("a4", "duplex"),)).pages())
    assert tiling.check(pages, settings_of(game)) == []
    monkeypatch.setattr(board, "surface_rings", lambda ops: ())
    found = tiling.check(list(record_kit(game, (("a4", "duplex"),)).pages()), settings_of(game))
    assert [(Path(f.file).name, f.problem().line, f.severity) for f in found] == [
        ("board.yaml", 21, "warning")
    ]
    # 26 visible target halves on the land over the A4 sheets (the brief's "about 26")
    assert found[0].message.startswith("26 alignment target(s) of the tiled board sit on its play surface")
