"""The validated board model (what ``load_board`` returns) and its laid-out form."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from generator.board.ops import BoardOp
from generator.core.yamlio import Document
from generator.schema.board import BoardSpec
from generator.schema.inline import IconSpec


@dataclass(frozen=True)
class Board:
    """A board: its name and title, size in points, the validated spec and what it refers to.

    ``doc`` keeps the YAML positions so later stages can point at the line of a problem;
    ``sizes`` maps this game's deck names to their card size (points), for zone sizes.
    """

    name: str
    title: str
    width: float
    height: float
    overlap: float
    spec: BoardSpec
    doc: Document
    path: Path
    icons: Mapping[str, Path]
    image_dirs: tuple[Path, ...]
    sizes: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    smallest_text: float = math.inf
    """The smallest type on the board at full size (points), once laid out."""
    min_size: float = 6.0
    """The smallest type the game lets print (its ``proof: min_size``)."""
    inline_icons: Mapping[str, IconSpec] = field(default_factory=dict)
    """Inline icons' own sizes and offsets in text (``game.yaml`` ``icons:``)."""


@dataclass(frozen=True)
class BoardLayout:
    """A laid-out board: drawing ops in board points (origin bottom-left, y up)."""

    width: float
    height: float
    ops: tuple[BoardOp, ...]
