"""Arriving: a meet's score and the parts kept, the TöV and ASU checks at their stations, and the
cars a check's month end sends to the workshop or the minus squares."""

from __future__ import annotations

from generator.rules import Note

from .actions import Drive
from .parts import Parts
from .pile import reshuffle
from .route import Route
from .state import KEEP, Car, Table, faults


def score(parts: Parts, car: Car) -> int:
    """ "The player scores all the points on the attached parts. Any part which has the same
    background colour as the car it is attached to scores an extra bonus point." """
    return sum(parts.points[p] + (parts.colour[p] == car.colour) for p in car.attached.values())


def at_meet(parts: Parts, table: Table, car: Car, meet: int, data: Drive, note: Note) -> None:
    """Score, return the attached parts to the pile and keep at most two face-down parts."""
    expected = score(parts, car)
    if data.score is None:
        note("SCORE_MISSING", f"{car.player} reached meet {meet} in time: write the score ({expected})")
    elif data.score != expected:
        note(
            "WRONG_SCORE",
            f"meet {meet}: {car.player} scores {expected} "
            f"({parts.explain(car.attached.values(), car.colour)}), not {data.score}",
        )
    car.scores[meet] = expected
    returned = len(car.attached) + max(0, len(car.hidden) - KEEP)
    table.pile.update(car.attached.values())
    car.attached.clear()
    keep = data.keep
    if keep is None:
        if len(car.hidden) > KEEP:
            note(
                "KEEP_MISSING",
                f"{car.player} holds {len(car.hidden)} face-down parts: "
                f"'keep' must name the {KEEP} kept (the rest go back to the pile)",
            )
        keep = car.hidden[:KEEP]
    if len(keep) > KEEP:
        note("KEEP_TOO_MANY", f"at most {KEEP} face-down parts may be kept after a meet, not {len(keep)}")
    kept = []
    for name in keep:
        if name in car.hidden and name not in kept:
            kept.append(name)
        else:
            note("NOT_HELD", f"{car.player} holds no face-down {name} to keep")
    table.pile.update(p for p in car.hidden if p not in kept)
    car.hidden = kept
    if returned:
        reshuffle(table, data.pile, note)  # "shuffled back into the pack"
    elif data.pile is not None:
        note("PILE_ORDER", "no part went back into the pack at this meet, so it was not shuffled")


def at_station(
    route: Route, parts: Parts, table: Table, car: Car, check: str, data: Drive, note: Note
) -> bool:
    """The TöV or ASU: pass with repair points >= faults (marker down by the faults), else onto
    the minus square of the shortfall, marker to 0. True when it counted (a time step is due)."""
    if check in car.checked:
        if data.check is not None:
            note("UNEXPECTED_CHECK", f"{car.player} has already had the {check.upper()}")
        return False
    car.checked.add(check)
    need = faults(car, parts.faults)
    passed = car.repair >= need
    if data.check is None:
        note(
            "CHECK_MISSING",
            f"{car.player} reached the {check.upper()}: write check: {'passed' if passed else 'failed'}",
        )
    elif (data.check == "passed") != passed:
        note(
            "WRONG_CHECK",
            f"{car.player} has {car.repair} repair points for {need} faults: the "
            f"{check.upper()} is {'passed' if passed else 'failed'}, not {data.check}",
        )
    if passed:
        car.repair -= need
        car.passed += 1
        if data.minus is not None:
            note("WRONG_MINUS", f"{car.player} passed the {check.upper()}: no minus square")
    else:
        at = send_to_minus(route, car, check, need - car.repair)
        if data.check == "failed" and data.minus != at:
            note(
                "WRONG_MINUS",
                f"{car.player} is {need - car.repair} repair points short: "
                f"minus square -{at}, not {data.minus if data.minus else 'none'}",
            )
    return True


def send_to_minus(route: Route, car: Car, check: str, short: int) -> int:
    """Put the car on the minus square of the shortfall (the farthest when it is larger); marker to 0."""
    squares = route.minus[check]
    at = min(short, max(squares))
    car.square, car.came, car.repair = squares[at], None, 0
    return at


def month_end(route: Route, parts: Parts, table: Table, check: str) -> dict[str, tuple[str, int]]:
    """ "Once April is over, any cars which have not reached the TöV station are moved back to the
    TöV Workshop ... Their repair markers are reduced by the number of faults" (too few: the minus
    squares and 0). Returns, per car sent, where ('workshop' or '-k') and its repair marker."""
    sent: dict[str, tuple[str, int]] = {}
    for car in table.cars.values():
        if check in car.checked:
            continue
        car.checked.add(check)
        need = faults(car, parts.faults)
        if car.repair >= need:
            car.square, car.came = ("node", route.workshops[check]), None
            car.repair -= need
            sent[car.player] = ("workshop", car.repair)
        else:
            at = send_to_minus(route, car, check, need - car.repair)
            sent[car.player] = (f"-{at}", 0)
    return sent
