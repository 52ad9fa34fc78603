"""Load a game's rules module (``rules_module:`` in game.yaml) from its folder, by path.

``rules_module`` names either one file (``rules.py``) or a package folder (``rules/``, with an
``__init__.py`` whose modules import each other relatively: ``from .state import Table``).
The module (or the package's ``__init__``) may define ``RULES`` (a
:class:`generator.rules.base.Rules` subclass, needed to replay playtest logs) and ``CHECKS``
(a :class:`generator.rules.checks.Checks` of named composition checks). Errors while importing
it are reported at the file and line that raised them.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import traceback
from pathlib import Path
from types import ModuleType

from generator.core.errors import DataError, Problem, display_path
from generator.load.model import Game
from generator.rules import bytecode
from generator.schema.game import GameSpec

_CACHE: dict[tuple[Path, float], ModuleType] = {}
_PREFIX = "deckwright_rules_"


def rules_path(game: Game) -> Path | None:
    """The rules module file a game names, or None when it names none."""
    spec: GameSpec | None = game.extra.get("spec")
    if spec is None or not spec.rules_module:
        return None
    return game.folder / spec.rules_module


def spec_problem(game: Game, key: str, message: str) -> Problem:
    """A Problem at ``key`` in the game's game.yaml."""
    return game.spec_problem((key,), message)


def load_rules_module(game: Game) -> ModuleType | None:
    """Import the game's rules module (once per file version); None when it has none."""
    path = rules_path(game)
    if path is None:
        return None
    package = path.is_dir()
    entry = path / "__init__.py" if package else path
    if not entry.is_file():
        what = f"package '{path.name}/' has no __init__.py" if package else f"file '{path.name}' not found"
        raise DataError([spec_problem(game, "rules_module", f"{what} in the game folder")])
    key = (path.resolve(), _version(path))
    if key in _CACHE:
        return _CACHE[key]
    name = _PREFIX + re.sub(r"\W", "_", game.name)
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]  # a changed package is imported afresh, submodules included
    search = [str(path)] if package else None
    bytecode.install(_PREFIX)  # its modules' byte code kept even where the folder is read-only
    loader = bytecode.CachedLoader(name, str(entry))
    spec = importlib.util.spec_from_file_location(
        name, entry, loader=loader, submodule_search_locations=search
    )
    if spec is None or spec.loader is None:  # pragma: no cover - only for odd file names
        raise DataError([Problem(20, display_path(path), 0, 0, "", "cannot load as a Python module")])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(name, None)
        raise DataError([code_problem(exc, path, "the rules module failed to load")]) from None
    _CACHE[key] = module
    return module


def _version(path: Path) -> float:
    """The newest modification time of the module file, or of any file in the package."""
    if not path.is_dir():
        return path.stat().st_mtime
    return max((f.stat().st_mtime for f in path.rglob("*.py")), default=0.0)


def _inside(filename: str | None, path: Path) -> bool:
    if not filename:
        return False
    file, root = Path(filename).resolve(), path.resolve()
    return file == root or root in file.parents


def code_problem(exc: BaseException, path: Path, what: str) -> Problem:
    """A Problem at the deepest line of the rules module (or package file) in the traceback."""
    where, line = path, 0
    if isinstance(exc, SyntaxError) and _inside(exc.filename, path):
        where, line = Path(exc.filename or path), exc.lineno or 0
    for frame in traceback.extract_tb(exc.__traceback__):
        if _inside(frame.filename, path):
            where, line = Path(frame.filename), frame.lineno or line
    return Problem(40, display_path(where), line, 0, "", f"{what}: {type(exc).__name__}: {exc}")
