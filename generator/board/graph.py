"""A map feature as a graph: what a game's rules read from the same board file that is printed.

``map_graph(board)`` returns the nodes (with their numbers and names) and the roads of a board's
map, so a rules model or a deck check uses the board's own data instead of a second copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.board.maps import parse_edge
from generator.board.model import Board
from generator.schema.board import MapFeature, MapNode


@dataclass(frozen=True)
class Road:
    """One edge of the map: its ends (node keys), whether it is one way, and its line in the file."""

    a: str
    b: str
    one_way: bool
    line: int


@dataclass(frozen=True)
class MapGraph:
    """The nodes and roads of one map feature."""

    nodes: dict[str, MapNode]
    roads: tuple[Road, ...]
    file: str
    line: int

    def neighbours(self, key: str) -> set[str]:
        """Where one step from ``key`` leads (one-way roads only forwards)."""
        out = {r.b for r in self.roads if r.a == key}
        return out | {r.a for r in self.roads if r.b == key and not r.one_way}

    def by_number(self) -> dict[int, str]:
        """Node key by number, for the numbered nodes (the first, should two share a number)."""
        out: dict[int, str] = {}
        for key, node in self.nodes.items():
            if isinstance(node.number, int):
                out.setdefault(node.number, key)
        return out

    def connected(self) -> bool:
        """True when every node can be reached from every other along the roads (either way)."""
        if not self.nodes:
            return True
        seen, todo = set(), [next(iter(self.nodes))]
        while todo:
            key = todo.pop()
            if key not in seen:
                seen.add(key)
                todo += [r.b for r in self.roads if r.a == key] + [r.a for r in self.roads if r.b == key]
        return seen == set(self.nodes)


def map_graph(board: Board, feature: str | None = None) -> MapGraph:
    """The map with id ``feature`` (or the board's only map) as a graph.

    Raises LookupError naming the maps there are when there is no such map, or several and no id.
    """
    maps = [(i, f) for i, f in enumerate(board.spec.features) if isinstance(f, MapFeature)]
    chosen = [(i, f) for i, f in maps if feature is None or f.id == feature]
    if len(chosen) != 1:
        ids = ", ".join(f.id or f"features[{i}]" for i, f in maps) or "none"
        want = f"a map with id '{feature}'" if feature else "exactly one map"
        raise LookupError(f"{board.path.name}: expected {want}; the maps are: {ids}")
    i, f = chosen[0]
    roads = []
    for j, raw in enumerate(f.edges):
        edge = parse_edge(raw)
        if edge is not None:
            line = board.doc.mark(("features", i, "edges", j))[0]
            roads.append(Road(edge.from_, edge.to, edge.one_way, line))
    return MapGraph(dict(f.nodes), tuple(roads), board.doc.file, board.doc.mark(("features", i))[0])
