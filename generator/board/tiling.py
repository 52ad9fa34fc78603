"""Tiling: a board printed at 100 % across several sheets. Pure geometry, points, y up.

Each tile carries a window of the board, the same size on the page (no scaling). Neighbouring
windows overlap by ``overlap`` (wider than the printer margin). A tile with a neighbour to its
left or above is cut along that window edge (a dashed cut line) and laid over the neighbour.
Alignment targets sit on every seam (the cut line): the tile underneath prints the whole target
inside its overlap, the tile on top prints the half inside its own window, so the two halves
make one target when the tiles are aligned. The tile label and a 50 mm scale bar sit in a strip
below the window, which ends up under the next tile or outside the board.

Targets slide along their seam off the board's content (``keep_clear`` boxes: words, places,
spaces; ``keep_off`` strokes: roads, paths, arrows, see ``generator.core.strokes``), since half
of each target stays visible after assembly; and off the play surface (``keep_out`` rings: a
map's land), where a player would take one for part of the game: a seam that crosses only the
surface gets none when its tile has two on its other seam.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.core.geometry import Box, Line
from generator.core.strokes import XY, Ring, Stroke, box_on_surface, stroke_meets
from generator.core.units import mm

MARGIN = mm(5)
LABEL_STRIP = mm(7.5)
TARGET_R = mm(3)
BAR = mm(50)
CUT_OUT = 0.4  # points: half the cut line's width
EPS = 1e-6
NO_BOX = Box(0.0, 0.0, 0.0, 0.0)
APART = mm(15)
"""Targets on one seam keep this far apart when the seam has room (one slid onto another aligns
nothing more)."""


@dataclass(frozen=True)
class Mark:
    """An alignment target (circle and cross) centred at (x, y) on a seam, page points."""

    x: float
    y: float
    r: float = TARGET_R

    @property
    def box(self) -> Box:
        return Box(self.x - self.r, self.y - self.r, 2 * self.r, 2 * self.r)


@dataclass(frozen=True)
class Tile:
    """One sheet: the board ``window`` it carries, printed at ``page_box`` (same size)."""

    row: int
    col: int
    name: str
    window: Box
    page_box: Box
    cuts: tuple[Line, ...]
    marks: tuple[Mark, ...]
    label: str
    label_box: Box
    scale_bar: Box

    @property
    def offset(self) -> tuple[float, float]:
        """Add to a board point to get its page point on this tile."""
        return (self.page_box.x - self.window.x, self.page_box.y - self.window.y)

    def to_board(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = self.offset
        return (x - dx, y - dy)


@dataclass(frozen=True)
class TilePlan:
    """All tiles of a board on one paper size, row-major from the top-left tile (A1)."""

    page_w: float
    page_h: float
    orientation: str
    rows: int
    cols: int
    overlap: float
    printable: Box
    board_w: float
    board_h: float
    tiles: tuple[Tile, ...]

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]


def tile_name(row: int, col: int) -> str:
    """Rows are letters, columns numbers: A1 is the top-left tile."""
    return f"{chr(65 + row) if row < 26 else 'R' + str(row + 1)}{col + 1}"


def _count(length: float, room: float, overlap: float) -> int:
    if length <= room + EPS:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - EPS)


def plan_tiles(
    board_w: float,
    board_h: float,
    paper: tuple[float, float],
    overlap: float,
    title: str = "",
    orientation: str = "auto",
    margin: float = MARGIN,
    keep_clear: tuple[Box, ...] = (),
    keep_off: tuple[Stroke, ...] = (),
    keep_out: tuple[Ring, ...] = (),
) -> TilePlan:
    """Tiles for a board on ``paper`` (portrait W x H); ``auto`` picks the orientation with fewer
    sheets (portrait on a tie). Targets keep off the ``keep_clear`` boxes and the ``keep_off``
    strokes (the board's content, in board points) where the seam has room, since half of each
    stays visible after assembly, and off the ``keep_out`` rings (the play surface) altogether."""
    choices = ("portrait", "landscape") if orientation == "auto" else (orientation,)
    best = None
    for o in choices:
        pw, ph = (min(paper), max(paper)) if o == "portrait" else (max(paper), min(paper))
        room_w, room_h = pw - 2 * margin, ph - 2 * margin - LABEL_STRIP
        if room_w <= overlap or room_h <= overlap:
            raise ValueError("the paper is too small for this overlap")
        cols, rows = _count(board_w, room_w, overlap), _count(board_h, room_h, overlap)
        if best is None or rows * cols < best[0] * best[1]:
            best = (rows, cols, o, pw, ph)
    assert best is not None
    rows, cols, o, pw, ph = best
    printable = Box(margin, margin, pw - 2 * margin, ph - 2 * margin)
    area = Box(margin, margin + LABEL_STRIP, printable.w, printable.h - LABEL_STRIP)
    ww = (board_w + (cols - 1) * overlap) / cols if cols > 1 else board_w
    wh = (board_h + (rows - 1) * overlap) / rows if rows > 1 else board_h
    windows = {
        (r, c): Box(c * (ww - overlap), board_h - r * (wh - overlap) - wh, ww, wh)
        for r in range(rows)
        for c in range(cols)
    }
    seams = _seams(windows, rows, cols, overlap, keep_clear, keep_off, keep_out)
    page = Box(area.x + (area.w - ww) / 2, area.y + (area.h - wh) / 2, ww, wh)
    tiles = []
    for (r, c), win in windows.items():
        dx, dy = page.x - win.x, page.y - win.y
        marks = tuple(Mark(x + dx, y + dy) for x, y in seams if _touches(win, x, y))
        cuts = []  # just outside the window, so cutting along them leaves no line on the art
        if c > 0:
            x = max(page.x - CUT_OUT, printable.x)
            cuts.append(Line(x, page.y, x, page.top))
        if r > 0:
            y = min(page.top + CUT_OUT, printable.top)
            cuts.append(Line(page.x, y, page.right, y))
        bar = Box(page.right - BAR, printable.y + mm(2.5), BAR, mm(2)) if page.w > BAR * 2.5 else NO_BOX
        right = bar.x - mm(3) if bar.w else page.right
        label_box = Box(page.x, printable.y + mm(0.5), right - page.x, mm(6))
        label = _label(r, c, rows, cols, title, bool(bar.w))
        tiles.append(Tile(r, c, tile_name(r, c), win, page, tuple(cuts), marks, label, label_box, bar))
    return TilePlan(pw, ph, o, rows, cols, overlap, printable, board_w, board_h, tuple(tiles))


def _seams(
    windows: dict[tuple[int, int], Box],
    rows: int,
    cols: int,
    overlap: float,
    keep_clear: tuple[Box, ...] = (),
    keep_off: tuple[Stroke, ...] = (),
    keep_out: tuple[Ring, ...] = (),
) -> list[XY]:
    """Board points of the targets: on each tile's left and top window edge (its cut lines),
    away from the corners where a third tile overlaps, each moved along its seam to the nearest
    spot clear of ``keep_clear`` and ``keep_off`` (left where it is when the seam has none).
    With a play surface (``keep_out``) a seam gets targets only off it, maybe none: each tile
    still needs two on its left or top seam (it is laid over the tile already placed there), so
    a tile that has them on neither gets the seam with more as without ``keep_out``."""
    out: list[XY] = []
    room = TARGET_R + mm(2)
    for (r, c), w in windows.items():
        seams = []
        if c > 0:
            lo = w.y + (overlap if r < rows - 1 else 0.0) + room
            hi = w.top - (overlap if r > 0 else 0.0) - room
            seams.append((lo, hi, lambda v, x=w.x: (x, v)))
        if r > 0:
            lo = w.x + (overlap if c > 0 else 0.0) + room
            hi = w.right - (overlap if c < cols - 1 else 0.0) - room
            seams.append((lo, hi, lambda v, y=w.top: (v, y)))
        found = [[at(v) for v in _along(lo, hi, at, keep_clear, keep_off, keep_out)] for lo, hi, at in seams]
        if keep_out and seams and max(len(f) for f in found) < 2:  # the seam with most, as before
            i = max(range(len(seams)), key=lambda i: (len(found[i]), -i))
            lo, hi, at = seams[i]
            found[i] = [at(v) for v in _along(lo, hi, at, keep_clear, keep_off)]
        out += [p for f in found for p in f]
    return out


def _along(
    lo: float,
    hi: float,
    point,
    keep_clear: tuple[Box, ...],
    keep_off: tuple[Stroke, ...],
    keep_out: tuple[Ring, ...] = (),
) -> list[float]:
    """The targets' places along one seam (lo-hi): each slid to the nearest spot clear of the
    content and ``APART`` from the targets placed before it, else clear of them; a third that
    finds no such spot is left out (two align the seam). Off the play surface (``keep_out``)
    always: a seam that crosses only the surface gets fewer than two, or none."""
    near = TARGET_R + mm(1)
    reach = max((w for _, w in keep_off), default=0.0) / 2 + near
    strokes = [s for s in keep_off if _near_seam(s[0], point, lo, hi, reach)]

    def clear(v: float) -> bool:
        x, y = point(v)
        t = Box(x - near, y - near, 2 * near, 2 * near)
        if any(t.x < b.right and b.x < t.right and t.y < b.top and b.y < t.top for b in keep_clear):
            return False
        return not any(stroke_meets(pts, w / 2, (t.x, t.y, t.right, t.top)) for pts, w in strokes)

    def off_surface(v: float) -> bool:
        x, y = point(v)
        return not box_on_surface(keep_out, (x - near, y - near, x + near, y + near))

    steps = int((hi - lo) / mm(1)) + 1
    known: dict[int, bool] = {}

    def free(k: int) -> bool:
        if k not in known:
            known[k] = clear(lo + k * mm(1)) and (not keep_out or off_surface(lo + k * mm(1)))
        return known[k]

    placed: list[float] = []
    for at in _spread(lo, hi):
        order = sorted(range(steps), key=lambda k, at=at: (abs(lo + k * mm(1) - at), k))
        for gap in (APART, 2 * near):
            spot = (k for k in order if all(abs(lo + k * mm(1) - p) >= gap for p in placed) and free(k))
            k = next(spot, None)
            if k is not None:
                placed.append(lo + k * mm(1))
                break
        else:
            if len(placed) < 2 and not keep_out:  # two align a seam; a third would sit on content
                k = next((k for k in order if free(k)), None)
                placed.append(at if k is None else lo + k * mm(1))
    return placed


def _near_seam(points: tuple[XY, ...], point, lo: float, hi: float, reach: float) -> bool:
    """Whether a stroke comes within ``reach`` of the stretch of seam from lo to hi (a cheap
    test that leaves out the strokes no target position can touch)."""
    (ax, ay), (bx, by) = point(lo), point(hi)
    box = (min(ax, bx) - reach, min(ay, by) - reach, max(ax, bx) + reach, max(ay, by) + reach)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) <= box[2] and max(xs) >= box[0] and min(ys) <= box[3] and max(ys) >= box[1]


def _spread(lo: float, hi: float) -> list[float]:
    if hi < lo:
        return []
    if hi - lo < mm(60):
        return [(lo + hi) / 2]
    return [lo + (hi - lo) * k for k in (0.1, 0.5, 0.9)]


def _touches(win: Box, x: float, y: float) -> bool:
    """True when the target at a seam point shows on this window (whole or half)."""
    return win.x - EPS <= x <= win.right + EPS and win.y - EPS <= y <= win.top + EPS


def _label(r: int, c: int, rows: int, cols: int, title: str, bar: bool) -> str:
    name = tile_name(r, c)
    where = f"tile {name}: row {tile_name(r, 0)[:-1]} of {rows}, column {c + 1} of {cols}"
    steps = []
    if c > 0 or r > 0:
        edges = " and ".join(e for e, on in (("left", c > 0), ("top", r > 0)) if on)
        under = ", ".join(tile_name(rr, cc) for rr, cc in ((r, c - 1), (r - 1, c)) if rr >= 0 and cc >= 0)
        steps.append(f"cut along the dashed {edges} edge, lay over {under}, match the targets")
    head = f"{title} - {where}" if title else where
    return " - ".join([head, *steps, "print at 100 %: the bar is 50 mm" if bar else "print at 100 %"])
