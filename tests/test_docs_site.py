"""The documentation site builds with ``mkdocs build --strict`` (a broken link or anchor, a missing
page, a page left out of the nav fails here), the README stays a landing page, and every page
about something printed shows it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.docs_text import ROOT

PRINTED = (  # pages about something printed: each shows at least one picture the build drew
    "getting-started.md",
    "templates.md",
    "printing.md",
    "exports.md",
    "boards-components.md",
)


def _text(page: Path) -> str:
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    commands = _text(tmp_path / "site" / "reference" / "commands" / "index.html")
    assert "deckwright build" in commands and "--printshop" in commands  # generated from the CLI
    files = _text(tmp_path / "site" / "reference" / "files" / "index.html")
    assert "card_fields" in files and "elements" in files  # generated from the schemas


def test_the_readme_is_a_landing_page_with_the_quick_start() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "python3 tasks.py kits" in quick and "python3 tasks.py test" in quick  # CI runs the latter


def test_pages_about_printed_things_show_the_pictures_the_build_draws() -> None:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import pictures
    finally:
        sys.path.remove(str(ROOT / "docs"))
    drawn = {*pictures.PICTURES, pictures.SHOWCASE, pictures.CONTACT}
    assert {p.name for p in (ROOT / "docs" / "pictures").glob("*.png")} == drawn  # nothing stale
    for page in PRINTED:
        shown = re.findall(
            r"!\[[^\]]*\]\(pictures/([^)]+)\)", (ROOT / "docs" / page).read_text(encoding="utf-8")
        )
        assert shown and set(shown) <= drawn, page
