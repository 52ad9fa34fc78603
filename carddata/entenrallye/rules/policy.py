"""Simulated players for seeded playthroughs: drive, buy, repair, attach.

A policy is a style: how many parts a car wants fitted for each meet. ``flat-out`` fits none and
repairs only what the TöV and ASU demand; ``stylist`` wants all four slots filled; ``balanced``
two. All of them save repair points for a check once it is among their next two targets (so
not for the ASU while June is still to come), take a meet's road when they can still make it (the
short cut otherwise), and drive flat out when the next target is further than their remaining
time allows: the time left counts the arrivals the other cars still owe, since each one moves the
markers too, a station's missing repairs count as squares still to go, and a meet whose month has
come is always a hurry. Dice points left on a grey square go to repairs for every check still to
come (up to 20), and with no check among the next targets a car will stop one square short on grey
to repair rather than drive on to beige.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from generator.rules import Option
from generator.rules.playthrough import Policy, random_policy

from .route import Route, Square
from .state import PART_COST, Car, Table, faults

AVERAGE_ROLL = 3.5
HURRY = 0.45  # the share of an average roll per turn left that a car counts on before it hurries


def distance(route: Route, square: Square, came: Any, target: str) -> int | None:
    """Squares from ``square`` to the node ``target`` along the route (None: unreachable)."""
    cache: dict = route.__dict__.setdefault("_distances", {})
    key = (square, came, target)
    if key not in cache:
        seen = {(square, came)}
        queue = deque([(square, came, 0)])
        cache[key] = None
        while queue:
            sq, cm, d = queue.popleft()
            if route.node(sq) == target:
                cache[key] = d
                break
            for way in route.ways_on(sq, cm):
                nxt = (way.to, route.came_by(sq, way.to))
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append((*nxt, d + 1))
    return cache[key]


class Style:
    """A simulated player who wants ``parts`` parts fitted for each meet."""

    def __init__(self, parts: int) -> None:
        self.parts = parts

    def __call__(self, rules: Any, s: Table, options: list[Option], rng: random.Random) -> Option:
        entries = [o for o in options if o[1] is not None]
        player = rules.expected(s).moves
        turn = s.turn
        mine = [o for o in entries if turn and o[1]["player"] == turn.player and o[1]["action"] != "drive"]
        if mine:
            chosen = self.special(rules, s, mine)
            if chosen is not None:
                return chosen
        drives = [o for o in entries if o[1]["action"] == "drive"]
        if drives:
            return max(drives, key=lambda o: self.rate(rules, s, o[1]))
        timed = [o for o in entries if o[1]["action"] == "time"]
        return timed[0] if timed else random_policy(rules, player, options, rng)

    # -- targets ------------------------------------------------------------------------------
    def target(self, rules: Any, s: Table, car: Car) -> tuple[str | None, int]:
        """The next place worth reaching: a station not yet checked, else the next meet to score."""
        route = rules.route
        places = [(route.months[n], n) for c, n in route.stations.items() if c not in car.checked]
        places += [(route.months[n], n) for m, n in route.meets.items() if m not in car.scores]
        for month, node in sorted(places):
            if month >= s.month() and distance(route, car.square, car.came, node) is not None:
                return node, month
        return None, 13

    def check_ahead(self, rules: Any, s: Table, car: Car) -> bool:
        """A TöV or ASU is the next place to reach, or the one after the next meet: time to save
        repair points for it (earlier, the dice are better spent driving)."""
        route = rules.route
        places = [(route.months[n], c) for c, n in route.stations.items() if c not in car.checked]
        places += [(route.months[n], "") for m, n in route.meets.items() if m not in car.scores]
        ahead = [c for month, c in sorted(places) if month >= s.month()][:2]
        return any(ahead)

    def turns_left(self, rules: Any, s: Table, car: Car, month: int) -> float:
        """Own turns until ``month`` is over: the time steps left, less one for each arrival the
        other cars still have to make at a meet or station by then, at one step per 6 rolled
        round the table."""
        route = rules.route
        steps = month * s.periods - max(s.time, 0)
        for other in s.cars.values():
            if other is not car:
                steps -= sum(
                    1
                    for m, n in route.meets.items()
                    if m not in other.scores and s.month() <= route.months[n] <= month
                )
                steps -= sum(
                    1
                    for c, n in route.stations.items()
                    if c not in other.checked and s.month() <= route.months[n] <= month
                )
        return max(steps, 0) * 6 / len(s.players)

    def wanted_repair(self, rules: Any, s: Table, car: Car, every: bool = False) -> int:
        """Repair points still wanted for the next check (``every``: for all checks to come, as far
        as the track's 20 allows; dice points left over on a grey square go there)."""
        if "asu" in car.checked:
            return 0
        fitted = list(car.attached.values())
        planned = faults(car, rules.parts.faults)
        extra = sorted((rules.parts.faults[p] for p in car.hidden), reverse=True)
        planned += sum(f - 3 for f in extra[: max(0, 4 - len(fitted))])
        if every:
            planned *= sum(1 for c in rules.route.stations if c not in car.checked)
        return max(0, min(20, planned) - car.repair)

    def wants_part(self, car: Car) -> bool:
        return len(car.attached) + len(car.hidden) < self.parts

    # -- choosing -------------------------------------------------------------------------------
    def rate(self, rules: Any, s: Table, entry: dict[str, Any]) -> tuple:
        route, car = rules.route, s.cars[entry["player"]]
        square, came = entry.square, entry.came
        node, month = self.target(rules, s, car)
        far = distance(route, square, came, node) if node else 0
        if node and far is None:
            far = 999
        left = entry["roll"] - entry["moved"]
        grey = route.grey(square)
        # in a hurry: the target's month has come, or the turns left (at 45 % of an average roll
        # each) would not cover the squares to go and, for a station, the repairs still missing
        ahead = (distance(route, car.square, car.came, node) or 0) if node else 0
        check = self.check_ahead(rules, s, car)
        need = self.wanted_repair(rules, s, car) if check else 0
        pips = ahead + (need if node in route.stations.values() else 0)
        hurry = node is not None and (
            (ahead > 0 and month <= s.month())
            or pips > self.turns_left(rules, s, car, month) * AVERAGE_ROLL * HURRY
        )
        shop = PART_COST if self.wants_part(car) and entry["roll"] >= 4 else 0
        buying = shop and left >= shop and not hurry
        # a meet in a hurry comes first; a station needs its repair points whatever the hurry
        rushed = hurry and node in route.meets.values()
        useful = grey and left > 0 and (buying or (need and entry["roll"] >= 2)) and not rushed
        ready = not self.too_soon(rules, s, car, entry)
        if useful and hurry:  # a check soon: make up the repairs first, then get as close as possible
            return (far < 999, ready, True, min(left, need) * 100 - far)
        if not useful and not hurry and not check and grey and entry["roll"] >= 2:
            # no check among the next targets: repair points for a later one are worth a square
            # each (no more), so stop one short on grey rather than drive on to beige
            spare = min(left, self.wanted_repair(rules, s, car, every=True))
            return (far < 999, ready, False, spare - far + (0.1 if spare else 0))
        return (far < 999, ready, useful, -far if hurry or not useful else left)

    def too_soon(self, rules: Any, s: Table, car: Car, entry: dict[str, Any]) -> bool:
        """Heading for a station without the repair points to pass: a fail there sends the car onto
        the minus squares, no better than missing the month short, and worse than being sent to the
        workshop with the points made up meanwhile."""
        route = rules.route
        for check, node in route.stations.items():
            if node in entry.get("path", []) or entry.get("check") == "failed":
                left = entry["roll"] - entry["moved"]
                grey = route.grey(entry.square)
                short = faults(car, rules.parts.faults) - car.repair - (left if grey else 0)
                if short > 0 and s.month() <= route.months[node] and check not in car.checked:
                    return True
        return False

    def special(self, rules: Any, s: Table, mine: list[Option]) -> Option | None:
        turn = s.turn
        car = s.cars[turn.player]
        by = {}
        for option in mine:
            by.setdefault(option[1]["action"], []).append(option)
        if "attach" in by:
            return max(by["attach"], key=lambda o: rules.parts.points[o[1]["part"]])
        for action in ("steal", "exchange"):
            if action in by and self.parts:
                return by[action][0]
        if "buy" in by and self.wants_part(car):
            return by["buy"][0]
        need = self.wanted_repair(rules, s, car, every=True)
        if "repair" in by and need:
            best = [o for o in by["repair"] if o[1]["points"] <= need]
            if best:
                return max(best, key=lambda o: o[1]["points"])
        return None


POLICIES: dict[str, Policy] = {
    "flat-out": Style(0),
    "balanced": Style(2),
    "stylist": Style(4),
}
