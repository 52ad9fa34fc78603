"""The command line's happy paths: list, build, check, calibrate, and --help everywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import write_game


def test_list_shows_bundled_and_local_games(run_cli, tmp_path: Path):
    write_game(tmp_path / "mini")
    code, out, _ = run_cli("list")
    assert code == 0
    assert "road-runner" in out and "Road Runner - 3-8 players - 80 cards" in out
    assert "Joker's Row - 2 players - 54 cards" in out
    assert "Local games:" in out and "mini" in out


def test_build_writes_and_prints_the_paths(run_cli, mini_game: Path, tmp_path: Path):
    code, out, _ = run_cli(
        "build", mini_game, "--paper", "letter", "--printshop", "generic", "-o", tmp_path / "o"
    )
    assert code == 0
    pdf = tmp_path / "o" / "mini" / "cards.pdf"
    assert f"wrote {Path('o/mini/cards.pdf')}" in out
    assert len(PdfReader(pdf).pages) == 2
    assert len(PdfReader(tmp_path / "o" / "mini" / "printshop-generic" / "cards.pdf").pages) == 6


def test_check_passes_for_the_bundled_games(run_cli):
    for game in ("road-runner", "jokers-row"):
        code, out, err = run_cli("check", game)
        assert code == 0, err
        assert "no problems found" in out


def test_calibrate_writes_two_pages(run_cli, tmp_path: Path):
    code, _, _ = run_cli("calibrate", "--duplex", "short", "--back-offset", "1,-0.5", "-o", tmp_path)
    assert code == 0
    reader = PdfReader(tmp_path / "duplex-calibration.pdf")
    assert len(reader.pages) == 2
    assert "--duplex short --back-offset -R,U" in reader.pages[0].extract_text()


@pytest.mark.parametrize("command", [[], ["list"], ["build"], ["check"], ["calibrate"]])
def test_every_command_has_help(run_cli, command):
    code, out, _ = run_cli(*command, "--help")
    assert code == 0
    assert "Usage:" in out


def test_choices_are_case_insensitive(run_cli, mini_game: Path, tmp_path: Path):
    code, _, err = run_cli(
        "build",
        mini_game,
        "--paper",
        "A4",
        "--layout",
        "Gutterfold",
        "--duplex",
        "LONG",
        "-o",
        tmp_path / "o",
    )
    assert code == 0, err
    assert (tmp_path / "o" / "mini" / "cards-gutterfold.pdf").is_file()


def _commands(group, prefix=()):
    """(name path, click command) of every command under ``group``."""
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, (*prefix, name))
        else:
            yield (*prefix, name), command


def test_every_flag_has_help_and_no_bool_metavar(run_cli):
    import typer.main

    from generator.cli import app

    commands = dict(_commands(typer.main.get_command(app)))
    assert {("build",), ("list",), ("check",), ("calibrate",), ("log", "check")} <= set(commands)
    for path, command in commands.items():
        for param in command.params:
            if param.param_type_name == "option":
                assert param.help, f"{' '.join(path)}: {param.opts} has no help text"
        code, out, _ = run_cli(*path, "--help")
        assert code == 0
        assert "<bool>" not in out, path
