"""The Entenrallye rules model: replays playtest logs turn by turn (see ../README.md)."""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from pydantic import BaseModel

from generator.load.model import Game
from generator.rules import Entry, Expect, Note, Option, Outcome, Rules

from . import play, specials
from .actions import ACTIONS, SPECIALS, Drive, Setup
from .arrive import at_meet, at_station
from .drive import Arrival, waiting, walk
from .parts import Parts
from .pile import check_order
from .route import Route, load_route
from .state import COLOURS, Car, Table, Turn


class Entenrallye(Rules):
    actions: ClassVar[dict[str, type[BaseModel]]] = ACTIONS
    setup_model = Setup
    longest_game = 20000  # six cars over a whole year: thousands of entries

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.route: Route = load_route(game)
        self.parts = Parts.of(game)

    # -- replay ---------------------------------------------------------------------------------
    def start(self, players: list[str], setup: Setup, note: Note) -> Table:
        colours = dict(zip(players, COLOURS, strict=False))
        for player, colour in setup.cars.items():
            if player not in players:
                note("SETUP", f"a car is given to '{player}', who is not playing")
            elif colour not in self.parts.car_colours:
                note("SETUP", f"there is no {colour} car; the cars are {', '.join(self.parts.car_colours)}")
            else:
                colours[player] = colour
        if len(set(colours.values())) < len(colours):
            note("SETUP", "two players drive cars of the same colour")
        cars = {p: Car(p, colours[p], self.route.start) for p in players}
        table = Table(list(players), cars, set(self.parts.slot))
        if setup.pile is not None:
            table.order = check_order(setup.pile, table.pile, note, "the pile (setup)")
        return table

    def expected(self, s: Table) -> Expect:
        if self.over(s):
            return Expect({})
        nxt = s.next_player()
        if s.turn is None:
            return Expect(
                {nxt: frozenset({"drive"})},
                because=dict.fromkeys(
                    SPECIALS | {"time"}, (f"{nxt} drives first: a turn starts with the roll and the drive")
                ),
            )
        if s.turn.timed:  # a special action after the time entry: AFTER_TIME (and NOT_GREY), in apply
            moves = {s.turn.player: SPECIALS}
            moves[nxt] = moves.get(nxt, frozenset()) | {"drive"}
            return Expect(moves)
        because = {"drive": self._open_turn(s)}
        if s.turn.due:  # the turn ends with its time entry; a later entry closes it (see close)
            return Expect({s.turn.player: SPECIALS | {"time"}}, waivable=True, because=because)
        moves = {s.turn.player: SPECIALS | {"time"}}
        moves[nxt] = moves.get(nxt, frozenset()) | {"drive"}
        return Expect(moves, because=because)

    def _open_turn(self, s: Table) -> str:
        """What the turn in progress still allows: the special actions this roll on this square
        permits (rulebook, "Special actions"), then the next player's drive."""
        turn = s.turn
        assert turn is not None
        car = s.cars[turn.player]
        others = any(c.hidden for c in s.cars.values() if c is not car)
        allowed = [
            name
            for name, ok in (
                ("steal", turn.roll == 1 and others),
                ("exchange", turn.roll == 2 and others and bool(car.hidden)),
                ("repair", turn.roll >= 2 and turn.left > 0),
                ("buy", turn.roll >= 4 and turn.left >= 3),
                ("attach", bool(car.hidden)),
            )
            if ok and turn.grey
        ]
        where = self.route.describe(car.square)
        can = f"may {' or '.join(allowed)}" if allowed else "may make no special action"
        end = "then the time entry ends the turn" if turn.due else f"then {s.next_player()} drives"
        return f"it is still {turn.player}'s turn: after a {turn.roll} on {where} {turn.player} {can}, {end}"

    def apply(self, s: Table, entry: Entry, note: Note) -> None:
        car = s.cars[entry.player]
        if entry.action == "drive":
            self._drive(s, car, entry.data, note)  # type: ignore[arg-type]
            return
        turn = s.turn
        if turn is None or turn.player != entry.player:
            return  # reported by the engine (turn order)
        if entry.action == "time":
            specials.time(self.route, self.parts, s, turn, entry.data, note)  # type: ignore[arg-type]
            return
        if turn.timed:
            note("AFTER_TIME", "special actions come before the time markers move")
        if not turn.grey:
            note("NOT_GREY", "special actions only after the car moved onto a grey square this turn")
        if entry.action == "buy":
            specials.buy(self.parts, s, car, turn, entry.data, note)  # type: ignore[arg-type]
        elif entry.action == "repair":
            specials.repair(s, car, turn, entry.data, note)  # type: ignore[arg-type]
        elif entry.action == "steal":
            specials.steal(s, car, turn, entry.data, note)  # type: ignore[arg-type]
        elif entry.action == "exchange":
            specials.exchange(s, car, turn, entry.data, note)  # type: ignore[arg-type]
        elif entry.action == "attach":
            specials.attach(self.parts, car, entry.data, note)  # type: ignore[arg-type]

    def _drive(self, s: Table, car: Car, data: Drive, note: Note) -> None:
        self.end_turn(s, note)
        if s.ended:
            return
        route, roll, moved = self.route, data.roll, data.moved
        s.turns += 1
        s.turn = turn = Turn(car.player, roll, roll - moved, due=1 if roll == 6 else 0)
        if moved > roll:
            note("OVERSPENT", f"{moved} squares driven on a roll of {roll}")
        if waiting(route, s, car):
            if moved:
                note(
                    "MUST_WAIT",
                    f"{car.player} waits at {route.describe(car.square)} "
                    f"until its month begins ({s.when()} now)",
                )
            moved = 0
        elif moved < 1:
            note("MOVE_TOO_FEW", "a car moves at least one square each turn (unless waiting at a meet)")
        arrival = walk(route, s, car, moved, data.path, note, data.u_turn)
        turn.grey = moved > 0 and route.grey(car.square)
        if arrival.meet is not None:
            turn.due += 1
            at_meet(self.parts, s, car, arrival.meet, data, note)
        else:
            if arrival.station and at_station(route, self.parts, s, car, arrival.station, data, note):
                turn.due += 1
            if data.score is not None or data.keep is not None or data.pile is not None:
                self._no_meet(car, arrival, data, note)
        if arrival.station is None and data.check is not None:
            note("UNEXPECTED_CHECK", f"{car.player} did not reach the TöV or ASU this turn")
        last = self._last_meet
        if car.square == last and all(c.square == last for c in s.cars.values()):
            s.ended = True  # "In the unlikely event of all cars reaching the 4th meet before the end"

    @staticmethod
    def _no_meet(car: Car, arrival: Arrival, data: Drive, note: Note) -> None:
        """A score, parts kept or a pile order written for a drive that reached no meet in time."""
        if data.score is not None:
            if arrival.late:
                note("LATE_SCORE", f"{car.player} drove over meet {arrival.late[0]} too late to score")
            else:
                note("UNEXPECTED_SCORE", f"{car.player} reached no meet this turn: no score")
        if data.keep is not None:
            note("UNEXPECTED_KEEP", "parts are kept or returned only after scoring at a meet")
        if data.pile is not None:
            note("PILE_ORDER", "the pile is shuffled only when parts go back at a meet: no pile order here")

    @functools.cached_property
    def _last_meet(self) -> tuple[str, str]:
        """The square of the last meet (the end of the route)."""
        return ("node", self.route.meets[max(self.route.meets)])

    def close(self, s: Table, note: Note) -> None:
        """The log goes on (or stops) without the time entry a turn owes: reported at that turn."""
        self.end_turn(s, note)

    def end_turn(self, s: Table, note: Note) -> None:
        """Close the turn in progress: time steps owed but not written are reported and made."""
        turn = s.turn
        if turn is None or turn.timed:
            return
        if turn.due:
            note(
                "TIME_NOT_ADVANCED",
                f"{turn.player}'s turn owes {turn.due} time step(s) (a 6, or "
                "reaching a meet, the TöV or ASU in time) and has no time entry: "
                "first movement, then special actions, then advance time",
            )
            specials.advance(self.route, self.parts, s, turn.due)
        turn.timed = True

    def turn(self, s: Table) -> int:
        return s.turns or 1  # entries before the first drive belong to turn 1

    def over(self, s: Table) -> bool:
        return s.ended

    def outcome(self, s: Table) -> Outcome:
        totals = {p: sum(c.scores.values()) for p, c in s.cars.items()}
        if not s.ended:
            return Outcome(None, totals)
        best = max(totals.values())
        leaders = [p for p in s.players if totals[p] == best]
        if len(leaders) > 1:  # the rulebook breaks no tie: the leaders share the win
            return Outcome(None, totals, shared=tuple(leaders))
        return Outcome(leaders[0], totals)

    # -- random playthroughs --------------------------------------------------------------------
    def random_setup(self, players: list[str], rng: random.Random) -> dict[str, Any]:
        colours = list(self.parts.car_colours)
        rng.shuffle(colours)
        return {"cars": dict(zip(players, colours, strict=False))}

    def options(self, s: Table, rng: random.Random) -> list[Option]:
        return play.options(self.route, self.parts, s, rng)
