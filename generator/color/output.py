"""The colour mode of the files being written: RGB, or CMYK within an ink limit (PDF/X-1a).

``BuildOptions.color`` and ``BuildOptions.ink_limit`` are the only inputs: the build enters
``using(options.color, options.ink_limit)`` once, and every canvas, colour and image written inside
reads ``current()``. The default outside any block is RGB, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

MODES = ("rgb", "cmyk")
MIN_LIMIT, MAX_LIMIT = 100.0, 400.0


@dataclass(frozen=True)
class ColorMode:
    """``mode`` is "rgb" or "cmyk"; ``ink_limit`` the most total ink (percent) a colour may use."""

    mode: str = "rgb"
    ink_limit: float = 300.0

    @property
    def cmyk(self) -> bool:
        return self.mode == "cmyk"


def check_mode(mode: str, ink_limit: float) -> None:
    """ValueError for an unknown mode or an ink limit outside 100-400 %."""
    if mode not in MODES:
        raise ValueError(f"unknown colour mode {mode!r}: use {' or '.join(MODES)}")
    if not MIN_LIMIT <= ink_limit <= MAX_LIMIT:
        raise ValueError(
            f"an ink limit of {ink_limit:g} % is outside {MIN_LIMIT:g}-{MAX_LIMIT:g} %: print shops ask "
            "for 240-330 %"
        )


_RGB = ColorMode()
_CURRENT: ContextVar[ColorMode] = ContextVar("color_mode", default=_RGB)


def current() -> ColorMode:
    return _CURRENT.get()


@contextmanager
def using(mode: str = "rgb", ink_limit: float = 300.0) -> Iterator[ColorMode]:
    """Write every file inside the block in ``mode`` with ``ink_limit``."""
    check_mode(mode, ink_limit)
    token = _CURRENT.set(ColorMode(mode, float(ink_limit)))
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)


def guide_lines(mode: str, ink_limit: float) -> list[str]:
    """What the print guide says about the colour of the files."""
    if mode != "cmyk":
        return []
    from generator.color.convert import CONDITION, PROFILE_NAME

    return [
        f"Every PDF is CMYK, PDF/X-1a:2003, for a print shop: output intent {CONDITION} with the "
        f"{PROFILE_NAME} profile embedded, total ink at most {ink_limit:g} %. A home printer prints "
        "them too, but the colours were separated for a press.",
    ]
