"""Read a board file: YAML -> schema -> sizes and references resolved -> a checked Board."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from generator.art.fonts import FontBook
from generator.board.layout import layout_board
from generator.board.model import Board
from generator.core import paths
from generator.core.errors import DataError, display_path
from generator.core.sizes import UnknownSizeError, paper_size
from generator.core.yamlio import Document, load_yaml
from generator.layout.ops import TextOp
from generator.load.model import Game
from generator.schema.board import BoardSpec
from generator.schema.messages import validate


def board_files(game: Game) -> list[Path]:
    """The board files a game lists under ``boards:`` in its game.yaml, in order."""
    spec = game.extra.get("spec")
    return [game.folder / name for name in (spec.boards if spec is not None else [])]


def _missing(path: Path, game: Game) -> DataError:
    names = game.extra["spec"].boards if game.extra.get("spec") else []
    loc: tuple[str | int, ...] = ("boards", names.index(path.name)) if path.name in names else ("boards",)
    message = f"board file '{path.name}' not found in {display_path(path.parent)}"
    return DataError([game.spec_problem(loc, message, rank=10)])


def _size(spec: BoardSpec, doc: Document) -> tuple[float, float]:
    if isinstance(spec.size, str):
        try:
            w, h = paper_size(spec.size)
        except UnknownSizeError as exc:
            message = f"{exc} (or give {{width: ..., height: ...}})"
            raise DataError([doc.problem(("size",), message, 20)]) from None
    else:
        w, h = spec.size.width, spec.size.height
        if w <= 0 or h <= 0:
            raise DataError([doc.problem(("size",), "the board's width and height must be more than 0", 20)])
    if spec.orientation is not None and (spec.orientation == "landscape") != (w > h):
        w, h = h, w
    return w, h


def load_board(path: Path, game: Game, fonts: FontBook | None = None, *, laid_out: bool = True) -> Board:
    """Load, validate and trial-lay-out one board; raise DataError listing every problem.

    ``laid_out=False`` leaves the trial layout out (no fonts read, no roads routed; the board's
    ``smallest_text`` stays unknown, infinity): for a rules model that reads only the board's
    features (its map), which ``check`` and ``build`` lay out and judge as ever."""
    path = Path(path)
    if not path.is_file():
        raise _missing(path, game)
    doc = load_yaml(path)
    spec: BoardSpec = validate(BoardSpec, doc.data or {}, doc)
    width, height = _size(spec, doc)
    board = Board(
        name=spec.name or path.stem,
        title=spec.title or f"{game.title} board",
        width=width,
        height=height,
        overlap=spec.overlap,
        spec=spec,
        doc=doc,
        path=path,
        icons=game.icons,
        inline_icons=game.inline_icons,
        image_dirs=paths.image_dirs(game.folder, game.template_dirs),
        sizes={deck.name: (deck.width, deck.height) for deck in game.decks},
    )
    proof = getattr(game.extra.get("spec"), "proof", None)  # the proofreader's setting, read here
    min_size = proof.min_size if proof is not None else board.min_size
    if not laid_out:
        return replace(board, min_size=min_size)
    laid = layout_board(board, fonts or FontBook.load(game.font_dirs))
    return replace(board, smallest_text=smallest_text(laid.ops), min_size=min_size)


def smallest_text(ops) -> float:
    """The smallest type size among the text ops (infinity when there is none)."""
    return min((run.size for op in ops if isinstance(op, TextOp) for run in op.layout.runs), default=math.inf)
