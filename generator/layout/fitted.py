"""Fitted text kept per (text, box, style, fonts): a deck sets the same text in the same box many
times (a back on every card, a type line, a keyword's reminder), and fitting is a pure function
of them, so each is fitted once. What it returns is ``text.fit_text``'s own result, unchanged."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from generator.art.fonts import FontBook
from generator.core.geometry import Box
from generator.text.fit import TextLayout, TextStyle, fit_text
from generator.text.markup import Span

LIMIT = 4096
"""The most fitted texts kept; when full, they are let go all at once (cheaper than one by one,
and a deck's repeated texts come back at once): memory stays flat over a long preview."""

_KEPT: dict[tuple, TextLayout] = {}
_STYLES: dict[TextStyle, int] = {}
"""A number per distinct style (equal styles share one, never given again): keys hold it in
place of the style, whose own hash (its dataclass's, over every field) is worked out in Python."""
_BY_ID: dict[int, tuple[TextStyle, int]] = {}
"""The number of each style object seen, by its id (the style held: its id stays its own)."""
_NUMBERS = itertools.count()


def _number(style: TextStyle) -> int:
    """The number of ``style``'s value in :data:`_STYLES`."""
    known = _BY_ID.get(id(style))
    if known is not None and known[0] is style:
        return known[1]
    if len(_BY_ID) >= LIMIT:  # numbers are never given again: kept texts of old ones just miss
        _BY_ID.clear()
        _STYLES.clear()
    number = _STYLES.get(style)
    if number is None:
        number = _STYLES[style] = next(_NUMBERS)
    _BY_ID[id(style)] = (style, number)
    return number


def fitted(spans: Sequence[Span], box: Box, style: TextStyle, fonts: FontBook) -> TextLayout:
    """``fit_text(spans, box, style, fonts)``, fitted once per distinct call. The font book is
    part of the key as itself (held, so its identity stays its own)."""
    if len(spans) == 1:  # one span (most texts): its fields, hashed without its Python __hash__
        s = spans[0]
        text: tuple = (s.text, s.bold, s.italic, s.color, s.icon, s.newline, s.paragraph, s.spaced)
    else:
        text = tuple(spans)
    key = (text, box.x, box.y, box.w, box.h, _number(style), fonts)  # the box's fields: the same
    found = _KEPT.get(key)
    if found is None:
        found = fit_text(spans, box, style, fonts)
        if len(_KEPT) >= LIMIT:
            _KEPT.clear()
        _KEPT[key] = found
    return found
