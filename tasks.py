"""Set up a local virtual environment and run Deckwright's everyday tasks.

Usage (needs only Python 3.10+ with pip and venv):

    python3 tasks.py kits            # install from the lock file, build every bundled game into output/
    python3 tasks.py test            # install from the lock file, run the whole test suite and ruff
    python3 tasks.py test --latest   # the same against the newest releases, in .venv-latest/
    python3 tasks.py bench           # install from the lock file, run the benchmarks in tests/benchmarks/
    python3 tasks.py benchtable      # measure build, check, simulate and preview memory into docs/
    python3 tasks.py docs            # build the documentation site from docs/ into site/ (mkdocs --strict)
    python3 tasks.py pictures        # redraw the documentation's pictures (docs/pictures/) with the build
    python3 tasks.py lock            # refresh requirements/lock.txt on purpose (newest releases, hashed)
    python3 tasks.py icons           # refresh the shipped game-icons.net copy on purpose (pinned, checked)

Both everyday commands install exactly what requirements/lock.txt names (versions and hashes),
so a fresh clone gets the environment the suite last passed with. pyproject.toml keeps version
ranges for people who `pip install` the package.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
LOCK = ROOT / "requirements" / "lock.txt"
BUILD_IN = ROOT / "requirements" / "build.in"
# the resolver that writes the lock file; pinned so a refresh is itself reproducible
UV = "uv==0.13.9"


def _bin(env: Path) -> Path:
    return env / ("Scripts" if os.name == "nt" else "bin")


def _python(env: Path) -> str:
    return str(_bin(env) / ("python.exe" if os.name == "nt" else "python"))


def _create(env: Path) -> None:
    if not _bin(env).exists():
        print(f"creating virtual environment in {env}", flush=True)
        venv.EnvBuilder(with_pip=True).create(env)


def _fingerprint() -> str:
    """What the locked environment is made of: the lock file and the project's own metadata."""
    digest = hashlib.sha256(b"editable_mode=compat\n")
    for path in (LOCK, ROOT / "pyproject.toml", ROOT / "setup.py"):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _ensure_locked_env() -> Path:
    """Create .venv once and install exactly the locked versions, then Deckwright itself (editable)."""
    env = ROOT / ".venv"
    _create(env)
    stamp = env / ".installed-lock"
    fingerprint = _fingerprint()
    if stamp.exists() and stamp.read_text() == fingerprint:
        return env
    py = _python(env)
    # every third-party package, at the locked version, checked against the locked hashes
    _run([py, "-m", "pip", "install", "--quiet", "--require-hashes", "--no-deps", "-r", str(LOCK)])
    # Deckwright itself, built with the locked setuptools (no unpinned build environment); compat
    # mode puts the checkout on sys.path with a .pth line instead of an import hook that runs at
    # every interpreter start (faster, and a Ctrl+C that early cannot land in setuptools' code)
    _run(
        [
            py,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-e",
            ".",
            "--config-settings",
            "editable_mode=compat",
        ]
    )
    stamp.write_text(fingerprint)
    return env


def _ensure_latest_env() -> Path:
    """Create .venv-latest and upgrade everything to the newest releases the ranges allow."""
    env = ROOT / ".venv-latest"
    _create(env)
    py = _python(env)
    _run([py, "-m", "pip", "install", "--quiet", "--upgrade", "--upgrade-strategy", "eager", "-e", ".[test]"])
    _run([py, "-m", "pip", "freeze", "--exclude-editable"])
    return env


def _lock() -> None:
    """Resolve the newest releases for every Python and platform we support, with hashes."""
    tools = ROOT / ".venv-tools"
    _create(tools)
    _run([_python(tools), "-m", "pip", "install", "--quiet", UV])
    uv = str(_bin(tools) / "uv")
    _run(
        [
            uv,
            "pip",
            "compile",
            "pyproject.toml",
            str(BUILD_IN.relative_to(ROOT)),
            "--extra",
            "test",
            "--universal",
            "--python-version",
            "3.10",
            "--generate-hashes",
            "--index-url",
            "https://pypi.org/simple",
            "--no-header",
            "-o",
            str(LOCK.relative_to(ROOT)),
        ]
    )
    print(f"wrote {LOCK.relative_to(ROOT)}: run `python3 tasks.py test` before committing it")


def _run(cmd: list[str]) -> None:
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(result.returncode)


def main(argv: list[str]) -> None:
    task = argv[0] if argv else "help"
    rest = argv[1:]
    if task == "kits":
        env = _ensure_locked_env()
        _run([_python(env), "-m", "generator", "build", "--all", *rest])
    elif task == "test":
        latest = "--latest" in rest
        rest = [arg for arg in rest if arg != "--latest"]
        env = _ensure_latest_env() if latest else _ensure_locked_env()
        _run([_python(env), "-m", "pytest", *rest])
        _run([_python(env), "-m", "ruff", "check", "."])
        _run([_python(env), "-m", "ruff", "format", "--check", "."])
    elif task == "bench":
        env = _ensure_locked_env()
        _run([_python(env), "tests/benchmarks/bench_pipeline.py", *rest])
    elif task == "benchtable":  # docs/development/benchmark-table.md, the load beside each figure
        env = _ensure_locked_env()
        _run([_python(env), "tests/benchmarks/bench_table.py", *rest])
    elif task == "docs":
        env = _ensure_locked_env()
        os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's notice about its successor
        _run([_python(env), "-m", "mkdocs", "build", "--strict", *rest])
        print(f"wrote {ROOT / 'site' / 'index.html'}")
    elif task == "pictures":
        env = _ensure_locked_env()
        _run([_python(env), "docs/pictures.py", *rest])
    elif task == "lock":
        _lock()
    elif task == "icons":  # npm pack of the pinned version, its sha512 checked: generator/art/game-icons/
        env = _ensure_locked_env()
        _run([_python(env), "-m", "generator.art.gameicons_build", *rest])
    else:
        print(__doc__)
        sys.exit(0 if task == "help" else 2)


if __name__ == "__main__":
    main(sys.argv[1:])
