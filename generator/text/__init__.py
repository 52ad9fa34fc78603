"""The text engine: light markup to spans, then wrapping and shrink-to-fit into a box."""

from __future__ import annotations

from generator.text.fit import PlacedIcon, PlacedRun, TextLayout, TextStyle, fit_text
from generator.text.markup import KeywordLook, MarkupError, Span, icon_names, parse_markup

__all__ = [
    "KeywordLook",
    "MarkupError",
    "PlacedIcon",
    "PlacedRun",
    "Span",
    "TextLayout",
    "TextStyle",
    "fit_text",
    "icon_names",
    "parse_markup",
]
