"""Lay out one card face: a template's elements, filled from a card's fields, as drawing ops.

Coordinates here are card-local points with the origin at the bottom-left of the trim, y up.
Elements that do not depend on the card (no field, no condition) are gathered into groups the
renderer draws once per card type and reuses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.art.fonts import FontBook, UnknownFontError
from generator.core.errors import clip
from generator.core.geometry import Box, Line
from generator.core.paths import search_roots
from generator.core.units import mm
from generator.layout.anchor import flow_offsets, placed_boxes
from generator.layout.computed import Resolver, computed_fields
from generator.layout.conditions import ConditionError, compile_when
from generator.layout.fitted import fitted
from generator.layout.lookups import LayoutProblem, Lookups, sized
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
    text_op,
)
from generator.layout.shapes import is_shape, outline
from generator.layout.substitute import (
    BadReference,
    MissingField,
    MissingTableKey,
    ValueTable,
    has_fields,
    is_literal,
    substitute,
    value_at,
)
from generator.load.templates import Template
from generator.schema.inline import IconSpec, icon_style
from generator.schema.template import (
    EllipseElement,
    IconElement,
    ImageElement,
    LineElement,
    RectElement,
    RepeatElement,
    TextElement,
)
from generator.text.fit import TextLayout, TextStyle
from generator.text.markup import KeywordLook, MarkupError, Span, is_plain, parse_markup, plain_span

SAFE_ZONE = mm(3)
MAX_COPIES = 200
"""The most copies a repeat over a number (``over: "{= stars}"``) makes; more is an error."""
MAX_FACE_COPIES = 2_000
"""The most copies all the repeats of one face make together (a repeat inside a repeat
multiplies them): three nested repeats of 200 would be 8 million."""


TextKey = tuple[int, int]
"""A text element: (top-level element index, its index inside that repeat, or -1)."""


@dataclass(frozen=True)
class CardFace:
    """A laid-out card face and any text that did not fit (element index, overflow in points).

    ``texts`` are the boxes (rotation applied) of the text elements drawn on this card, after
    its ``when:`` conditions, with their keys: what ``check`` looks at for overlapping text.
    """

    ops: tuple[Op, ...]
    overflows: tuple[tuple[int, float], ...] = ()
    texts: tuple[tuple[TextKey, Box], ...] = ()
    missing: tuple[tuple[int, str], ...] = ()  # (element, characters no font of the chain has)


def turned_box(box: Box, angle: float) -> Box:
    """The area a box covers once turned by ``angle`` degrees about its centre."""
    quarter = round(angle / 90)
    if abs(angle - 90 * quarter) < 1e-9:
        if quarter % 2 == 0:
            return box
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        return Box(cx - box.h / 2, cy - box.w / 2, box.h, box.w)
    a = math.radians(angle)
    w = abs(box.w * math.cos(a)) + abs(box.h * math.sin(a))
    h = abs(box.w * math.sin(a)) + abs(box.h * math.cos(a))
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return Box(cx - w / 2, cy - h / 2, w, h)


_VARYING = ("text", "icon", "file", "fill", "stroke", "color", "font", "image")


def _is_static(element: Any) -> bool:
    if isinstance(element, RepeatElement) or element.when or computed_fields(element):
        return False
    return not any(
        isinstance(v, str) and has_fields(v) for v in (getattr(element, k, None) for k in _VARYING)
    )


def _shows_images(elements: Any) -> bool:
    """Whether any of ``elements`` (repeats' included) can draw a raster or SVG image: an image
    element, or a shape that shows one (``image:``)."""
    return any(
        isinstance(e, ImageElement)
        or getattr(e, "image", None) is not None
        or (isinstance(e, RepeatElement) and _shows_images(e.elements))
        for e in elements
    )


class CardLayouter(Lookups):
    """Lays out faces of one template at one card size; caches what does not vary per card."""

    def __init__(
        self,
        template: Template,
        width: float,
        height: float,
        bleed: float,
        fonts: FontBook,
        icons: Mapping[str, Path],
        keywords: Mapping[str, Any],
        image_dirs: tuple[Path, ...],
        record_texts: bool = True,
        inline_icons: Mapping[str, IconSpec] | None = None,
    ):
        """``record_texts``: note each face's text boxes in ``CardFace.texts`` (what ``check``
        looks at for overlapping text; a build leaves it off)."""
        self.template = template
        self.record_texts = record_texts
        self.width, self.height, self.bleed = width, height, bleed
        self.fonts = fonts
        self.icons = icons
        self.inline_icons = inline_icons or {}
        self.game_keywords = keywords
        self.image_dirs = tuple(dict.fromkeys(image_dirs))  # each folder once, first place kept
        self.image_roots = search_roots(self.image_dirs)  # the game folder (first) and bundled files
        self.static = [_is_static(e) for e in template.elements]
        self.shows_images = _shows_images(template.elements)  # else its faces hold no image op
        self._boxes: dict[tuple, Box] = {}  # (box spec, offset) -> Box: the same for every card
        self._styles: dict[tuple, TextStyle] = {}  # TextStyle per text element, font and colour
        self._plans: dict[int, tuple] = {}  # per text element: (it, style, text, TextStyle, origin)
        self.tables = {
            name: ValueTable.from_entries(name, entries) for name, entries in template.tables.items()
        }
        self._groups: dict[tuple, GroupOp] = {}
        self._texts: list[tuple[TextKey, Box]] = []
        self._lacking: list[tuple[int, str]] = []  # this face's characters no font can draw
        self._copies = 0  # copies this face's repeats made so far (MAX_FACE_COPIES)
        trim = Box(0, 0, width, height)
        areas = {"card": trim, "trim": trim, "bleed": trim.inset(-bleed), "safe": trim.inset(SAFE_ZONE)}
        placed = placed_boxes(template.elements, areas, width, height, lambda e: self.box(e.box))
        self._placed = {id(template.elements[i]): box for i, box in placed.items()}  # place: boxes
        self._computed = Resolver()
        self._static_texts = tuple(
            ((i, -1), turned_box(self._placed.get(id(e)) or self.box(e.box), e.rotate))
            for i, e in enumerate(template.elements)
            if self.static[i] and isinstance(e, TextElement) and e.text.strip()
        )
        self._looks: dict[str, dict[str, KeywordLook]] = {}
        self._looks_of: dict[int, tuple[Mapping[str, str], dict[str, KeywordLook]]] = {}
        self._type_styles: dict[str, dict[str, str]] = {}  # template.style(type), made once
        self.asset_warnings: dict[str, int] = {}  # a damaged SVG drawn anyway -> its element
        self._direct = [self._direct_box(i, e) for i, e in enumerate(template.elements)]

    def _direct_box(self, i: int, element: Any) -> Box | None:
        """The box of a text element ``layout`` may hand straight to :meth:`_text` (no
        condition, no computed property, nothing see-through, not fixed: what :meth:`_element`
        would do with it comes to that call), else None."""
        if self.static[i] or not isinstance(element, TextElement) or element.when:
            return None
        if computed_fields(element) or element.opacity < 1 or element.blend != "normal":
            return None
        try:
            return self._placed.get(id(element)) or self.box(element.box, (0.0, 0.0))
        except Exception:  # left to the long way, which reports it per card
            return None

    # -- geometry ---------------------------------------------------------------------------
    def box(self, spec: Any, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        """A template box (top-left origin, y down) -> card-local Box (bottom-left, y up)."""
        try:
            return self._boxes[spec, offset]
        except KeyError:
            found = self._boxes[spec, offset] = self._box(spec, offset)
            return found
        except TypeError:  # a spec that cannot be a key (a list): computed each time
            return self._box(spec, offset)

    def _box(self, spec: Any, offset: tuple[float, float]) -> Box:
        if spec == "trim":
            return Box(0, 0, self.width, self.height)
        if spec == "bleed":
            return Box(0, 0, self.width, self.height).inset(-self.bleed)
        if spec == "safe":
            return Box(0, 0, self.width, self.height).inset(SAFE_ZONE)
        x, y, w, h = spec
        x, y = x + offset[0], y + offset[1]
        return Box(x, self.height - y - h, w, h)

    # -- per card -----------------------------------------------------------------------------
    def layout(self, values: Mapping[str, Any], card_type: str) -> CardFace:
        """Lay out the face for a card's values; raise LayoutProblem on a missing field etc."""
        style = self._type_styles.get(card_type)
        if style is None:
            style = self._type_styles[card_type] = self.template.style(card_type)
        self._texts = list(self._static_texts) if self.record_texts else []
        self._lacking = []
        self._copies = 0
        if self.tables:
            values = {**values, "tables": self.tables}
        ops: list[Op] = []
        overflows: list[tuple[int, float]] = []
        run: list[int] = []
        direct = self._direct
        for i, element in enumerate(self.template.elements):
            if self.static[i]:
                run.append(i)
                continue
            if run:
                ops.append(self._group(run, style, card_type))
                run = []
            box = direct[i]
            if box is None:
                self._element(i, element, values, style, ops, overflows, (0.0, 0.0))
                continue
            start = len(ops)
            try:
                self._text(i, element, box, values, style, ops, overflows)  # as _element would
            except Exception:  # laid out again the long way, to raise as it raises
                del ops[start:]
                self._element(i, element, values, style, ops, overflows, (0.0, 0.0))
        if run:
            ops.append(self._group(run, style, card_type))
        face = object.__new__(CardFace)  # CardFace(...) without the frozen __init__: one a card
        face.__dict__.update(
            ops=tuple(ops), overflows=tuple(overflows), texts=tuple(self._texts), missing=tuple(self._lacking)
        )
        return face

    def element_ops(self, i: int, values: Mapping[str, Any], card_type: str) -> list[Op]:
        """The ops of template element ``i`` alone for a card's values (none when its ``when``
        is false), ungrouped; raise LayoutProblem as ``layout`` does."""
        ops: list[Op] = []
        style = self.template.style(card_type)
        self._copies = 0
        self._element(i, self.template.elements[i], values, style, ops, [], (0.0, 0.0))
        return ops

    def _group(self, indices: list[int], style: Mapping[str, str], card_type: str) -> GroupOp:
        key = (self.template.name, card_type, indices[0], self.width, self.height, self.bleed)
        group = self._groups.get(key)
        if group is None:
            ops: list[Op] = []
            for i in indices:
                self._element(i, self.template.elements[i], {}, style, ops, [], (0.0, 0.0))
            bounds = Box(0, 0, self.width, self.height).inset(-self.bleed)
            group = self._groups[key] = GroupOp(key, tuple(ops), bounds)
        return group

    def _element(
        self,
        i: int,
        element: Any,
        values: Mapping[str, Any],
        style: Mapping[str, str],
        ops: list[Op],
        overflows: list[tuple[int, float]],
        offset: tuple[float, float],
    ) -> None:
        start = len(ops)
        self._element_ops(i, element, values, style, ops, overflows, offset)
        if element.opacity < 1 or element.blend != "normal":  # what it drew, see-through
            ops[start:] = [_see_through(op, element.opacity, element.blend) for op in ops[start:]]

    def _element_ops(
        self,
        i: int,
        element: Any,
        values: Mapping[str, Any],
        style: Mapping[str, str],
        ops: list[Op],
        overflows: list[tuple[int, float]],
        offset: tuple[float, float],
    ) -> None:
        try:
            if element.when and not compile_when(element.when)(values):
                return
            if isinstance(element, RepeatElement):
                self._repeat(i, element, values, style, ops, overflows, offset)
                return
            source, element = element, self._computed.resolve(element, values)  # {= ...} numbers
            box = self._placed.get(id(source)) or self.box(element.box, offset)
            if isinstance(element, TextElement):  # the most common kind first (no shape)
                self._text(i, element, box, values, style, ops, overflows)
            elif is_shape(element):
                ops.append(self._shape(i, element, box, style, values))
            elif isinstance(element, RectElement):
                ops.append(
                    RectOp(
                        box,
                        self._color(element.fill, style, values),
                        self._color(element.stroke, style, values),
                        element.stroke_width,
                        element.radius,
                        _dash(element.dash),
                        element.rotate,
                    )
                )
            elif isinstance(element, EllipseElement):
                ops.append(
                    EllipseOp(
                        box,
                        self._color(element.fill, style, values),
                        self._color(element.stroke, style, values),
                        element.stroke_width,
                        _dash(element.dash),
                        element.rotate,
                    )
                )
            elif isinstance(element, LineElement):
                line = Line(box.x, box.top, box.right, box.y)
                ops.append(
                    LineOp(
                        line,
                        self._color(element.stroke, style, values) or "#000000",
                        element.stroke_width,
                        _dash(element.dash),
                    )
                )
            elif isinstance(element, IconElement):
                name = substitute(self._style_value(element.icon, style), values)
                path = sized(ImageOp(self._icon(name), box, "contain", element.rotate)).path
                ops.append(
                    IconOp(
                        name,
                        self._note(path, i),
                        box,
                        self._color(element.color, style, values) or "#000000",
                        element.rotate,
                    )
                )
            elif isinstance(element, ImageElement):
                path = self._note(self._image(substitute(element.file, values)), i)
                filters = self._filters(element.filters, path, style, values)
                ops.append(sized(ImageOp(path, box, element.fit, element.rotate, filters)))
        except MissingField as exc:
            raise LayoutProblem(
                f"uses field '{exc.field}', which the card does not have "
                f"(add it to the card, or guard the element with 'when: {exc.field}')",
                i,
                field=exc.field,
            ) from None
        except (BadReference, ConditionError, MarkupError, UnknownFontError, MissingTableKey) as exc:
            raise LayoutProblem(str(exc).strip('"'), i) from None
        except LayoutProblem as exc:
            if exc.element is None:
                exc.element = i
            raise

    def _repeat(
        self,
        i: int,
        element: RepeatElement,
        values: Mapping[str, Any],
        style: Mapping[str, str],
        ops: list[Op],
        overflows: list[tuple[int, float]],
        offset: tuple[float, float],
    ) -> None:
        items = value_at(element.over, values)
        if isinstance(items, int) and not isinstance(items, bool):  # {= n}: the copies 1 to n
            wanted = items if element.max is None else min(items, element.max)
            if wanted > MAX_COPIES:
                raise LayoutProblem(
                    f"'over: {clip(element.over)}' asks for {items:,} copies; a repeat makes at most "
                    f"{MAX_COPIES}: lower the number (or add 'max: {MAX_COPIES}' to the repeat)"
                )
            items = list(range(1, max(0, wanted) + 1))
        if isinstance(items, dict):
            items = [{"key": k, "value": v} for k, v in items.items()]
        elif not isinstance(items, list | tuple):
            items = [items]
        if element.max is not None:
            items = items[: element.max]
        x0, y0 = (0.0, 0.0) if isinstance(element.box, str) else (element.box[0], element.box[1])
        x0, y0 = x0 + offset[0], y0 + offset[1]
        bar = self._placed.get(id(element))
        if bar is not None:
            x0, y0 = bar.x, self.height - bar.top
        if element.flow is not None:
            bar = bar or self.box(element.box, offset)
            length = bar.w if element.flow.direction == "row" else bar.h
            steps = flow_offsets(element.flow, len(items), length)
        else:
            steps = [(n * element.step[0], n * element.step[1]) for n in range(len(items))]
        self._copies += len(items)
        if self._copies > MAX_FACE_COPIES:
            raise LayoutProblem(
                f"the repeats of this face make more than {MAX_FACE_COPIES:,} copies (a repeat inside a "
                "repeat multiplies them): repeat over fewer items, or set 'max:' on the repeats"
            )
        for n, item in enumerate(items):
            inner = {**values, "item": item, "index": n + 1}
            shift = (x0 + steps[n][0], y0 + steps[n][1])
            for child in element.elements:
                self._element(i, child, inner, style, ops, overflows, shift)

    # -- element kinds ------------------------------------------------------------------------
    def _shape(
        self, i: int, element: Any, box: Box, style: Mapping[str, str], values: Mapping[str, Any]
    ) -> ShapeOp:
        """A polygon, star or path, or a rect or ellipse holding an image cut to its outline."""
        image = None
        if element.image is not None:
            path = self._note(self._image(substitute(element.image, values)), i)
            filters = self._filters(element.filters, path, style, values)
            image = sized(ImageOp(path, box, element.fit, 0.0, filters))
        fill, stroke = self._color(element.fill, style, values), self._color(element.stroke, style, values)
        segments = outline(element, box)
        return ShapeOp(segments, box, fill, stroke, element.stroke_width, _dash(element.dash), image)

    def _text(
        self,
        i: int,
        element: TextElement,
        box: Box,
        values: Mapping[str, Any],
        style: Mapping[str, str],
        ops: list[Op],
        overflows: list[tuple[int, float]],
    ) -> None:
        plan = self._plans.get(id(element))
        if plan is not None and plan[0] is element and plan[1] is style:  # held: ids stay theirs
            text = substitute(plan[2], values)
            if text and is_plain(text):  # what the slow path makes of it, its style as it found
                laid = fitted((plain_span(text, element.bold, element.italic),), box, plan[3], self.fonts)
                self._laid(i, element, box, text, laid, ops, overflows, plan[4])
                return
        self._text_of(i, element, box, values, style, ops, overflows)

    def _text_of(
        self,
        i: int,
        element: TextElement,
        box: Box,
        values: Mapping[str, Any],
        style: Mapping[str, str],
        ops: list[Op],
        overflows: list[tuple[int, float]],
    ) -> None:
        """:meth:`_text` worked out in full; where nothing but the text can vary from card to
        card (no keywords, a literal font, a colour without fields), what it found is kept as
        the element's plan for its next plain text."""
        source = self._style_value(element.text, style)
        text = substitute(source, values)
        looks = self._keyword_looks(style) if element.keywords else None
        if (element.bold or element.italic) and text and not looks and is_plain(text):
            spans: tuple[Span, ...] = (Span(text, element.bold, element.italic),)  # as parsed below
        else:
            marked = text
            if element.bold:
                marked = f"**{marked}**"
            if element.italic:
                marked = f"*{marked}*"
            spans = parse_markup(marked, looks)
        font = element.font
        literal = is_literal(font)
        if not literal:
            font = substitute(self._style_value(font, style), values)
        self.fonts.face(font)
        color = self._color(element.color, style, values) or "#000000"
        key = (id(element), font, color)  # the template holds its elements while this layouter lives
        text_style = self._styles.get(key)
        if text_style is None:
            text_style = self._styles[key] = TextStyle(
                family=font,
                size=element.size,
                min_size=element.min_size or element.size,
                leading=element.leading,
                color=color,
                align=element.align,
                valign=element.valign,
                **icon_style(element, self.inline_icons),
            )
        laid = fitted(spans, box, text_style, self.fonts)  # once per text, box and style
        origins = self.template.element_origins
        origin = origins[i] if i < len(origins) else self.template.origin
        self._laid(i, element, box, text, laid, ops, overflows, origin)
        if not looks and literal and origin is not None and "{" not in (element.color or ""):
            self._plans[id(element)] = (element, style, source, text_style, origin)

    def _laid(
        self,
        i: int,
        element: TextElement,
        box: Box,
        text: str,
        laid: TextLayout,
        ops: list[Op],
        overflows: list[tuple[int, float]],
        origin: Any,
    ) -> None:
        """A fitted text noted (its box, icons, overflow, missing characters) and added to ``ops``."""
        if self.record_texts and not self.static[i] and text.strip():  # static: in _static_texts
            top = self.template.elements[i]
            own = self._computed.source(element)  # the template's element, not a per-card copy
            part = -1 if own is top else next((n for n, e in enumerate(top.elements) if e is own), -1)
            self._texts.append(((i, part), turned_box(box, element.rotate)))
        for icon in laid.icons:
            self._icon(icon.name)
        if not laid.fits:
            overflows.append((i, laid.overflow))
        if laid.missing:
            self._lacking.append((i, laid.missing))
        ops.append(
            TextOp(laid, box, element.rotate, origin)
            if origin is None
            else text_op(laid, box, element.rotate, origin)
        )


def _see_through(op: Op, opacity: float, blend: str) -> Op:
    """``op`` drawn at ``opacity`` (times its own) and in ``blend`` (where it has none of its own)."""
    if isinstance(op, GroupOp):
        return replace(op, ops=tuple(_see_through(o, opacity, blend) for o in op.ops))
    own = op.blend if op.blend != "normal" else blend
    return replace(op, opacity=op.opacity * opacity, blend=own)


def _dash(dash: list[float] | None) -> tuple[float, ...] | None:
    return tuple(dash) if dash else None
