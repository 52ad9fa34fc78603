"""Fold-and-glue sheets: backs mirrored across the fold, art clear of it."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.core.geometry import Box
from generator.core.options import SheetOptions
from generator.core.sizes import PAPER_SIZES, card_size, paper_size
from generator.core.units import mm
from generator.layout.gutterfold import FOLD_EXTRA, GutterfoldGeometry, plan_gutterfold
from generator.layout.imposition import MARK_LEN, MARK_MIN, used_marks

TOL = 1e-6


def gf(card: str, paper: str, **kw: object) -> GutterfoldGeometry:
    return plan_gutterfold(*card_size(card), SheetOptions(paper_size(paper), **kw))


def vertical(g: GutterfoldGeometry) -> bool:
    return g.fold.x1 == g.fold.x2


def reflect(b: Box, g: GutterfoldGeometry) -> tuple[float, float, float, float]:
    if vertical(g):
        return (2 * g.fold.x1 - b.right, b.y, b.w, b.h)
    return (b.x, 2 * g.fold.y1 - b.top, b.w, b.h)


def check(g: GutterfoldGeometry, bleed: float) -> None:
    pr = g.printable
    assert g.per_sheet == len(g.fronts) == len(g.backs) > 0
    gap = bleed + FOLD_EXTRA
    along = vertical(g)
    fold_at = g.fold.x1 if along else g.fold.y1
    assert pr.contains(g.fold.bounds())
    for f, b in zip(g.fronts, g.backs, strict=True):
        assert b.index == f.index
        assert (b.trim.x, b.trim.y, b.trim.w, b.trim.h) == pytest.approx(reflect(f.trim, g))
        assert (b.art.x, b.art.y, b.art.w, b.art.h) == pytest.approx(reflect(f.art, g))
        assert b.rotation == (0 if along else 180) and f.rotation == 0
        for s in (f, b):
            assert pr.contains(s.art) and s.art.contains(s.trim)
            lo, hi = (s.art.x, s.art.right) if along else (s.art.y, s.art.top)
            assert hi <= fold_at - gap + TOL or lo >= fold_at + gap - TOL
        # fronts on the left (vertical fold) or top (horizontal fold)
        assert (f.trim.right < fold_at) if along else (f.trim.y > fold_at)
    slots = g.fronts + g.backs
    arts = [s.art for s in slots]
    for a, b in itertools.combinations(slots, 2):
        assert not a.trim.intersects(b.trim) and not a.art.intersects(b.art)
    fold_box = g.fold.bounds()
    for m in g.crop_marks:
        box = m.bounds()
        assert pr.contains(box)
        assert not any(box.intersects(a) for a in arts)
        assert not box.intersects(fold_box.inset(-TOL * 10))
        assert MARK_MIN - TOL <= max(box.w, box.h) <= MARK_LEN + TOL
    # the marks of the back half are the front half's mirrored
    assert len(g.crop_marks) % 2 == 0
    for box in (g.label_box, g.scale_bar):
        assert pr.contains(box)
        assert not any(box.intersects(a) for a in arts)
        assert not box.intersects(fold_box.inset(-TOL * 10))
        assert not any(box.intersects(m.bounds().inset(-TOL * 10)) for m in g.crop_marks)


@pytest.mark.parametrize(("card", "paper", "count"), [("poker", "a4", 4), ("poker", "letter", 4)])
def test_poker_counts(card: str, paper: str, count: int) -> None:
    g = gf(card, paper)
    assert g.per_sheet == count
    check(g, mm(3))


def test_poker_a4_is_landscape_with_horizontal_fold() -> None:
    g = gf("poker", "a4")
    assert g.page_w > g.page_h and not vertical(g)
    assert g.fold.y1 == pytest.approx(g.page_h / 2)
    assert all(b.rotation == 180 for b in g.backs)
    # four fronts in one row above the fold, their backs below
    assert {s.row for s in g.fronts} == {0} and [s.col for s in g.fronts] == [0, 1, 2, 3]


def test_vertical_fold_backs_mirror_columns() -> None:
    g = gf("tarot", "a4")
    assert vertical(g) and g.per_sheet == 2
    assert all(b.rotation == 0 for b in g.backs)
    check(g, mm(3))


@pytest.mark.parametrize("card", ["bridge", "mini-american", "mini-euro", "euro", "square", "tarot"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("spacing", ["auto", "butted", "spaced"])
def test_common_sizes(card: str, paper: str, spacing: str) -> None:
    check(gf(card, paper, spacing=spacing), mm(3))


def test_no_crop_marks_option() -> None:
    assert gf("poker", "a4", crop_marks=False).crop_marks == ()


def test_too_large_is_value_error() -> None:
    with pytest.raises(ValueError, match="fold"):
        plan_gutterfold(*card_size("jumbo"), SheetOptions(paper_size("a6")))


@settings(max_examples=200, deadline=None)
@given(
    w=st.floats(15, 150),
    h=st.floats(15, 150),
    paper=st.sampled_from(sorted(PAPER_SIZES.values())),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
    spacing=st.sampled_from(["auto", "butted", "spaced"]),
    bleed=st.floats(0, 5),
    margin=st.floats(0, 10),
)
def test_invariants(
    w: float,
    h: float,
    paper: tuple[float, float],
    orientation: str,
    spacing: str,
    bleed: float,
    margin: float,
) -> None:
    opts = SheetOptions(paper, orientation, mm(margin), mm(bleed), spacing)
    try:
        g = plan_gutterfold(mm(w), mm(h), opts)
    except ValueError:
        assume(False)
        return
    check(g, mm(bleed))


def test_outer_bleed_is_kept_where_the_paper_has_room() -> None:
    """Among sheets holding the most cards, the one keeping the most outer bleed wins: 40 x 28 mm
    parts on A4 (21 a sheet either way) keep their full 3 mm at the two outer sides with room,
    where the banded horizontal-fold sheet kept 0 mm at the top with the trim 12.8 mm from the
    edge."""
    from generator.layout.gutterfold import outer_bleed

    opts = SheetOptions(paper=PAPER_SIZES["a4"], bleed=mm(3))
    geo = plan_gutterfold(mm(40), mm(28), opts)
    assert geo.per_sheet == 21
    assert outer_bleed(geo) >= mm(6) - 1e-6
    slots = geo.fronts + geo.backs
    free_left = min(s.trim.x for s in slots) - opts.margin
    kept_left = min(s.trim.x for s in slots) - min(s.art.x for s in slots)
    assert free_left > mm(6) and kept_left == pytest.approx(mm(3))


@pytest.mark.parametrize(("card", "paper"), [("poker", "a4"), ("mini euro", "a4"), ("bridge", "letter")])
@pytest.mark.parametrize("cut_lines", [False, True])
def test_part_filled_sheet_marks_only_the_used_pairs_mirrored(card: str, paper: str, cut_lines: bool) -> None:
    g = gf(card, paper, cut_lines=cut_lines)
    full = g.fronts + g.backs
    assert used_marks(g.crop_marks, g.cut_lines, full) == (g.crop_marks, g.cut_lines)
    for n in range(1, g.per_sheet):
        used = g.fronts[:n] + g.backs[:n]
        marks, cuts = used_marks(g.crop_marks, g.cut_lines, used)
        assert set(marks) <= set(g.crop_marks) and marks
        xs = {round(v, 3) for s in used for v in (s.trim.x, s.trim.right)}
        ys = {round(v, 3) for s in used for v in (s.trim.y, s.trim.top)}
        for ln in marks + cuts:
            assert round(ln.x1, 3) in xs if ln.x1 == ln.x2 else round(ln.y1, 3) in ys
        # the back half's marks and lines stay the front half's mirrored
        for lines in (marks, cuts):
            if vertical(g):
                seen = {(round(2 * g.fold.x1 - ln.x1, 3), round(ln.y1, 3)) for ln in lines}
            else:
                seen = {(round(ln.x1, 3), round(2 * g.fold.y1 - ln.y1, 3)) for ln in lines}
            assert seen == {(round(ln.x1, 3), round(ln.y1, 3)) for ln in lines}
