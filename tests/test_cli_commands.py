"""The program makes an app of the one command it runs (``generator/cli.make_app``): the same
help, usage lines and errors as the app of every command, and only that command's module."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator import cli

ROOT = Path(__file__).resolve().parents[1]
NAMES = [name for name, _, _ in (*cli.COMMANDS, *cli.GROUPS)]


def _said(app, args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


def test_the_table_names_every_command_once_in_the_order_help_lists_them() -> None:
    code, out, _ = _said(cli.app, ["--help"])
    assert code == 0
    listed = [line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.startswith("  ")]
    assert listed == NAMES
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("more", [["--help"], ["--no-such-option"]])
def test_an_app_of_one_command_says_what_the_whole_app_says(name: str, more: list[str]) -> None:
    assert _said(cli.make_app(name), [name, *more]) == _said(cli.app, [name, *more])


def test_the_program_imports_only_the_module_of_the_command_it_runs() -> None:
    probe = (
        "import json, sys\nsys.argv = ['deckwright', 'fonts', '--help']\nimport generator.cli as cli\n"
        "try:\n    cli._app_for(sys.argv[1:])()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('generator.cli.'))))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(json.loads(run.stdout.splitlines()[-1]))
    modules = {f"generator.cli.{module}" for _, module, _ in (*cli.COMMANDS, *cli.GROUPS)}
    assert loaded & modules == {"generator.cli.project"}


def test_an_app_already_made_or_set_is_the_one_the_program_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    made = cli.app
    assert cli._app_for(["build"]) is made
    monkeypatch.setattr(cli, "app", object())
    assert cli._app_for(["build"]) is cli.app


NOT_FOR_PLAIN_CARDS = (
    "generator.board",  # a kit part game.yaml does not list
    "generator.summary",
    "generator.components",
    "generator.printshop",  # --printshop
    "generator.kit.subset",  # --only
    "generator.cli.diff",  # --changed-since
    "generator.lang.langfile",  # --lang: the translation files
    "generator.lang.table",
    "generator.expr.syntax",  # a '{= ...}' expression: the parser and its rules
    "generator.expr.evaluate",
    "generator.render.blend",  # opacity and blend modes
    "generator.render.backdrop",
    "generator.render.filters",  # image filters
    "generator.color.images",  # raster images and their ink
    "generator.render.svgdraw",  # SVG art
    "generator.art.svgfeatures",
    "svglib",
    "lxml",
    "PIL.ImageMath",
    "PIL.ImageChops",
    "PIL.ImageCms",
    "rich",  # a build into a pipe prints plain lines
)


def test_a_plain_card_build_imports_no_stage_its_game_does_not_use(tmp_path: Path) -> None:
    """The mini game (text and rectangles, no expressions, art, translations or other kit parts)
    built as the program builds it: the modules of what it does not use are never imported."""
    from tests.conftest import write_game

    game = write_game(tmp_path / "mini")
    argv = ["deckwright", "build", str(game), "-o", str(tmp_path / "out")]
    probe = (
        f"import json, sys\nsys.argv = {argv!r}\nimport generator.cli as cli\n"
        "try:\n    cli._app_for(sys.argv[1:])()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(json.loads(run.stdout.splitlines()[-1]))
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
    assert {"generator.layout.card", "generator.proof.gate", "generator.kit.publish"} <= loaded
    assert sorted(m for m in loaded if m.startswith(NOT_FOR_PLAIN_CARDS)) == []
