"""Rule "through-words": a line drawn through a word strikes it out. Two kinds are judged on a
board's laid-out text (each line of ink: from its baseline's descent to its cap height, as wide
as its letters):

- the tile seams of the tiled board on every paper the kit prints it on (A4, Letter): the cut
  edge of the sheet laid on top runs through the word, so half of it sits on each sheet and any
  misalignment breaks it. An error: it misprints.
- the strokes of the board's drawing that are not roads (outlines, coastlines, drawn lines;
  the ``links`` rule judges a map's roads), thinner than a band of colour: a warning, since
  dark type over a thin line stays readable and the designer may accept it. A word that a
  filled shape drawn after the line covers whole (a label's backing, a card place, a city's
  disc) is not struck: the line does not show there.

Reported at the text's element (its feature's line), naming the words and the seam or stroke."""

from __future__ import annotations

from itertools import pairwise

from generator.art.fonts import FontBook
from generator.board.layout import layout_board
from generator.board.model import Board
from generator.board.ops import PolyOp
from generator.board.tiling import plan_tiles
from generator.core.geometry import segment_in_box
from generator.core.sizes import paper_size
from generator.core.strokes import WIDEST
from generator.core.units import MM, mm
from generator.layout.ops import EllipseOp, RectOp, TextOp
from generator.load.model import Game
from generator.proof.finding import Finding, Spot, board_spot
from generator.proof.parts import Parts
from generator.proof.settings import Settings
from generator.schema.board import MapFeature

PAPERS = ("a4", "letter")
"""The papers ``check`` builds a tiled board on."""
INSET = mm(0.3)
"""A line must reach this far into a word's ink to go through it."""

Ink = tuple[str, tuple[float, float, float, float], object]


def inks(ops, fonts: FontBook) -> list[Ink]:
    """Each upright text line's ink box (x0, y0, x1, y1), with its text and origin."""
    out = []
    for op in ops:
        if not isinstance(op, TextOp) or op.rotate:
            continue
        for r in op.layout.runs:
            if not r.text.strip():
                continue
            width = r.width if r.width is not None else fonts.width(r.text, r.face, r.size)
            box = (r.x + INSET, r.y - 0.15 * r.size + INSET, r.x + width - INSET, r.y + 0.7 * r.size - INSET)
            if box[2] > box[0] and box[3] > box[1]:
                out.append((r.text, box, op.origin))
    return out


def _seams(board: Board) -> list[tuple[str, tuple[tuple[float, float], tuple[float, float]]]]:
    """(paper, seam) for each tile seam of the board on each paper, in board points."""
    out = []
    for paper in PAPERS:
        plan = plan_tiles(board.width, board.height, paper_size(paper), board.overlap, board.title)
        for t in plan.tiles:
            if t.col > 0:
                out.append((paper, ((t.window.x, 0.0), (t.window.x, board.height))))
            if t.row > 0:
                out.append((paper, ((0.0, t.window.top), (board.width, t.window.top))))
    return sorted(set(out))


def _backings(ops) -> list[tuple[int, tuple[float, float, float, float]]]:
    """(index, box) of every filled upright rectangle or ellipse: what it covers hides a line
    drawn before it (a label's backing, a card place, a city's disc)."""
    out = []
    for i, op in enumerate(ops):
        if isinstance(op, RectOp | EllipseOp) and op.fill and op.fill != "none" and not op.rotate:
            b = op.box
            out.append((i, (b.x, b.y, b.right, b.top)))
    return out


def _hidden(box, after: int, backings) -> bool:
    """Whether a shape drawn after op ``after`` covers the ink ``box`` whole."""
    return any(
        i > after and b[0] <= box[0] and b[1] <= box[1] and box[2] <= b[2] and box[3] <= b[3]
        for i, b in backings
    )


def _drawn_strokes(board: Board, ops) -> list[tuple[tuple[tuple[float, float], ...], object, int]]:
    """The board's thin stroked lines that are not a map's own drawing (roads, nodes), with
    their index among ``ops``."""
    maps = {
        board.doc.mark(("features", i))[0]
        for i, f in enumerate(board.spec.features)
        if isinstance(f, MapFeature)
    }
    out = []
    for index, op in enumerate(ops):
        if (
            not isinstance(op, PolyOp)
            or not op.stroke
            or op.stroke == "none"
            or not 0 < op.stroke_width <= WIDEST
        ):
            continue
        if getattr(op.origin, "line", None) in maps:
            continue
        pts = op.points + (op.points[:1] if op.closed else ())
        out.append((pts, op.origin, index))
    return out


def _shown(texts: list[str]) -> str:
    names = sorted(set(texts))
    more = f" and {len(names) - 6} more" if len(names) > 6 else ""
    return ", ".join(f"'{t[:30]}'" for t in names[:6]) + more


def _line(origin) -> int:
    return getattr(origin, "line", 0)


def board_findings(board: Board, fonts: FontBook) -> list[Finding]:
    ops = layout_board(board, fonts).ops
    words = inks(ops, fonts)
    found = []
    cut: dict[tuple[int, str, str], tuple[object, list[str], list[Spot]]] = {}
    for paper, (a, b) in _seams(board):
        where = f"x = {a[0] / MM:.0f} mm" if a[0] == b[0] else f"y = {a[1] / MM:.0f} mm"
        for text, box, origin in words:
            if segment_in_box(a, b, box) is not None:
                entry = cut.setdefault((id(origin), paper, where), (origin, [], []))
                entry[1].append(text)
                entry[2].append(board_spot(board.name, box, paper))
    for (_, paper, where), (origin, texts, spots) in cut.items():
        found.append(
            Finding(
                "through-words",
                origin,
                (
                    f"the tile seam of the {paper.upper()} print ({where} on the board) runs through "
                    f"{_shown(texts)}: half prints on each sheet; move the text off the seam"
                ),
                spots=tuple(spots),
            )
        )
    backings = _backings(ops)
    for pts, origin, index in _drawn_strokes(board, ops):
        struck: dict[object, list[str]] = {}
        boxes: dict[object, list[Spot]] = {}
        for text, box, at in words:
            if at is origin or _hidden(box, index, backings):
                continue
            if any(segment_in_box(p, q, box) is not None for p, q in pairwise(pts)):
                struck.setdefault(at, []).append(text)
                boxes.setdefault(at, []).append(board_spot(board.name, box))
        for at, texts in struck.items():
            found.append(
                Finding(
                    "through-words",
                    at,
                    (
                        f"a line drawn by line {_line(origin)} (an outline or drawn line) runs through "
                        f"{_shown(texts)}: it strikes the words out; move the text or give it a backing"
                    ),
                    severity="warning",
                    spots=tuple(boxes[at]),
                )
            )
    return found


def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
    """Findings for the text of every board of the game."""
    fonts = FontBook.load(game.font_dirs)
    return [f for board in parts.boards for f in board_findings(board, fonts)]
