"""No pydantic validation plugins in the ``deckwright`` program, without importing the package
metadata machinery to find none.

The program sets ``PYDANTIC_DISABLE_PLUGINS`` (``generator/__init__.py``), so pydantic's plugin
loader answers "no plugins" every time; but the loader's module imports ``importlib.metadata``
(with ``email``, ``zipfile``, ``csv``, ``socket``: about 10 ms, 4% of a one-card build) the first
time a schema is built, only to look at the variable. :func:`install` puts a stand-in for that
module in ``sys.modules`` whose ``get_plugins`` gives the same empty answer; any other name asked
of it loads pydantic's own module (the stand-in steps aside), so a newer pydantic that wants more
from it still gets it. Only when plugins are off for all (``1``, ``true``, ``__all__``)."""

from __future__ import annotations

import importlib
import os
import sys
import types
from collections.abc import Iterable

NAME = "pydantic.plugin._loader"
OFF = ("__all__", "1", "true")


def get_plugins() -> Iterable[object]:
    """pydantic's answer with ``PYDANTIC_DISABLE_PLUGINS`` set for all: no plugins."""
    if os.getenv("PYDANTIC_DISABLE_PLUGINS") in OFF:
        return ()
    return _real().get_plugins()


def _real() -> types.ModuleType:
    """pydantic's own loader module, in place of the stand-in from now on."""
    if isinstance(sys.modules.get(NAME), _StandIn):
        del sys.modules[NAME]
    return importlib.import_module(NAME)


class _StandIn(types.ModuleType):
    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # what the import system asks of any module (``__path__``)
            raise AttributeError(name)
        return getattr(_real(), name)


def install() -> None:
    """Put the stand-in in place when plugins are off for all and pydantic's loader is not loaded."""
    if os.getenv("PYDANTIC_DISABLE_PLUGINS") in OFF and NAME not in sys.modules:
        stand_in = _StandIn(NAME, __doc__)
        stand_in.get_plugins = get_plugins  # type: ignore[attr-defined]
        sys.modules[NAME] = stand_in
