"""Build options: everything the command line can set about a build."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core.sizes import paper_size
from generator.core.units import mm
from generator.layout.imposition import SheetOptions


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
