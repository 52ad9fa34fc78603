"""The route, read from the board file through the engine's board loader (one source of truth).

Squares are the spaces of the map's roads plus its start, meet, station and workshop nodes;
junctions and dead ends are not squares. A car never takes the road it came on back, except at
a dead end (the TöV and ASU stations: "The only places where the car can turn round is at the
TöV and ASU which are dead ends."). Two-way roads are the spurs to those stations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.board import board_files, load_board
from generator.board.maps import edge_spaces, parse_edge
from generator.load.model import Game
from generator.schema.board import BoardSpec, MapEdge, MapFeature

SQUARE_KINDS = frozenset({"start", "meet", "station", "workshop"})
GREY = "grey"  # "Special moves may only be carried out when the car is on a gray square."

Square = tuple  # ("node", id) or ("road", edge index, space index, +1 forward / -1 backward)


@dataclass(frozen=True)
class Step:
    """One way on from a square: the junction choice it needs (None: no choice) and the square."""

    choice: str | None
    to: Square


@dataclass
class Route:
    """The board's route as squares and the ways on from each."""

    feature: MapFeature
    edges: list[MapEdge]
    kinds: list[list[str]]
    start: Square = ("node", "start")
    meets: dict[int, str] = field(default_factory=dict)  # meet number -> node id
    months: dict[str, int] = field(default_factory=dict)  # node id -> month (meets, stations)
    stations: dict[str, str] = field(default_factory=dict)  # "tuev"/"asu" -> node id
    workshops: dict[str, str] = field(default_factory=dict)  # "tuev"/"asu" -> node id
    minus: dict[str, dict[int, Square]] = field(default_factory=dict)  # check -> {2: square of -2}
    _ways: dict = field(default_factory=dict, repr=False)
    reached: dict = field(default_factory=dict, repr=False)
    """The drives from a square (``play.reach``), kept per what they depend on."""
    walked: dict = field(default_factory=dict, repr=False)
    """The ends of walks that broke no rule (``drive.walk``), kept per what they depend on."""
    _meet_at: dict | None = field(default=None, repr=False, compare=False)
    meet_bits: tuple[tuple[int, int, int], ...] = ()
    """(bit, meet, month) of each meet: the bit marks it in ``drive.meets_left``'s masks."""

    def meet_at(self, node: str | None) -> int | None:
        """The meet held at ``node`` (the first listed, as a search of ``meets`` finds), or None."""
        found = self._meet_at
        if found is None:
            found = self._meet_at = {}
            for meet, at in self.meets.items():
                found.setdefault(at, meet)
        return found.get(node)

    def node(self, square: Square) -> str | None:
        return square[1] if square[0] == "node" else None

    def kind(self, node: str) -> str:
        return self.feature.nodes[node].kind

    def colour(self, square: Square) -> str:
        """The space kind of a road square ('' for node squares: drive only)."""
        return self.kinds[square[1]][square[2]] if square[0] == "road" else ""

    def grey(self, square: Square) -> bool:
        return square[0] == "road" and self.kinds[square[1]][square[2]] == GREY  # (colour, inlined)

    def describe(self, square: Square) -> str:
        if square[0] == "node":
            return (self.feature.nodes[square[1]].name or square[1]).replace("**", "").split("\n")[0]
        edge = self.edges[square[1]]
        labels = edge.labels or []
        if square[2] < len(labels) and labels[square[2]]:
            return f"minus square {labels[square[2]]}"
        return f"square {square[2] + 1} of the road {edge.from_} - {edge.to}"

    def _directed(self, node: str, came: tuple[int, int] | None) -> list[tuple[int, int]]:
        """Roads leaving ``node`` as (edge, direction), never back the way we came but at a dead end."""
        out = [(k, 1) for k, e in enumerate(self.edges) if e.from_ == node]
        out += [(k, -1) for k, e in enumerate(self.edges) if e.to == node and not e.one_way]
        if came is not None:
            back = (came[0], -came[1])
            if len(out) > 1 or self.kind(node) not in ("station", "dead-end"):
                out = [d for d in out if d != back]
        return out

    def _enter(self, k: int, d: int, choice: str | None, seen: frozenset = frozenset()) -> list[Step]:
        n = len(self.kinds[k])
        if n:
            return [Step(choice, ("road", k, 0 if d == 1 else n - 1, d))]
        far = self.edges[k].to if d == 1 else self.edges[k].from_
        return self._arrive(far, (k, d), choice, seen)

    def _arrive(self, node: str, came: tuple[int, int], choice: str | None, seen: frozenset) -> list[Step]:
        if self.kind(node) in SQUARE_KINDS:
            return [Step(choice, ("node", node))]
        if node in seen:
            return []
        ways = self._directed(node, came)
        steps: list[Step] = []
        for k, d in ways:
            far = self.edges[k].to if d == 1 else self.edges[k].from_
            label = choice if len(ways) == 1 else far
            steps += self._enter(k, d, label, seen | {node})
        return steps

    def ways_on(self, square: Square, came: tuple[int, int] | None = None) -> list[Step]:
        """The squares one step on from ``square`` (``came``: the road a node square was reached by)."""
        key = (square, came)
        if key not in self._ways:
            self._ways[key] = self._ways_on(square, came)
        return self._ways[key]

    def _ways_on(self, square: Square, came: tuple[int, int] | None) -> list[Step]:
        if square[0] == "road":
            _, k, i, d = square
            n = len(self.kinds[k])
            if 0 <= i + d < n:
                return [Step(None, ("road", k, i + d, d))]
            far = self.edges[k].to if d == 1 else self.edges[k].from_
            return self._arrive(far, (k, d), None, frozenset())
        steps: list[Step] = []
        ways = self._directed(square[1], came)
        for k, d in ways:
            far = self.edges[k].to if d == 1 else self.edges[k].from_
            steps += self._enter(k, d, far if len(ways) > 1 else None)
        return steps

    def came_by(self, previous: Square, square: Square) -> tuple[int, int] | None:
        """The road a node square was entered by, from the square before it."""
        return (previous[1], previous[3]) if previous[0] == "road" and square[0] == "node" else None


def load_route(game: Game) -> Route:
    """The route of the game's board (the map feature with id 'route')."""
    for path in board_files(game):
        for feature in board_spec(path, game).features:
            if isinstance(feature, MapFeature) and feature.id == "route":
                return build_route(feature)
    raise ValueError("no board of this game has a map with id 'route'")


def board_spec(path: Path, game: Game) -> BoardSpec:
    """The board file read and checked as the board loader reads it, not laid out: the route is
    all the rules need, not the fonts and drawing (some 0.06 s of every process that simulates)."""
    return load_board(path, game, laid_out=False).spec


def build_route(feature: MapFeature) -> Route:
    edges = [e for e in (parse_edge(raw) for raw in feature.edges) if e is not None]
    route = Route(feature, edges, [edge_spaces(feature, e) for e in edges])
    for name, node in feature.nodes.items():
        data = node.data
        if node.kind == "start":
            route.start = ("node", name)
        if "month" in data:
            route.months[name] = int(data["month"])
        if "meet" in data:
            route.meets[int(data["meet"])] = name
        if "station" in data:
            route.stations[data["station"]] = name
        if "workshop" in data:
            route.workshops[data["workshop"]] = name
    for check, workshop in route.workshops.items():
        route.minus[check] = {}
        for k, edge in enumerate(edges):
            if edge.to == workshop and feature.nodes[edge.from_].kind == "dead-end":
                for i, label in enumerate(edge.labels or []):
                    if label.startswith("-") and label[1:].isdigit():
                        route.minus[check][int(label[1:])] = ("road", k, i, 1)
    route.meet_bits = tuple((1 << i, m, route.months[n]) for i, (m, n) in enumerate(route.meets.items()))
    return route
