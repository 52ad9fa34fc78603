"""Template expressions: ``{= cost * 2}``, ``{= '★' * stars}``, ``{= 'Rare' if cost > 3 else ''}``.

A small language of our own (``syntax``: grammar and parser; ``evaluate``: the rules), with no
door to Python: names are card fields, calls are from a fixed list, every size is bounded.

The parser and the rules are imported at the first use of a name below other than ``MARK``
(module ``__getattr__``), so a game whose templates hold no expression never loads them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.expr.api import check, fields_of, value_of
    from generator.expr.evaluate import Missing, evaluate
    from generator.expr.syntax import FUNCTIONS, ExprError, Node, names, parse
    from generator.expr.values import as_text, key_text

__all__ = [
    "FUNCTIONS",
    "MARK",
    "ExprError",
    "Missing",
    "Node",
    "as_text",
    "check",
    "evaluate",
    "fields_of",
    "key_text",
    "names",
    "parse",
    "value_of",
]

MARK = "="
"""What opens an expression inside braces: ``{= ...}``."""

_LAZY = {
    "Missing": "evaluate",
    "evaluate": "evaluate",
    "FUNCTIONS": "syntax",
    "ExprError": "syntax",
    "Node": "syntax",
    "names": "syntax",
    "parse": "syntax",
    "as_text": "values",
    "key_text": "values",
    "check": "api",
    "fields_of": "api",
    "value_of": "api",
}


def __getattr__(name: str) -> Any:
    """Every name of ``_LAZY`` made a plain attribute of this package at the first use of one."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    for lazy, module in _LAZY.items():
        globals()[lazy] = getattr(importlib.import_module(f"{__name__}.{module}"), lazy)
    return globals()[name]
