"""Set up a local virtual environment and run Deckwright's everyday tasks.

Usage (needs only Python 3.10+ with pip and venv):

    python3 tasks.py kits    # install, then build every bundled game's kit into output/
    python3 tasks.py test    # install with test extras, then run the whole test suite and ruff
    python3 tasks.py bench   # install, then run the benchmarks in tests/benchmarks/
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def _python() -> str:
    return str(BIN / ("python.exe" if os.name == "nt" else "python"))


def _ensure_env(extras: str) -> None:
    """Create .venv once and install the project (editable) with the given extras."""
    if not BIN.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    pyproject = ROOT / "pyproject.toml"
    if stamp.exists() and stamp.stat().st_mtime >= pyproject.stat().st_mtime:
        return
    target = f".[{extras}]" if extras else "."
    _run([_python(), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    _run([_python(), "-m", "pip", "install", "--quiet", "-e", target])
    stamp.touch()


def _run(cmd: list[str]) -> None:
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(result.returncode)


def main(argv: list[str]) -> None:
    task = argv[0] if argv else "help"
    if task == "kits":
        _ensure_env("")
        _run([_python(), "-m", "generator", "build", "--all", *argv[1:]])
    elif task == "test":
        _ensure_env("test")
        _run([_python(), "-m", "pytest", *argv[1:]])
        _run([_python(), "-m", "ruff", "check", "."])
    elif task == "bench":
        _ensure_env("test")
        _run([_python(), "tests/benchmarks/bench_pipeline.py", *argv[1:]])
    else:
        print(__doc__)
        sys.exit(0 if task == "help" else 2)


if __name__ == "__main__":
    main(sys.argv[1:])
