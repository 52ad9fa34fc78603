"""Card faces recorded once and placed in each slot by their matrix, without drawing them.

``check`` builds the kit on every paper and layout only to record its pages for the proofreader,
and throws the files away. Inside ``layout.memo.reusing("unread")`` (``check`` without
``--proof``, the only case where no one reads the files) a face is drawn once, on a scratch
canvas, recorded in its own space, and each slot it fills on a recorded page gets those marks
moved by the slot's matrix and cut to its clip: what drawing it there records, for a fraction of
the work. The card files of such a check hold no card faces.

The scratch canvas is observed like a kit file's (``record.observe``); ``place`` puts marks on
the observed page as ``record`` does for a form placed with ``doForm``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from generator.color import output
from generator.core import where
from generator.layout import memo
from generator.layout.card import CardFace
from generator.render import record
from generator.render.draw import Painter
from generator.render.pdf import scratch_canvas

SCRATCH = Path("face-marks")
"""The name the scratch canvas is recorded under (in a recording of its own, never kept)."""


def place_face(painter: Painter, face: CardFace) -> bool:
    """Record ``face`` at ``painter``'s canvas's current matrix and clip instead of drawing it;
    False (nothing done) outside ``memo.reusing("unread")``, when the canvas is not being
    recorded, or in a CMYK build (its colours are flattened per canvas)."""
    kept = memo.table("unread")
    if kept is None or output.current().cmyk or _observer(painter.canvas) is None:
        return False
    origin = _hashable(where.current())  # what a mark without an origin of its own records
    key = (id(face), origin, id(painter.icons))
    found = kept.get(key)
    if found is None or found[0] is not face:  # the face held: its id stays its own
        found = kept[key] = (face, _recorded(kept, painter, face, origin))
    place(painter.canvas, found[1])
    return True


def place(canvas: Canvas, marks: list[record.Mark]) -> None:
    """Record ``marks`` (recorded in their own space) on the page being drawn, at the canvas's
    current matrix and inside its clip, as if drawn there; a stroke keeps whether it came from a
    form. Nothing is drawn."""
    observer = _observer(canvas)
    m, clip = observer._matrix(), observer.clip
    out = observer.current
    for mark in marks:
        moved = mark.placed(m, clip)
        if isinstance(mark, record.StrokeMark) and not mark.in_form:
            moved = replace(moved, in_form=False)
        out.append(moved)


def _recorded(kept: dict, painter: Painter, face: CardFace, origin: Any) -> list[record.Mark]:
    """What drawing ``face`` records, in the face's own space: on a scratch canvas and painter kept
    per icon set and drawing context (its forms defined once, their marks with that context's
    origin, as a kit file defines a form where it is first used)."""
    scratch_key = ("painter", id(painter.icons), origin)
    scratch = kept.get(scratch_key)
    if scratch is None:
        canvas = scratch_canvas((1000.0, 1000.0))
        record.observe(canvas, SCRATCH, record.Recording())
        scratch = kept[scratch_key] = Painter(canvas, painter.icons)
    canvas = scratch.canvas
    canvas.saveState()
    scratch.draw(face.ops)
    canvas.restoreState()
    del canvas._code[:]  # never saved: its page code need not pile up
    observer = _observer(canvas)
    found, observer.current = observer.current, []
    return found


def _observer(canvas: Canvas) -> Any:
    """The recording's observer of ``canvas`` (``record._Observer``), or None."""
    return getattr(canvas, "_deckwright_record", None)


def _hashable(value: Any) -> Any:
    """``value`` itself as a key when it can be one (an ``Origin``), else its id."""
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return value
