"""The stand-in for pydantic's plugin loader (``generator/core/noplugins.py``): in the program,
with plugins off, a build imports no package metadata; the stand-in answers as pydantic would
and steps aside for anything else."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROGRAM = (
    "import sys; sys.argv[0] = 'deckwright'; import generator\n"
    "from pydantic import BaseModel\n"
    "class M(BaseModel):\n    x: int\n"
    "assert M(x='3').x == 3\n"
    "print(sorted(m for m in sys.modules if m.startswith(('importlib.metadata', 'email'))))\n"
)


def _run(code: str, **env: str) -> str:
    base = {k: v for k, v in __import__("os").environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**base, **env},
        cwd=ROOT,
    )
    return out.stdout.strip()


def test_the_program_builds_models_without_package_metadata() -> None:
    assert _run(PROGRAM) == "[]"


def test_plugins_a_user_turns_on_by_name_are_still_looked_for() -> None:
    """PYDANTIC_DISABLE_PLUGINS naming one plugin: pydantic's own loader, metadata and all."""
    assert _run(PROGRAM, PYDANTIC_DISABLE_PLUGINS="someplugin") != "[]"


def test_the_stand_in_steps_aside_for_other_names() -> None:
    code = (
        "import sys; sys.argv[0] = 'deckwright'; import generator\n"
        "from pydantic.plugin import _loader\n"
        "print(type(_loader).__name__, list(_loader.get_plugins()), _loader.PYDANTIC_ENTRY_POINT_GROUP,\n"
        "      type(sys.modules['pydantic.plugin._loader']).__name__)\n"
    )
    assert _run(code) == "_StandIn [] pydantic module"


def test_a_library_import_leaves_pydantic_alone() -> None:
    code = (
        "import sys, generator\n"
        "print('pydantic.plugin._loader' in sys.modules or 'importlib.metadata' in sys.modules)\n"
        "from pydantic.plugin import _loader; print(type(_loader).__name__)\n"
    )
    assert _run(code).split() == ["False", "module"]
