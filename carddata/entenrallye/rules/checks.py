"""Named checks of the route (``deckwright check entenrallye``, declared in constraints.yaml)."""

from __future__ import annotations

from collections.abc import Iterator

from generator.load.model import Game
from generator.rules import Checks, Finding

from .route import GREY, SQUARE_KINDS, Route, load_route

CHECKS = Checks()
COLOURS = frozenset({GREY, "beige"})


def reachable(route: Route) -> set[str]:
    """Every node square a car can reach from the start."""
    seen = {(route.start, None)}
    stack = [(route.start, None)]
    nodes: set[str] = set()
    while stack:
        square, came = stack.pop()
        if route.node(square):
            nodes.add(route.node(square))
        for way in route.ways_on(square, came):
            nxt = (way.to, route.came_by(square, way.to))
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return nodes


@CHECKS.register("route-reaches-every-meet")
def route_reaches_every_meet(game: Game) -> Iterator[Finding]:
    """ "four owners club meetings ... February, June, August and December": all on the route."""
    route = load_route(game)
    if sorted(route.months[n] for n in route.meets.values()) != [2, 6, 8, 12]:
        yield Finding(
            f"the meets are in months {sorted(route.months[n] for n in route.meets.values())}; "
            "the rulebook has February, June, August and December"
        )
    found = reachable(route)
    for meet, node in sorted(route.meets.items()):
        if node not in found:
            yield Finding(f"meet {meet} ('{node}') cannot be reached from the start")
    last = route.meets.get(max(route.meets, default=0))
    if last and route.ways_on(("node", last), None):
        yield Finding(f"the route goes on past the last meet ('{last}')")


@CHECKS.register("stations-and-workshops-reachable")
def stations_and_workshops(game: Game) -> Iterator[Finding]:
    """TöV (April) and ASU (October) at dead ends, each with a workshop and minus squares."""
    route = load_route(game)
    found = reachable(route)
    for check, month in (("tuev", 4), ("asu", 10)):
        node = route.stations.get(check)
        if node is None:
            yield Finding(f"no {check.upper()} station on the route")
            continue
        if route.months.get(node) != month:
            yield Finding(f"the {check.upper()} is in month {route.months.get(node)}, not {month}")
        if node not in found:
            yield Finding(f"the {check.upper()} station cannot be reached from the start")
        if len([e for e in route.edges if node in (e.from_, e.to)]) != 1:
            yield Finding(f"the {check.upper()} station must be a dead end (one road)")
        shop = route.workshops.get(check)
        if shop is None or not route.minus.get(check):
            yield Finding(f"the {check.upper()} needs a workshop with minus squares behind it")
            continue
        if sorted(route.minus[check]) != list(range(1, len(route.minus[check]) + 1)):
            yield Finding(f"the {check.upper()} minus squares must be numbered -1, -2, ... without gaps")
        if not route.ways_on(("node", shop), None):
            yield Finding(f"the {check.upper()} workshop has no road back onto the route")


@CHECKS.register("squares-grey-or-beige")
def squares_grey_or_beige(game: Game) -> Iterator[Finding]:
    """ "The road is divided into gray and beige sections": every route square is one of them."""
    route = load_route(game)
    for k, kinds in enumerate(route.kinds):
        edge = route.edges[k]
        minus = bool(edge.labels) and route.feature.nodes[edge.from_].kind == "dead-end"
        for i, kind in enumerate(kinds):
            if kind not in COLOURS and not minus:
                yield Finding(
                    f"square {i + 1} of the road {edge.from_} - {edge.to} is '{kind or 'plain'}', "
                    "not grey or beige"
                )
    for name, node in route.feature.nodes.items():
        if node.kind not in SQUARE_KINDS | {"junction", "dead-end"}:
            yield Finding(f"node '{name}' is of kind '{node.kind}', which the rules do not know")
    greys = sum(k == GREY for kinds in route.kinds for k in kinds)
    if not greys:
        yield Finding("the route has no grey squares: no special action could ever be taken")
