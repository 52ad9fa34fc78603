"""Builds killed (SIGKILL) at seeded random moments: the kit folder always holds exactly the old kit
or exactly the new one, and the next run leaves no hidden staging or aside folder behind."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import MINI_GAME, write_game
from tests.test_publish import hidden, snapshot
from tests.test_publish_cli import TOKENS, TOKENS_DECK

ROOT = Path(__file__).resolve().parents[1]
KILLS = int(os.environ.get("DECKWRIGHT_KILLS", "20"))  # more for a longer run by hand
SEED = int(os.environ.get("DECKWRIGHT_KILL_SEED", "18"))

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def _build(game: Path, out: Path, *args: str) -> subprocess.Popen:
    """A build into ``out``, named as `-o out` from its parent: every kit here is then the same
    bytes, print guide included (its rebuild command repeats the -o it was given)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "generator", "build", str(game), "-o", out.name, *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        command, cwd=out.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two versions of the game 'mini': with a tokens deck, and without it (on other paper)."""
    root = tmp_path_factory.mktemp("kill")
    two = write_game(root / "two" / "mini", {"game.yaml": MINI_GAME + TOKENS_DECK, "tokens.yaml": TOKENS})
    one = write_game(root / "one" / "mini")
    return two, one


def _kit(game: Path, out: Path, *args: str) -> dict[str, bytes | None]:
    done = _build(game, out, *args)
    _, err = done.communicate(timeout=120)
    assert done.returncode == 0, err.decode()
    return snapshot(out / "mini")


def test_a_build_killed_at_any_moment_leaves_the_old_kit_or_the_new_one(games, tmp_path: Path):
    two, one = games
    versions = [(two, ()), (one, ("--paper", "letter"))]
    started = time.perf_counter()
    kits = [_kit(game, tmp_path / f"ref{i}" / "out", *args) for i, (game, args) in enumerate(versions)]
    span = (time.perf_counter() - started) / 2  # one whole build, start-up included
    assert kits[0] != kits[1] and "tokens.pdf" in kits[0] and "tokens.pdf" not in kits[1]
    out = tmp_path / "run" / "out"
    _kit(*versions[0][:1], out)
    rng = random.Random(SEED)
    seen = {"finished": 0, "old": 0, "new": 0}  # before the kill; the kit a killed run left
    for n in range(KILLS):
        game, args = versions[(n + 1) % 2]
        before = snapshot(out / "mini")
        child = _build(game, out, *args)
        time.sleep(rng.uniform(0.2, 1.2) * span)
        running = child.poll() is None
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        now = snapshot(out / "mini")
        assert now in kits, f"kill {n}: a mixed kit {sorted(now)}"
        assert not [name for name in now if Path(name).name.startswith(".")]  # nothing hidden inside
        seen["old" if running and now == before else "new" if running else "finished"] += 1
    print(f"{KILLS} kills (seed {SEED}): {seen}")
    assert seen["old"] + seen["new"] >= KILLS // 2  # most kills hit a running build
    assert _kit(*versions[1][:1], out, *versions[1][1]) == kits[1]
    assert hidden(out) == []  # dead runs' staging and aside folders are gone


def test_a_kill_between_the_two_renames_is_put_back_by_the_next_run(games, tmp_path: Path):
    """The one moment the kit folder is missing: the old kit aside, the new one not yet in."""
    two, one = games
    out = tmp_path / "out"
    old = _kit(two, out)
    script = (
        "import os, signal, sys\n"
        "real = os.rename\n"
        "def rename(src, dst):\n"
        "    real(src, dst)\n"
        "    if '.mini.deckwright-old-' in str(dst):\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "os.rename = rename\n"
        "from generator.cli import main\n"
        f"sys.argv = ['deckwright', 'build', {str(one)!r}, '-o', {str(out)!r}]\n"
        "main()\n"
    )
    killed = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL
    assert not (out / "mini").exists() and len(hidden(out)) == 2  # aside and staging
    done = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(tmp_path / "missing"), "-o", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2 and "earlier output left as it was" in done.stderr  # a failed run...
    assert snapshot(out / "mini") == old and hidden(out) == []  # ...puts the old kit back
