"""Library warnings (Pillow's DecompressionBombWarning, svglib's log records, any other) never
reach the console raw: each becomes one of our warnings at the file being read, or, outside any
file, one plain line without a site-packages path."""

from __future__ import annotations

import logging
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from PIL import Image

from generator.core import notices
from tests.conftest import MINI_FRONT, write_game

ROOT = Path(__file__).resolve().parents[1]
LIBRARY_FILE = "/opt/py/lib/python3.11/site-packages/somelib/reader.py"


def test_what_libraries_say_while_a_file_is_read_becomes_warnings_at_that_file(
    tmp_path: Path, capsys
) -> None:
    notices.heard()  # nothing left over from elsewhere
    path = tmp_path / "art" / "pic.png"
    with notices.reading(path) as said:
        warnings.warn_explicit(f"cannot use {LIBRARY_FILE} here", UserWarning, LIBRARY_FILE, 7)
        warnings.warn_explicit("old API", DeprecationWarning, LIBRARY_FILE, 8)  # for developers only
        logging.getLogger("svglib.svglib").error("Unable to resolve image path %r.", "x.png")
        logging.getLogger("svglib.svglib").info("not worth a word")
    assert said == ["svglib: Unable to resolve image path 'x.png'.", "somelib: cannot use reader.py here"]
    found = notices.heard()
    assert [(p.file, p.line, p.severity) for p in found] == [(str(path), 0, "warning")] * 2
    assert str(found[1]).startswith(f"{path}: warning: somelib: cannot use reader.py here (")
    assert notices.heard() == []  # each once
    assert capsys.readouterr().err == ""  # nothing printed raw


def _game_with_images(folder: Path) -> Path:
    front = MINI_FRONT + "  - {type: image, box: [30mm, 20mm, 8mm, 5mm], file: big.png}\n"
    game = write_game(folder, {"templates/mini-front.yaml": front})
    Image.new("RGB", (100, 60), "white").save(game / "big.png")  # 6,000 pixels
    return game


@pytest.mark.parametrize("command", ["check", "build"])
def test_pillow_warnings_are_located_at_the_image(run_cli, tmp_path: Path, monkeypatch, command) -> None:
    """(svglib's "Unable to resolve image path" can no longer be said about a game's SVG: an
    <image> reference is checked before svglib reads the file, see tests/test_svg_corpus.py.)"""
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 5000)  # big.png: past the warning size, not the error
    _game_with_images(tmp_path / "mini")
    args = ["build", "mini", "-o", "out"] if command == "build" else ["check", "mini"]
    code, out, err = run_cli(*args)
    assert code == 0, err
    lines = err.splitlines()
    bomb = [
        line for line in lines if line.startswith("mini/big.png: warning: Pillow: Image size (6000 pixels)")
    ]
    assert len(bomb) == 1, err
    assert "site-packages" not in err and "warnings.warn" not in err
    if command == "check":
        assert out.strip() == "Mini Game: 3 cards in 1 deck, 1 warning."


def test_a_stray_library_warning_prints_as_one_plain_line() -> None:
    """Said outside any reading block, under ``cli.main``: one line each, no library path."""
    code = (
        "import logging, sys, warnings\n"
        "from generator import cli\n"
        "@cli.app.command()\n"
        "def stray() -> None:\n"
        f"    warnings.warn_explicit('odd value in {LIBRARY_FILE}', RuntimeWarning, {LIBRARY_FILE!r}, 9)\n"
        "    logging.getLogger('somelib.part').warning('odd\\n  record')\n"
        "    print('done')\n"
        "sys.argv = ['deckwright', 'stray']\n"
        "cli.main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, "done\n"), done.stderr
    assert done.stderr.splitlines() == [
        "warning: somelib: odd value in reader.py",
        "warning: somelib: odd record",
    ]
