"""The map as the rules see it, read from board.yaml through the engine's board loader: the same
data the printed board is drawn from (no second copy of the cities or roads here)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from generator.board import board_files, load_board
from generator.board.graph import MapGraph, map_graph
from generator.core.yamlio import OVERLAY
from generator.load.model import Game

MAP_ID = "usa"


@dataclass(frozen=True)
class Map:
    """Cities by number and name, and where the car can go from each (by number)."""

    graph: MapGraph
    names: dict[int, str]
    links: dict[int, frozenset[int]]

    def number(self, name: str) -> int | None:
        return self._numbers.get(name)

    @functools.cached_property
    def named(self) -> dict[str, int]:
        """``number`` of each city whose name is not all digits (a log's digits name a number)."""
        return {name: n for name, n in self._numbers.items() if not name.isdigit()}

    @functools.cached_property
    def _numbers(self) -> dict[str, int]:
        """Each city's number by its name (the first, if two share a name)."""
        out: dict[str, int] = {}
        for n, city in self.names.items():
            out.setdefault(city, n)
        return out


def load_map(game: Game) -> Map:
    """The game's map (the board listed in game.yaml that has a map with id ``usa``)."""
    for path in board_files(game):
        found = _load(path, game)
        if found is not None:
            return found
    raise LookupError(f"no board of {game.name} has a map with id '{MAP_ID}'")


_CACHE: dict[tuple[Path, float, str], Map | None] = {}


def _load(path: Path, game: Game) -> Map | None:
    """The board's map, loaded once per file version."""
    edits = OVERLAY.get(path.resolve(), ())  # a variant's changes to the board (generator.play.variant)
    key = (path.resolve(), path.stat().st_mtime, repr(edits))
    if key not in _CACHE:
        _CACHE[key] = _read(path, game)
    return _CACHE[key]


def _read(path: Path, game: Game) -> Map | None:
    """The map of the board file, read and checked as the board loader reads it but not laid out:
    the cities and roads are all the rules need, not the fonts and drawing (some 0.07 s of every
    process that simulates)."""
    board = load_board(path, game, laid_out=False)
    try:
        graph = map_graph(board, MAP_ID)
    except LookupError:
        return None
    keys = graph.by_number()
    names = {n: graph.nodes[k].name or str(n) for n, k in keys.items()}
    links = {
        n: frozenset(
            graph.nodes[m].number for m in graph.neighbours(k) if isinstance(graph.nodes[m].number, int)
        )
        for n, k in keys.items()
    }
    return Map(graph, names, links)  # type: ignore[arg-type]
