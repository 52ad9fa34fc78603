"""A fast start: the command line imports only what a command uses, and bundled fonts are parsed
at their first use (a build that sets two of the eleven bundled faces parses two)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from generator.art import fonts as fonts_module
from generator.art.fonts import FontBook
from generator.core import paths
from generator.core.errors import DataError
from generator.core.geometry import Box
from generator.text import fit
from generator.text.markup import Span

ROOT = Path(__file__).resolve().parents[1]

HEAVY = (
    "pydantic",
    "yaml",
    "reportlab",
    "svglib",
    "lxml",
    "PIL",
    "generator.schema",
    "generator.load.loader",
    "generator.rules",
    "generator.play",
    "generator.board",
    "generator.summary",
    "generator.components",
    "generator.layout",
    "generator.render",
    "rich",  # terminal output imports rich only when it changes something (generator/core/console.py)
)


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_importing_the_cli_loads_no_heavy_module() -> None:
    loaded = _modules_after("import generator.cli")
    assert "typer" in loaded and "generator.cli" in loaded
    assert _heavy(loaded) == []


def test_help_loads_no_heavy_module() -> None:
    code = (
        "import sys\nfrom generator.cli import app\nsys.argv = ['deckwright', '--help']\n"
        "try:\n    app()\nexcept SystemExit as exc:\n    assert exc.code == 0, exc.code"
    )
    assert _heavy(_modules_after(code)) == []


def test_a_game_without_boards_loads_no_board_summary_or_component_code(tmp_path: Path) -> None:
    from tests.conftest import write_game

    game = write_game(tmp_path / "mini")
    code = (
        "from pathlib import Path\nfrom generator.kit.build import BuildOptions\n"
        "from generator.kit.assemble import build_kit\nfrom generator.load.loader import load_game\n"
        f"build_kit(load_game(Path({str(game)!r})), BuildOptions(out_dir=Path({str(tmp_path / 'out')!r})))"
    )
    loaded = _modules_after(code)
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
    assert "generator.layout.card" in loaded  # the cards were laid out
    unused = (
        "generator.board",
        "generator.summary",
        "generator.components",
        "generator.rules",
        "generator.play",
    )
    assert [m for m in loaded if m.startswith(unused)] == []
    # an RGB build without a print shop or a spreadsheet: no shop code, no LittleCMS, no sheet reader
    assert [
        m for m in loaded if m.startswith(("generator.printshop", "generator.load.sheets.", "PIL.ImageCms"))
    ] == []


def test_bundled_faces_are_parsed_at_first_use() -> None:
    code = (
        "from generator.art.fonts import FontBook\nfrom generator.core import paths\n"
        "from reportlab.pdfbase import pdfmetrics\n"
        "book = FontBook.load([paths.FONTS])\n"
        "before = set(pdfmetrics.getRegisteredFontNames())\n"
        "face = book.face('Lato', bold=True)\n"
        "after = set(pdfmetrics.getRegisteredFontNames())\n"
        "print(json.dumps([sorted(before), sorted(after - before), face, len(book.files())]))"
    )
    probe = f"import json\n{code}"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    before, added, face, count = json.loads(result.stdout)
    assert not any(name.startswith("Lato") for name in before)
    assert added == [face] == ["Lato-Bold"]
    assert count == len(list((ROOT / "fonts").rglob("*.ttf")))  # files() parses every face


def _broken_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for the bundled fonts folder whose 'Cut' family is TrueType at its head only."""
    folder = tmp_path / "bundled"
    folder.mkdir()
    head = (ROOT / "fonts/lato/Lato-Regular.ttf").read_bytes()[:4000]  # the table directory only
    (folder / "Cut-Regular.ttf").write_bytes(head)
    shutil.copy(ROOT / "fonts/lato/Lato-Regular.ttf", folder / "Whole-Regular.ttf")
    (folder / "fonts.yaml").write_text(
        "families:\n  Whole:\n    regular: Whole-Regular.ttf\n  Cut:\n    regular: Cut-Regular.ttf\n"
    )
    monkeypatch.setattr(paths, "FONTS", folder)
    return folder


def test_a_broken_bundled_face_is_a_located_error_at_first_use(tmp_path: Path, monkeypatch) -> None:
    _broken_bundle(tmp_path, monkeypatch)
    book = FontBook.load([paths.FONTS])  # the header is fine: loading succeeds
    assert book.width("Hi", book.face("Whole"), 10) > 0
    with pytest.raises(DataError) as info:
        book.face("Cut")
    (problem,) = info.value.problems
    assert (problem.line, problem.column) == (5, 14)
    assert "font file 'Cut-Regular.ttf' is not a usable TrueType font" in problem.message
    with pytest.raises(DataError):  # and again: nothing half-registered
        book.face("Cut")
    assert [p.line for p in book.unusable()] == [5]


def test_a_broken_game_font_is_still_reported_when_the_file_is_read(tmp_path: Path) -> None:
    head = (ROOT / "fonts/lato/Lato-Regular.ttf").read_bytes()[:4000]
    (tmp_path / "Cut.ttf").write_bytes(head)
    (tmp_path / "fonts.yaml").write_text("families:\n  Cut:\n    regular: Cut.ttf\n")
    with pytest.raises(DataError, match=r"fonts\.yaml:3:.*'Cut\.ttf' is not a usable TrueType font"):
        FontBook.load([tmp_path])


def test_check_reports_a_broken_bundled_face_no_text_uses(run_cli, tmp_path: Path, monkeypatch) -> None:
    from tests.conftest import write_game

    bundle = _broken_bundle(tmp_path, monkeypatch)
    shutil.copy(ROOT / "fonts/lato/Lato-Bold.ttf", bundle / "Lato-Bold.ttf")
    shutil.copy(ROOT / "fonts/lato/Lato-Regular.ttf", bundle / "Lato-Regular.ttf")
    with (bundle / "fonts.yaml").open("a") as extra:
        extra.write("  Lato:\n    regular: Lato-Regular.ttf\n    bold: Lato-Bold.ttf\n")
    write_game(tmp_path / "mini")
    monkeypatch.setattr(fonts_module, "_BOOKS", {})
    code, _, err = run_cli("check", "mini")
    assert code == 1
    assert "fonts.yaml:5:14: families.Cut.regular: font file 'Cut-Regular.ttf' is not a usable" in err
    assert "Traceback" not in err


TEXT = st.lists(
    st.sampled_from(["a", "word", "MMMM", "Wide", " ", "  ", "\t", "x\u00a0y", "supercalifragilistic"]),
    max_size=30,
).map("".join)


@settings(max_examples=100, deadline=None)
@given(
    text=TEXT,
    bold=st.booleans(),
    w=st.floats(10, 300),
    h=st.floats(5, 200),
    size=st.floats(5, 14),
    align=st.sampled_from(fit.ALIGNS),
    valign=st.sampled_from(fit.VALIGNS),
)
def test_the_fast_text_paths_lay_out_what_the_general_one_does(text, bold, w, h, size, align, valign) -> None:
    """One span of text is measured directly and a plain line becomes one run without walking
    its words: exactly (to the last bit) what the general loops make of the same text."""
    book = FontBook.load([paths.FONTS])
    style = fit.TextStyle("Lato", size, size / 2, align=align, valign=valign, color="#123456")
    box = Box(3.5, -2.25, w, h)
    fast = fit.fit_text((Span(text, bold),), box, style, book)
    with mock.patch.object(fit, "_plain", lambda words: None):
        general = fit.fit_text((Span(text, bold), Span("")), box, style, book)  # two spans: no shortcut
    assert fast == general


@settings(max_examples=100, deadline=None)
@given(text=TEXT.filter(bool), bold=st.booleans(), italic=st.booleans())
def test_a_plain_bold_or_italic_element_text_is_the_span_parsing_gives(text, bold, italic) -> None:
    """The layouter skips parsing a whole-element bold/italic wrapper around markup-free text;
    parsing it gives that very span."""
    from generator.text.markup import is_plain, parse_markup

    assert is_plain(text)
    wrapped = f"**{text}**" if bold else text
    wrapped = f"*{wrapped}*" if italic else wrapped
    expected = (Span(text, bold, italic),) if bold or italic else (Span(text),)
    assert parse_markup(wrapped) == expected


class _Left(Exception):
    """Raised by the stand-in for ``os._exit``."""


def _main_exit(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[int, list[str]]:
    """Run ``cli.main()`` with ``argv``; return the code it ends the process with and what it
    flushed (``os._exit`` replaced, so the test process lives on)."""
    from generator import cli

    flushed: list[str] = []

    def leave(code: int) -> None:
        raise _Left(code)

    monkeypatch.setattr(cli.os, "_exit", leave)
    monkeypatch.setattr(sys, "argv", ["deckwright", *argv])
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        monkeypatch.setattr(stream, "flush", lambda name=name: flushed.append(name), raising=False)
    import signal

    handler = signal.getsignal(signal.SIGINT)  # main installs the Ctrl+C handler: give it back
    try:
        with pytest.raises(_Left) as left:
            cli.main()
    finally:
        signal.signal(signal.SIGINT, handler)
    return left.value.args[0], flushed


def test_main_ends_the_process_with_the_command_exit_code_after_flushing(monkeypatch, tmp_path) -> None:
    from tests.conftest import write_game

    game = write_game(tmp_path / "mini")
    code, flushed = _main_exit(monkeypatch, "check", str(game))
    assert (code, flushed[-2:]) == (0, ["stdout", "stderr"])  # flushed last, just before the end
    assert _main_exit(monkeypatch, "check", str(tmp_path / "nowhere"))[0] == 2
    assert _main_exit(monkeypatch, "build", "--paper", "x")[0] == 2  # a usage error
    assert _main_exit(monkeypatch, "--help")[0] == 0


def test_exit_codes_follow_sys_exit() -> None:
    from generator.cli import _exit_code

    assert [_exit_code(None), _exit_code(0), _exit_code(3), _exit_code("stop")] == [0, 0, 3, 1]


def test_a_whole_process_build_writes_its_files_and_output_before_it_ends(tmp_path: Path) -> None:
    """``python -m generator`` leaves through ``os._exit``: files are complete, stdout and stderr
    arrive whole, exit codes are kept."""
    from tests.conftest import write_game

    game = write_game(tmp_path / "mini")
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(game), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    pdf = (out / "mini" / "cards.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")
    assert done.stdout.splitlines()[-1].endswith("print-guide.md")
    assert (out / "mini" / "print-guide.md").read_text().strip()
    staged = [p for p in (out / "mini").iterdir() if p.name.startswith(".") and p.name != ".deckwright-kit"]
    assert not staged  # no staged leftovers
    failed = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(tmp_path / "nowhere")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert failed.returncode == 2
    assert "unknown game" in failed.stderr and "earlier output left as it was" in failed.stderr


@settings(max_examples=200, deadline=None)
@given(
    text=st.lists(
        st.sampled_from([*"ab :[]/\t\r\x07é-_.", "wrote out/x.pdf", ":smile:", "[bold]", "\n"]), max_size=12
    ).map("".join),
    style=st.sampled_from([None, "red", "bold red"]),
    markup=st.booleans(),
)
@example(text="[/a]", style=None, markup=True)  # not markup at all: rich refuses it, so do we
def test_the_lazy_console_prints_what_rich_prints_to_a_non_terminal(text, style, markup) -> None:
    """Plain lines skip rich; every line, plain or not, comes out as rich's console (with our
    defaults: markup, emoji codes and highlighting off) writes it."""
    import io

    from rich.console import Console as RichConsole
    from rich.errors import MarkupError

    from generator.core.console import LITERAL, Console, _shown

    def printed(show) -> str:
        """What was written, or that the text is not valid markup (asked for with markup=True:
        rich refuses '[/a]', and so must we)."""
        try:
            return show()
        except MarkupError:
            return "<markup error>"

    def theirs() -> str:
        expected = io.StringIO()
        # control characters (the bell, a carriage return) are escaped first: test_hostile_files.py
        RichConsole(file=expected, soft_wrap=True, **LITERAL).print(_shown(text), style=style, markup=markup)
        return expected.getvalue()

    def ours() -> str:
        got = io.StringIO()
        with pytest.MonkeyPatch.context() as patch:
            patch.delenv("FORCE_COLOR", raising=False)
            patch.delenv("TTY_COMPATIBLE", raising=False)
            patch.setattr(sys, "stdout", got)
            Console(highlight=False, soft_wrap=True).print(text, style=style, markup=markup)
        return got.getvalue()

    assert printed(ours) == printed(theirs)


def test_a_build_into_a_pipe_imports_no_rich(tmp_path: Path) -> None:
    """No terminal: no progress bar and plain 'wrote' lines, so rich is never imported."""
    from tests.conftest import write_game

    game = write_game(tmp_path / "mini")
    code = (
        "import sys\nfrom generator.cli import app\n"
        f"sys.argv = ['deckwright', 'build', {str(game)!r}, '-o', {str(tmp_path / 'out')!r}]\n"
        "try:\n    app()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code"
    )
    loaded = _modules_after(code)
    assert (tmp_path / "out" / "mini" / "cards.pdf").is_file()
    assert sorted(m for m in loaded if m == "rich" or m.startswith("rich.")) == []


def test_a_disabled_progress_bar_takes_the_calls_the_commands_make() -> None:
    from generator.core.console import BarColumn, Console, Progress, TextColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), console=Console(), disable=True) as bar:
        first, second = bar.add_task("a", total=None), bar.add_task("b", total=3)
        bar.update(second, description="c", completed=1, total=3)
    assert (first, second) == (0, 1)
    shown = Progress(TextColumn("x"), BarColumn(), console=Console(stderr=True), transient=True)
    assert type(shown).__name__ == "Progress" and len(shown.columns) == 2  # rich's own bar


def test_the_program_collects_cycles_in_larger_batches_and_a_library_use_does_not() -> None:
    """``deckwright`` runs with ``PROGRAM_GC_THRESHOLD`` (fewer rescans of a build's long-lived
    objects); ``import generator`` elsewhere keeps Python's own thresholds."""
    from generator import PROGRAM_GC_THRESHOLD

    probe = "import gc, generator; print(list(gc.get_threshold()))"  # the collector
    as_program = f"import sys; sys.argv[0] = 'deckwright'; {probe}"
    library = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    program = subprocess.run(
        [sys.executable, "-c", as_program], capture_output=True, text=True, check=True, cwd=ROOT
    )
    default = subprocess.run(
        [sys.executable, "-c", "import gc; print(list(gc.get_threshold()))"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(library.stdout) == json.loads(default.stdout)
    assert json.loads(program.stdout) == list(PROGRAM_GC_THRESHOLD)


def test_the_program_runs_without_pydantic_plugins_unless_told_otherwise() -> None:
    """``deckwright`` sets pydantic's ``PYDANTIC_DISABLE_PLUGINS`` (no entry-point search when
    the first schema is built) unless the user set it; a library use leaves it alone."""
    probe = "import os, generator; print(os.environ.get('PYDANTIC_DISABLE_PLUGINS'))"
    as_program = f"import sys; sys.argv[0] = 'deckwright'; {probe}"
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}

    def run(code: str, **extra: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**env, **extra},
        )
        return done.stdout.strip()

    assert run(probe) == "None"
    assert run(as_program) == "__all__"
    assert run(as_program, PYDANTIC_DISABLE_PLUGINS="") == ""
