"""Packaging hook: the wheel carries the bundled fonts, templates and games.

They stay at the top of the repository (``fonts/``, ``templates/``, ``carddata/``), one source of
truth; building a wheel copies them into the package as ``generator/_bundled/``, where
``generator.core.paths`` finds them when Deckwright runs from an installed package. Everything
else is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("carddata", "templates", "fonts")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".DS_Store")


class BuildWithData(build_py):
    """``build_py`` that also copies the bundled folders into ``generator/_bundled/``."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads them from the checkout itself
            return
        target = Path(self.build_lib) / "generator" / "_bundled"
        for name in BUNDLED:
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(ROOT / name, target / name, ignore=SKIP)


setup(cmdclass={"build_py": BuildWithData})
