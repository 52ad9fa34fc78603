"""The other board pages, as geometry: the scaled-to-fit sheet and the assembly page; and the
lines the kit's print guide shows for a board."""

from __future__ import annotations

from dataclasses import dataclass

from generator.board.model import Board
from generator.board.tiling import LABEL_STRIP, MARGIN, TilePlan, plan_tiles
from generator.core.geometry import Box
from generator.core.say import say
from generator.core.sizes import paper_size
from generator.core.units import MM, mm

TITLE_H = mm(10)
STEPS_H = mm(42)


def paper_name(paper: str) -> str:
    """'a4' -> 'A4', 'letter' -> 'Letter'."""
    return paper.upper() if paper[:1].lower() == "a" and paper[1:].isdigit() else paper.title()


def _sheet(paper: tuple[float, float], wide: bool) -> tuple[float, float]:
    return (max(paper), min(paper)) if wide else (min(paper), max(paper))


@dataclass(frozen=True)
class FitPage:
    """The board scaled (never enlarged) onto one sheet: ``box`` is where it goes."""

    page_w: float
    page_h: float
    scale: float
    box: Box
    label: str
    label_box: Box


def fit_page(board_w: float, board_h: float, paper: tuple[float, float], title: str) -> FitPage:
    pw, ph = _sheet(paper, board_w > board_h)
    area = Box(MARGIN, MARGIN + LABEL_STRIP, pw - 2 * MARGIN, ph - 2 * MARGIN - LABEL_STRIP)
    scale = min(1.0, area.w / board_w, area.h / board_h)
    w, h = board_w * scale, board_h * scale
    box = Box(area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h)
    size = f"{board_w / MM:.0f} x {board_h / MM:.0f} mm"
    if scale >= 1.0:
        label = f"{title} - {size}, printed at 100 %"
    else:
        label = (
            f"{title} - {size} board printed at {scale * 100:.0f} % for playtests; "
            "print the tiled version for play at full size"
        )
    return FitPage(pw, ph, scale, box, label, Box(MARGIN, MARGIN + mm(1), pw - 2 * MARGIN, mm(3)))


@dataclass(frozen=True)
class AssemblyPage:
    """A map of the tiles over a thumbnail of the board, and the steps to put them together."""

    page_w: float
    page_h: float
    title: str
    title_box: Box
    thumb: Box
    scale: float
    outlines: tuple[tuple[str, Box], ...]
    overlaps: tuple[Box, ...]
    steps: tuple[str, ...]
    steps_box: Box


def assembly_page(plan: TilePlan, title: str, paper: str) -> AssemblyPage:
    pw, ph = _sheet((plan.page_w, plan.page_h), plan.board_w > plan.board_h)
    top = ph - MARGIN
    title_box = Box(MARGIN, top - TITLE_H, pw - 2 * MARGIN, TITLE_H)
    steps_box = Box(MARGIN, MARGIN, pw - 2 * MARGIN, STEPS_H)
    bottom = MARGIN + STEPS_H + mm(4)
    area = Box(MARGIN, bottom, pw - 2 * MARGIN, title_box.y - mm(4) - bottom)
    s = min(area.w / plan.board_w, area.h / plan.board_h)
    thumb = Box(
        area.x + (area.w - plan.board_w * s) / 2,
        area.y + (area.h - plan.board_h * s) / 2,
        plan.board_w * s,
        plan.board_h * s,
    )

    def scaled(b: Box) -> Box:
        return Box(thumb.x + b.x * s, thumb.y + b.y * s, b.w * s, b.h * s)

    outlines = tuple((t.name, scaled(t.window)) for t in plan.tiles)
    overlaps = []
    for t in plan.tiles:
        if t.col > 0:
            left = plan.tile(t.row, t.col - 1).window
            overlaps.append(scaled(Box(t.window.x, t.window.y, left.right - t.window.x, t.window.h)))
        if t.row > 0:
            up = plan.tile(t.row - 1, t.col).window
            overlaps.append(scaled(Box(t.window.x, up.y, t.window.w, t.window.top - up.y)))
    n, last = len(plan.tiles), plan.tiles[-1].name
    steps = (
        f"1. Print pages 2-{n + 1} at 100 % ('actual size', not 'fit to page'), single-sided on "
        f"{paper_name(paper)} ({plan.orientation}). The bar beside each tile's label measures 50 mm.",
        f"2. Lay the {n} tiles out as shown, {_reading_order(plan, last)} "
        "(shaded: where neighbours overlap).",
        "3. On each tile with a neighbour to its left or above, cut off the margin along the dashed "
        "line on that edge; the tile's label says which edges.",
        "4. Starting from A1, lay each tile over its left and upper neighbours so the pictures match and "
        "each half target completes the target beneath. Tape the seams from behind.",
    )
    full = f"{title}: how to assemble - {plan.board_w / MM:.0f} x {plan.board_h / MM:.0f} mm on {n} sheets"
    return AssemblyPage(pw, ph, full, title_box, thumb, s, outlines, tuple(overlaps), steps, steps_box)


def _reading_order(plan: TilePlan, last: str) -> str:
    """Where the first and last tiles lie, in words that fit one row, one column or a grid."""
    if plan.cols == 1:
        return f"A1 at the top to {last} at the bottom"
    if plan.rows == 1:
        return f"A1 at the left to {last} at the right"
    return f"A1 at the top left to {last} at the bottom right"


def board_print_notes(board: Board, paper: str) -> list[str]:
    """Lines for the kit's print guide: which board files, how many sheets, how to assemble."""
    size = paper_size(paper)
    fit = fit_page(board.width, board.height, size, board.title)
    plan = plan_tiles(board.width, board.height, size, board.overlap, board.title)
    name, p = board.name, paper_name(paper)
    dims = f"{board.width / MM:.0f} x {board.height / MM:.0f} mm"
    n = len(plan.tiles)
    file, tiled, scale = f"{name}.pdf", f"{name}-tiled.pdf", f"{fit.scale * 100:.0f}"
    if n > 1 and not legible(board, fit.scale):
        size, least = f"{board.smallest_text * fit.scale:.1f}", f"{board.min_size:g}"
        return [
            say("board.too_small", file=file, paper=p, scale=scale, size=size, minimum=least, tiled=tiled),
            *_tiled_notes(board, plan, dims, p),
        ]
    if n == 1:
        return [say("board.one_sheet", file=file, title=board.title, dims=dims, paper=p, tiled=tiled)]
    return [
        say("board.scaled", file=file, title=board.title, paper=p, scale=scale),
        *_tiled_notes(board, plan, dims, p),
    ]


def legible(board: Board, scale: float) -> bool:
    """Whether the board's smallest type, printed at ``scale``, still reaches the game's minimum."""
    return board.smallest_text * scale >= board.min_size - 0.05


def _tiled_notes(board: Board, plan: TilePlan, dims: str, p: str) -> list[str]:
    file = f"{board.name}-tiled.pdf"
    rows, cols = say("board.row", plan.rows), say("board.column", plan.cols)
    orientation = say(f"board.{plan.orientation}")
    return [
        say(
            "board.tiled",
            file=file,
            title=board.title,
            dims=dims,
            n=len(plan.tiles),
            paper=p,
            rows=rows,
            cols=cols,
            orientation=orientation,
        ),
        say("board.assemble", file=file),
    ]
