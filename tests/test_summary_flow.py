"""Flowing sections through frames: keep-together, breaks, repeated headers, backfill, overflow."""

from __future__ import annotations

from generator.core.geometry import Box
from generator.load.model import Origin
from generator.summary.blocks import Block, Laid
from generator.summary.flow import flow
from generator.summary.model import Section

FRAME = Box(0, 0, 100, 100)


def section(title: str, units: list[float], head: float = 10, repeat: float = 0) -> Laid:
    s = Section(0, "bullets", title, True, True, (), (), None, (), 1, Origin("x"))
    blocks = tuple(Block(h, ()) for h in units)
    labels = tuple(f"item {k + 1}" for k in range(len(units)))
    return Laid(s, Block(head, ()), blocks, labels, Block(repeat, ()) if repeat else None, Block(7, ()))


def where(result, laid: Laid) -> list[tuple[int, float]]:
    """(frame, top) of each of the section's blocks, in order."""
    mine = {id(b) for b in (laid.head, laid.repeat, laid.continued, *laid.units) if b is not None}
    return [(p.frame, p.y) for p in result.placed if id(p.block) in mine]


def frames(i: int) -> Box:
    return FRAME


def test_sections_stack_with_a_gap():
    a, b = section("A", [20]), section("B", [20])
    result = flow([a, b], frames, gap=5)
    assert where(result, a) == [(0, 100), (0, 90)]
    assert where(result, b) == [(0, 65), (0, 55)]
    assert result.frames == 1 and not result.overflows


def test_a_small_section_moves_whole_to_the_next_frame():
    a, b = section("A", [50]), section("B", [20, 10])  # B is 40 high: no room after A's 60 + 5
    result = flow([a, b], frames, gap=5, keep=0.5)
    assert where(result, b) == [(1, 100), (1, 90), (1, 70)]


def test_a_big_section_breaks_between_units_and_keeps_its_heading_with_the_first():
    a = section("A", [55])
    b = section("B", [10, 40, 40])  # 100 high: too big to keep together
    result = flow([a, b], frames, gap=5, keep=0.5)
    # heading + first unit fit below A (ends at 35, gap 5), the rest flows on
    assert where(result, b) == [(0, 30), (0, 20), (1, 100), (1, 60)]


def test_a_heading_never_ends_a_frame():
    a = section("A", [78])
    b = section("B", [30, 40, 40])  # heading 10 + first unit 30 do not fit the 12 left
    result = flow([a, b], frames, gap=0, keep=0.5)
    assert where(result, b)[:2] == [(1, 100), (1, 90)]


def test_a_table_header_and_a_continued_heading_repeat_after_a_break():
    t = section("T", [40, 40, 40], head=10, repeat=6)
    result = flow([t], frames, gap=0, keep=0.5, repeat_heading=True)
    placed = [(p.frame, p.y, p.block.height) for p in result.placed]
    assert placed == [
        (0, 100, 10),  # heading
        (0, 90, 6),  # header row
        (0, 84, 40),
        (0, 44, 40),
        (1, 100, 7),  # "(continued)" heading
        (1, 93, 6),  # header row again
        (1, 87, 40),
    ]


def test_backfill_puts_a_section_into_an_earlier_frame_with_room():
    a, b, c = section("A", [40]), section("B", [80]), section("C", [30])
    result = flow([a, b, c], frames, gap=5, keep=1.0, backfill=True)
    assert where(result, b)[0][0] == 1
    assert where(result, c) == [(0, 45), (0, 35)]  # under A, not after B
    assert result.frames == 2


def test_a_unit_taller_than_a_frame_is_an_overflow():
    a = section("A", [150])
    result = flow([a], frames, gap=5)
    (o,) = result.overflows
    assert (o.unit, o.need, o.room) == ("item 1", 150, 90)


def test_trailing_space_may_hang_below_the_frame():
    a = section("A", [])
    a = Laid(a.section, Block(10, ()), (Block(92, (), tail=4),), ("item 1",), None, None)
    result = flow([a], frames, gap=5)
    assert result.frames == 1 and not result.overflows
