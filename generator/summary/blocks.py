"""Typeset a section at a given width: blocks of ops that the flow stacks into columns or cards.

A :class:`Block` is drawn with its top-left corner at (0, 0); its content lies between y = 0 and
y = -height. A section becomes a heading, the units it may break between (intro, paragraphs,
steps, bullets, table rows, note) and what repeats after a break (a table's header row).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.art.fonts import FontBook
from generator.core import where
from generator.core.geometry import Box, Line
from generator.layout.ops import EllipseOp, LineOp, Op, RectOp, TextOp
from generator.schema.inline import IconSpec, inline_looks
from generator.summary.model import Section, Spans, Table, Theme
from generator.text.fit import PlacedRun, TextLayout, TextStyle, fit_text
from generator.text.markup import Span

BIG = 1e5
EPS = 1e-6
PAD_X = 0.4  # table cell padding, multiple of body size
LEAD_ICON = 1.3  # icon scale in the first column of keyword and set tables
STACK = 0.6  # an auto first column wider than this share of the table stacks the rows


@dataclass(frozen=True)
class Block:
    """Ops drawn with the block's top-left at the origin; ``overflow`` > 0 when text did not fit.

    ``tail`` is the blank space at the bottom of ``height`` (may hang below a frame's end).
    """

    height: float
    ops: tuple[Op, ...]
    overflow: float = 0.0
    tail: float = 0.0

    @property
    def ink(self) -> float:
        """Height without the trailing space."""
        return self.height - self.tail

    def padded(self, space: float) -> Block:
        """The block with ``space`` more blank space below it."""
        return Block(self.height + space, self.ops, self.overflow, self.tail + space)


@dataclass(frozen=True)
class Setting:
    """Sizes of one typesetting pass, in points."""

    body: float
    heading: float
    leading: float = 1.25
    gap: float = 0.45  # space after an item, multiple of body
    title_rule: bool = True  # draw a rule under section headings


@dataclass(frozen=True)
class Laid:
    """A section set at one width: see the module docstring."""

    section: Section
    head: Block | None
    units: tuple[Block, ...]
    labels: tuple[str, ...]  # "item 2", "row 3", ... for problem messages
    repeat: Block | None
    continued: Block | None  # heading for a continuation ("... (continued)")

    @property
    def height(self) -> float:
        """Height of the whole section, without the space after its last block."""
        blocks = [b for b in (self.head, self.repeat, *self.units) if b is not None]
        return sum(b.height for b in blocks) - (blocks[-1].tail if blocks else 0.0)


def shift(op: Op, dx: float, dy: float) -> Op:
    """The op moved by (dx, dy)."""
    if isinstance(op, LineOp):
        ln = op.line
        return dataclasses.replace(op, line=Line(ln.x1 + dx, ln.y1 + dy, ln.x2 + dx, ln.y2 + dy))
    box = Box(op.box.x + dx, op.box.y + dy, op.box.w, op.box.h)  # type: ignore[union-attr]
    if isinstance(op, TextOp):
        lay = op.layout
        runs = tuple(dataclasses.replace(r, x=r.x + dx, y=r.y + dy) for r in lay.runs)
        icons = tuple(dataclasses.replace(i, x=i.x + dx, y=i.y + dy) for i in lay.icons)
        return TextOp(dataclasses.replace(lay, runs=runs, icons=icons), box, op.rotate, op.origin)
    return dataclasses.replace(op, box=box)  # type: ignore[arg-type]


def shifted(ops: Sequence[Op], dx: float, dy: float) -> tuple[Op, ...]:
    return tuple(shift(op, dx, dy) for op in ops)


class Typesetter:
    """Sets sections in one theme and size setting."""

    def __init__(
        self, theme: Theme, setting: Setting, fonts: FontBook, inline: Mapping[str, IconSpec] | None = None
    ):
        self.theme, self.setting, self.fonts = theme, setting, fonts
        self.inline = inline or {}  # game.yaml's sizes and offsets of inline icons

    def style(self, size: float | None = None, **kw) -> TextStyle:
        size = size or self.setting.body
        kw.setdefault("min_size", size)
        kw.setdefault("family", self.theme.font)
        kw.setdefault("color", self.theme.ink)
        kw.setdefault("leading", self.setting.leading)
        if self.inline:
            kw.setdefault("icon_looks", inline_looks(self.inline, size, kw.get("icon_scale", 1.0)))
        return TextStyle(size=size, paragraph_space=0.3, **kw)

    def text(self, spans: Spans, width: float, style: TextStyle, x: float = 0.0) -> Block:
        """Spans set at ``width``, top at y = 0, left at ``x``."""
        if not spans:
            return Block(0.0, ())
        lay = fit_text(spans, Box(x, -BIG, width, BIG), style, self.fonts)
        bottoms = [r.y + self.fonts.descent(r.face, r.size) for r in lay.runs] + [i.y for i in lay.icons]
        h = -min(bottoms) if bottoms else 0.0
        return Block(h, (TextOp(lay, Box(x, -h, width, h)),), lay.overflow)

    # -- pieces ---------------------------------------------------------------------------------
    def heading(self, title: str, width: float) -> Block:
        s = self.setting
        style = self.style(s.heading, family=self.theme.heading_font, color=self.theme.accent, leading=1.0)
        b = self.text((Span(title),), width, style)
        ops = list(b.ops)
        h = b.height + 0.2 * s.body
        if s.title_rule:
            ops.append(LineOp(Line(0, -h, width, -h), self.theme.accent, 0.6))
        return Block(h + 0.35 * s.body, tuple(ops), b.overflow)

    def paragraph(self, spans: Spans, width: float, gap: bool = True) -> Block:
        b = self.text(spans, width, self.style())
        return b.padded(self.setting.gap * self.setting.body if gap else 0.0)

    def item(self, spans: Spans, width: float, number: int | None) -> Block:
        """A step (``number``) or a bullet (None) with a hanging indent."""
        s, accent = self.setting.body, self.theme.accent
        d = 1.3 * s if number is not None else 0.36 * s
        indent = d + (0.45 * s if number is not None else 0.75 * s)
        b = self.text(spans, width - indent, self.style(), x=indent)
        base = _first_baseline(b) if b.ops else -0.95 * s
        cy = base + 0.33 * s
        ops: list[Op] = [EllipseOp(Box(0.05 * s, cy - d / 2, d, d), accent, None)]
        if number is not None:
            ops.append(self._centred(str(number), 0.05 * s + d / 2, cy, 0.8 * s))  # 6 pt at 7.5 pt
        ops.extend(b.ops)
        return Block(b.height, tuple(ops), b.overflow).padded(self.setting.gap * s)

    def _centred(self, text: str, cx: float, cy: float, size: float) -> TextOp:
        face = self.fonts.face(self.theme.font, bold=True)
        w = self.fonts.width(text, face, size)
        run = PlacedRun(cx - w / 2, cy - 0.36 * size, text, face, size, self.theme.paper)
        lay = TextLayout((run,), (), size, True, 1, 0.0)
        return TextOp(lay, Box(cx - w / 2, cy - size / 2, w, size))

    def cell_style(self, table: Table, column: int, header: bool) -> TextStyle:
        icons = LEAD_ICON if table.lead_icons and column == 0 and not header else 1.0
        color = self.theme.paper if header else self.theme.ink
        return self.style(min_size=0.8 * self.setting.body, icon_scale=icons, color=color)

    def widths(self, table: Table, width: float) -> tuple[float, ...]:
        """Column widths in points; auto widths fit the first column to its widest cell.

        Empty when that cell would need more than ``STACK`` of the width: the row is then
        stacked, its first cell on a line of its own and the rest indented below it.
        """
        if table.widths:
            return tuple(f * width for f in table.widths)
        pad = 2 * PAD_X * self.setting.body
        cells = [(r[0], False) for r in table.rows] + ([(table.header[0], True)] if table.header else [])
        need = max(self.natural(c, self.cell_style(table, 0, h)) for c, h in cells) + pad + EPS
        if need > STACK * width:
            return ()
        first = max(need, 0.22 * width)
        return (first, width - first)

    def natural(self, spans: Spans, style: TextStyle) -> float:
        """Width of ``spans`` set on one line."""
        lay = fit_text(spans, Box(0, -BIG, BIG, BIG), style, self.fonts)
        ends = [r.x + self.fonts.width(r.text, r.face, r.size) for r in lay.runs]
        return max(ends + [i.x + i.size for i in lay.icons], default=0.0)

    def row(
        self, cells: Sequence[Spans], table: Table, widths: Sequence[float], kind: str, width: float
    ) -> Block:
        """A table row; ``kind`` is 'header', 'odd' or 'even' (even rows are shaded)."""
        s, t = self.setting.body, self.theme
        pad_x, pad_y = PAD_X * s, 0.3 * s
        header = kind == "header"
        placed: list[tuple[Block, float]] = []  # (cell, its top)
        x, y = 0.0, 0.0
        for k, cell in enumerate(cells):
            style = self.cell_style(table, k, header)
            spans = tuple(dataclasses.replace(sp, bold=True) for sp in cell) if header else cell
            if widths:
                b = self.text(spans, widths[k] - 2 * pad_x, style, x=x + pad_x)
                x += widths[k]
            else:  # stacked
                indent = s if k else 0.0
                b = self.text(spans, width - 2 * pad_x - indent, style, x=pad_x + indent)
            placed.append((b, y))
            if not widths:
                y -= b.height + (0.15 * s if k == 0 else 0.0)
        blocks = [b for b, _ in placed]
        h = max(b.height - top for b, top in placed) + 2 * pad_y
        fill = t.accent if header else t.tint if kind == "even" else None
        ops: list[Op] = [RectOp(Box(0, -h, width, h), fill, None)] if fill else []
        for b, top in placed:
            ops.extend(shifted(b.ops, 0.0, top - pad_y))
        if not header:
            ops.append(LineOp(Line(0, -h, width, -h), t.tint, 0.5))
        return Block(h, tuple(ops), max(b.overflow for b in blocks))

    # -- sections -------------------------------------------------------------------------------
    def section(self, section: Section, width: float, continued: str = "continued") -> Laid:
        """A section laid out in ``width``; its text ops located at the section."""
        with where.at(section.origin):
            return self._section(section, width, continued)

    def _section(self, section: Section, width: float, continued: str) -> Laid:
        units: list[Block] = []
        labels: list[str] = []
        repeat = None
        if section.table is not None:
            t = section.table
            widths = self.widths(t, width)
            if t.header and widths:
                repeat = self.row(t.header, t, widths, "header", width)
            for r, cells in enumerate(t.rows):
                units.append(self.row(cells, t, widths, "even" if r % 2 else "odd", width))
                labels.append(f"row {r + 1}")
            if units:
                last = units[-1]
                units[-1] = last.padded(self.setting.gap * self.setting.body)
        for k, spans in enumerate(section.items):
            if section.kind == "paragraph":
                units.append(self.paragraph(spans, width))
                labels.append(f"paragraph {k + 1}")
            else:
                number = section.start + k if section.kind == "steps" else None
                units.append(self.item(spans, width, number))
                labels.append(f"item {k + 1}")
        if section.note:  # the note stays with the last item or row
            note = self.paragraph(section.note, width)
            if units:
                units[-1] = stack(units[-1], note)
                labels[-1] += " with the note"
            else:
                units.append(note)
                labels.append("the note")
        head = self.heading(section.title, width) if section.title else None
        if section.intro:  # the intro travels with the heading, above a table's header row
            head = stack(head, self.paragraph(section.intro, width))
        cont = self.heading(f"{section.title} ({continued})", width) if section.title else None
        return Laid(section, head, tuple(units), tuple(labels), repeat, cont)


def stack(top: Block | None, below: Block) -> Block:
    """Two blocks as one, ``below`` under ``top``."""
    if top is None:
        return below
    ops = top.ops + shifted(below.ops, 0.0, -top.height)
    return Block(top.height + below.height, ops, max(top.overflow, below.overflow), below.tail)


def _first_baseline(block: Block) -> float:
    op = block.ops[0]
    assert isinstance(op, TextOp)
    ys = [r.y for r in op.layout.runs] or [i.y for i in op.layout.icons]
    return max(ys)
