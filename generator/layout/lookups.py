"""What a template's element values name, looked up for one card type: ``$name`` styles, colours,
icons, images and their filters, keyword looks; and :class:`LayoutProblem`, raised for any of
them that cannot be used. The base of :class:`generator.layout.card.CardLayouter`, which lays
the elements out.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.art import gameicons
from generator.art.svgfile import is_svg
from generator.core.colorspec import parse as parse_color
from generator.core.paths import OutsideError, find_file, spelled
from generator.layout.ops import ImageOp
from generator.layout.substitute import substitute
from generator.load.assets import svg_roots, unreadable, warnings_of
from generator.load.templates import Template
from generator.schema.messages import suggest
from generator.text.markup import KeywordLook


class LayoutProblem(Exception):
    """Raised for a card whose face cannot be laid out; ``element`` indexes the template element."""

    def __init__(
        self,
        message: str,
        element: int | None = None,
        overflow: bool = False,
        field: str | None = None,
        asset: Path | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.element = element
        self.overflow = overflow
        self.field = field  # the missing field, for a card that lacks one
        self.asset = asset  # the unusable image or icon file, reported once per element


class Lookups:
    """Look-ups of a template's values for a card type; the layouter sets the attributes."""

    template: Template
    icons: Mapping[str, Path]
    game_keywords: Mapping[str, Any]
    image_dirs: tuple[Path, ...]
    image_roots: tuple[Path, ...]
    asset_warnings: dict[str, int]
    _looks: dict[str, dict[str, KeywordLook]]
    _looks_of: dict[int, tuple[Mapping[str, str], dict[str, KeywordLook]]]

    def _keyword_looks(self, style: Mapping[str, str]) -> dict[str, KeywordLook]:
        known = self._looks_of.get(id(style))  # the same style object: every card of a type
        if known is not None and known[0] is style:  # (held in the entry, so its id stays its own)
            return known[1]
        looks = self._keyword_looks_for(style)
        self._looks_of[id(style)] = (style, looks)
        return looks

    def _keyword_looks_for(self, style: Mapping[str, str]) -> dict[str, KeywordLook]:
        key = repr(sorted(style.items()))
        if key in self._looks:
            return self._looks[key]
        spec = self.template.keywords
        words = spec.words if spec and spec.words is not None else list(self.game_keywords)
        looks: dict[str, KeywordLook] = {}
        if spec is not None or self.game_keywords:
            look = spec.look if spec else None
            for word in words:
                info = self.game_keywords.get(word) or {}
                own = spec.colors.get(word) if spec and spec.colors else None
                if own and own.startswith("$") and own[1:] not in style:
                    own = None  # this card type sets no colour of its own: the game's
                color = own or info.get("color") or (look.color if look else None)
                icon = (info.get("icon") or word.lower()) if (look and look.icon) else None
                looks[word] = KeywordLook(
                    bold=look.bold if look else True,
                    italic=look.italic if look else False,
                    color=self._color(color, style) if color else None,
                    icon=icon if icon in self.icons else None,
                )
        self._looks[key] = looks
        return looks

    def _style_value(self, value: str, style: Mapping[str, str]) -> str:
        """A whole value written as ``$name`` is the template style ``name`` for this card type."""
        if value.startswith("$") and value[1:].replace("_", "").isalnum():
            name = value[1:]
            if name not in style:
                known = ", ".join(sorted(style)) or "none defined"
                raise LayoutProblem(f"style '${name}' is not defined for this card type (styles: {known})")
            return style[name]
        return value

    def _color(
        self, value: str | None, style: Mapping[str, str], values: Mapping[str, Any] = {}
    ) -> str | None:
        """A colour as written, from a style (``$name``) and/or a card field (``{field}``)."""
        if value is None:
            return None
        if "{" in value:
            value = substitute(value, values or {})
        value = self._style_value(value, style)
        if value == "none":
            return None
        try:
            parse_color(value)  # cached; a bad style or field value is reported at its element
        except ValueError as exc:
            raise LayoutProblem(str(exc)) from None
        return value

    def _filters(self, spec: Any, path: Path, style: Mapping[str, str], values: Mapping[str, Any]) -> tuple:
        """An image's ``filters:`` as plain steps; LayoutProblem for an SVG (raster images only)."""
        if spec is None:
            return ()
        if is_svg(path):
            raise LayoutProblem("'filters' work on PNG and JPEG images: export the SVG as PNG, or drop them")
        return spec.steps(self._color(spec.tint, style, values))

    def _note(self, path: Path, i: int) -> Path:
        """``path``, after noting the warnings of a damaged SVG drawn anyway (at element ``i``)."""
        if is_svg(path):
            for warning in warnings_of(path, svg_roots(path)):
                self.asset_warnings.setdefault(warning, i)
        return path

    def _icon(self, name: str) -> Path:
        if name not in self.icons:
            if gameicons.is_named(name):
                return _game_icon(name)
            raise LayoutProblem(
                f"no icon named '{name}'{suggest(name, self.icons)}: add it under "
                "'icons:' in game.yaml or use a bundled icon"
            )
        return self.icons[name]

    def _image(self, file_name: str) -> Path:
        try:
            path = find_file(file_name, self.image_dirs, self.image_roots, "image")
        except OutsideError as exc:
            raise LayoutProblem(str(exc)) from None
        if path is not None:
            problem = unreadable(path, self.image_roots)
            if problem:
                raise LayoutProblem(f"image {problem}", asset=path)
            return path
        if gameicons.is_named(file_name):  # a file of the game's own by that name comes first
            return _game_icon(file_name)
        looked = ", ".join(dict.fromkeys(spelled(d).rstrip("/") + "/" for d in self.image_dirs))
        raise LayoutProblem(f"image '{file_name}' not found (looked in {looked})")


def _game_icon(name: str) -> Path:
    """The shipped game-icons.net icon ``name``, or LayoutProblem naming the nearest names."""
    try:
        return gameicons.path(name)
    except gameicons.GameIconError as exc:
        raise LayoutProblem(str(exc)) from None


def sized(op: ImageOp) -> ImageOp:
    """``op``, or LayoutProblem for an image (or raster icon) with more pixels than Deckwright
    decodes, saying the dpi it would print at in its box."""
    from generator.layout.resolution import within_limit

    try:
        return within_limit(op)
    except ValueError as exc:
        raise LayoutProblem(f"image {exc}") from None
