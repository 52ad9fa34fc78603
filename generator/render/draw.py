"""Draw layout ops on a ReportLab canvas: shapes, fitted text, icons, images, reusable groups."""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.art import gameicons
from generator.art.svgfile import is_svg, read_svg
from generator.color import output
from generator.color.convert import FILL
from generator.color.pdfx import retint, svg_tint
from generator.core import where
from generator.core.errors import BuildError, display_path
from generator.core.geometry import Box
from generator.core.notices import reading
from generator.layout import memo
from generator.layout.ops import (
    EllipseOp,
    GroupOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    RectOp,
    ShapeOp,
    TextOp,
    see_through,
)
from generator.layout.resolution import printed_dpi
from generator.load.assets import svg_roots
from generator.render.paint import color
from generator.render.record import draw_runs
from generator.render.shapes import draw_shape
from generator.render.textout import set_fill


class Painter:
    """Draws ops on one canvas; keeps the forms (reused drawings) it has defined."""

    def __init__(self, canvas: Canvas, icons: Mapping[str, Path]):
        self.canvas = canvas
        self.icons = icons
        self.forms: set[str] = set()
        self._svg: dict[tuple[Path, str], tuple[str, float, float]] = {}
        self._svg_translucent: dict[tuple[Path, str], bool] = {}
        self._svg_read: dict[tuple[Path, str], tuple[Any, str]] = {}
        self._live = False  # inside an element drawn with its opacity or blend mode (RGB)
        self._svg_rasters: dict[tuple[Path, str, float, float], Image.Image] = {}
        self._images: dict[tuple[Path, float | None], tuple[ImageReader, object]] = {}
        self._below: list[Op] | None = None  # what this face (or page) drew so far: a backdrop
        self._flats: dict[tuple, tuple] = {}  # see-through ops flattened in CMYK, by op and backdrop

    # -- forms ----------------------------------------------------------------------------------
    def form(self, name: str, bounds: Box, ops: tuple[Op, ...]) -> str:
        """Define a form once (its ops drawn in its own space) and return its name."""
        if name not in self.forms:
            c = self.canvas
            below, self._below = self._below, []  # a form is drawn once, over nothing
            c.beginForm(name, bounds.x, bounds.y, bounds.right, bounds.top)
            self.draw(ops)
            c.endForm()
            self._below = below
            self.forms.add(name)
        return name

    # -- ops --------------------------------------------------------------------------------------
    def draw(self, ops: tuple[Op, ...] | list[Op]) -> None:
        """Draw ``ops`` in order; the outermost call is one face or page (see ``backdrop``)."""
        outer = self._below is None
        if outer:
            self._below = []
        try:
            for op in ops:
                self._one(op)
        finally:
            if outer:
                self._below = None

    def _one(self, op: Op) -> None:
        if type(op) is TextOp and not op.opacity < 1.0 and op.blend == "normal":
            self._text(op)  # most ops: what the tests below would come to, asked first
        elif isinstance(op, GroupOp) and (flattens(op.ops) or _group_see_through(op)):
            self.draw(op.ops)  # inline: each use flattened over its own backdrop, or with its
            return  # transparency in the page's graphics states (ReportLab's forms carry none)
        elif see_through(op):
            self._see_through(op)
        else:
            self._op(op)
        assert self._below is not None
        self._below.append(op)

    def _see_through(self, op: Op) -> None:
        """``op`` with its opacity and blend mode: live in RGB, flattened in CMYK (``blend``)."""
        from generator.render import blend  # with Pillow's ImageChops: only for a see-through op

        current = output.current()
        if current.cmyk:
            below = tuple(self._below or ())
            blend.flat(self.canvas, op, below, self.icons, Painter, current.ink_limit, self._flats)
            return
        with blend.live(self.canvas, op):
            self._live = True
            try:
                self._op(op)
            finally:
                self._live = False

    def _op(self, op: Op) -> None:
        if isinstance(op, TextOp):
            self._text(op)
        elif isinstance(op, GroupOp):
            self.canvas.doForm(self.form(_form_name(op.key), op.bounds, op.ops))
        elif isinstance(op, RectOp):
            self._rect(op)
        elif isinstance(op, IconOp):
            self._icon(op)
        elif isinstance(op, LineOp):
            self._line(op)
        elif isinstance(op, EllipseOp):
            self._ellipse(op)
        elif isinstance(op, ImageOp):
            self._image(op)
        elif isinstance(op, ShapeOp):
            draw_shape(self, op)

    def _paint(self, fill: str | None, stroke: str | None, width: float, dash) -> tuple[int, int]:
        c = self.canvas
        if fill:
            c.setFillColor(color(fill, FILL))
        if stroke:
            c.setStrokeColor(color(stroke))
            c.setLineWidth(width)
            c.setDash(list(dash) if dash else [])
        return (1 if fill else 0), (1 if stroke else 0)

    def _rotated(self, box: Box, angle: float) -> bool:
        if not angle:
            return False
        c = self.canvas
        c.saveState()
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        c.translate(cx, cy)
        c.rotate(-angle)
        c.translate(-cx, -cy)
        return True

    def _rect(self, op: RectOp) -> None:
        fill, stroke = self._paint(op.fill, op.stroke, op.stroke_width, op.dash)
        if not (fill or stroke):
            return
        turned = self._rotated(op.box, op.rotate)
        b = op.box
        if op.radius:
            self.canvas.roundRect(b.x, b.y, b.w, b.h, op.radius, stroke=stroke, fill=fill)
        else:
            self.canvas.rect(b.x, b.y, b.w, b.h, stroke=stroke, fill=fill)
        if turned:
            self.canvas.restoreState()

    def _ellipse(self, op: EllipseOp) -> None:
        fill, stroke = self._paint(op.fill, op.stroke, op.stroke_width, op.dash)
        if fill or stroke:
            turned = self._rotated(op.box, op.rotate)
            b = op.box
            self.canvas.ellipse(b.x, b.y, b.right, b.top, stroke=stroke, fill=fill)
            if turned:
                self.canvas.restoreState()

    def _line(self, op: LineOp) -> None:
        self._paint(None, op.stroke, op.stroke_width, op.dash)
        ln = op.line
        self.canvas.line(ln.x1, ln.y1, ln.x2, ln.y2)

    def _text(self, op: TextOp) -> None:
        token = where.enter(op.origin)  # what the page records (generator.render.record) points at
        try:
            self._fitted(op)
        finally:
            where.leave(token)

    def _fitted(self, op: TextOp) -> None:
        c = self.canvas
        turned = self._rotated(op.box, op.rotate) if op.rotate else False
        current: tuple[str, float, str] | None = None
        runs = op.layout.runs
        k, n = 0, len(runs)
        while k < n:
            run = runs[k]
            key = (run.face, run.size, run.color)
            if key != current:
                c.setFont(run.face, run.size)
                set_fill(c, color(run.color))
                current = key
            if run.width is None:
                c.drawString(run.x, run.y, run.text)
                k += 1
                continue
            end = k + 1  # the runs after it in the same font, size and colour: drawn at once
            while end < n and (nxt := runs[end]).width is not None and (nxt.face, nxt.size, nxt.color) == key:
                end += 1
            # a recording takes the layout's widths (generator.render.record)
            draw_runs(c, runs[k:end] if k or end < n else runs)
            k = end
        if turned:
            c.restoreState()
        for icon in op.layout.icons:  # each turned about its own centre, moved as the text turns:
            box = _turned_with(Box(icon.x, icon.y, icon.size, icon.size), op.box, op.rotate)
            self._svg_icon(icon.name, None, box, icon.color, op.rotate)  # flattened where it prints

    def _icon(self, op: IconOp) -> None:
        self._svg_icon(op.name, op.path, op.box, op.color, op.rotate)

    def _svg_icon(self, name: str, path: Path | None, box: Box, tint: str, rotate: float = 0) -> None:
        """Draw an icon scaled into ``box``, centred, aspect kept, turned by ``rotate`` about the
        box centre; SVG icons become one form each."""
        path = path or self.icons[name]
        op = ImageOp(path, box, "contain", rotate)
        if not is_svg(path):
            self._image(op)
            return
        self._vector(op, tint)

    def _vector(self, op: ImageOp, tint: str) -> None:
        """An SVG placed by ``op``: a form, or in a CMYK file, where it is translucent, a raster
        flattened over its backdrop (``render.backdrop``)."""
        if output.current().cmyk and self._is_translucent(op.path, tint):
            key = (op.path, tint, round(op.box.w, 3), round(op.box.h, 3))
            if key not in self._svg_rasters:  # the art alone; its backdrop differs per card
                from generator.render.backdrop import drawing_raster

                drawing = read_svg(op.path, svg_tint(tint), svg_roots(op.path)).drawing
                retint(drawing, tint)
                self._svg_rasters[key] = drawing_raster(drawing, (op.box.w, op.box.h))
            self._flat_image(op, self._svg_rasters[key])
            return
        form, width, height = self._drawing(op.path, tint)
        self._place(op, width, height, lambda x, y, s: self._do_scaled(form, x, y, s))

    def _is_translucent(self, path: Path, tint: str) -> bool:
        """Whether the SVG ``path`` in ``tint`` paints anything partly transparent."""
        from generator.render.backdrop import translucent_drawing

        key = (path, tint)
        if key not in self._svg_translucent:
            self._svg_read[key] = _read_svg(path, tint)  # drawn from it if it is not flattened
            self._svg_translucent[key] = translucent_drawing(self._svg_read[key][0])
        return self._svg_translucent[key]

    def _drawing(self, path: Path, tint: str) -> tuple[str, float, float]:
        """The form name and size of an SVG drawn in ``tint`` (its 'currentColor')."""
        gameicons.drawn(path)  # a game-icons.net icon: credited in the kit
        key = (path, tint)
        if key not in self._svg:
            # ReportLab's graphics (which pull in platypus) load only for a game that draws an
            # SVG: about 0.1 s of start-up a card build without icons never needs
            from generator.render.backdrop import translucent_drawing
            from generator.render.svgdraw import draw_svg

            drawing, source = self._svg_read.pop(key, None) or _read_svg(path, tint)
            self._svg_translucent[key] = translucent_drawing(drawing)
            # named by what is drawn, not where the file lies: the same kit from any folder
            # has the same bytes, and two copies of one drawing share a form
            name = _form_name(("svg", source, tint))
            c = self.canvas
            if name not in self.forms:
                c.beginForm(name, 0, 0, drawing.width, drawing.height)
                drawing.initialFontName = c._initialFontName  # not ReportLab's unembedded Helvetica
                draw_svg(drawing, c, 0, 0)
                c.endForm()
                self.forms.add(name)
            self._svg[key] = (name, drawing.width, drawing.height)
        return self._svg[key]

    def _image(self, op: ImageOp) -> None:
        if op.filters:
            from generator.render.filters import draw_filtered

            draw_filtered(self, op)
            return
        if is_svg(op.path):
            self._vector(op, "#000000")
            return
        if self._below and flattens([op]):
            self._flat_image(op)
            return
        key = (op.path, _print_dpi(op))
        found = self._images.get(key)
        if found is None:
            with reading(op.path):  # Pillow's warnings become ours, at this file
                found = _reader(op.path, key[1], printed_dpi(op))
            self._images[key] = found
        reader, mask = found
        iw, ih = reader.getSize()
        self._place(
            op, iw, ih, lambda x, y, s: self.canvas.drawImage(reader, x, y, iw * s, ih * s, mask=mask)
        )

    def _flat_image(self, op: ImageOp, image: Image.Image | None = None) -> None:
        """A translucent image (the file of ``op``, or ``image``) in a CMYK file, flattened over
        what this face drew beneath it."""
        from generator.color.images import KEY_MASK, flattened_cmyk, rgba
        from generator.render.backdrop import flatten

        if image is None:
            try:
                image = rgba(op.path)
            except Exception as exc:  # Pillow raises many kinds on a broken file
                raise BuildError(f"{display_path(op.path)}: cannot read this image ({exc})") from None
        composite = flatten(image, tuple(self._below or ()), op, self.icons, Painter)
        cmyk, keyed = flattened_cmyk(composite, image.getchannel("A"), output.current().ink_limit)
        reader, (iw, ih) = ImageReader(cmyk), image.size
        mask = KEY_MASK if keyed else None

        def draw(x: float, y: float, s: float) -> None:
            self.canvas.drawImage(reader, x, y, iw * s, ih * s, mask=mask)

        self._place(op, iw, ih, draw)

    def _place(self, op: ImageOp, w: float, h: float, draw) -> None:
        b = op.box
        c = self.canvas
        c.saveState()
        turned = self._rotated(b, op.rotate)
        if op.fit == "stretch":
            c.translate(b.x, b.y)
            c.scale(b.w / w, b.h / h)
            draw(0, 0, 1.0)
        else:
            scale = (max if op.fit == "cover" else min)(b.w / w, b.h / h)
            if op.fit == "cover":
                p = c.beginPath()
                p.rect(b.x, b.y, b.w, b.h)
                c.clipPath(p, stroke=0, fill=0)
            draw(b.x + (b.w - w * scale) / 2, b.y + (b.h - h * scale) / 2, scale)
        if turned:
            c.restoreState()
        c.restoreState()

    def _do_scaled(self, form: str, x: float, y: float, scale: float) -> None:
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.scale(scale, scale)
        c.doForm(self._grouped(form) if self._live else form)
        c.restoreState()

    def _grouped(self, form: str) -> str:
        """An SVG's form wrapped in a transparency group: placed with an element's opacity or
        blend mode, the drawing is composited whole first (its shapes set their own alpha, which
        would override the element's), then laid over the backdrop."""
        name = form + "G"
        if name not in self.forms:
            from generator.render.forms import transparency_group

            c = self.canvas
            width, height = next((w, h) for (n, w, h) in self._svg.values() if n == form)
            c.beginForm(name, 0, 0, width, height)
            c.doForm(form)
            c.endForm()
            transparency_group(c, name)
            self.forms.add(name)
        return name


def _read_svg(path: Path, tint: str) -> tuple[Any, str]:
    """An SVG's drawing in ``tint`` and its source; inside ``layout.memo.reusing()`` each file is
    read once per tint and colour mode for the whole build or check, not once per PDF file."""
    kept = memo.table("svg")
    key = (path, tint, output.current())
    if kept is not None and key in kept:
        return kept[key]
    with reading(path):  # svglib's warnings become ours, at this file
        found = read_svg(path, svg_tint(tint), svg_roots(path))
    if found.refused:
        raise BuildError(f"{display_path(path)}: {found.refused}")
    retint(found.drawing, tint)  # a cmyk(...) tint printed as written
    if kept is not None:
        kept[key] = (found.drawing, found.source)
    return found.drawing, found.source


def flattens(ops) -> bool:
    """Whether, in the current (CMYK) file, ``ops`` (groups included) hold a translucent raster
    image or SVG, which is flattened over its backdrop where it is drawn."""
    if not output.current().cmyk:
        return False
    for op in ops:
        if see_through(op):  # text or a shape with opacity or a blend mode: flattened too
            return True
        if isinstance(op, GroupOp) and flattens(op.ops):
            return True
        if isinstance(op, ImageOp) and op.filters:  # flattened over its backdrop, like translucent art
            return True
        if isinstance(op, ImageOp | IconOp) and _translucent(op.path):
            return True
        if isinstance(op, ShapeOp) and op.image is not None and flattens([op.image]):
            return True
    return False


def _turned_with(box: Box, around: Box, angle: float) -> Box:
    """``box`` moved where turning ``around`` by ``angle`` (as ``Painter._rotated``) takes its
    centre; drawn turned by ``angle`` about that centre, it lies where the turned text puts it."""
    if not angle:
        return box
    a = math.radians(-angle)
    cx, cy = around.x + around.w / 2, around.y + around.h / 2
    dx, dy = box.x + box.w / 2 - cx, box.y + box.h / 2 - cy
    x, y = cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)
    return Box(x - box.w / 2, y - box.h / 2, box.w, box.h)


def _any_see_through(ops) -> bool:
    return any(_any_see_through(op.ops) if isinstance(op, GroupOp) else see_through(op) for op in ops)


_GROUPS: dict[int, tuple[GroupOp, bool]] = {}
"""``_any_see_through`` of a group's ops, by the group's id (the group held: its id stays its
own): a template's fixed elements are one group drawn on every card."""


def _group_see_through(group: GroupOp) -> bool:
    known = _GROUPS.get(id(group))
    if known is not None and known[0] is group:
        return known[1]
    found = _any_see_through(group.ops)
    if len(_GROUPS) >= 256:
        _GROUPS.clear()
    _GROUPS[id(group)] = (group, found)
    return found


def _translucent(path: Path) -> bool:
    try:
        stat = path.stat()
        return _translucent_file(path, stat.st_mtime_ns, stat.st_size)
    except Exception:  # an unreadable file is reported where it is drawn
        return False


@functools.lru_cache(maxsize=1024)
def _translucent_file(path: Path, mtime: int, size: int) -> bool:
    from generator.color.images import translucent
    from generator.render.backdrop import translucent_drawing

    if not is_svg(path):
        return translucent(path)
    drawing = read_svg(path, None, svg_roots(path)).drawing
    return drawing is not None and translucent_drawing(drawing)


@functools.lru_cache(maxsize=4096)
def _form_name(key: tuple) -> str:
    """A stable PDF-safe form name for a cache key (same key, same name, every run)."""
    return "F" + hashlib.sha1(repr(key).encode()).hexdigest()[:16]


def _print_dpi(op: ImageOp) -> float | None:
    """The dpi a large image finer than ``rasters.PRINT_DPI`` in its box is decoded for (rounded:
    one box size, one decoding), or None: the file is used as it is, once for every box."""
    from generator.art.rasters import LARGE, PRINT_DPI
    from generator.layout.resolution import pixel_size

    size, dpi = pixel_size(op.path), printed_dpi(op)
    if size is None or dpi is None or size[0] * size[1] <= LARGE or dpi <= PRINT_DPI * 1.01:
        return None
    return round(dpi)


def _reader(path: Path, reduce_for: float | None, dpi: float | None) -> tuple[ImageReader, object]:
    """ReportLab's reader for an image and its mask: refused without decoding past
    ``rasters.MAX_PIXELS`` (saying it prints at ``dpi``); decoded reduced to ``rasters.PRINT_DPI``
    when ``reduce_for`` is its dpi; converted to CMYK in a CMYK build."""
    from generator.art.rasters import for_print, oversize, too_large
    from generator.color.images import image_source

    size = oversize(path)
    if size is not None:
        raise BuildError(f"{display_path(path)}: {too_large(size, dpi)}")
    try:
        source, mask = image_source(path)  # converted to CMYK in a CMYK build
        if isinstance(source, str) and reduce_for is not None:
            source = for_print(path, reduce_for) or source
        reader = ImageReader(source)
        reader.getSize()
    except Exception as exc:  # Pillow raises many kinds on a broken file
        raise BuildError(f"{display_path(path)}: cannot read this image ({exc})") from None
    return reader, mask
