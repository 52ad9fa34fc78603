"""Shared fixtures: a minimal valid game folder, and a way to run the CLI in-process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from generator.cli import app

# Property tests try the same cases on every run (and in CI): a failure is repeatable, and a
# green run stays green until the code changes. Each test's own @settings adds to this profile.
settings.register_profile("deckwright", derandomize=True)
settings.load_profile("deckwright")

MINI_GAME = """\
name: mini
title: Mini Game
card_types:
  hero: {label: Hero}
  villain: {label: Villain}
types:
  power: "choice(fire, ice)"
card_fields:
  speed: "int?"
  powers: "list(power)?"
  text: "text?"
decks:
  - name: cards
    size: poker
    template: mini-front
    back: mini-back
    cards: [cards.yaml]
"""

MINI_CARDS = """\
cards:
  - name: Alpha
    type: hero
    speed: 3
    powers: [fire]
    text: Runs fast.
  - name: Beta
    type: villain
    count: 2
    text: Sneaks about.
"""

MINI_FRONT = """\
styles:
  default: {accent: "#336699"}
  villain: {accent: "#993333"}
elements:
  - {type: rect, box: bleed, fill: "#ffffff"}
  - {type: rect, box: [3mm, 3mm, 57.5mm, 10mm], fill: $accent}
  - {type: text, box: [4mm, 4mm, 55.5mm, 8mm], text: "{name}", size: 14pt, color: "#ffffff"}
  - {type: text, when: speed, box: [4mm, 20mm, 20mm, 8mm], text: "Speed {speed}", size: 10pt}
  - {type: text, box: [4mm, 40mm, 55.5mm, 30mm], text: "{text}", size: 11pt, min_size: 7pt}
"""

MINI_BACK = """\
elements:
  - {type: rect, box: bleed, fill: "#224466"}
"""


def write_game(folder: Path, files: dict[str, str] | None = None) -> Path:
    """Write the mini game into ``folder``; ``files`` overrides or adds files by relative path."""
    contents = {
        "game.yaml": MINI_GAME,
        "cards.yaml": MINI_CARDS,
        "templates/mini-front.yaml": MINI_FRONT,
        "templates/mini-back.yaml": MINI_BACK,
    }
    contents.update(files or {})
    for rel, text in contents.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def build_in_both_colours(folder: Path) -> dict[str, Path]:
    """Build the mini game in ``folder`` with ``--color rgb`` and ``--color cmyk`` (beside it);
    each mode's ``cards.pdf``."""
    out: dict[str, Path] = {}
    for mode in ("rgb", "cmyk"):
        target = folder.parent / mode
        result = CliRunner().invoke(app, ["build", str(folder), "-o", str(target), "--color", mode])
        assert result.exit_code == 0, result.output
        out[mode] = target / "mini" / "cards.pdf"
    return out


@pytest.fixture
def mini_game(tmp_path: Path) -> Path:
    return write_game(tmp_path / "mini")


@pytest.fixture
def run_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Run ``deckwright ARGS`` in-process from tmp_path; return (exit code, stdout, stderr)."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout, result.stderr

    return run


os.environ.setdefault("COLUMNS", "200")


@pytest.fixture(scope="module")
def preview_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The starter game of `deckwright new`, named 'preview', made once per test module."""
    from generator.load.scaffold import new_game

    return new_game("preview", tmp_path_factory.mktemp("games"))


@pytest.fixture
def served(preview_game: Path, tmp_path: Path):
    """A copy of the preview game served by `deckwright serve`'s server, stopped afterwards."""
    import shutil

    from tests.serving import Served

    folder = tmp_path / "preview"
    shutil.copytree(preview_game, folder)
    served = Served(folder, tmp_path / "out")
    yield served
    served.server.stop()


# Maloney's map as the proofreader issue found it (roads through Salt Lake City and Detroit, under
# other cities' suitcase places); the bundled map has since been redrawn (issue 22)
MALONEY_BOARD_BEFORE = Path(__file__).parent / "proof_fixtures" / "maloney-board-before.yaml"


ENTENRALLYE_BEFORE = {
    "board.yaml": Path(__file__).parent / "proof_fixtures" / "entenrallye-board-before.yaml",
    "components.yaml": Path(__file__).parent / "proof_fixtures" / "entenrallye-components-before.yaml",
}


def entenrallye_as_it_was(tmp_path: Path) -> Path:
    """A copy of Entenrallye with the board and pieces of before its board redesign (issue 22):
    10 mm squares, 25 mm car standees, 16 mm time markers on 10 mm period circles."""
    import shutil

    from generator.core import paths

    folder = tmp_path / "entenrallye"
    shutil.copytree(paths.CARDDATA / "entenrallye", folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name, path in ENTENRALLYE_BEFORE.items():
        shutil.copy(path, folder / name)
    return folder


def maloney_as_it_was(tmp_path: Path) -> Path:
    """A copy of Maloney's Inheritance with the map of before."""
    import shutil

    from generator.core import paths

    folder = tmp_path / "maloney"
    shutil.copytree(paths.CARDDATA / "maloney", folder)
    shutil.copy(MALONEY_BOARD_BEFORE, folder / "board.yaml")
    return folder
