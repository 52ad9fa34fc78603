"""Driving: the squares moved, junction choices, where the car stops (arriving: see arrive.py)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.rules import Note

from .route import Route, Square
from .state import Car, Table


@dataclass(frozen=True, slots=True)
class Arrival:
    """Where a drive stopped and why: a meet reached in time, a station, or just a square (one
    arrival serves every walk that ends the same way: see :func:`walk`)."""

    square: Square
    meet: int | None = None
    station: str | None = None
    late: tuple[int, ...] = ()  # meets driven over too late


def waiting(route: Route, table: Table, car: Car) -> bool:
    """A car that may not move: at a meet before its month ("the car has to wait until the month of
    the meet has begun"), or at the end of the route."""
    square = car.square
    if square[0] != "node":  # (route.node, inlined: asked before every drive)
        return False
    node = square[1]
    if not route.ways_on(square, car.came):
        return True
    meet = route.meet_at(node)
    return meet is not None and meet in car.scores and table.month() < route.months[node]


def in_time(route: Route, table: Table, node: str) -> bool:
    """ "during or before the correct month" """
    return table.month() <= route.months[node]


def meets_left(route: Route, table: Table, car: Car) -> tuple[int, int]:
    """The meets ``car`` can still reach in time (not scored, "during or before the correct month")
    and those it has not scored, as bit masks (``Route.meet_bits``): all that where a drive stops
    depends on besides where it starts (the keys :func:`walk` and ``play.reach`` remember by)."""
    month, scores = table.month(), car.scores
    open_ = unscored = 0
    for bit, meet, due in route.meet_bits:
        if meet not in scores:
            unscored |= bit
            if month <= due:
                open_ |= bit
    return open_, unscored


TURNING = "a car always drives forwards and turns round only at the TöV and the ASU, the two dead ends"
"""The Board: "Cars may not turn on the road, they always drive forwards. The only places where
the car can turn round is at the TöV and ASU which are dead ends." """


def walk(
    route: Route,
    table: Table,
    car: Car,
    moved: int,
    path: list[str],
    note: Note | None,
    turn_at: int | None = None,
) -> Arrival:
    """Move ``car`` up to ``moved`` squares, choosing at junctions from ``path``; stop at a meet
    reached in time (its points are due), at a station, or at the end of the route. ``turn_at``:
    the car turned round after that many squares (a log's ``u_turn``). Every drive's path is
    checked to its end: a choice left over when the car stopped is reported, also at a meet or
    station.

    A walk that turns nowhere and breaks no rule is remembered per where the car stands, the
    distance, the path and the meets still to score in time or late (all it depends on): the same walk
    ends the same way, so the next one is not driven square by square again."""
    if turn_at is not None or note is None:
        return _walk(route, table, car, moved, path, note, turn_at)
    key = (car.square, car.came, moved, tuple(path), meets_left(route, table, car))
    found = route.walked.get(key)
    if found is not None:
        car.square, car.came, arrival = found
        return arrival
    noted: list[str] = []

    def watched(code: str, message: str) -> None:
        noted.append(code)
        note(code, message)

    arrival = _walk(route, table, car, moved, path, watched, None)
    if not noted:
        if len(route.walked) > 20_000:  # (some 20 MB at most)
            route.walked.clear()
        route.walked[key] = (car.square, car.came, arrival)
    return arrival


def _walk(
    route: Route,
    table: Table,
    car: Car,
    moved: int,
    path: list[str],
    note: Note | None,
    turn_at: int | None = None,
) -> Arrival:
    """:func:`walk`, square by square."""
    choices = list(path)
    late: list[int] = []
    passed: list[str] = []  # the places (junctions, nodes) the car drove through or left
    arrival: Arrival | None = None
    driven = 0
    while True:
        if driven == turn_at:
            turn_round(route, car, note)
        if driven == moved:
            break
        ways = route.ways_on(car.square, car.came)
        if not ways:
            break
        passed += _ends(route, car.square)
        step = ways[0]
        if len(ways) > 1:
            options = [w.choice for w in ways]
            if not choices:
                if note:
                    roads = ", ".join(map(str, options))
                    note("PATH_MISSING", f"a junction: the path must say which road, one of {roads}")
            else:
                wanted = choices.pop(0)
                found = [w for w in ways if w.choice == wanted]
                if found:
                    step = found[0]
                elif note and (against := one_way_against(route, wanted, passed)):
                    note("ONE_WAY", against)
                elif note:
                    roads = ", ".join(map(str, options))
                    note("BAD_PATH", f"no road to '{wanted}' here; the roads go to {roads}")
        car.came = route.came_by(car.square, step.to)
        car.square = step.to
        driven += 1
        node = route.node(car.square)
        if node is None:
            continue
        meet = route.meet_at(node)
        if meet is not None and meet not in car.scores and in_time(route, table, node):
            arrival = Arrival(car.square, meet=meet, late=tuple(late))
            break
        if meet is not None and meet not in car.scores:
            late.append(meet)
        if route.kind(node) == "station":
            check = next(c for c, n in route.stations.items() if n == node)
            arrival = Arrival(car.square, station=check, late=tuple(late))
            break
    if arrival is not None and turn_at == driven:
        turn_round(route, car, note)  # at the stop: free at a station, not at a meet
    elif turn_at is not None and turn_at > driven and note:
        note("BAD_TURN", f"the car stopped after {driven} square(s): it cannot turn round after {turn_at}")
    passed += _ends(route, car.square)
    against = [a for c in choices if (a := one_way_against(route, c, passed))]
    if against and note:
        note("ONE_WAY", "; ".join(against))
    elif choices and note:
        stop = f" (the drive ended at {route.describe(car.square)})" if arrival else ""
        note(
            "PATH_UNUSED",
            f"the path names {', '.join(choices)}, but no junction was left to choose at{stop}; "
            "a car turning round is written 'u_turn: N' (after N squares), not as a road",
        )
    return arrival or Arrival(car.square, late=tuple(late))


def turn_round(route: Route, car: Car, note: Note | None) -> None:
    """Turn the car round where it stands: free at a dead end (the TöV and ASU, where the road
    back is the only way on), ``NO_TURNING`` anywhere else, and the car then drives back the way
    it came, as the log says (the replay follows the table)."""
    node = route.node(car.square)
    if node is not None and route.kind(node) in ("station", "dead-end"):
        return  # the only way on is back: nothing to turn
    if note:
        note("NO_TURNING", f"{car.player} turned round on {route.describe(car.square)}: {TURNING}")
    if car.square[0] == "road":
        _, k, i, d = car.square
        car.square, car.came = ("road", k, i, -d), None
    else:
        car.came = None  # on a meet or workshop square: any road on, the one it came by too


def _ends(route: Route, square: Square) -> list[str]:
    """The place a square is, or the places at the ends of the road it lies on."""
    if square[0] == "node":
        return [square[1]]
    edge = route.edges[square[1]]
    return [edge.from_, edge.to]


def one_way_against(route: Route, wanted: str, passed: list[str]) -> str | None:
    """Why the path's ``wanted`` cannot be driven to from the places passed: a one-way road runs
    from it towards them (the board's arrows), or None."""
    for edge in route.edges:
        if edge.one_way and edge.from_ == wanted and edge.to in passed:
            a, b = (f"{route.describe(('node', n))} ({n})" for n in (edge.from_, edge.to))
            return f"the road between {a} and {b} is one-way, from {a} to {b}: no car drives it towards {a}"
    return None
