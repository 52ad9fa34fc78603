"""The checks a print shop's own tools make of a PDF: ``qpdf --check`` (the file's structure),
poppler's ``pdftoppm`` (every page renders without an error) and ``pdffonts`` (every font
embedded). Tests that use them skip where the tools are missing; ``.ci/run`` installs them.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

TOOLS = ("qpdf", "pdftoppm", "pdffonts")


def need_tools() -> None:
    """Skip the calling test where qpdf or poppler's tools are not installed."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)} (Debian: qpdf, poppler-utils)")


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def tool_problems(path: Path) -> list[str]:
    """What qpdf, pdftoppm and pdffonts say is wrong with ``path`` (empty when all is well)."""
    problems = []
    check = _run("qpdf", "--check", str(path))
    if check.returncode != 0 or "No syntax or stream encoding errors found" not in check.stdout:
        problems.append(f"qpdf --check: {(check.stdout + check.stderr).strip()[-400:]}")
    with tempfile.TemporaryDirectory() as tmp:  # every page, at a low resolution: errors, not looks
        render = _run("pdftoppm", "-r", "18", "-gray", str(path), str(Path(tmp) / "page"))
        pages = len(list(Path(tmp).glob("page*")))
    if render.returncode != 0 or render.stderr.strip():
        problems.append(f"pdftoppm: {(render.stderr or f'exit {render.returncode}').strip()[-400:]}")
    if pages == 0:
        problems.append("pdftoppm rendered no page")
    fonts = _run("pdffonts", str(path))
    if fonts.returncode != 0 or fonts.stderr.strip():
        problems.append(f"pdffonts: {fonts.stderr.strip()[-400:]}")
    for line in fonts.stdout.splitlines()[2:]:  # name type encoding emb sub uni object ID
        columns = line.split()
        if len(columns) >= 7 and columns[-5] != "yes":
            problems.append(f"font not embedded: {line.strip()}")
    return problems
