"""Flow laid-out sections through a sequence of frames (page columns or aid cards).

Rules: a section that fits where it is goes there; a small section (no taller than ``keep`` of a
frame) that does not fit moves whole to the next frame; a larger one breaks between units, its
heading always travels with its first unit, and a continuation starts with the table header
(and, where asked, a "(continued)" heading). A unit taller than an empty frame is an overflow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.core.geometry import Box
from generator.summary.blocks import Block, Laid

EPS = 1e-6


@dataclass(frozen=True)
class Placed:
    """A block in frame ``frame`` with its top-left corner at (x, y)."""

    frame: int
    x: float
    y: float
    block: Block


@dataclass(frozen=True)
class Overflow:
    """A unit that does not fit an empty frame (or text too wide for its column)."""

    section: Laid
    unit: str
    need: float
    room: float


@dataclass(frozen=True)
class Flowed:
    """The result: every block placed, how many frames were used, what did not fit."""

    placed: tuple[Placed, ...]
    frames: int  # frames used
    overflows: tuple[Overflow, ...]


class _Cursor:
    """The frame being filled and how far down it is, plus where every earlier frame ends."""

    def __init__(self, frames: Callable[[int], Box]):
        self.frames = frames
        self.index = -1
        self.placed: list[Placed] = []
        self.ends: list[float] = []  # where each frame's content ends
        self.next()

    def next(self) -> None:
        self.index += 1
        self.box = self.frames(self.index)
        self.y = self.box.top
        self.ends.append(self.y)

    def backfill(self, height: float, gap: float) -> bool:
        """Put a whole section into the first earlier frame with room for it; False if none."""
        for i in range(self.index):
            box = self.frames(i)
            if self.ends[i] - gap - height >= box.y - EPS:
                self.ends[i] -= gap
                return self._jump(i, box)
        return False

    def _jump(self, i: int, box: Box) -> bool:
        self.saved = (self.index, self.box, self.y)
        self.index, self.box, self.y = i, box, self.ends[i]
        return True

    def back(self) -> None:
        self.ends[self.index] = self.y
        self.index, self.box, self.y = self.saved

    @property
    def room(self) -> float:
        return self.y - self.box.y

    @property
    def empty(self) -> bool:
        return self.y >= self.box.top - EPS

    def put(self, block: Block | None) -> None:
        if block is not None:
            self.placed.append(Placed(self.index, self.box.x, self.y, block))
            self.y -= block.height
            self.ends[self.index] = self.y


def _h(block: Block | None) -> float:
    return block.height if block is not None else 0.0


def flow(
    sections: Sequence[Laid],
    frames: Callable[[int], Box],
    gap: float,
    keep: float = 0.5,
    repeat_heading: bool = False,
    backfill: bool = False,
) -> Flowed:
    """Place every section's blocks; ``gap`` is the space between sections.

    With ``backfill`` (player aids, whose cards are read in any order) a section that does not
    fit the current frame goes whole into the first earlier frame with room for it.
    """
    cur = _Cursor(frames)
    overflows: list[Overflow] = []
    for laid in sections:
        if not laid.units and laid.head is None:
            continue
        head = _h(laid.head) + _h(laid.repeat)
        first = laid.units[0].ink if laid.units else 0.0
        lead = 0.0 if cur.empty else gap
        if laid.height + lead > cur.room + EPS and backfill and cur.backfill(laid.height, gap):
            for block in (laid.head, laid.repeat, *laid.units):
                cur.put(block)
            cur.back()
            continue
        if laid.height + lead > cur.room + EPS and not cur.empty:
            small = laid.height <= keep * cur.box.h + EPS
            if small or head + first + lead > cur.room + EPS:
                cur.next()
                lead = 0.0
        cur.y -= lead
        if head > cur.room + EPS or (laid.head is not None and laid.head.overflow > 0):
            over = laid.head.overflow if laid.head is not None else 0.0
            label = "the title and intro"
            overflows.append(
                Overflow(laid, label, over, 0.0) if over else Overflow(laid, label, head, cur.room)
            )
        cur.put(laid.head)
        cur.put(laid.repeat)
        fresh = True  # nothing but headings in this frame for this section yet
        for unit, label in zip(laid.units, laid.labels, strict=True):
            if unit.ink > cur.room + EPS and not fresh:
                cur.next()
                if repeat_heading:
                    cur.put(laid.continued)
                cur.put(laid.repeat)
                fresh = True
            if unit.ink > cur.room + EPS:
                overflows.append(Overflow(laid, label, unit.ink, cur.room))
            elif unit.overflow > 0:
                overflows.append(Overflow(laid, label, unit.overflow, 0.0))
            cur.put(unit)
            fresh = False
    return Flowed(tuple(cur.placed), cur.index + 1, tuple(overflows))
