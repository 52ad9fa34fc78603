"""The files ``game.yaml`` names for the whole kit must lie inside the game folder.

Checked once, when the game is loaded, before any of them is read: so ``check``, ``build``,
``log check``, ``simulate`` and ``stats`` all refuse a board, component sheet, summary,
constraints file or rules module that lies outside (by '..', an absolute path, or a symbolic
link to a file or folder elsewhere), with the line of ``game.yaml`` that names it. Card files,
templates, fonts, icons and images are checked where they are looked up, by the same rule
(:func:`generator.core.paths.contained`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from generator.core import paths
from generator.core.errors import DataError, Problem
from generator.core.yamlio import Document
from generator.schema.game import GameSpec

NAMED = {
    "boards": "board file",
    "components": "component file",
    "sheets": "sheet file",
    "summary": "summary file",
    "constraints": "constraints file",
    "rules_module": "rules module",
}
"""game.yaml keys that name kit files, and what to call each in a message."""


def game_file(folder: Path) -> Path:
    """The folder's game.yaml; DataError when it is a link to a file outside the folder."""
    path = folder / paths.GAME_FILE
    try:
        return paths.contained(path, paths.game_roots(folder), "the game file", paths.GAME_FILE)
    except paths.OutsideError as exc:
        raise DataError([Problem(5, paths.spelled(path), 0, 0, "", str(exc))]) from None


def named_files(folder: Path, spec: GameSpec, doc: Document) -> list[Problem]:
    """A problem, at its line in game.yaml, for each kit file named there that lies outside."""
    roots = paths.game_roots(folder)
    problems = []
    for loc, name, kind in _named(spec):
        path = folder / name
        try:
            paths.contained(path, roots, kind, name)
            if kind == "rules module" and path.is_dir():
                _package_inside(path, name, roots)
        except paths.OutsideError as exc:
            problems.append(doc.problem(loc, str(exc), rank=10))
    return problems


def _named(spec: GameSpec) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    for key, kind in NAMED.items():
        value = getattr(spec, key)
        if isinstance(value, str):
            yield (key,), value, kind
        elif isinstance(value, list):
            for i, name in enumerate(value):
                yield (key, i), name, kind


def _package_inside(package: Path, name: str, roots: tuple[Path, ...]) -> None:
    """Raise OutsideError for the first file or folder inside a rules package that links outside."""
    for here, dirs, files in os.walk(package):  # links to folders are listed, never entered
        for entry in sorted(dirs) + sorted(files):
            inner = Path(here, entry)
            shown = f"{name.rstrip('/')}/{inner.relative_to(package).as_posix()}"
            paths.contained(inner, roots, "rules module file", shown)
        dirs.sort()
