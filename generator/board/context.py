"""The layout context: board coordinates, sizes, icons, located problems and upright text.

Board YAML measures from the top-left, y down; ops are in points from the bottom-left, y up.
``Reading`` turns a group of items so it reads from one side of the board, about one pivot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from generator.art import gameicons
from generator.art.fonts import FontBook, UnknownFontError
from generator.board.model import Board
from generator.board.ops import XY, BoardOp
from generator.core.errors import Problem
from generator.core.geometry import Box
from generator.core.paths import OutsideError, find_file, search_roots
from generator.core.sizes import UnknownSizeError, card_size
from generator.core.yamlio import Loc
from generator.layout.ops import IconOp, RectOp, TextOp
from generator.schema.board import SizeRef, TextLook
from generator.schema.inline import inline_looks
from generator.schema.messages import suggest
from generator.text import MarkupError, TextLayout, TextStyle, fit_text, icon_names, parse_markup

ANGLES = {"bottom": 0.0, "top": 180.0, "left": 90.0, "right": 270.0}
_ANCHOR_X = {"left": 0.0, "center": 0.5, "right": 1.0}
_ANCHOR_Y = {"top": 0.0, "middle": 0.5, "bottom": 1.0}


def _split_anchor(anchor: str) -> tuple[float, float]:
    if anchor == "center":
        return 0.5, 0.5
    parts = anchor.split("-")
    if len(parts) == 1:
        return (0.5, _ANCHOR_Y[parts[0]]) if parts[0] in _ANCHOR_Y else (_ANCHOR_X[parts[0]], 0.5)
    return _ANCHOR_X[parts[1]], _ANCHOR_Y[parts[0]]


@dataclass(frozen=True)
class Reading:
    """Items laid out upright in ``box`` (the reading frame), then turned ``angle`` about its centre."""

    box: Box
    angle: float

    @staticmethod
    def of(box: Box, toward: str) -> Reading:
        angle = ANGLES[toward]
        if angle in (90.0, 270.0):
            cx, cy = box.x + box.w / 2, box.y + box.h / 2
            box = Box(cx - box.h / 2, cy - box.w / 2, box.h, box.w)
        return Reading(box, angle)

    def point(self, p: XY) -> XY:
        """A reading-frame point on the page."""
        cx, cy = self.box.x + self.box.w / 2, self.box.y + self.box.h / 2
        t = math.radians(self.angle)
        dx, dy = p[0] - cx, p[1] - cy
        return (cx + dx * math.cos(t) + dy * math.sin(t), cy - dx * math.sin(t) + dy * math.cos(t))

    def moved(self, box: Box) -> Box:
        """A reading-frame box moved so it turns about its own centre (the ops' ``rotate``)."""
        nx, ny = self.point((box.x + box.w / 2, box.y + box.h / 2))
        return Box(nx - box.w / 2, ny - box.h / 2, box.w, box.h)

    def text(self, layout: TextLayout, box: Box) -> TextOp:
        moved = self.moved(box)
        return TextOp(shifted(layout, moved.x - box.x, moved.y - box.y), moved, self.angle)

    def icon(self, name: str, path: Path, box: Box, color: str) -> IconOp:
        return IconOp(name, path, self.moved(box), color, self.angle)

    def rect(self, box: Box, fill: str | None, stroke: str | None, width: float, radius: float) -> RectOp:
        return RectOp(self.moved(box), fill, stroke, width, radius, None, self.angle)


class Context:
    """What every feature's layout needs; problems are collected, not raised."""

    def __init__(self, board: Board, fonts: FontBook):
        self.board, self.fonts = board, fonts
        self.w, self.h = board.width, board.height
        self.spec = board.spec
        self.problems: list[Problem] = []
        self.ops: list[BoardOp] = []

    # -- problems and references -----------------------------------------------------------
    def fail(self, loc: Loc, message: str, rank: int = 40) -> None:
        self.problems.append(self.board.doc.problem(loc, message, rank))

    def icon(self, name: str, loc: Loc) -> Path | None:
        path = self.board.icons.get(name)
        if path is None and gameicons.is_named(name):
            return self.game_icon(name, loc)
        if path is None:
            self.fail(
                loc,
                f"no icon named '{name}'{suggest(name, self.board.icons)}: add it under "
                "'icons:' in game.yaml or use a bundled icon",
            )
        return path

    def image(self, file_name: str, loc: Loc) -> Path | None:
        dirs = self.board.image_dirs
        try:
            found = find_file(file_name, dirs, search_roots(dirs), "image")
        except OutsideError as exc:
            self.fail(loc, str(exc))
            return None
        if found is not None:
            return found
        if gameicons.is_named(file_name):  # a file of the game's own by that name comes first
            return self.game_icon(file_name, loc)
        self.fail(loc, f"image '{file_name}' not found (looked in the game folder and its art/ folder)")
        return None

    def game_icon(self, name: str, loc: Loc) -> Path | None:
        """The shipped game-icons.net icon ``name``; a located problem naming the nearest names."""
        try:
            return gameicons.path(name)
        except gameicons.GameIconError as exc:
            self.fail(loc, str(exc))
            return None

    def size(self, ref: SizeRef, orientation: str | None, padding: float, loc: Loc) -> tuple[float, float]:
        """(w, h) of a size reference, turned to ``orientation``, grown by ``padding`` per side."""
        if isinstance(ref, str):
            if ref in self.board.sizes:
                w, h = self.board.sizes[ref]
            else:
                try:
                    w, h = card_size(ref)
                except UnknownSizeError as exc:
                    decks = ", ".join(self.board.sizes) or "none"
                    self.fail(loc, f"{exc} (or a deck of this game: {decks})")
                    w, h = card_size("poker")
        else:
            w, h = ref.width, ref.height
        if orientation is not None and (orientation == "landscape") != (w > h):
            w, h = h, w
        return w + 2 * padding, h + 2 * padding

    # -- coordinates --------------------------------------------------------------------------
    def point(self, p: tuple[float, float]) -> XY:
        return (p[0], self.h - p[1])

    def box(self, spec: tuple[float, float, float, float]) -> Box:
        x, y, w, h = spec
        return Box(x, self.h - y - h, w, h)

    def anchored(self, at: tuple[float, float], w: float, h: float, anchor: str) -> Box:
        fx, fy = _split_anchor(anchor)
        return Box(at[0] - fx * w, self.h - (at[1] - fy * h) - h, w, h)

    def toward(self, toward: str, box: Box) -> str:
        """The reader's side; ``outward`` is the board edge nearest the box's centre."""
        if toward != "outward":
            return toward
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        return min((cy, "bottom"), (self.h - cy, "top"), (cx, "left"), (self.w - cx, "right"))[1]

    def reading(self, box: Box, toward: str) -> Reading:
        return Reading.of(box, self.toward(toward, box))

    # -- text -----------------------------------------------------------------------------------
    def style(
        self,
        look: TextLook,
        size: float,
        *,
        bold: bool = False,
        align: str = "center",
        valign: str = "middle",
        color: str | None = None,
        shrink: float = 0.5,
    ) -> tuple[TextStyle, bool]:
        size = look.size or size
        return TextStyle(
            family=look.font or self.spec.font,
            size=size,
            min_size=look.min_size or size * shrink,
            color=look.color or color or self.spec.color,
            align=align,
            valign=valign,
            icon_looks=inline_looks(self.board.inline_icons, size),  # game.yaml's size and dy
        ), bool(look.bold if look.bold is not None else bold)

    def fit(self, text: str, box: Box, look: TextLook, size: float, loc: Loc, **kw) -> TextLayout | None:
        """Fit markup ``text`` into ``box`` (reading frame); None (problem recorded) on failure."""
        style, bold = self.style(look, size, **kw)
        try:
            spans = parse_markup(f"**{text}**" if bold else text)
            for name in icon_names(spans):
                if self.icon(name, loc) is None:
                    return None
            laid = fit_text(spans, box, style, self.fonts)
        except (MarkupError, UnknownFontError) as exc:
            self.fail(loc, str(exc).strip('"'))
            return None
        if not laid.fits:
            over = laid.overflow / (72 / 25.4)
            self.fail(
                loc,
                f"text {_short(text)} does not fit even at {style.min_size:.1f} pt "
                f"({over:.1f} mm too much): shorten it or give it more room",
                rank=45,
            )
        return laid

    def height(self, laid: TextLayout, top: float) -> float:
        """How far below ``top`` the laid-out text reaches (0 for no text)."""
        if not laid.runs and not laid.icons:
            return 0.0
        face = laid.runs[0].face if laid.runs else self.fonts.face(self.spec.font)
        low = min([r.y for r in laid.runs] + [i.y for i in laid.icons])
        return top - (low + self.fonts.descent(face, laid.size))


def shifted(layout: TextLayout, dx: float, dy: float) -> TextLayout:
    """The same text moved by (dx, dy)."""
    runs = tuple(replace(r, x=r.x + dx, y=r.y + dy) for r in layout.runs)
    icons = tuple(replace(i, x=i.x + dx, y=i.y + dy) for i in layout.icons)
    return replace(layout, runs=runs, icons=icons)


def _short(text: str) -> str:
    one = " ".join(text.split())
    return repr(one if len(one) <= 30 else one[:27] + "...")
