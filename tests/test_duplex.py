"""Back sheets: each back lands behind its front once the printer turns the paper over."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.core.geometry import Box
from generator.core.options import SheetOptions
from generator.core.sizes import PAPER_SIZES, card_size, paper_size
from generator.core.units import mm
from generator.layout.duplex import back_sheet
from generator.layout.imposition import SheetGeometry, plan_sheet

Point = tuple[float, float]


def centre(b: Box) -> Point:
    return (b.x + b.w / 2, b.y + b.h / 2)


def physical(page_w: float, page_h: float, flip: str, turn: int) -> tuple:
    """Model a duplex printer: the page is rotated ``turn`` (+-90 for a landscape page) onto
    the portrait paper, both sides alike; the paper is turned over about its long edge (a
    vertical axis, seen from the front) or its short edge (horizontal). Returns a map from
    back-page coordinates to the front-page point behind it, and the same for directions."""
    landscape = page_w > page_h
    paper_w, paper_h = (page_h, page_w) if landscape else (page_w, page_h)

    def to_paper(p: Point) -> Point:
        x, y = p
        if not landscape:
            return p
        return (page_h - y, x) if turn == 90 else (y, page_w - x)

    def from_paper(p: Point) -> Point:
        u, v = p
        if not landscape:
            return p
        return (v, page_h - u) if turn == 90 else (page_w - v, u)

    def over(p: Point) -> Point:
        u, v = p
        return (paper_w - u, v) if flip == "long" else (u, paper_h - v)

    def point(p: Point) -> Point:
        return from_paper(over(to_paper(p)))

    def direction(d: Point) -> Point:
        o, e = point((0.0, 0.0)), point(d)
        return (e[0] - o[0], e[1] - o[1])

    return point, direction


def up_of(rotation: int) -> Point:
    return (0.0, 1.0) if rotation == 0 else (0.0, -1.0)


def check_backs(front: SheetGeometry, flip: str, offset: Point = (0.0, 0.0)) -> None:
    back = back_sheet(front, flip, offset)
    assert back.per_sheet == front.per_sheet == len(back.slots)
    assert (back.page_w, back.page_h) == (front.page_w, front.page_h)
    assert back.crop_marks == () and back.cut_lines == ()
    for turn in (90, -90):
        point, direction = physical(front.page_w, front.page_h, flip, turn)
        for f, b in zip(front.slots, back.slots, strict=True):
            assert b.index == f.index
            unshifted = (centre(b.trim)[0] - offset[0], centre(b.trim)[1] - offset[1])
            assert point(unshifted) == pytest.approx(centre(f.trim))
            # turned over sideways (about its own vertical axis) the back reads upright
            dx, dy = direction(up_of(b.rotation))
            assert (-dx, dy) == pytest.approx((0.0, 1.0), abs=1e-9)
    for a, b in itertools.combinations(back.slots, 2):
        assert not a.trim.intersects(b.trim) and not a.art.intersects(b.art)
    for s in back.slots:
        assert back.printable.contains(s.art)
        assert not back.label_box.intersects(s.art) and not back.scale_bar.intersects(s.art)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(
    ("card", "spacing"), [("poker", "auto"), ("poker", "spaced"), ("bridge", "auto"), ("tarot", "auto")]
)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_land_behind_fronts(flip: str, card: str, spacing: str, paper: str) -> None:
    front = plan_sheet(*card_size(card), SheetOptions(paper_size(paper), spacing=spacing))
    check_backs(front, flip)
    check_backs(front, flip, (mm(1.5), mm(-2)))


def test_long_edge_portrait_mirrors_columns() -> None:
    front = plan_sheet(*card_size("poker"), SheetOptions(paper_size("a4")))
    back = back_sheet(front, "long")
    assert [s.col for s in back.slots[:3]] == [2, 1, 0]
    assert [s.row for s in back.slots[:3]] == [0, 0, 0]
    assert all(s.rotation == 0 for s in back.slots)
    # A B C -> C B A: the back of slot 0 is where slot 2 sits on the front
    a, b = back.slots[0].trim, front.slots[2].trim
    assert (a.x, a.y, a.w, a.h) == pytest.approx((b.x, b.y, b.w, b.h))


def test_short_edge_portrait_is_long_edge_turned_half_way() -> None:
    front = plan_sheet(*card_size("poker"), SheetOptions(paper_size("a4")))
    long, short = back_sheet(front, "long"), back_sheet(front, "short")
    for a, b in zip(long.slots, short.slots, strict=True):
        x, y = centre(a.trim)
        assert centre(b.trim) == pytest.approx((front.page_w - x, front.page_h - y))
        assert b.rotation == 180


def test_landscape_long_edge_mirrors_rows_and_turns_backs() -> None:
    front = plan_sheet(*card_size("bridge"), SheetOptions(paper_size("a4")))
    assert front.page_w > front.page_h
    back = back_sheet(front, "long")
    assert [s.row for s in back.slots[:5]] == [1] * 5
    assert [s.col for s in back.slots[:5]] == list(range(5))
    assert all(s.rotation == 180 for s in back.slots)
    assert all(s.rotation == 0 for s in back_sheet(front, "short").slots)


def test_offset_moves_every_back() -> None:
    front = plan_sheet(*card_size("poker"), SheetOptions(paper_size("a4")))
    plain, moved = back_sheet(front), back_sheet(front, offset=(mm(2), mm(-1)))
    for a, b in zip(plain.slots, moved.slots, strict=True):
        assert (b.trim.x - a.trim.x, b.trim.y - a.trim.y) == pytest.approx((mm(2), mm(-1)))


def test_offset_art_clipped_to_printable() -> None:
    front = plan_sheet(*card_size("poker"), SheetOptions(paper_size("letter")))
    back = back_sheet(front, offset=(0.0, mm(4)))
    assert all(back.printable.contains(s.art) for s in back.slots)


def test_unknown_flip() -> None:
    front = plan_sheet(*card_size("poker"), SheetOptions(paper_size("a4")))
    with pytest.raises(ValueError, match="flip"):
        back_sheet(front, "sideways")


@settings(max_examples=100, deadline=None)
@given(
    w=st.floats(20, 150),
    h=st.floats(20, 150),
    paper=st.sampled_from(sorted(PAPER_SIZES.values())),
    orientation=st.sampled_from(["portrait", "landscape"]),
    spacing=st.sampled_from(["butted", "spaced"]),
    flip=st.sampled_from(["long", "short"]),
    dx=st.floats(-4, 4),
    dy=st.floats(-4, 4),
)
def test_flip_model_holds_for_any_sheet(
    w: float,
    h: float,
    paper: tuple[float, float],
    orientation: str,
    spacing: str,
    flip: str,
    dx: float,
    dy: float,
) -> None:
    try:
        front = plan_sheet(mm(w), mm(h), SheetOptions(paper, orientation, spacing=spacing))
    except ValueError:
        assume(False)
        return
    check_backs(front, flip, (mm(dx), mm(dy)))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_keep_the_whole_outer_bleed_the_front_gives_up_for_its_marks(flip: str) -> None:
    """Poker cards butted 3 x 3 on A4: the fronts' outer bleed is clipped to 1.5 mm to leave
    room for crop marks; the backs, which carry none, run the full 3 mm past every outer trim
    (a duplex drifting 2 mm shows no white sliver) and stop at the trim on the butted cuts."""
    opts = SheetOptions(paper=paper_size("a4"), bleed=mm(3))
    front = plan_sheet(*card_size("poker"), opts)
    assert front.butted and front.bleed == mm(3)
    outer = [s for s in front.slots if s.col == 0]
    assert all(abs(s.trim.x - s.art.x - mm(1.5)) < 1e-6 for s in outer)
    back = back_sheet(front, flip)
    cols = max(s.col for s in back.slots)
    rows = max(s.row for s in back.slots)
    for s in back.slots:
        t, a = s.trim, s.art
        sides = (t.x - a.x, a.right - t.right, t.y - a.y, a.top - t.top)
        outer_sides = (s.col == 0, s.col == cols, s.row == rows, s.row == 0)
        for over, is_outer in zip(sides, outer_sides, strict=True):
            assert abs(over - (mm(3) if is_outer else 0.0)) < 1e-6, (s, sides)
        assert back.printable.contains(a, tol=1e-6)
