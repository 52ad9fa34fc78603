"""What a proofreader rule reports: a finding at the YAML element that made what it saw, with
where on which printed pages it saw it (for the proof picture)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.errors import Problem
from generator.render.record import Rect

PROOF_RANK = 75
"""Rank of a proofreader finding: after data, layout and overflow problems."""


@dataclass(frozen=True)
class Seen:
    """One place a finding shows: a kit file, its 1-based page and the box on that page."""

    file: Path
    page: int
    box: Rect


@dataclass(frozen=True)
class Spot:
    """Where a game rule saw a finding before anything was printed: a surface and a box in its
    own points (origin bottom-left, y up). ``board:<board>`` is a board as laid out;
    ``face:<file>:<deck>/<n>/<side>`` the ``side`` (front, back) of the deck's n-th card design
    (1-based, as the preview names cards). The kit stage maps each spot to :class:`Seen` boxes on every
    recorded page that prints that surface (the render stage notes where it lands)."""

    surface: str
    box: Rect
    paper: str = ""
    """Only on the pages of this paper's builds (``a4``: a tile seam of the A4 print), or on all."""


def board_spot(board: str, box: Any, paper: str = "") -> Spot:
    """A spot on board ``board``: ``box`` a ``Box`` (x, y, w, h) or a rect (x0, y0, x1, y1)."""
    return Spot(f"board:{board}", _rect(box), paper)


def face_spot(deck: Any, card: Any, side: str, box: Any) -> Spot:
    """A spot on ``side`` of ``card`` (a card design of ``deck``), named as the render stage
    notes the face (``generator.render.sheets.face_note``)."""
    from generator.render.sheets import face_note

    n = next((i for i, c in enumerate(deck.cards, start=1) if c is card), 0)
    return Spot(face_note(deck, n, side), _rect(box))


def points_box(points: Any, grow: float = 0.0) -> Rect:
    """The box of ``points`` ((x, y) pairs), grown by ``grow`` all round."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)


def _rect(box: Any) -> Rect:
    if hasattr(box, "right"):
        return (box.x, box.y, box.right, box.top)
    x0, y0, x1, y1 = box
    return (float(x0), float(y0), float(x1), float(y1))


@dataclass(frozen=True)
class Finding:
    """A rule's finding: the rule's name, the element's origin (``file``, ``line``, ``column``;
    None for furniture the generator draws) and the message; ``seen`` lists where it prints."""

    rule: str
    origin: Any
    message: str
    seen: tuple[Seen, ...] = field(default=(), compare=False)
    severity: str = field(default="error", compare=False)
    """``error``: it will misprint or mislead (``build`` stops, ``check`` fails); ``warning``: a
    judgement a designer may overrule (printed; fails only ``check --strict``)."""
    spots: tuple[Spot, ...] = field(default=(), compare=False)
    """Where a game rule saw it, on a board or a card face (its own points); the kit stage turns
    them into ``seen`` boxes on the recorded pages."""

    @property
    def file(self) -> str:
        return getattr(self.origin, "file", "") or ""

    def problem(self, severity: str | None = None) -> Problem:
        """The finding as a problem of its own severity (or ``severity``): the severity is named
        before the rule for every one (``error: proof contrast``), an error too."""
        o = self.origin
        line, column = (getattr(o, "line", 0), getattr(o, "column", 0)) if o is not None else (0, 0)
        severity = severity or self.severity
        path = f"error: proof {self.rule}" if severity == "error" else f"proof {self.rule}"
        return Problem(PROOF_RANK, self.file, line, column, path, self.message, severity)


def pages_named(seen: tuple[Seen, ...], limit: int = 3) -> str:
    """``cards.pdf p.1, p.2; board.pdf p.1 ...`` for a message: which files and pages."""
    by_file: dict[str, list[int]] = {}
    for s in seen:
        pages = by_file.setdefault(s.file.name, [])
        if s.page not in pages:
            pages.append(s.page)
    parts = []
    for name, pages in list(by_file.items())[:limit]:
        shown = ", ".join(f"p.{p}" for p in sorted(pages)[:3]) + (", ..." if len(pages) > 3 else "")
        parts.append(f"{name} {shown}")
    more = f" and {len(by_file) - limit} more files" if len(by_file) > limit else ""
    return "; ".join(parts) + more
