"""The documentation's text for the tests that run its examples: README.md and every page under
docs/ (the site's pages), in a fixed order."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def doc_files() -> list[Path]:
    """README.md, then the site's Markdown pages (sorted); the hooks' code is not a page."""
    return [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "hooks" not in p.parts)]


def doc_text() -> str:
    """Every documentation file's text, one after the other."""
    return "\n".join(p.read_text(encoding="utf-8") for p in doc_files())


def fenced(lang: str, text: str | None = None) -> list[str]:
    """The bodies of the ```LANG blocks, in order."""
    return re.findall(rf"^```{lang}\n(.*?)^```", doc_text() if text is None else text, re.S | re.M)
