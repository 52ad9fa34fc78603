"""The replay engine: one game's log against its rules model, every violation collected.

The engine checks the player count, who acts when (turn order), the written turn numbers,
entries after the end, and the recorded result; the rules model checks the rest. Replay keeps
going after a violation: the state follows what the log says happened. Several races in one
log are replayed race by race with this engine (``generator.rules.series``); the entry point for
either is ``generator.rules.replay.replay``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.rules.base import Entry, Outcome, Rules
from generator.rules.logfile import PlayLog

_MAX_CLOSES = 8


@dataclass(frozen=True)
class Violation:
    """One rule a log breaks, where and by whom."""

    file: str
    line: int
    code: str
    message: str
    turn: int | None = None
    player: str | None = None
    where: str = ""
    race: str = ""  # which race of several in one log ("segment 2"), empty for one game

    def __str__(self) -> str:
        """``log.yaml:LINE: race 2, turn 1, Ben: message [CODE]``: the race (of several), then
        the turn and player, or else where in the log (``setup``, ``result``)."""
        who = f"turn {self.turn}, {self.player}" if self.player else self.where
        at = ", ".join(part for part in (self.race, who) if part)
        return f"{self.file}:{self.line}: {at + ': ' if at else ''}{self.message} [{self.code}]"

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``turn`` and ``player`` where an entry broke the rule (else null and
        ``where`` says the part of the log), ``race`` where the log holds several."""
        keys = ("file", "line", "turn", "player", "code", "message")
        keys += ("race",) if self.race else ()
        keys += ("where",) if self.where and not self.player else ()
        return {k: getattr(self, k) for k in keys}


@dataclass
class Replay:
    """What replaying one log found."""

    log: PlayLog
    violations: list[Violation] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    outcome: Outcome = field(default_factory=lambda: Outcome(None))
    over: bool = False
    turns: int = 0
    state: Any = None
    races: list[Replay] = field(default_factory=list)  # several races in one log: each one's replay

    @property
    def ok(self) -> bool:
        return not self.violations


def replay_game(
    rules: Rules, log: PlayLog, finish: bool, at: list[int], start: Start | None = None, race: str = ""
) -> Replay:
    """One game; ``start`` (for one race of several) makes the state in place of ``rules.start``
    and ``race`` names that race in every violation."""
    out = Replay(log)
    spec = log.spec

    def add(line: int, code: str, message: str, entry: Entry | None = None, where: str = "") -> None:
        turn, player = (entry.turn, entry.player) if entry else (None, None)
        out.violations.append(Violation(log.file, line, code, message, turn, player, where, race))

    if not race:  # one race of several: the log's envelope is checked once, for the whole log
        envelope(rules, log, out, add)
    # a race of several: its own setup, else the race itself
    setup_line = log.line("setup") if spec.setup is not None or log.base else log.line("players")
    state = (start or rules.start)(
        list(spec.players), log.setup, lambda c, m: add(setup_line, c, m, where="setup")
    )
    offset = 0
    last: Entry | None = None
    played: int | None = None  # the turn the last entry reached
    for entry in log.entries:
        at[0] = entry.line

        def note(code: str, message: str, entry: Entry = entry) -> None:
            add(entry.line, code, message, entry)

        expect = rules.expected(state)
        for _ in range(_MAX_CLOSES):  # open responses lapse when the entry is not one of them
            if expect.allows(entry.player, entry.action) or not expect.waivable:
                break
            if entry.action in rules.responses or last is None:
                break
            rules.close(state, _bound(add, last))
            expect = rules.expected(state)
        if rules.over(state):
            later = len(log.entries) - entry.index - 1
            extra = f" (and {later} later entr{'y' if later == 1 else 'ies'})" if later else ""
            note(
                "AFTER_END",
                f"the game was already over{_won(rules, state)}; this entry{extra} comes after the end",
            )
            break
        if not expect.allows(entry.player, entry.action):
            if entry.player in expect.moves and entry.player not in expect.why:
                said = expect.because.get(entry.action)
                note(
                    "ACTION_NOT_ALLOWED",
                    f"{entry.player} cannot {entry.action} now"
                    + (f": {said}" if said else f"; {expect.describe()}"),
                )
            else:
                why = expect.why.get(entry.player)
                reason = f" ({why})" if why else ""
                note(
                    "TURN_ORDER", f"not {entry.player}'s turn to {entry.action}{reason}; {expect.describe()}"
                )
        rules.apply(state, entry, note)
        counted = rules.turn(state) + offset
        if entry.turn != counted:
            note("TURN_NUMBER", f"written as turn {entry.turn}, but by the rules this is turn {counted}")
            offset = entry.turn - rules.turn(state)
        last, played = entry, rules.turn(state)
    for _ in range(_MAX_CLOSES if finish else 0):
        if last is None or rules.over(state) or not rules.expected(state).waivable:
            break
        rules.close(state, _bound(add, last))
    out.over = rules.over(state)
    out.outcome = rules.outcome(state)
    # an unfinished game counts the turns its entries reached, not the next one a close began
    out.turns = rules.turn(state) if out.over or played is None else played
    out.state = state
    if finish:
        after = f"at the end of the game (after turn {out.turns})"
        check_result(log, out, lambda line, code, message, where="": add(line, code, message, where=after))
    return out


def envelope(rules: Rules, log: PlayLog, out: Replay, add: Any) -> None:
    """The log's version (a warning when it differs) and the player count."""
    spec = log.spec
    if spec.version != rules.game.version:
        out.warnings.append(
            f"{log.file}:{log.line('version')}: the log is of version {spec.version}, "
            f"the game data is version {rules.game.version}"
        )
    allowed = rules.player_range()
    if allowed and not allowed[0] <= len(spec.players) <= allowed[1]:
        span = f"{allowed[0]}" if allowed[0] == allowed[1] else f"{allowed[0]} to {allowed[1]}"
        message = f"{len(spec.players)} players; the game is for {span}"
        add(log.line("players"), "PLAYER_COUNT", message, where="players")


Start = Callable[[list[str], Any, Any], Any]
"""``start(players, setup, note)``: the state before a game's first entry."""


def _bound(add: Any, entry: Entry) -> Any:
    return lambda code, message: add(entry.line, code, message, entry)


def _won(rules: Rules, state: Any) -> str:
    winner = rules.outcome(state).winner
    return f" ({winner} won)" if winner else ""


def _who_won(names: Sequence[str], nobody: str = "nobody won") -> str:
    if not names:
        return nobody
    if len(names) == 1:
        return f"{names[0]} won"
    return f"{', '.join(names[:-1])} and {names[-1]} shared the win"


def check_result(log: PlayLog, out: Replay, add: Any) -> None:
    recorded = log.spec.result
    if recorded is None:
        return
    line = log.line("result")
    if not out.over:
        add(line, "NOT_OVER", "a result is recorded, but by the rules the game is not over", where="result")
        return
    said = recorded.named_winners()
    actual = out.outcome.winners
    if said is None and actual:
        message = f"the log names no winner; by the rules {_who_won(actual)}"
        add(line, "WRONG_WINNER", message, where="result")
    elif said is not None and said != frozenset(actual):
        key = "winner" if recorded.winner is not None else "winners"
        message = f"the log says {_who_won(sorted(said), 'nobody won')}; by the rules {_who_won(actual)}"
        add(log.line("result", key), "WRONG_WINNER", message, where="result")
    if recorded.order is not None and list(recorded.order) != list(out.outcome.order):
        if not out.outcome.order:
            message = "this game keeps no finishing order"
        else:
            message = (
                f"the log gives the finishing order {', '.join(recorded.order)}; by the rules "
                f"they finished {', '.join(out.outcome.order)}"
            )
        add(log.line("result", "order"), "WRONG_ORDER", message, where="result")
    if recorded.scores is not None:
        actual = dict(out.outcome.scores or {})
        if out.outcome.scores is None:
            add(log.line("result", "scores"), "WRONG_SCORES", "this game keeps no scores", where="result")
        for name, score in recorded.scores.items():
            if out.outcome.scores is not None and actual.get(name) != score:
                message = f"the log gives {name} {score}; by the rules {name} has {actual.get(name)}"
                add(log.line("result", "scores", name), "WRONG_SCORES", message, where="result")
