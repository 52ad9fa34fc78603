"""Options parsed without a pydantic adapter each (``generator/cli/fastparams.py``): the same
values and the same error messages as typer's own coercion, and no pydantic while parsing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.core
from typer._click.exceptions import BadParameter
from typer.main import get_command

from generator.cli import app, fastparams

ARGS = [
    [],
    ["--paper", "LeTTer", "--orientation", "landscape", "--layout", "gutterfold", "--duplex", "short"],
    ["--bleed", "2.5", "--ink-limit", "250", "--color", "cmyk", "--printshop-order", "back-front"],
    ["--only", "Card 1", "--only", "type=spice", "--lang", "de", "--changed-since", "HEAD~1"],
    ["-o", "out/here", "--back-offset", "1,-2", "--printshop", "generic", "--spacing", "BUTTED"],
    ["-o", ""],
]
BAD = [
    ["--paper", "a5"],
    ["--bleed", "20"],
    ["--bleed", "x"],
    ["--ink-limit", "50"],
    ["--printshop-order", "sideways"],
    ["--color", ""],
]


def _parse(args: list[str], ours: bool) -> dict:
    """``deckwright build game ARGS`` parsed with our coercion or with typer's alone."""
    typer.core.build_runtime_param = fastparams._build if ours else fastparams._typer_build
    try:
        group = get_command(app)
        ctx = group.make_context("deckwright", ["build", "game", *args])
        command = group.get_command(ctx, "build")
        return command.make_context("build", ["game", *args], parent=ctx).params
    finally:
        fastparams.install()


@pytest.mark.parametrize("args", ARGS)
def test_same_values_as_typer(args: list[str]) -> None:
    ours, theirs = _parse(args, True), _parse(args, False)
    assert ours == theirs
    assert {k: type(v) for k, v in ours.items()} == {k: type(v) for k, v in theirs.items()}


@pytest.mark.parametrize("args", BAD)
def test_same_errors_as_typer(args: list[str]) -> None:
    messages = []
    for ours in (True, False):
        with pytest.raises(BadParameter) as caught:
            _parse(args, ours)
        messages.append(caught.value.format_message())
    assert messages[0] == messages[1]
    assert args[0] in str(messages[0]) or "Input" in messages[0] or "not one of" in messages[0]


def test_parsing_a_build_imports_no_pydantic(tmp_path: Path) -> None:
    """The build's options (defaults, choices, a path) are parsed before pydantic is imported."""
    code = (
        "import sys; from generator.cli import app; from typer.main import get_command\n"
        "g = get_command(app); a = ['game', '--paper', 'letter', '-o', 'out', '--only', 'x']\n"
        "c = g.make_context('deckwright', ['build', *a]); b = g.get_command(c, 'build')\n"
        "b.make_context('build', a, parent=c)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pydantic', 'typer._adapters'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("program", [True, False])
def test_importing_pauses_the_collector_in_the_program_only(monkeypatch, program: bool) -> None:
    """``deckwright build``'s imports: no collector pass while they run, then what they made is
    frozen out of later passes (in the program); a test process's collector is left as it was."""
    import gc

    from generator.cli import common

    monkeypatch.setattr("generator.core.interrupt.started_as_program", lambda: program)
    frozen = gc.get_freeze_count()
    try:
        with common.importing():
            assert gc.isenabled() is not program
            made = [[] for _ in range(1000)]
        assert gc.isenabled()
        assert (gc.get_freeze_count() >= frozen + len(made)) is program
    finally:
        gc.unfreeze()
        gc.enable()
