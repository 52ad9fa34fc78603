"""Messages print exactly what they mean: locations such as ``cards.yaml:100:5``, user text and
quoted values are never read as rich markup or emoji codes, on a terminal or through a pipe."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.console import Console
from tests.conftest import MINI_CARDS, write_game

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

PIECES = st.one_of(
    st.from_regex(r":[a-z_0-9+\-]{1,12}:", fullmatch=True),  # :100: :x: :smile: :thumbs_up:
    st.from_regex(r"\[/?[a-z #0-9=]{0,10}\]", fullmatch=True),  # [bold] [/] [red on #fff]
    st.sampled_from(
        ["cards.yaml:100:5: ", "a:x:b", "\\[", "\\", "[", "]", ":", "'", "é", "💯", "{y}", " ", "-"]
    ),
    # control characters (DEL, C1) are printed escaped: see test_hostile_files.py
    st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_categories=("Cc",)), max_size=6),
)
MEANT = st.lists(PIECES, min_size=1, max_size=8).map("".join).map(str.rstrip).filter(bool)


def _printed(text: str, style: str | None, terminal: bool, stderr: bool = False) -> str:
    """What one of our consoles writes for ``text``, with the terminal's colour codes removed."""
    sink = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("FORCE_COLOR", raising=False)
        patch.delenv("TTY_COMPATIBLE", raising=False)
        patch.setattr(sys, "stderr" if stderr else "stdout", sink)
        options = {"force_terminal": True, "color_system": "standard"} if terminal else {}
        Console(stderr=stderr, soft_wrap=True, **options).print(text, style=style)
    written = sink.getvalue()
    if not terminal:
        assert "\x1b" not in written
    return ANSI.sub("", written)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=MEANT, style=st.sampled_from([None, "red", "bold red", "yellow"]), terminal=st.booleans())
def test_what_is_printed_is_what_was_meant(text: str, style: str | None, terminal: bool) -> None:
    assert _printed(text, style, terminal) == text + "\n"
    assert _printed(text, style, terminal, stderr=True) == text + "\n"


def test_our_own_styles_still_colour_a_terminal() -> None:
    sink = io.StringIO()
    Console(file=sink, force_terminal=True, color_system="standard").rich.print("x:100:", style="bold red")
    assert sink.getvalue() == "\x1b[1;31mx:100:\x1b[0m\n"


def test_a_table_shows_its_cells_as_written() -> None:
    """``stats`` prints rich tables (file names, reasons): their text is no markup either."""
    from rich.table import Table

    table = Table(title="[b]logs:100:")
    table.add_column("file")
    table.add_row("[bold]x:smile:.log")
    sink = io.StringIO()
    Console(file=sink, force_terminal=True, width=80).print(table)
    shown = ANSI.sub("", sink.getvalue())
    assert "[b]logs:100:" in shown and "[bold]x:smile:.log" in shown


@pytest.fixture
def fresh_consoles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line's consoles made anew for one test: rich decides at creation whether it
    writes to a terminal (FORCE_COLOR), so a terminal test must not leave its consoles behind."""
    from generator.cli import common

    monkeypatch.setattr(common, "out", Console(soft_wrap=True))
    monkeypatch.setattr(common, "err", Console(stderr=True, soft_wrap=True))


def _game_with_bad_value_on_line_100(folder: Path) -> Path:
    lines = MINI_CARDS.splitlines()
    filler = [f"  - {{name: Filler {i}, type: hero}}" for i in range(100 - len(lines) - 1)]
    cards = "\n".join([*lines, *filler, "  - {name: Bad, type: hero, speed: 'a:x:b'}"]) + "\n"
    assert cards.splitlines()[99].startswith("  - {name: Bad")
    return write_game(folder, {"cards.yaml": cards})


@pytest.mark.parametrize("terminal", [False, True], ids=["pipe", "terminal"])
def test_a_located_error_prints_its_line_and_value_as_written(
    tmp_path: Path, terminal: bool, fresh_consoles: None
) -> None:
    from typer.testing import CliRunner

    from generator.cli import app

    game = _game_with_bad_value_on_line_100(tmp_path / "mini")
    env = {"COLUMNS": "200", **({"FORCE_COLOR": "1"} if terminal else {})}
    result = CliRunner().invoke(app, ["check", str(game)], env=env)
    assert result.exit_code == 1
    assert ("\x1b[" in result.stderr) == terminal  # our own colours, on a terminal only
    shown = ANSI.sub("", result.stderr)
    assert "cards.yaml:100:" in shown and "found 'a:x:b'" in shown, shown
    assert "💯" not in shown and "❌" not in shown


def test_a_game_title_with_brackets_and_braces_builds_under_a_progress_bar(
    tmp_path: Path, fresh_consoles: None
) -> None:
    """The bar shows the title as written: '[/x]' is no closing tag, '{y}' no format field."""
    from typer.testing import CliRunner

    from generator.cli import app

    game = write_game(tmp_path / "mini")
    text = (game / "game.yaml").read_text().replace("title: Mini Game", 'title: "Mini [/x] {y} :100:"')
    (game / "game.yaml").write_text(text)
    env = {"COLUMNS": "200", "FORCE_COLOR": "1"}
    result = CliRunner().invoke(app, ["build", str(game), "-o", str(tmp_path / "out")], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()


def test_a_progress_label_with_braces_is_shown_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate`` and ``stats`` name the game in their bar: '{y}' in a title is no format field."""
    from generator.cli import common, play

    sink = io.StringIO()
    monkeypatch.setattr(common, "err", Console(file=sink, force_terminal=True, width=100))
    with play._bar("simulating Mini {y} [/x] :100:") as bar:
        task = bar.add_task("", total=3)
        bar.update(task, completed=1)
        bar.refresh()
    assert "simulating Mini {y} [/x] :100:" in ANSI.sub("", sink.getvalue())
