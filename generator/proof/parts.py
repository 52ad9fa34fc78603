"""The kit parts the game rules judge besides the pages: a game's boards and component files, as
the kit stage loads them (``generator.kit.proofing.proof_parts``) and hands them over."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a game without boards or components loads no board or component code
    from generator.board.model import Board
    from generator.components.model import ComponentSet


@dataclass(frozen=True)
class Parts:
    """A game's loaded boards, and its component files with what each loads to, in kit order."""

    boards: tuple[Board, ...] = ()
    components: tuple[tuple[Path, ComponentSet], ...] = ()
