"""Tiling a board at 100 %: overlaps, marks inside the printable area, exact reassembly."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.board.ops import PolyOp
from generator.board.pages import assembly_page, fit_page
from generator.board.strokes import content_strokes
from generator.board.tiling import APART, MARGIN, TARGET_R, TilePlan, plan_tiles, tile_name
from generator.core.geometry import Box
from generator.core.sizes import paper_size
from generator.core.strokes import content_stroke, stroke_meets
from generator.core.units import mm

TOL = 1e-6


def _check_plan(plan: TilePlan, overlap: float) -> None:
    bw, bh = plan.board_w, plan.board_h
    assert len(plan.tiles) == plan.rows * plan.cols
    for t in plan.tiles:
        # 100 %: the window prints at its own size, inside the printable area
        assert t.page_box.w == pytest.approx(t.window.w) and t.page_box.h == pytest.approx(t.window.h)
        assert plan.printable.contains(t.page_box)
        assert Box(0, 0, bw, bh).contains(t.window)
        # every mark and label stays inside the printable area (5 mm from the paper edge)
        for m in t.marks:
            shown = _clip(m.box, t.page_box)
            assert shown is not None and plan.printable.contains(shown)
        assert plan.printable.contains(t.label_box)
        if t.scale_bar.w:
            assert plan.printable.contains(t.scale_bar)
            assert t.scale_bar.w == pytest.approx(mm(50))
        for ln in t.cuts:
            assert plan.printable.contains(ln.bounds())
        # neighbours overlap by exactly the set amount, side by side
        if t.col + 1 < plan.cols:
            right = plan.tile(t.row, t.col + 1)
            assert t.window.right - right.window.x == pytest.approx(overlap)
            assert (right.window.y, right.window.h) == pytest.approx((t.window.y, t.window.h))
        if t.row + 1 < plan.rows:
            below = plan.tile(t.row + 1, t.col)
            assert below.window.top - t.window.y == pytest.approx(overlap)
            assert (below.window.x, below.window.w) == pytest.approx((t.window.x, t.window.w))
    # the union of the windows is the board: edges meet the board's edges
    # (points: an absolute tolerance, since a sum of tile heights can miss 0 by 1e-12)
    first = plan.tile(0, 0).window
    assert first.x == pytest.approx(0, abs=TOL) and first.top == pytest.approx(bh, abs=TOL)
    last = plan.tiles[-1].window
    assert last.right == pytest.approx(bw, abs=TOL) and last.y == pytest.approx(0, abs=TOL)


def _clip(a: Box, b: Box) -> Box | None:
    x0, y0, x1, y1 = max(a.x, b.x), max(a.y, b.y), min(a.right, b.right), min(a.top, b.top)
    return Box(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize(("w", "h"), [(570.3, 512.5), (500, 500), (420, 297), (297, 420), (900, 120)])
def test_plans_overlap_and_stay_printable(paper: str, w: float, h: float) -> None:
    plan = plan_tiles(mm(w), mm(h), paper_size(paper), mm(10))
    _check_plan(plan, mm(10))


@settings(max_examples=60, deadline=None)
@given(
    w=st.floats(50, 1500),
    h=st.floats(50, 1500),
    overlap=st.floats(5.5, 30),
    paper=st.sampled_from(["a4", "letter", "a3", "legal"]),
)
def test_any_board_tiles_and_reassembles(w: float, h: float, overlap: float, paper: str) -> None:
    plan = plan_tiles(mm(w), mm(h), paper_size(paper), mm(overlap))
    _check_plan(plan, mm(overlap))
    # every board point lies in some window, and each tile maps page -> board by a pure shift
    for fx in (0.0, 0.13, 0.5, 0.77, 1.0):
        for fy in (0.0, 0.31, 0.5, 0.92, 1.0):
            x, y = fx * mm(w), fy * mm(h)
            holders = [
                t
                for t in plan.tiles
                if t.window.x - TOL <= x <= t.window.right + TOL
                and t.window.y - TOL <= y <= t.window.top + TOL
            ]
            assert holders
            for t in holders:
                dx, dy = t.offset
                assert t.to_board(x + dx, y + dy) == pytest.approx((x, y))
                assert t.page_box.x - TOL <= x + dx <= t.page_box.right + TOL


def test_marks_sit_on_cut_lines_inside_the_overlap() -> None:
    plan = plan_tiles(mm(570.3), mm(512.5), paper_size("a4"), mm(10))
    assert (plan.rows, plan.cols) == (2, 3)
    for t in plan.tiles:
        for m in t.marks:
            bx, by = t.to_board(m.x, m.y)
            seam_x = {plan.tile(r, c).window.x for r in range(plan.rows) for c in range(1, plan.cols)}
            seam_y = {plan.tile(r, c).window.top for r in range(1, plan.rows) for c in range(plan.cols)}
            on_v = any(abs(bx - s) < TOL for s in seam_x)
            on_h = any(abs(by - s) < TOL for s in seam_y)
            assert on_v or on_h
            # the whole target lies within the window of the tile underneath (it prints whole there)
            assert m.r < plan.overlap
    # a seam's targets appear on both tiles at the same board point
    a1, a2 = plan.tile(0, 0), plan.tile(0, 1)
    on_a1 = {tuple(round(v, 6) for v in a1.to_board(m.x, m.y)) for m in a1.marks}
    on_a2 = {tuple(round(v, 6) for v in a2.to_board(m.x, m.y)) for m in a2.marks}
    assert {p for p in on_a2 if abs(p[0] - a2.window.x) < TOL} <= on_a1
    assert len(on_a1 & on_a2) >= 1


def _seam_targets(plan: TilePlan) -> list[tuple[float, float]]:
    """The board points of the targets on the first vertical seam (A1 | A2), bottom up."""
    a2 = plan.tile(0, 1)
    return sorted(p for m in a2.marks if abs((p := a2.to_board(m.x, m.y))[0] - a2.window.x) < TOL)


def test_a_target_slides_along_its_seam_off_a_road_crossing_it() -> None:
    """A road drawn across the seam through a target's natural place: the target moves along the
    seam just far enough to miss it; the other targets stay where they were."""
    w, h, paper = mm(500), mm(250), paper_size("a4")
    natural = _seam_targets(plan_tiles(w, h, paper, mm(10)))
    x, y = natural[1]
    road = ((x - mm(40), y - mm(3)), (x + mm(40), y + mm(3)))  # slightly slanted, 1.3 mm wide
    ops = (PolyOp(road, "#a23b2c", mm(1.3)),)
    moved = _seam_targets(plan_tiles(w, h, paper, mm(10), keep_off=content_strokes(ops)))
    assert [p[0] for p in moved] == pytest.approx([p[0] for p in natural])  # still on the seam
    assert moved[0] == natural[0] and moved[2] == natural[2]
    my = moved[1][1]
    assert my != pytest.approx(y)
    for px, py in moved:
        assert not stroke_meets(
            road, mm(1.3) / 2, (px - TARGET_R, py - TARGET_R, px + TARGET_R, py + TARGET_R)
        )
    assert abs(my - y) <= mm(1.3) / 2 + TARGET_R + mm(5)  # the nearest clear spot, not a far one


def test_content_strokes_are_lines_to_follow() -> None:
    """Roads, paths and arrows (1 pt to 4 mm, unfilled) are content; hairlines, a filled shape's
    outline and wide bands of colour (a coast's water lining) are not."""
    assert content_stroke(1.0, False) and content_stroke(mm(1.3), False) and content_stroke(mm(4), False)
    assert not content_stroke(0.5, False) and not content_stroke(mm(4.5), False)
    assert not content_stroke(mm(1.3), True)
    ring = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0))
    ops = (
        PolyOp(ring, "#a23b2c", 2.0, closed=True),
        PolyOp(ring, "#5b4a36", 2.0, fill="#f8f0da", closed=True),
        PolyOp(ring, "#cdd8d1", mm(9), closed=True),
        PolyOp(ring, "#333333", 0.5),
    )
    assert content_strokes(ops) == ((ring + ring[:1], 2.0),)  # a closed ring comes back to its start


def test_stroke_meets_by_its_width() -> None:
    line = ((0.0, 0.0), (100.0, 0.0))
    assert stroke_meets(line, 2.0, (40, 1, 50, 10)) and not stroke_meets(line, 2.0, (40, 3, 50, 10))
    assert stroke_meets(((0.0, -50.0), (0.0, 50.0)), 0.5, (-1, -1, 1, 1))  # through, no point inside
    assert not stroke_meets(((0.0, 0.0), (10.0, 10.0)), 0.5, (8, 0, 12, 2))  # beside the corner


def test_targets_on_a_seam_keep_apart_when_sliding() -> None:
    """Content over a seam's middle pushes its target away, but never onto its neighbours."""
    w, h, paper = mm(500), mm(250), paper_size("a4")
    natural = _seam_targets(plan_tiles(w, h, paper, mm(10)))
    x = natural[0][0]
    lo, hi = natural[0][1] + mm(4), natural[2][1] - mm(4)
    block = Box(x - mm(20), lo, mm(40), hi - lo)  # everything between the outer two targets
    moved = _seam_targets(plan_tiles(w, h, paper, mm(10), keep_clear=(block,)))
    ys = [p[1] for p in moved]
    assert len(ys) == 3 and not any(lo < y < hi for y in ys)  # all three off the block
    assert all(b - a >= APART - TOL for a, b in itertools.pairwise(ys))


def test_cut_lines_only_where_a_neighbour_lies_under() -> None:
    plan = plan_tiles(mm(570.3), mm(512.5), paper_size("letter"), mm(10))
    assert len(plan.tile(0, 0).cuts) == 0
    assert len(plan.tile(0, 1).cuts) == 1 and len(plan.tile(1, 0).cuts) == 1
    assert len(plan.tile(1, 1).cuts) == 2
    assert "lay over B1, A2" in plan.tile(1, 1).label
    assert plan.tile(1, 1).name == "B2"


@pytest.mark.parametrize(("paper", "count"), [("a4", 6), ("letter", 6)])
def test_jokers_row_mat_tile_count(paper: str, count: int) -> None:
    plan = plan_tiles(mm(570.3), mm(512.5), paper_size(paper), mm(10))
    assert len(plan.tiles) == count and plan.orientation == "portrait"


def test_small_board_is_one_tile_and_orientation_is_chosen() -> None:
    assert len(plan_tiles(mm(150), mm(100), paper_size("a4"), mm(10)).tiles) == 1
    wide = plan_tiles(mm(270), mm(190), paper_size("a4"), mm(10))
    assert (len(wide.tiles), wide.orientation) == (1, "landscape")


def test_tile_names() -> None:
    assert [tile_name(0, 0), tile_name(1, 2), tile_name(25, 0)] == ["A1", "B3", "Z1"]


def test_fit_page_scales_down_never_up() -> None:
    big = fit_page(mm(570.3), mm(512.5), paper_size("a4"), "Mat")
    assert big.page_w > big.page_h and 0.3 < big.scale < 0.4
    assert Box(MARGIN, MARGIN, big.page_w - 2 * MARGIN, big.page_h - 2 * MARGIN).contains(big.box)
    small = fit_page(mm(100), mm(80), paper_size("a4"), "Mat")
    assert small.scale == 1.0 and small.box.w == pytest.approx(mm(100))


def test_assembly_page_shows_every_tile_and_overlap() -> None:
    plan = plan_tiles(mm(570.3), mm(512.5), paper_size("a4"), mm(10))
    page = assembly_page(plan, "Mat", "a4")
    assert [n for n, _ in page.outlines] == ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert len(page.overlaps) == 7  # 2 x 2 side-by-side + 3 above-below
    pr = Box(MARGIN, MARGIN, page.page_w - 2 * MARGIN, page.page_h - 2 * MARGIN)
    assert pr.contains(page.thumb) and all(pr.contains(b) for _, b in page.outlines)
    assert "pages 2-7" in page.steps[0]


@pytest.mark.parametrize(
    ("w", "h", "words"),
    [
        (200, 513, "A1 at the top to B1 at the bottom"),
        (520, 150, "A1 at the left to A2 at the right"),
        (570.3, 512.5, "A1 at the top left to B3 at the bottom right"),
    ],
)
def test_assembly_steps_name_the_layout_the_tiles_form(w: float, h: float, words: str) -> None:
    """A single column, a single row and a grid each get words that fit how the tiles lie."""
    plan = plan_tiles(mm(w), mm(h), paper_size("a4"), mm(10))
    assert words in assembly_page(plan, "Board", "a4").steps[1]


def test_a_crowded_seam_gets_two_distinct_targets_not_three_piled_up() -> None:
    """Only two short stretches of the seam are clear: a target on each, the third left out
    rather than laid on one of them or on the content."""
    w, h, paper = mm(500), mm(250), paper_size("a4")
    x = _seam_targets(plan_tiles(w, h, paper, mm(10)))[0][0]
    blocks = tuple(
        Box(x - mm(20), mm(y0), mm(40), mm(y1 - y0)) for y0, y1 in ((0, 36), (46, 146), (156, 250))
    )
    ys = [p[1] for p in _seam_targets(plan_tiles(w, h, paper, mm(10), keep_clear=blocks))]
    assert ys == pytest.approx([mm(40), mm(150)])
