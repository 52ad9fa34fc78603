"""Which characters a font can draw, and text split into runs of faces that can draw them.

A face's characters come from its TrueType ``cmap`` (reportlab's parse), read once per face and
kept as a frozen set of one-character strings, so "can this face draw all of this text?" is one
``issuperset`` call: the common case (every character covered) costs a C-speed scan and no split.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from reportlab.pdfbase import pdfmetrics

_CHARS: dict[str, frozenset[str]] = {}  # face name -> the characters it has a glyph for

Segment = tuple[str, str]
"""(text, face): a run of characters drawn in one face."""


def chars(face: str) -> frozenset[str]:
    """The characters ``face`` (registered with reportlab) maps to a real glyph (not .notdef)."""
    found = _CHARS.get(face)
    if found is None:
        cmap = pdfmetrics.getFont(face).face.charToGlyph
        found = _CHARS[face] = frozenset(map(chr, filter(cmap.__getitem__, cmap)))  # glyph 0: none
    return found


def invisible(ch: str) -> bool:
    """Characters nobody expects to see drawn (controls, format marks, variation selectors,
    zero-width joiners): never reported as missing."""
    if "\ufe00" <= ch <= "\ufe0f" or ch in "\u200b\u200c\u200d\u2060\ufeff":
        return True
    return unicodedata.category(ch) in ("Cc", "Cf")


def split(text: str, chain: Sequence[tuple[str, frozenset[str]]]) -> tuple[list[Segment], str]:
    """``text`` cut into runs, each character in the first face of ``chain`` that has it; a
    character no face has stays in the first face. Returns the runs and those characters (each
    once, in order of appearance)."""
    first = chain[0][0]
    out: list[Segment] = []
    missing: list[str] = []
    run: list[str] = []
    run_face = first
    for ch in text:
        face = next((f for f, have in chain if ch in have), None)
        if face is None:
            face = run_face if invisible(ch) else first  # a joiner stays with its neighbour
            if not invisible(ch) and ch not in missing:
                missing.append(ch)
        if face != run_face and run:
            out.append(("".join(run), run_face))
            run = []
        run_face = face
        run.append(ch)
    if run:
        out.append(("".join(run), run_face))
    return out, "".join(missing)


def describe(ch: str) -> str:
    """A character as a reader can find it: ``'◎' (U+25CE BULLSEYE)``."""
    name = unicodedata.name(ch, "")
    return f"'{ch}' (U+{ord(ch):04X}{' ' + name if name else ''})"
