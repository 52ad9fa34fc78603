"""Front-sheet imposition: counts, grid, art boxes, crop marks, label and scale bar."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.core.geometry import Box
from generator.core.options import SheetOptions
from generator.core.sizes import PAPER_SIZES, card_size, paper_size
from generator.core.units import mm, to_mm
from generator.layout.duplex import back_sheet
from generator.layout.imposition import (
    MARK_GAP,
    MARK_LEN,
    MARK_MIN,
    MARK_WANT,
    SheetGeometry,
    Slot,
    paginate,
    plan_sheet,
    used_marks,
)

TOL = 1e-6


def sheet(card: str, paper: str, **kw: object) -> SheetGeometry:
    return plan_sheet(*card_size(card), SheetOptions(paper_size(paper), **kw))


def grid_shape(g: SheetGeometry) -> tuple[int, int]:
    return max(s.col for s in g.slots) + 1, max(s.row for s in g.slots) + 1


def same(a: Box, b: Box) -> bool:
    return (a.x, a.y, a.w, a.h) == pytest.approx((b.x, b.y, b.w, b.h))


def inside_open(p: tuple[float, float], b: Box) -> bool:
    return b.x + TOL < p[0] < b.right - TOL and b.y + TOL < p[1] < b.top - TOL


def check_sheet(g: SheetGeometry, bleed: float) -> None:
    """The invariants every front sheet keeps."""
    pr, slots = g.printable, g.slots
    arts = [s.art for s in slots]
    assert g.per_sheet == len(slots) > 0
    assert [s.index for s in slots] == list(range(len(slots)))
    assert [s.index for s in sorted(slots, key=lambda s: (-s.trim.top, s.trim.x))] == [s.index for s in slots]
    for s in slots:
        assert s.rotation == 0
        assert s.trim.w == pytest.approx(g.card_w) and s.trim.h == pytest.approx(g.card_h)
        assert pr.contains(s.trim) and pr.contains(s.art) and s.art.contains(s.trim)
        if not g.butted:
            assert same(s.art, s.trim.inset(-bleed))
    for a, b in itertools.combinations(slots, 2):
        assert not a.trim.intersects(b.trim)
        assert not a.art.intersects(b.art)
    xs = {round(v, 6) for s in slots for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 6) for s in slots for v in (s.trim.y, s.trim.top)}
    for m in g.crop_marks:
        box = m.bounds()
        assert pr.contains(box)
        assert not any(box.intersects(a) for a in arts)
        assert min(box.w, box.h) == 0
        assert MARK_MIN - TOL <= max(box.w, box.h) <= MARK_LEN + TOL
        if box.w == 0:
            assert round(box.x, 6) in xs
        else:
            assert round(box.y, 6) in ys
    # the grid is centred on the page
    u = Box(
        min(s.trim.x for s in slots),
        min(s.trim.y for s in slots),
        max(s.trim.right for s in slots) - min(s.trim.x for s in slots),
        max(s.trim.top for s in slots) - min(s.trim.y for s in slots),
    )
    assert u.x + u.w / 2 == pytest.approx(g.page_w / 2)
    assert u.y + u.h / 2 == pytest.approx(g.page_h / 2)
    # label and scale bar: inside printable, clear of art, marks and each other
    assert pr.contains(g.label_box) and pr.contains(g.scale_bar)
    assert pr.x - TOL <= g.label[0] <= pr.right + TOL and pr.y - TOL <= g.label[1] <= pr.top + TOL
    assert not any(inside_open(g.label, a) for a in arts)
    for box in (g.label_box, g.scale_bar):
        assert not any(box.intersects(a) for a in arts)
        assert not any(box.intersects(m.bounds().inset(-TOL * 10)) for m in g.crop_marks)
    assert not g.label_box.intersects(g.scale_bar)
    assert g.label_angle in (0, 90)


# PRINTING.md "Cards per sheet": (card, paper, butted/auto, with 3 mm bleed = spaced)
TABLE = [
    ("poker", "a4", 9, 8),
    ("bridge", "a4", 10, 9),
    ("euro", "a4", 9, 8),
    ("mini-american", "a4", 21, 16),
    ("mini-euro", "a4", 16, 12),
    ("tarot", "a4", 4, 4),
    ("square", "a4", 8, 6),
    ("poker", "letter", 9, 6),
    ("bridge", "letter", 9, 8),
    ("euro", "letter", 8, 8),
    ("mini-american", "letter", 20, 12),
    ("mini-euro", "letter", 18, 12),
    ("tarot", "letter", 4, 4),
    ("square", "letter", 6, 6),
]


@pytest.mark.parametrize(("card", "paper", "auto", "spaced"), TABLE)
def test_counts_match_printing_reference(card: str, paper: str, auto: int, spaced: int) -> None:
    assert sheet(card, paper).per_sheet == auto
    assert sheet(card, paper, spacing="butted").per_sheet == auto
    assert sheet(card, paper, spacing="spaced").per_sheet == spaced
    check_sheet(sheet(card, paper), mm(3))


def test_poker_a4_is_three_by_three_butted_portrait() -> None:
    g = sheet("poker", "a4")
    assert (g.page_w, g.page_h) == pytest.approx(paper_size("a4"))
    assert g.butted and grid_shape(g) == (3, 3)
    assert same(g.printable, Box(mm(5), mm(5), mm(200), mm(287)))


def test_poker_a4_spaced_is_landscape_four_by_two() -> None:
    g = sheet("poker", "a4", spacing="spaced")
    assert g.page_w > g.page_h and not g.butted and grid_shape(g) == (4, 2)
    # neighbours are 2 x bleed apart, so their art boxes just touch
    assert g.slots[1].trim.x - g.slots[0].trim.right == pytest.approx(mm(6))
    assert g.slots[1].art.x == pytest.approx(g.slots[0].art.right)


def test_tie_prefers_spaced_then_portrait() -> None:
    g = sheet("tarot", "a4")
    assert not g.butted and g.page_w < g.page_h


def test_orientation_can_be_forced() -> None:
    g = sheet("bridge", "a4", orientation="portrait")
    assert g.page_w < g.page_h and g.per_sheet == 9
    assert sheet("poker", "a4", orientation="landscape").per_sheet == 8


def test_butted_art_stops_at_shared_cuts_and_bleeds_outside() -> None:
    g = sheet("poker", "a4")
    centre, corner = g.slots[4], g.slots[0]
    assert centre.art == centre.trim
    # 3 mm bleed above (the top margin has room for it and the marks); at the left the 9.75 mm
    # margin keeps 5 mm printer margin + 1 mm gap + 2.25 mm marks (room for a 6 pt label), so 1.5 mm of bleed remains
    side, top = mm(1.5), mm(3)
    assert same(corner.art, Box(corner.trim.x - side, corner.trim.y, mm(63.5) + side, mm(88.9) + top))
    assert min(m.bounds().w for m in g.crop_marks if m.y1 == m.y2) == pytest.approx(MARK_WANT)


def test_butted_bleed_gives_way_to_crop_marks_and_cut_lines_fill_in() -> None:
    g = sheet("poker", "letter")  # 6.35 mm top and bottom margin: no room for bleed and marks
    top = g.slots[0]
    # 1.35 mm free inside the printer margin is too little for any mark, so the bleed keeps it all
    assert to_mm(top.art.top - top.trim.top) == pytest.approx(1.35)
    assert to_mm(g.page_h - top.art.top) == pytest.approx(5)
    assert not [m for m in g.crop_marks if m.x1 == m.x2]  # no marks above or below...
    vertical_cuts = sorted({round(ln.x1, 3) for ln in g.cut_lines if ln.x1 == ln.x2})
    assert len(vertical_cuts) == 4  # ...so the four vertical cuts get cut lines instead
    assert not [ln for ln in g.cut_lines if ln.y1 == ln.y2]  # horizontal cuts have their marks


def test_slots_row_major_from_top_left() -> None:
    g = sheet("poker", "a4")
    first, last = g.slots[0], g.slots[-1]
    assert (first.row, first.col) == (0, 0) and (last.row, last.col) == (2, 2)
    assert first.trim.x < g.slots[1].trim.x and first.trim.top > g.slots[3].trim.top


def test_crop_mark_lengths_a4_poker() -> None:
    g = sheet("poker", "a4")
    vertical = [m for m in g.crop_marks if m.x1 == m.x2]
    horizontal = [m for m in g.crop_marks if m.y1 == m.y2]
    assert len(vertical) == 8 and len(horizontal) == 8  # 4 cuts x 2 sides, each way
    assert all(abs(m.y2 - m.y1) == pytest.approx(MARK_LEN) for m in vertical)
    # side margin 9.75 mm: the bleed gives way (to 1.5 mm) so the marks get MARK_WANT = 2.25 mm
    assert all(abs(m.x2 - m.x1) == pytest.approx(MARK_WANT) for m in horizontal)
    art_top = max(s.art.top for s in g.slots)
    assert min(min(m.y1, m.y2) for m in vertical if m.y1 > art_top) == pytest.approx(art_top + MARK_GAP)


def test_crop_marks_omitted_where_no_room_letter_poker() -> None:
    g = sheet("poker", "letter")
    assert all(m.y1 == m.y2 for m in g.crop_marks)  # none above or below the grid
    assert len(g.crop_marks) == 8
    assert all(to_mm(abs(m.x2 - m.x1)) == pytest.approx(3.7) for m in g.crop_marks)


def test_spaced_marks_every_distinct_cut() -> None:
    g = sheet("poker", "a4", spacing="spaced")
    xs = {round(m.x1, 6) for m in g.crop_marks if m.x1 == m.x2}
    ys = {round(m.y1, 6) for m in g.crop_marks if m.y1 == m.y2}
    assert len(xs) == 8 and len(ys) == 4


def test_no_crop_marks_option_and_cut_lines() -> None:
    g = sheet("poker", "a4", crop_marks=False, cut_lines=True)
    assert g.crop_marks == ()
    assert len(g.cut_lines) == 8
    for ln in g.cut_lines:
        assert g.printable.contains(ln.bounds())
    assert sheet("poker", "a4").cut_lines == ()


def test_label_and_scale_bar_a4_poker() -> None:
    g = sheet("poker", "a4")
    assert g.label_angle == 0 and g.label_box.h == pytest.approx(6.0)
    assert to_mm(g.scale_bar.w) == pytest.approx(50) and to_mm(g.scale_bar.h) == pytest.approx(2)
    assert g.scale_bar.top < min(s.art.y for s in g.slots)


def test_label_turns_into_side_margin_when_no_room_below() -> None:
    g = sheet("poker", "letter")
    assert g.label_angle == 90
    assert g.label_box.right < min(s.art.x for s in g.slots)
    assert to_mm(g.scale_bar.h) == pytest.approx(50)


def test_card_larger_than_printable_is_value_error() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        plan_sheet(mm(300), mm(300), SheetOptions(paper_size("a4")))


def test_spaced_only_too_large_suggests_butted() -> None:
    with pytest.raises(ValueError, match="butted"):
        plan_sheet(mm(198), mm(285), SheetOptions(paper_size("a4"), spacing="spaced"))
    assert plan_sheet(mm(198), mm(285), SheetOptions(paper_size("a4"))).per_sheet == 1


def test_bad_options() -> None:
    with pytest.raises(ValueError):
        SheetOptions(paper_size("a4"), spacing="tight")
    with pytest.raises(ValueError):
        SheetOptions(paper_size("a4"), orientation="sideways")
    with pytest.raises(ValueError):
        SheetOptions(paper_size("a4"), bleed=-1)


def test_paginate() -> None:
    assert paginate(20, 9) == [range(0, 9), range(9, 18), range(18, 20)]
    assert paginate(9, 9) == [range(0, 9)]
    assert paginate(0, 9) == []
    with pytest.raises(ValueError):
        paginate(3, 0)


options = st.builds(
    SheetOptions,
    paper=st.sampled_from(sorted(PAPER_SIZES.values())),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
    margin=st.floats(0, 12).map(mm),
    bleed=st.floats(0, 5).map(mm),
    spacing=st.sampled_from(["auto", "butted", "spaced"]),
    crop_marks=st.just(True),
)
card_mm = st.floats(15, 200)


@settings(max_examples=300, deadline=None)
@given(w=card_mm, h=card_mm, opts=options)
def test_invariants(w: float, h: float, opts: SheetOptions) -> None:
    try:
        g = plan_sheet(mm(w), mm(h), opts)
    except ValueError:
        assume(False)
        return
    check_sheet(g, opts.bleed)
    cols, rows = grid_shape(g)
    assert cols * rows == g.per_sheet
    pitch_w = mm(w) if g.butted else mm(w) + 2 * opts.bleed
    pitch_h = mm(h) if g.butted else mm(h) + 2 * opts.bleed
    assert (cols + 1) * pitch_w > g.printable.w + (0 if g.butted else TOL) - TOL
    assert (rows + 1) * pitch_h > g.printable.h - TOL


@settings(max_examples=150, deadline=None)
@given(w=card_mm, h=card_mm, opts=options)
def test_auto_takes_the_best_arrangement(w: float, h: float, opts: SheetOptions) -> None:
    def count(orientation: str, spacing: str) -> int:
        try:
            o = SheetOptions(opts.paper, orientation, opts.margin, opts.bleed, spacing)
            return plan_sheet(mm(w), mm(h), o).per_sheet
        except ValueError:
            return 0

    best = max(count(o, s) for o in ("portrait", "landscape") for s in ("butted", "spaced"))
    assume(best > 0)
    assert count("auto", "auto") == best
    assert count("portrait", "auto") == max(count("portrait", "butted"), count("portrait", "spaced"))


def edges(slots: list[Slot]) -> tuple[set[float], set[float]]:
    """The distinct x and y trim edges of ``slots`` (rounded to 1e-3 pt)."""
    xs = {round(v, 3) for s in slots for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 3) for s in slots for v in (s.trim.y, s.trim.top)}
    return xs, ys


def mark_positions(marks) -> tuple[set[float], set[float]]:
    """The x of the vertical marks and the y of the horizontal ones."""
    xs = {round(m.x1, 3) for m in marks if m.x1 == m.x2}
    ys = {round(m.y1, 3) for m in marks if m.y1 == m.y2}
    return xs, ys


@pytest.mark.parametrize(
    ("card", "paper", "kw"),
    [
        ("poker", "a4", {}),
        ("poker", "letter", {}),  # no room above and below: side marks and cut lines
        ("poker", "a4", {"spacing": "spaced", "cut_lines": True}),
        ("mini euro", "a4", {"orientation": "landscape"}),
        ("tarot", "letter", {"cut_lines": True, "bleed": 0.0}),
    ],
)
def test_used_marks_of_a_full_sheet_are_the_sheets_own(card: str, paper: str, kw: dict) -> None:
    g = sheet(card, paper, **kw)
    assert g.crop_marks or g.cut_lines
    assert used_marks(g.crop_marks, g.cut_lines, g.slots) == (g.crop_marks, g.cut_lines)


@pytest.mark.parametrize("n", [1, 2, 4, 5, 8])
@pytest.mark.parametrize("kw", [{}, {"cut_lines": True}, {"spacing": "spaced"}])
def test_part_filled_sheet_marks_only_the_used_slots(n: int, kw: dict) -> None:
    g = sheet("poker", "a4", **kw)  # 3 x 3 (butted) or 2 x 4 (spaced)
    used = list(g.slots[:n])
    marks, cuts = used_marks(g.crop_marks, g.cut_lines, used)
    assert set(marks) <= set(g.crop_marks)  # kept where the full sheet has them
    # every used edge keeps its marks, no other edge has any
    assert mark_positions(marks) == edges(used)
    assert mark_positions(g.crop_marks) == edges(list(g.slots))
    cols, rows = {s.col for s in used}, {s.row for s in used}
    vertical = [m for m in marks if m.x1 == m.x2]
    assert len(vertical) == 2 * len(edges(used)[0]) == 2 * (len(cols) + (1 if g.butted else len(cols)))
    assert len(edges(used)[1]) == len(rows) + (1 if g.butted else len(rows))
    if kw.get("cut_lines"):
        x0, y0 = min(s.art.x for s in used), min(s.art.y for s in used)
        x1, y1 = max(s.art.right for s in used), max(s.art.top for s in used)
        assert mark_positions(cuts) == edges(used)
        for ln in cuts:
            for x, y in ((ln.x1, ln.y1), (ln.x2, ln.y2)):
                assert x0 - TOL <= x <= x1 + TOL and y0 - TOL <= y <= y1 + TOL
    else:
        assert cuts == ()


def test_no_used_slots_no_marks() -> None:
    g = sheet("poker", "a4", cut_lines=True)
    assert used_marks(g.crop_marks, g.cut_lines, []) == ((), ())


def test_part_filled_letter_sheet_keeps_cut_lines_only_for_used_unmarked_cuts() -> None:
    g = sheet("poker", "letter")  # the horizontal cuts have marks, the vertical ones cut lines
    used = list(g.slots[:2])  # the first two columns of the top row
    marks, cuts = used_marks(g.crop_marks, g.cut_lines, used)
    xs, ys = edges(used)
    assert mark_positions(marks) == (set(), ys)
    assert {round(ln.x1, 3) for ln in cuts} == xs and all(ln.x1 == ln.x2 for ln in cuts)
    top_row = used[0].art
    assert all(min(ln.y1, ln.y2) == pytest.approx(top_row.y) for ln in cuts)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_part_filled_duplex_front_marks_register_with_the_backs(flip: str, paper: str) -> None:
    """The back page carries no marks; the front's marks, seen through the sheet (mirrored as the
    duplex flip turns it), lie in line with exactly the used backs' edges."""
    g = sheet("poker", paper)
    back = back_sheet(g, flip)
    assert back.crop_marks == () and back.cut_lines == ()
    for n in (1, 2, 4, 7):
        marks, _ = used_marks(g.crop_marks, g.cut_lines, g.slots[:n])
        backs = list(back.slots[:n])
        xs, ys = mark_positions(marks)
        if back.slots[0].trim.x != g.slots[0].trim.x:  # columns mirror
            xs = {round(g.page_w - x, 3) for x in xs}
        else:
            ys = {round(g.page_h - y, 3) for y in ys}
        bx, by = edges(backs)
        assert xs <= bx and ys <= by
        # every used back edge has a mark, unless the sheet had no room for marks on that axis
        full_x, full_y = mark_positions(g.crop_marks)
        assert (xs == bx) == bool(full_x) and (ys == by) == bool(full_y)
