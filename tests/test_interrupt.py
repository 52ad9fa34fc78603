"""Ctrl+C at any moment of a real ``deckwright`` process prints one line and exits 130.

Each try starts the real entry point (``python -m generator`` or the console script) with
``-X importtime``, whose report of each finished import arrives on stderr as it happens: the
report of the package ``generator`` itself comes once its ``__init__`` (which installs the
handler) has run, and each delay below is counted from that moment, so a loaded machine cannot
move the signal into the interpreter's own start-up, which comes before any Deckwright code and
is Python's to handle. Delays of 0 to 300 ms land in the imports of typer, the command module and
the build, and in the build itself.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).parent / "deckwright"
DELAYS_MS = (0, 20, 50, 100, 300)


def _interrupted(entry: list[str], delay: float, out: Path) -> tuple[int, str]:
    """Start ``entry build --all``, send SIGINT ``delay`` s after the package ``generator`` is
    imported; return the exit code and stderr without the import-time report."""
    command = [sys.executable, "-X", "importtime", *entry, "build", "--all", "-o", str(out)]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stderr is not None
    seen: list[str] = []
    for line in child.stderr:  # the package's own line comes after its __init__ ran
        seen.append(line)
        if line.split("|")[-1].strip() == "generator":
            break
    else:
        pytest.fail(f"no import report for 'generator': {''.join(seen)[-2000:]}")
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=120)
    said = [line for line in err.splitlines() if not line.startswith("import time:")]
    return child.returncode, "\n".join(said)


@pytest.mark.parametrize("delay_ms", DELAYS_MS)
@pytest.mark.parametrize("entry", ["module", "script"])
def test_ctrl_c_prints_one_line_and_exits_130(tmp_path: Path, entry: str, delay_ms: int) -> None:
    if entry == "script" and not SCRIPT.is_file():
        pytest.skip("the deckwright console script is not installed beside this interpreter")
    how = ["-m", "generator"] if entry == "module" else [str(SCRIPT)]
    code, said = _interrupted(how, delay_ms / 1000, tmp_path / "out")
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    assert (code, said.splitlines()[-1:]) == (130, ["interrupted"]), said
    staged = [  # (a kit published whole before the Ctrl+C keeps its marker file)
        p for p in (tmp_path / "out").rglob("*") if p.name.startswith(".") and p.name != ".deckwright-kit"
    ]
    assert staged == []  # a build interrupted while writing left no staged files behind
    shutil.rmtree(tmp_path / "out", ignore_errors=True)


def test_importing_the_package_as_a_library_leaves_sigint_alone() -> None:
    code = (
        "import signal, generator.cli; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"


def test_the_program_is_told_from_a_library_use(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.core.interrupt import started_as_program

    cases = {
        ("/venv/bin/deckwright", ("python", "/venv/bin/deckwright")): True,
        ("-m", ("python", "-X", "importtime", "-m", "generator", "build")): True,
        ("-m", ("python", "-mgenerator")): True,
        ("/x/pytest", ("python", "-m", "pytest", "tests")): False,
        ("-c", ("python", "-c", "import generator")): False,
    }
    for (argv0, orig), expected in cases.items():
        monkeypatch.setattr(sys, "argv", [argv0])
        monkeypatch.setattr(sys, "orig_argv", list(orig), raising=False)
        assert started_as_program() is expected, orig


def test_ctrl_c_stops_watch_as_its_normal_end(tmp_path: Path) -> None:
    """``watch`` runs until Ctrl+C: that is its stop, so it ends with 0 and says so once."""
    from tests.conftest import write_game

    game = write_game(tmp_path / "mini")
    command = [sys.executable, "-m", "generator", "watch", str(game), "-o", str(tmp_path / "out")]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stderr is not None
    said = []
    for line in child.stderr:  # the build is done and the watcher started
        said.append(line)
        if line.startswith("watching "):
            break
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    _, rest = child.communicate(timeout=120)
    said += rest.splitlines(keepends=True)
    assert "Traceback" not in "".join(said)
    ends = [line for line in said if line in ("stopped watching.\n", "interrupted\n")]
    # stopped while watching (the usual case); on a very slow machine, still importing the watcher
    expected = ["stopped watching.\n"] if child.returncode == 0 else ["interrupted\n"]
    assert (child.returncode in (0, 130), ends) == (True, expected), "".join(said)


LANDS_IN_DEL = """
import os, signal
from generator.core import interrupt
interrupt.install()
class Late:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)  # the handler's raise lands in here, where Python
        for _ in range(100000):  # cannot raise it (as in the import machinery's lock callback)
            pass
with interrupt.raising():
    Late()
    print("noted", interrupt.happened(), flush=True)
"""


def test_a_ctrl_c_python_cannot_raise_prints_no_traceback(tmp_path: Path) -> None:
    """Ctrl+C whose KeyboardInterrupt lands in a ``__del__`` or weakref callback (CI saw it in the
    import machinery's module-lock callback) is noted for the command's loops, and Python's
    "Exception ignored ... Traceback" report of it is not printed."""
    run = subprocess.run([sys.executable, "-c", LANDS_IN_DEL], capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "noted True", run.stdout + run.stderr
    assert run.stderr == "", run.stderr


def test_other_exceptions_python_cannot_raise_are_still_reported() -> None:
    code = "from generator.core import interrupt\ninterrupt.install()\nclass A:\n    def __del__(self):\n        raise ValueError('kept')\nA()\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "Exception ignored" in run.stderr and "ValueError: kept" in run.stderr, run.stderr


SWALLOWED = """
import sys
sys.argv[0] = "deckwright"
import generator.cli as cli
from generator.core import interrupt

def app():  # what a library does with a Ctrl+C it caught: its own error (pydantic-core: SchemaError)
    interrupt._state["happened"] = True
    raise RuntimeError("Error building serializer: KeyboardInterrupt")

cli.app = app
cli.main()
"""


def test_an_interrupt_a_library_turned_into_its_own_error_ends_as_ctrl_c() -> None:
    """Ctrl+C caught by a library and raised again as its own error (pydantic-core building a
    schema lazily) ends with one line and 130, not that error's traceback."""
    run = subprocess.run([sys.executable, "-c", SWALLOWED], capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stderr.strip()) == (130, "interrupted"), run.stderr


def test_problems_a_swallowed_interrupt_caused_are_not_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """After Ctrl+C, problems are not the data's (pydantic-core reported a pattern it could not
    compile when the interrupt landed in it): the report ends as Ctrl+C ends instead."""
    from generator.cli import common
    from generator.core import interrupt
    from generator.core.errors import Problem

    monkeypatch.setitem(interrupt._state, "happened", True)
    with pytest.raises(KeyboardInterrupt):
        common.report([Problem(0, "game.yaml", 3, 1, "decks[0].name", "String should match pattern")])
