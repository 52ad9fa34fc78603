"""``watch`` and ``serve`` take ``--allow-damaged-art`` as ``check``, ``build`` and ``export`` do
(issue 33, item 8, the part squib2 left): their rebuilds, proofreading and previews run on
threads, so the switch holds for the whole process while the command runs, and ends with it."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.art.svgfile import damaged_allowed, read_svg
from generator.cli import app
from generator.serve import watch
from tests.conftest import MINI_FRONT, write_game
from tests.svg_corpus.raster import DRAWN

FRONT = MINI_FRONT + "  - {type: image, box: [4mm, 60mm, 20mm, 20mm], file: art/truncated.svg}\n"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = write_game(tmp_path / "mini", {"templates/mini-front.yaml": FRONT})
    (folder / "art").mkdir()
    shutil.copy(DRAWN / "truncated.svg", folder / "art" / "truncated.svg")
    return folder


def _no_saves(roots: list[Path], stop: object = None):
    return iter(())


@pytest.mark.parametrize("allowed", [False, True])
def test_watch_draws_a_damaged_svg_only_when_allowed(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, allowed: bool
) -> None:
    monkeypatch.setattr(watch, "events", _no_saves)
    args = ["watch", str(game), "-o", str(tmp_path / "out")] + (["--allow-damaged-art"] if allowed else [])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    damaged = [line for line in result.output.splitlines() if "truncated.svg" in line]
    assert len(damaged) == 1, result.output
    if allowed:
        assert "warning:" in damaged[0] and "drawn from what could be read" in damaged[0]
        assert "rebuilt the whole kit" in result.output
        assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
    else:
        assert "is damaged at line 5" in damaged[0] and "--allow-damaged-art" in damaged[0]
        assert "not rebuilt" in result.output and not (tmp_path / "out").exists()
    assert not damaged_allowed()  # the switch ends with the command


def test_serve_allows_it_on_every_thread(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``serve`` runs (the preview server, its rebuilds and the proofreader, each on a
    thread of its own) reads the damaged file as drawable while the command runs."""
    seen: list[tuple[bool, bool]] = []

    def fake_serve(*args: object, **kwargs: object) -> None:
        def look() -> None:
            found = read_svg(game / "art" / "truncated.svg")
            seen.append((damaged_allowed(), found.drawing is not None))

        thread = threading.Thread(target=look)
        thread.start()
        thread.join()

    monkeypatch.setattr("generator.serve.run.serve", fake_serve)
    result = CliRunner().invoke(app, ["serve", str(game), "--port", "0", "--allow-damaged-art"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["serve", str(game), "--port", "0"])
    assert result.exit_code == 0, result.output
    assert seen == [(True, True), (False, False)]
    assert not damaged_allowed()
