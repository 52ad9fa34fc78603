"""Build options: everything the command line can set about a build, and the values it gives the
stages below (how cards are imposed on a sheet, where a game's files go)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from generator.core.sizes import paper_size
from generator.core.units import mm

Progress = Callable[[str, int, int], None]


ORIENTATIONS = ("auto", "portrait", "landscape")
SPACINGS = ("auto", "butted", "spaced")


@dataclass(frozen=True)
class SheetOptions:
    """How to impose cards on a sheet; ``paper`` is the portrait (W, H) size in points."""

    paper: tuple[float, float]
    orientation: str = "auto"
    margin: float = mm(5)
    bleed: float = mm(3)
    spacing: str = "auto"
    crop_marks: bool = True
    cut_lines: bool = False
    make_room: bool = False
    """Keep a band free along the bottom edge, at the cost of items per sheet, where the margins
    leave no room for the full scale bar and a 6 pt label (component sheets)."""
    label_chars: int = 0
    """About how long the sheet label will be, to find it a place where it fits at 6 pt."""

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be one of {', '.join(ORIENTATIONS)}")
        if self.spacing not in SPACINGS:
            raise ValueError(f"spacing must be one of {', '.join(SPACINGS)}")
        if self.margin < 0 or self.bleed < 0 or min(self.paper) <= 0:
            raise ValueError("paper size must be positive, margin and bleed not negative")


@dataclass(frozen=True)
class BuildOptions:
    """Everything the command line can set about a build."""

    paper: str = "a4"
    orientation: str = "auto"
    layout: str = "duplex"  # duplex | gutterfold
    duplex: str = "long"  # long | short
    back_offset: tuple[float, float] = (0.0, 0.0)  # points
    bleed: float = field(default_factory=lambda: mm(3))
    spacing: str = "auto"
    backs: bool = True
    crop_marks: bool = True
    cut_lines: bool = False
    printshop: str | None = None  # a preset name (generic, drivethrucards, ...) or a preset file
    printshop_order: str | None = None  # overrides the preset's page order
    out_dir: Path | None = None
    allow_overflow: bool = False  # write text that does not fit (with a warning) instead of failing
    allow_proof: bool = False  # write the kit despite proofreader findings (each a warning)
    color: str = "rgb"  # rgb | cmyk (PDF/X-1a): the one place the renderer reads the colour mode
    ink_limit: float = 300.0  # percent: the most total ink a colour may use in a CMYK build
    # the print-shop files' colour mode and ink limit when given on the command line; None: the
    # shop preset's own (e.g. DriveThruCards: cmyk, 240 %)
    shop_color: str | None = None
    shop_ink_limit: float | None = None

    def sheet_options(self) -> SheetOptions:
        return SheetOptions(
            paper=paper_size(self.paper),
            orientation=self.orientation,
            bleed=self.bleed,
            spacing=self.spacing,
            crop_marks=self.crop_marks,
            cut_lines=self.cut_lines,
        )


class Named(Protocol):
    """Anything with a name, as a game (``generator.load.model.Game``) has."""

    @property
    def name(self) -> str: ...


def output_dir(game: Named, options: BuildOptions) -> Path:
    from generator.core import paths

    return (options.out_dir or paths.OUTPUT) / game.name
