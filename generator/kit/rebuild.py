"""The ``deckwright build`` command that makes a kit again with the options it was built with.

The print guide tells a user to rebuild with one thing changed (a back offset, another layout);
the command it shows repeats every option of this build that differs from the default, so the
rebuilt kit differs only in what the advice changes.
"""

from __future__ import annotations

import shlex
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from generator.core import paths
from generator.core.errors import display_path
from generator.core.options import BuildOptions
from generator.core.units import to_mm

_DEFAULT = BuildOptions()


def game_argument(name: str, folder: Path) -> str:
    """How to name the game on the command line: a bundled game by its name, else its folder."""
    bundled = (paths.CARDDATA / name).resolve()
    return name if folder.resolve() == bundled else display_path(folder)


def _mm(value: float) -> str:
    return f"{round(to_mm(value), 3):g}"


def _flag(name: str, value: Any, shown: bool = False) -> list[str]:
    """The command-line words giving option ``name`` the value ``value`` (none for a default
    unless ``shown``)."""
    if name == "paper":  # always shown: the advice is about this paper
        return ["--paper", value]
    if value == getattr(_DEFAULT, name) and not shown:
        return []
    if name in ("orientation", "layout", "duplex", "spacing", "printshop"):
        return [f"--{name}", str(value)]
    if name == "back_offset":
        return ["--back-offset", ",".join(_mm(v) for v in value)]
    if name == "bleed":
        return ["--bleed", _mm(value)]
    if name in ("backs", "crop_marks", "cut_lines"):
        flag = name.replace("_", "-")
        return [f"--{flag}" if value else f"--no-{flag}"]
    if name == "printshop_order":
        return ["--printshop-order", str(value)]
    if name == "out_dir":
        return ["-o", str(value)]
    if name == "allow_overflow":
        return ["--allow-overflow"]
    if name == "shop_color":
        return ["--color", str(value)]
    if name == "shop_ink_limit":
        return ["--ink-limit", f"{value:g}"]
    return []  # color and ink_limit: given on the command line as shop_color / shop_ink_limit


def rebuild_command(
    game: str | list[str], options: BuildOptions, ask_offset: bool = False, **changes: Any
) -> str:
    """``deckwright build GAME ...`` with this build's options and ``changes`` (fields of
    :class:`BuildOptions`) applied; ``ask_offset`` shows ``--back-offset X,Y`` for the reader to
    fill in. ``game`` may be several words (``[game, "--lang", "de"]``)."""
    changed = replace(options, **changes)
    words = ["deckwright", "build", *([game] if isinstance(game, str) else game)]
    for f in fields(BuildOptions):
        value = getattr(changed, f.name)
        if f.name == "back_offset" and ask_offset:
            words += ["--back-offset", "X,Y"]
        elif f.name in changes or (f.name == "duplex" and changed.layout == "duplex"):
            words += _flag(f.name, value, shown=True)  # what the advice changes, and the flip edge
        else:
            words += _flag(f.name, value)
    return " ".join(w if w == "X,Y" else shlex.quote(w) for w in words)
