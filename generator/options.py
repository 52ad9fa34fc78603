"""Build options: everything the command line can set about a build."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.layout.imposition import SheetOptions
from generator.layout.sizes import paper_size
from generator.units import mm


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
    printshop: bool = False
    printshop_order: str = "front-back"
    out_dir: Path | None = None
    allow_overflow: bool = False  # write text that does not fit (with a warning) instead of failing
    color: str = "rgb"  # rgb | cmyk (PDF/X-1a): the one place the renderer reads the colour mode
    ink_limit: float = 300.0  # percent: the most total ink a colour may use in a CMYK build

    def sheet_options(self) -> SheetOptions:
        return SheetOptions(
            paper=paper_size(self.paper),
            orientation=self.orientation,
            bleed=self.bleed,
            spacing=self.spacing,
            crop_marks=self.crop_marks,
            cut_lines=self.cut_lines,
        )
