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
