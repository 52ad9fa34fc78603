"""Random playthroughs: every legal next entry, chance (the roll, parts drawn) decided by ``rng``.

The model's route and parts are passed in (``Entenrallye.options`` calls :func:`options`)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from generator.rules import Option

from .arrive import score
from .drive import meets_left, waiting
from .parts import Parts
from .route import Route, Square
from .specials import advance, marker_after
from .state import KEEP, MAX_REPAIR, PART_COST, Car, Table, faults


def reach(
    route: Route, s: Table, car: Car, roll: int
) -> tuple[tuple[int, tuple[str, ...], Square, Any, str], ...]:
    """Every drive of 1..``roll`` squares: (moved, junction choices, square, road it came by, stop),
    stop being 'meet' or 'station' where the drive ends early, else ''. The drives depend only on
    where the car stands, the roll and the meets it can still reach in time: worked out once for
    each of those (the junction choices as tuples: :func:`drives` gives each entry its own list)."""
    key = (car.square, car.came, roll, meets_left(route, s, car)[0])
    found = route.reached.get(key)
    if found is None:
        found = tuple(
            (moved, tuple(path), to, by, stop) for moved, path, to, by, stop in _reach(route, s, car, roll)
        )
        if len(route.reached) > 20_000:  # (some 20 MB at most)
            route.reached.clear()
        route.reached[key] = found
    return found


def _reach(route: Route, s: Table, car: Car, roll: int) -> list[tuple[int, list[str], Square, Any, str]]:
    out: list[tuple[int, list[str], Square, Any, str]] = []

    def go(square: Square, came: Any, moved: int, path: list[str]) -> None:
        if moved == roll:
            return
        ways = route.ways_on(square, came)
        for way in ways:
            chosen = [*path, str(way.choice)] if len(ways) > 1 else path
            to, by = way.to, route.came_by(square, way.to)
            node = route.node(to)
            stop = ""
            if node is not None and route.kind(node) == "station":
                stop = "station"
            elif (
                node in route.months
                and (meet := route.meet_at(node)) is not None
                and meet not in car.scores
                and s.month() <= route.months[node]
            ):
                stop = "meet"
            out.append((moved + 1, chosen, to, by, stop))
            if not stop:
                go(to, by, moved + 1, chosen)

    go(car.square, car.came, 0, [])
    return out


class DriveOption(dict):
    """A drive entry (the log fields) that also knows where the car would stop: ``square`` and
    ``came`` are attributes, not keys, so they never reach the log."""

    __slots__ = ("came", "square")

    @classmethod
    def of(cls, fields: dict[str, Any], square: Square, came: Any) -> DriveOption:
        made = cls(fields)  # (dict's own __init__: a few hundred are made in every game)
        made.square, made.came = square, came
        return made


def drives(route: Route, parts: Parts, s: Table, player: str, roll: int) -> list[Option]:
    """Legal drives on ``roll``, as options of weight 1: each distance and choice of roads (a stop
    ends a drive early)."""
    car = s.cars[player]
    base = {"player": player, "action": "drive", "roll": roll}
    if waiting(route, s, car):
        return [(1.0, DriveOption.of({**base, "moved": 0}, car.square, car.came))]
    out: list[Option] = []
    for moved, path, square, came, stop in reach(route, s, car, roll):
        entry = DriveOption(base)  # (dict's own copy: a few hundred are made in every game)
        entry["moved"] = moved
        if path:
            entry["path"] = list(path)
        if stop == "meet":
            entry["score"] = score(parts, car)
            if len(car.hidden) > KEEP:
                entry["keep"] = sorted(car.hidden, key=lambda p: -parts.points[p])[:KEEP]
        elif stop == "station":
            check = next(c for c, n in route.stations.items() if n == square[1])
            if check not in car.checked:
                need = faults(car, parts.faults)
                entry["check"] = "passed" if car.repair >= need else "failed"
                if car.repair < need:
                    entry["minus"] = min(need - car.repair, max(route.minus[check]))
        entry.square, entry.came = square, came
        out.append((1.0, entry))
    return out


def time_entry(route: Route, parts: Parts, s: Table) -> dict[str, Any]:
    """The time entry that ends the turn: the markers after the steps owed, and any cars sent. When
    a step ends the month of a check (the TöV or ASU), which may send cars, the steps are tried on
    a copy of the table and its cars (see specials.advance); else only the markers move."""
    turn = s.turn
    assert turn is not None
    end = marker_after(s, turn.due)
    if not any(s.month() <= route.months[n] < s.month(end) for n in route.stations.values()):
        return {"player": turn.player, "action": "time", "to": s.when(end)}
    cars = {p: replace(c, checked=set(c.checked)) for p, c in s.cars.items()}
    trial = Table(s.players, cars, set(), time=s.time)
    sent = advance(route, parts, trial, turn.due)
    entry: dict[str, Any] = {"player": turn.player, "action": "time", "to": trial.when()}
    if sent:
        entry["sent"] = {p: where for p, (where, _) in sent.items()}
        entry["repairs"] = {p: marker for p, (_, marker) in sent.items()}
    return entry


def specials(parts: Parts, s: Table, rng: random.Random) -> list[dict[str, Any]]:
    turn = s.turn
    assert turn is not None
    out: list[dict[str, Any]] = []
    if not turn.grey:  # "Special moves may only be carried out when the car is on a gray square."
        return out
    car = s.cars[turn.player]
    me = {"player": car.player}
    if turn.roll >= 4 and turn.left >= PART_COST and s.pile:
        out.append({**me, "action": "buy", "parts": [rng.choice(sorted(s.pile))]})
    if turn.roll >= 2 and turn.left and "asu" not in car.checked and car.repair < MAX_REPAIR:
        for points in range(1, min(turn.left, MAX_REPAIR - car.repair) + 1):
            out.append({**me, "action": "repair", "points": points})
    roll = turn.roll
    others = [c for c in s.cars.values() if c is not car and c.hidden] if roll <= 2 else []
    if roll == 1 and not turn.stole:
        for other in others:
            at = rng.randrange(len(other.hidden))  # a place picked blind (the same draw as a choice)
            steal = {"from": other.player, "part": other.hidden[at], "take_at": at + 1}
            out.append({**me, "action": "steal", **steal})
    if roll == 2 and not turn.exchanged and car.hidden and others:
        for other in others:
            give = rng.choice(car.hidden)
            at = rng.randrange(len(other.hidden))  # a place picked blind (the same draw as a choice)
            out.append(
                {
                    **me,
                    "action": "exchange",
                    "with": other.player,
                    "take": other.hidden[at],
                    "take_at": at + 1,
                    "give": give,
                }
            )
    slot, attached = parts.slot, car.attached
    for part in car.hidden:
        if slot[part] not in attached:
            out.append({**me, "action": "attach", "part": part})
    return out


def options(route: Route, parts: Parts, s: Table, rng: random.Random) -> list[Option]:
    if s.ended:
        return []
    turn = s.turn
    if turn is None or turn.timed:
        return drives(route, parts, s, s.next_player(), rng.randint(1, 6))
    out: list[Option] = [(1.0, e) for e in specials(parts, s, rng)] if turn.grey else []
    if turn.due:
        out.append((1.0, time_entry(route, parts, s)))
    else:
        out += drives(route, parts, s, s.next_player(), rng.randint(1, 6))
    return out
