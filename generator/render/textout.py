"""Text drawn on a ReportLab canvas the way ``drawString`` draws it, written directly: the same
bytes, without the text object and the width it measures and drops (every run of every card goes
through here while a build records its pages, ``render.record``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen import textobject
from reportlab.pdfgen.canvas import Canvas

_HEADS: dict[tuple, str] = {}
"""The font operators of a run in a font's first subset, by its PDF name, size and leading."""
_PLAIN_TEXT = not textobject.rtlSupport
"""ReportLab sets text left to right as given (no bidi library installed): :func:`show_text`
may write what ``drawString`` would."""


def show_text(c: Canvas, x: float, y: float, text: str) -> bool:
    """Write the operators ``c.drawString(x, y, text)`` writes for a TrueType font, byte for byte
    (its text object's ``BT``, ``Tm``, the font's subsets as ``Tf``/``TL``, ``Tj``, ``T*``, ``ET``),
    without the text object, the bidi pass and the width it measures and drops. False, nothing
    written, where that is not certain (another font kind, a top-down canvas, bidi text): then
    ``drawString`` itself must draw it."""
    font = getFont(c._fontname)
    if not (_PLAIN_TEXT and c.bottomup and font._dynamicFont and type(text) is str):
        return False
    doc = c._doc
    state = font.state.get(doc)
    if state is not None and state.internalName is not None and text:
        try:  # every character already coded in the first subset (most runs): one chunk
            chunk = text.translate(_codes(state)).encode("latin-1")
        except ValueError:  # a new character (or U+00A0), or a code past the first subset
            pass
        else:
            head = _head(state, c._fontsize, c._leading)
            c._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {head} ({c._escape(chunk)}) Tj T* ET")
            return True
    parts = []
    current, head = -1, ""
    for subset, chunk in font.splitString(text, doc):  # ReportLab's split: codes new characters
        if subset != current:
            if not head:
                head = f"{fp_str(c._fontsize)} Tf {fp_str(c._leading)} TL"
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {head}")
            current = subset
        parts.append(f"({c._escape(chunk)}) Tj")
    c._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(parts)} T* ET")
    return True


def _head(state: Any, size: float, leading: float) -> str:
    """The font operators of a run in the first subset of the font ``state`` names (named
    already: ``getSubsetInternalName(0, doc)``), at ``size`` and ``leading``."""
    key = (state.internalName, size, leading, type(size), type(leading))
    head = _HEADS.get(key)
    if head is None:
        if len(_HEADS) >= 256:
            _HEADS.clear()
        head = _HEADS[key] = f"/{state.internalName}+0 {fp_str(size)} Tf {fp_str(leading)} TL"
    return head


def show_texts(c: Canvas, runs: Sequence[Any], draw_string: Callable[[float, float, str], Any]) -> bool:
    """:func:`show_text` of each run (``x``, ``y``, ``text``) in turn, all in the canvas's
    current font and size: the same bytes, with the font, its subset codes and operators looked
    up once for them all (``draw_string`` draws a run ``show_text`` refuses). False, nothing
    written, where ``show_text`` would refuse the font: then ``drawString`` must draw each."""
    font = getFont(c._fontname)
    if not (_PLAIN_TEXT and c.bottomup and font._dynamicFont):
        return False
    doc, code, escape = c._doc, c._code, c._escape
    table = head = shown = None
    for run in runs:
        text = run.text
        if table is None:  # at the start, and after a run coded new characters
            state = font.state.get(doc)
            if state is not None and state.internalName is not None:
                table, head = _codes(state), _head(state, c._fontsize, c._leading)
                shown = _shown(state)
        if table is not None and text and type(text) is str:
            chunk = shown.get(text)  # type: ignore[union-attr]
            if chunk is None:
                try:
                    chunk = escape(text.translate(table).encode("latin-1"))
                except ValueError:
                    chunk = None
                else:
                    if len(shown) >= SHOWN_KEPT:  # type: ignore[arg-type]
                        shown.clear()  # type: ignore[union-attr]
                    shown[text] = chunk  # type: ignore[index]
            if chunk is not None:
                x, y = run.x, run.y
                place = _PLACES.get((x, y)) if type(x) is float and type(y) is float and x and y else None
                code.append(f"BT 1 0 0 1 {place or _place(x, y)} Tm {head} ({chunk}) Tj T* ET")
                continue
        if not show_text(c, run.x, run.y, text):
            draw_string(run.x, run.y, text)
        table = None
    return True


_PLACES: dict[tuple[float, float], str] = {}
"""``fp_str(x, y)`` of the places runs start at (the same slots' lines on every sheet)."""


def _place(x: float, y: float) -> str:
    """``fp_str(x, y)``, kept per place (a pure function of the two numbers); a zero (0.0 and
    -0.0 are one key) or another kind of number than float worked out each time."""
    if type(x) is not float or type(y) is not float or not (x and y):
        return fp_str(x, y)
    found = _PLACES.get((x, y))
    if found is None:
        if len(_PLACES) >= 4096:
            _PLACES.clear()
        found = _PLACES[x, y] = fp_str(x, y)
    return found


SHOWN_KEPT = 4096
"""The most texts kept written out per font state (let go all at once when full)."""
_SHOWN: dict[int, tuple[Any, dict[str, str]]] = {}
"""Per font state (by id, the state held), texts as written in its first subset, escaped: a
character's code never changes once given, so a text (a card's line repeated on many cards)
is written out once per file and font."""


def _shown(state: Any) -> dict[str, str]:
    entry = _SHOWN.get(id(state))
    if entry is not None and entry[0] is state:
        return entry[1]
    if len(_SHOWN) >= 64:
        _SHOWN.clear()
    found: dict[str, str] = {}
    _SHOWN[id(state)] = (state, found)
    return found


class _Codes(dict):
    """A font state's ``assignments`` (character -> its code in the font's subsets) for
    ``str.translate``: a character without a code stops it (ValueError) rather than passing."""

    def __missing__(self, key: int) -> int:
        raise ValueError(key)


_TABLES: dict[int, tuple[Any, _Codes]] = {}
"""The translate table of each font state, by its id (the state held: its id stays its own)."""


def _codes(state: Any) -> _Codes:
    """The state's assignments as a translate table, made again when the font has coded more
    characters (ReportLab's split only ever adds codes)."""
    known = state.assignments
    entry = _TABLES.get(id(state))
    if entry is not None and entry[0] is state and len(entry[1]) == len(known):
        return entry[1]
    if len(_TABLES) >= 64:  # a few files' fonts at a time
        _TABLES.clear()
    table = _Codes(known)
    _TABLES[id(state)] = (state, table)
    return table


_RGS: dict[tuple[float, float, float], str] = {}
"""``fp_str((r, g, b)) + ' rg'`` per colour value (a pure function of the three numbers; 0.0
and -0.0 print alike)."""
_PLAIN_FILL: dict[type, bool] = {}
"""Whether a canvas class sets its fill colour and opacity with ReportLab's own methods."""
_TRANSPARENCY = PDF_SUPPORT_VERSION["transparency"]


def set_fill(c: Canvas, colour: Color) -> None:
    """``c.setFillColor(colour)`` for a plain RGB ``Color`` on a canvas whose fill methods are
    ReportLab's own: the same operator (``r g b rg``, kept per colour) and state, and the
    opacity set again as ``setFillAlpha`` sets it, skipped where that writes nothing and asks
    nothing new of the file (the opacity in force already, the file at PDF 1.4 already). Any
    other colour or canvas (a CMYK or PDF/X one) goes through ``setFillColor``."""
    if type(colour) is not Color or c._enforceColorSpace is not None or not _plain_fill(c):
        c.setFillColor(colour)
        return
    rgb = (colour.red, colour.green, colour.blue)
    code = _RGS.get(rgb)
    if code is None:
        if len(_RGS) >= 256:
            _RGS.clear()
        code = _RGS[rgb] = f"{fp_str(rgb)} rg"
    c._fillColorObj = colour
    c._code.append(code)
    alpha = getattr(colour, "alpha", None)
    if alpha is None:
        return
    state = c._extgstate
    if alpha == state._d.get("ca", state.defaults["ca"]) and c._doc._pdfVersion >= _TRANSPARENCY:
        return  # ExtGState.set would write nothing, ensureMinPdfVersion change nothing
    c.setFillAlpha(alpha)


def _plain_fill(c: Canvas) -> bool:
    kind = type(c)
    plain = _PLAIN_FILL.get(kind)
    if plain is None:
        setter = textobject._PDFColorSetter
        plain = _PLAIN_FILL[kind] = (
            kind.setFillColor is setter.setFillColor
            and kind.setFillAlpha is setter.setFillAlpha
            and kind._setFillAlpha is Canvas._setFillAlpha
        )
    own = c.__dict__
    return plain and "setFillColor" not in own and "setFillAlpha" not in own and "_setFillAlpha" not in own
