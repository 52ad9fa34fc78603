"""Draw boards: one sheet scaled to fit, or tiles at 100 % after an assembly page.

The board is drawn once into a PDF form and placed on every page (scaled, or clipped to each
tile's window), so a tiled file stores the artwork once.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.art.fonts import FontBook
from generator.board.layout import layout_board
from generator.board.model import Board, BoardLayout
from generator.board.ops import BoardOp, PolyOp
from generator.board.pages import AssemblyPage, assembly_page, board_print_notes, fit_page, legible
from generator.board.strokes import content_strokes, surface_rings
from generator.board.tiling import Tile, TilePlan, plan_tiles
from generator.color.convert import FILL
from generator.core import where
from generator.core.errors import UsageError
from generator.core.geometry import Box
from generator.core.sizes import UnknownSizeError, paper_size
from generator.core.units import mm
from generator.layout import BAR_H, BAR_LEN
from generator.layout.ops import TextOp
from generator.load.model import Game
from generator.render import record
from generator.render.draw import Painter
from generator.render.paint import color
from generator.render.pdf import pdf_canvas
from generator.render.sheets import draw_label, draw_scale_bar
from generator.text import TextStyle, fit_text, parse_markup

__all__ = ["BOARD_NOTE", "board_print_notes", "write_board"]
MODES = ("fit", "tiled")
FORM = "DeckwrightBoard"
PLAIN = "DeckwrightBoardPictures"  # the board without its words, for an overview too small to read
TILE_BLUE = "#1e5aa8"
BOARD_NOTE = "board:"
"""What the note of a board placed on a page starts with; the board's name follows."""


class BoardPainter:
    """Draws board ops: PolyOps here, everything else through the shared Painter."""

    def __init__(self, canvas: Canvas, icons):
        self.canvas = canvas
        self.painter = Painter(canvas, icons)

    def draw(self, ops: tuple[BoardOp, ...]) -> None:
        batch = []
        for op in ops:
            if isinstance(op, PolyOp):
                self.painter.draw(batch)
                batch = []
                self._poly(op)
            else:
                batch.append(op)
        self.painter.draw(batch)

    def _poly(self, op: PolyOp) -> None:
        c = self.canvas
        c.saveState()
        c.setLineCap(1)
        c.setLineJoin(1)
        if op.fill:
            c.setFillColor(color(op.fill, FILL))
        if op.stroke:
            c.setStrokeColor(color(op.stroke))
            c.setLineWidth(op.stroke_width)
            c.setDash(list(op.dash) if op.dash else [])
        path = c.beginPath()
        path.moveTo(*op.points[0])
        for p in op.points[1:]:
            path.lineTo(*p)
        if op.closed:
            path.close()
        with where.at(op.origin):  # what the page records points at (a road at its map's line)
            c.drawPath(path, stroke=1 if op.stroke else 0, fill=1 if op.fill else 0)
        c.restoreState()

    def form(self, layout: BoardLayout, name: str = FORM, words: bool = True) -> str:
        """The board as a PDF form; without ``words``, its pictures only (an overview too small
        to read)."""
        c = self.canvas
        c.beginForm(name, 0, 0, layout.width, layout.height)
        self.draw(layout.ops if words else tuple(op for op in layout.ops if not isinstance(op, TextOp)))
        c.endForm()
        return name

    def place(
        self,
        scale: float,
        at: tuple[float, float],
        clip: Box | None = None,
        name: str = FORM,
        board: tuple[str, float, float] | None = None,
    ) -> None:
        """Place the form scaled at ``at``, cut to ``clip``; with ``board`` (its name, width and
        height), note for the proofreader which window of the board lands where on the page
        (``board:<name>``: the window in board points, its matrix board -> page)."""
        c = self.canvas
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip.x, clip.y, clip.w, clip.h)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(*at)
        c.scale(scale, scale)
        c.doForm(name)
        if board is not None:
            record.note(c, f"{BOARD_NOTE}{board[0]}", _window(board[1], board[2], scale, at, clip))
        c.restoreState()


def write_board(
    board: Board, game: Game, fonts: FontBook, out_dir: Path, paper: str, mode: str
) -> list[Path]:
    """Write ``<name>.pdf`` (mode "fit": one sheet, scaled) or ``<name>-tiled.pdf`` (mode "tiled":
    100 %, an assembly page then the tiles); return the paths written."""
    if mode not in MODES:
        raise UsageError(f"unknown board print mode '{mode}': use one of {', '.join(MODES)}")
    try:
        sheet = paper_size(paper)
    except UnknownSizeError as exc:
        raise UsageError(str(exc)) from None
    layout = layout_board(board, fonts)
    face = fonts.face(board.spec.font)
    icons = {**game.icons, **board.icons}
    if mode == "fit":
        page = fit_page(board.width, board.height, sheet, board.title)
        if page.scale < 1.0 and not legible(board, page.scale):
            return []  # the print guide says why and which file to print instead
        path = Path(out_dir) / f"{board.name}.pdf"
        with pdf_canvas(path, board.title, (page.page_w, page.page_h)) as c:
            bp = BoardPainter(c, icons)
            bp.form(layout)
            bp.place(page.scale, (page.box.x, page.box.y), board=(board.name, board.width, board.height))
            _outline(c, page.box)
            _fit_furniture(c, page.label, page.label_box, face)
        return [path]
    plan = plan_tiles(
        board.width,
        board.height,
        sheet,
        board.overlap,
        board.title,
        keep_clear=content_boxes(layout),
        keep_off=content_strokes(layout.ops),
        keep_out=surface_rings(layout.ops),
    )
    path = Path(out_dir) / f"{board.name}-tiled.pdf"
    with pdf_canvas(path, f"{board.title} (tiled)", (plan.page_w, plan.page_h)) as c:
        bp = BoardPainter(c, icons)
        bp.form(layout)
        if len(plan.tiles) > 1:
            page = assembly_page(plan, board.title, paper)
            overview = FORM if legible(board, page.scale) else bp.form(layout, PLAIN, words=False)
            _assembly(c, bp, page, fonts, board.spec.font, overview)
            c.showPage()
        for i, tile in enumerate(plan.tiles):
            if i:
                c.showPage()
            c.setPageSize((plan.page_w, plan.page_h))
            _tile(c, bp, tile, fonts, board.spec.font, (board.name, board.width, board.height))
            record.note(c, "stays-visible", _visible(plan, tile))
    return [path]


def content_boxes(layout: BoardLayout) -> tuple[Box, ...]:
    """Where the board's content is, for the tiling targets to keep off: its words, icons, discs
    and every box smaller than a quarter of the board (places, spaces, panels; not backgrounds)."""
    quarter = layout.width * layout.height / 4
    boxes = []
    for op in layout.ops:
        box = getattr(op, "box", None)
        if isinstance(box, Box) and (isinstance(op, TextOp) or box.w * box.h < quarter):
            boxes.append(box)
    return tuple(boxes)


def _fit_furniture(c: Canvas, label: str, strip: Box, face: str) -> None:
    """The one-sheet board's label, and the same 50 mm scale bar as every other sheet at its right
    end (the board is scaled; the bar is not, so it still checks the printer's scaling)."""
    bar = Box(strip.right - BAR_LEN, strip.y + (strip.h - BAR_H) / 2, BAR_LEN, BAR_H)
    text_box = Box(strip.x, strip.y, strip.w - BAR_LEN - mm(3), strip.h)
    text = f"{label} - bar = {round(BAR_LEN / mm(1))} mm at 100%"
    draw_label(c, text, (text_box.x, text_box.y + mm(0.5)), text_box, 0, face)
    draw_scale_bar(c, bar)


def _outline(c: Canvas, box: Box) -> None:
    c.saveState()
    c.setStrokeColor(color("#9a9a9a"))
    c.setLineWidth(0.3)
    c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    c.restoreState()


def _window(
    w: float, h: float, scale: float, at: tuple[float, float], clip: Box | None
) -> tuple[float, float, float, float]:
    """The part of a ``w`` x ``h`` board placed at ``at`` and ``scale`` that ``clip`` shows, in
    board points."""
    if clip is None:
        return (0.0, 0.0, w, h)
    x0, y0 = (clip.x - at[0]) / scale, (clip.y - at[1]) / scale
    x1, y1 = (clip.right - at[0]) / scale, (clip.top - at[1]) / scale
    return (max(0.0, x0), max(0.0, y0), min(w, x1), min(h, y1))


def _tile(
    c: Canvas, bp: BoardPainter, tile: Tile, fonts: FontBook, family: str, board: tuple[str, float, float]
) -> None:
    bp.place(1.0, tile.offset, clip=tile.page_box, board=board)
    c.saveState()
    c.setStrokeColor(color("#333333"))
    c.setLineWidth(0.8)
    c.setDash([3, 2])
    for ln in tile.cuts:
        c.line(ln.x1, ln.y1, ln.x2, ln.y2)
    c.restoreState()
    c.saveState()
    path = c.beginPath()
    b = tile.page_box
    path.rect(b.x, b.y, b.w, b.h)
    c.clipPath(path, stroke=0, fill=0)
    for m in tile.marks:
        record.note(c, "tiling-mark", (m.box.x, m.box.y, m.box.right, m.box.top))
        for stroke, width in (("#ffffff", 1.6), ("#000000", 0.5)):
            c.setStrokeColor(color(stroke))
            c.setLineWidth(width)
            c.circle(m.x, m.y, m.r * 0.6, stroke=1, fill=0)
            c.line(m.x - m.r, m.y, m.x + m.r, m.y)
            c.line(m.x, m.y - m.r, m.x, m.y + m.r)
    c.restoreState()
    lb = tile.label_box
    bold = fonts.face(family, bold=True)
    c.setFillColor(color(TILE_BLUE))
    c.setFont(bold, 16)
    c.drawString(lb.x, lb.y + lb.h / 2 - 5.5, tile.name)
    indent = fonts.width(tile.name, bold, 16) + mm(3)
    style = TextStyle(family, 7, 5, leading=1.15, color="#444444", valign="middle")
    _text(c, fonts, tile.label, Box(lb.x + indent, lb.y, lb.w - indent, lb.h), style)
    draw_scale_bar(c, tile.scale_bar)


def _visible(plan: TilePlan, tile: Tile) -> tuple[float, float, float, float]:
    """The part of a tile's window no neighbour covers once assembled (for the proofreader): the
    tiles to its right and below are laid over its right and bottom overlap."""
    b = tile.page_box
    right = b.right - (plan.overlap if tile.col < plan.cols - 1 else 0.0)
    bottom = b.y + (plan.overlap if tile.row < plan.rows - 1 else 0.0)
    return (b.x, bottom, right, b.top)


def _assembly(
    c: Canvas, bp: BoardPainter, page: AssemblyPage, fonts: FontBook, family: str, form: str
) -> None:
    c.setPageSize((page.page_w, page.page_h))
    record.note(c, "reading-page")  # an overview of the tiles, not printed to size
    record.note(c, "overview")  # tile names over the reduced board, by design
    _text(c, fonts, page.title, page.title_box, TextStyle(family, 14, 8, valign="middle"), bold=True)
    bp.place(page.scale, (page.thumb.x, page.thumb.y), name=form)
    c.saveState()
    c.setFillColor(color(TILE_BLUE))
    c.setFillAlpha(0.22)
    for b in page.overlaps:
        c.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(color(TILE_BLUE))
    c.setLineWidth(1.0)
    for _, b in page.outlines:
        c.rect(b.x, b.y, b.w, b.h, stroke=1, fill=0)
    c.restoreState()
    bold = fonts.face(family, bold=True)
    for name, b in page.outlines:
        size = max(min(b.w, b.h) * 0.22, 8.0)
        w = fonts.width(name, bold, size)
        cx, cy = b.x + b.w / 2, b.y + b.h / 2
        c.saveState()
        c.setFillColor(color("#ffffff"))
        c.setFillAlpha(0.85)
        c.roundRect(
            cx - w / 2 - size * 0.3,
            cy - size * 0.55,
            w + size * 0.6,
            size * 1.1,
            size * 0.2,
            stroke=0,
            fill=1,
        )
        c.restoreState()
        c.setFillColor(color(TILE_BLUE))
        c.setFont(bold, size)
        c.drawCentredString(cx, cy - size * 0.35, name)
    _text(c, fonts, "\n".join(page.steps), page.steps_box, TextStyle(family, 10, 6, leading=1.35))


def _text(c: Canvas, fonts: FontBook, text: str, box: Box, style: TextStyle, bold: bool = False) -> None:
    """Plain text (markup characters escaped) fitted into ``box``."""
    for ch in "\\*:[]{}":
        text = text.replace(ch, "\\" + ch)
    laid = fit_text(parse_markup(f"**{text}**" if bold else text), box, style, fonts)
    Painter(c, {}).draw([TextOp(laid, box)])
