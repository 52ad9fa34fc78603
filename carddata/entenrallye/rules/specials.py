"""Special actions (only after ending the drive on a grey square) and the time markers."""

from __future__ import annotations

from generator.rules import Note

from .actions import Attach, Buy, Exchange, Repair, Steal, Time
from .arrive import month_end
from .parts import Parts
from .pile import take_top
from .route import Route
from .row import blind_take
from .state import MAX_REPAIR, PART_COST, Car, Table, Turn, parse_when


def spend(turn: Turn, points: int, what: str, note: Note) -> None:
    if points > turn.left:
        note("OVERSPENT", f"{what} costs {points} dice points; {turn.left} of {turn.roll} are left")
    turn.left -= points


def holder(table: Table, part: str) -> tuple[Car, str] | None:
    """Who has ``part`` and how ('hidden' or 'attached'); None when it is in the pile."""
    for car in table.cars.values():
        if part in car.hidden:
            return car, "hidden"
        if part in car.attached.values():
            return car, "attached"
    return None


def buy(parts: Parts, table: Table, car: Car, turn: Turn, data: Buy, note: Note) -> None:
    """ "a player can only buy a car part on a roll of 4, 5 or 6" (3 dice points each)."""
    if turn.roll < 4:
        note("BUY_ROLL", f"buying needs a roll of 4-6, not {turn.roll}")
    spend(turn, PART_COST * len(data.parts), f"buying {len(data.parts)} part(s)", note)
    for name in data.parts:
        if name not in parts.slot:
            note("UNKNOWN_PART", f"there is no car part called '{name}'")
            continue
        held = holder(table, name)
        if held:
            note("PART_UNAVAILABLE", f"{name} is not in the pile: {held[0].player} has it ({held[1]})")
            held[0].hidden = [p for p in held[0].hidden if p != name]
            held[0].attached = {s: p for s, p in held[0].attached.items() if p != name}
        else:
            take_top(table, name, note)
        table.pile.discard(name)
        car.hidden.append(name)


def repair(table: Table, car: Car, turn: Turn, data: Repair, note: Note) -> None:
    """Repair: "throw of 2 - 6", 1 dice point each, at most 20, never after the ASU."""
    if turn.roll < 2:
        note("REPAIR_ROLL", "no repairs on a 1: the one point is needed to drive")
    if "asu" in car.checked:
        note("REPAIR_AFTER_ASU", "Once a car has passed the ASU station, it may not be repaired further")
    spend(turn, data.points, f"repairing {data.points}", note)
    if car.repair + data.points > MAX_REPAIR:
        note("REPAIR_OVER_20", f"{car.repair} + {data.points} repair points is more than {MAX_REPAIR}")
    car.repair = min(MAX_REPAIR, car.repair + data.points)


def take(table: Table, car: Car, part: str, who: str, note: Note) -> bool:
    """Take a face-down part from ``car``; attached parts are never taken."""
    if part in car.attached.values():
        note("ATTACHED_TAKEN", f"{part} is attached to {car.player}'s car: it may not be {who}")
        return False
    if part not in car.hidden:
        note("NOT_HELD", f"{car.player} has no face-down {part}")
        return False
    car.hidden.remove(part)
    return True


def steal(table: Table, car: Car, turn: Turn, data: Steal, note: Note) -> None:
    """ "a player may only steal when he rolls a one", a face-down part of another player."""
    if turn.roll != 1:
        note("STEAL_ROLL", f"stealing needs a roll of 1, not {turn.roll}")
    if turn.stole:
        note("STEAL_TWICE", "one steal per roll of 1")
    turn.stole = True
    victim = table.cars.get(data.from_)
    if victim is None or victim is car:
        note("BAD_PLAYER", f"cannot steal from '{data.from_}'")
        return
    part = blind_take(victim, data, note)
    if part is not None and take(table, victim, part, "stolen", note):
        car.hidden.append(part)


def exchange(table: Table, car: Car, turn: Turn, data: Exchange, note: Note) -> None:
    """On a 2, with at least two players holding face-down parts: take one unseen, give one."""
    if turn.roll != 2:
        note("EXCHANGE_ROLL", f"exchanging needs a roll of 2, not {turn.roll}")
    if turn.exchanged:
        note("EXCHANGE_TWICE", "one exchange per roll of 2")
    turn.exchanged = True
    if sum(bool(c.hidden) for c in table.cars.values()) < 2:
        note("EXCHANGE_TOO_FEW", "an exchange needs two players with face-down parts")
    other = table.cars.get(data.with_)
    if other is None or other is car:
        note("BAD_PLAYER", f"cannot exchange with '{data.with_}'")
        return
    part = blind_take(other, data, note)
    took = part is not None and take(table, other, part, "exchanged", note)
    gave = take(table, car, data.give, "exchanged", note)
    if took and part is not None:
        car.hidden.append(part)
    if gave:
        other.hidden.append(data.give)


def attach(parts: Parts, car: Car, data: Attach, note: Note) -> None:
    """ "Only one part of each type may be attached to a car at any time" """
    if data.part not in parts.slot:
        note("UNKNOWN_PART", f"there is no car part called '{data.part}'")
        return
    if data.part not in car.hidden:
        note("NOT_HELD", f"{car.player} has no face-down {data.part} to attach")
        return
    slot = parts.slot[data.part]
    if slot in car.attached:
        note("SLOT_TAKEN", f"{car.player}'s car already has {car.attached[slot]} on its {slot}")
        return
    car.hidden.remove(data.part)
    car.attached[slot] = data.part


def marker_after(table: Table, steps: int) -> int:
    """Where ``steps`` steps take the time markers: a period each, none once December is over."""
    t = table.time
    for _ in range(steps):
        if table.month(t) > 12:
            break
        t += 1
    return t


def advance(route: Route, parts: Parts, table: Table, steps: int) -> dict[str, tuple[str, int]]:
    """Move the time markers ``steps`` times (see :func:`marker_after`); at the end of April /
    October send the cars that missed the TöV / ASU (see arrive.month_end)."""
    sent: dict[str, tuple[str, int]] = {}
    end = marker_after(table, steps)
    while table.time < end:
        before = table.month()
        table.time += 1
        if table.month() != before:
            for check, node in route.stations.items():
                if route.months[node] == before:
                    sent |= month_end(route, parts, table, check)
    if table.month() > 12:
        table.ended = True
    return sent


def time(route: Route, parts: Parts, table: Table, turn: Turn, data: Time, note: Note) -> None:
    """ "Every time that a 6 is rolled ... The marker also moves on every time that a car arrives at
    a meeting, or at the TöV or the ASU" - after the drive and the special actions."""
    if turn.timed:
        note("TIME_TWICE", "the time markers move once, at the end of the turn")
        return
    turn.timed = True
    if not turn.due:
        note(
            "TIME_NOT_DUE",
            f"nothing moves the time markers this turn (no 6, no arrival in time): "
            f"they stay {'off the board' if table.time <= 0 else 'at ' + table.when()}; "
            "leave out the time entry",
        )
        return
    sent = advance(route, parts, table, turn.due)
    written = parse_when(data.to)
    if written is None:
        note("BAD_TIME", f"write the markers as month and period, e.g. 'Apr 3' or 'end', not '{data.to}'")
    elif isinstance(written, tuple) and written[1] > table.periods:
        note(
            "TIME_PERIODS",
            f"with {len(table.players)} players a month has {table.periods} periods, "
            f"so there is no period {written[1]}",
        )
    elif written != parse_when(table.when()):
        note("TIME_WRONG", f"the markers move {turn.due} step(s) to {table.when()}, not {data.to}")
    for player, (where, marker) in sent.items():
        if data.sent.get(player) != where:
            place = where if where != "workshop" else "the workshop"
            note(
                "NOT_SENT",
                f"{player} missed the check: car to {place} (written: {data.sent.get(player, 'nothing')})",
            )
        if player in data.repairs and data.repairs[player] != marker:
            note("WRONG_REPAIRS", f"{player}'s repair marker goes to {marker}, not {data.repairs[player]}")
    for player in data.sent:
        if player not in sent:
            note("NOT_SENT", f"{player} is not sent anywhere at this time")
