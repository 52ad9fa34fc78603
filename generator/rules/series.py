"""Several races in one log (``races:``): a rally run in segments, a tournament of races.

Each race is replayed like a log of its own, with the same engine; the game's
:meth:`Rules.series` gives a :class:`Series` that starts each race from what the last ones left
(scores, places, cards carried over) and says when the whole series is over and who won it.
The engine checks that each race is over before the next begins, that no race comes after the
end, and the log's overall ``result`` against the series' outcome; every violation names its race.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from generator.rules.base import Entry, Note, Outcome, Rules
from generator.rules.engine import Replay, Violation, check_result, envelope, replay_game
from generator.rules.logfile import PlayLog
from generator.rules.playthrough import Played, Policy, played, random_policy, result_of


class Series:
    """What a game's rules say about a run of races. Subclasses fill in ``start``, ``finish``,
    ``over`` and ``outcome``; ``label`` names a race in messages."""

    def label(self, index: int, setup: Any = None) -> str:
        """How messages name race ``index`` (0 for the first; ``setup``: that race's, if known)."""
        return f"race {index + 1}"

    def start(self, index: int, players: list[str], setup: Any, first: str | None, note: Note) -> Any:
        """The state before race ``index``'s first entry; ``first``: who the log says goes first."""
        raise NotImplementedError

    def finish(self, index: int, state: Any, note: Note) -> None:
        """Race ``index`` is over: record its standings (``note`` reports at its result)."""
        raise NotImplementedError

    def over(self) -> bool:
        """Whether the series may end here (its result can be told)."""
        raise NotImplementedError

    def more(self) -> bool:
        """Whether another race may follow (a series of three to five may go on once over)."""
        return not self.over()

    def due_first(self, index: int) -> str | None:
        """Who the rules say goes first in race ``index`` (the winner of the last segment), or
        None where the table chooses. A race that names no ``first:`` and is opened by someone
        else is reported once (FIRST_PLAYER, from :meth:`start`) at its first entry, and
        replayed from the racer who opened it."""
        return None

    def ending(self) -> str:
        """What the rules say of the series' length, for a race that comes after the end."""
        return ""

    def unfinished(self, index: int, state: Any) -> str:
        """Why race ``index`` (its ``state`` as its log left it) is not over, in a few words
        ("Ben has not crossed"), for RACE_NOT_OVER; "" when the rules cannot say."""
        return ""

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def random_race(self, index: int, players: list[str], rng: random.Random) -> dict[str, Any] | None:
        """Race ``index``'s own ``setup`` for a random playthrough (dealt hands and the like), or
        None to end the series there (only once it is over)."""
        return None if self.over() else {}

    def shared(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The series' own setup as a log records it, from a random setup of the whole game
        (``Rules.random_setup``): what every race shares (leave out what each race deals)."""
        return setup


def replay_series(rules: Rules, log: PlayLog, finish: bool, at: list[int]) -> Replay:
    """Replay every race of ``log`` in order, carrying the standings from one to the next."""
    out = Replay(log)

    def add(line: int, code: str, message: str, where: str = "", race: str = "") -> None:
        out.violations.append(Violation(log.file, line, code, message, where=where, race=race))

    envelope(rules, log, out, lambda line, code, message, where="": add(line, code, message, where))
    setup_line = log.line("setup") if log.spec.setup is not None else log.line("players")
    series = rules.series(list(log.spec.players), log.setup, lambda c, m: add(setup_line, c, m, "setup"))
    if series is None:
        return out
    for i, race in enumerate(log.races):
        label = series.label(i, race.setup)
        opening = race.entries[0] if race.entries else None

        def at_opening(
            code: str, message: str, race: PlayLog = race, e: Entry | None = opening, label: str = label
        ) -> None:
            """A series-level violation where the race begins: its first entry (turn, player)."""
            if e is None:
                add(race.line(), code, message, "", label)
            else:
                out.violations.append(
                    Violation(log.file, e.line, code, message, e.turn, e.player, race=label)
                )

        if not series.more():
            later = len(log.races) - i - 1
            extra = f" (and {later} later race{'s' if later != 1 else ''})" if later else ""
            rule = f"; {series.ending()}" if series.ending() else ""
            at_opening(
                "AFTER_END",
                f"the series was over after {series.label(i - 1)}{_won(series)}"
                f"{rule}; this race{extra} comes after the end",
            )
            break
        if out.races and not out.races[-1].over:
            why = series.unfinished(i - 1, out.races[-1].state)
            at_opening(
                "RACE_NOT_OVER",
                f"{series.label(i - 1)} is not over{f' ({why})' if why else ''}; "
                "a race begins only when the last one is over",
            )

        opener = opening
        due = series.due_first(i) if race.first is None else None
        other = None  # the race replayed from whoever opened it, on a copy of the series
        if (
            due is not None
            and opener is not None
            and opener.player != due
            and opener.player in log.spec.players
        ):
            other = _snapshot(series, rules)
        done, _ = _race(rules, series, race, i, label, race.first, finish, at)
        if other is not None:
            # no `first:`, opened by another racer than the rules say: the reading that breaks
            # fewer rules stands, one FIRST_PLAYER at the opening entry, or the turn order kept
            tried, said = _race(rules, other, race, i, label, opener.player, finish, at)  # type: ignore[union-attr]
            if len(tried.violations) + len(said) < len(done.violations):
                series, done = other, tried
                done.violations[:0] = said
        out.races.append(done)
        out.violations += done.violations
        if done.over:
            line = race.line("result") if race.spec.result is not None else race.line("log")
            series.finish(
                i, done.state, lambda c, m, line=line, label=label: add(line, c, m, "result", label)
            )
    out.over = series.over()
    out.outcome = series.outcome()
    out.turns = sum(r.turns for r in out.races)
    out.state = series
    if finish:
        after = f"at the end of the series (after {series.label(len(out.races) - 1)})" if out.races else ""
        check_result(log, out, lambda line, code, message, where="": add(line, code, message, after))
    return out


def _race(
    rules: Rules,
    series: Series,
    race: PlayLog,
    i: int,
    label: str,
    first: str | None,
    finish: bool,
    at: list[int],
) -> tuple[Replay, list[Violation]]:
    """Race ``i`` replayed from ``first`` (None: as the series says). With a ``first`` the log
    does not write, FIRST_PLAYER goes to the race's first entry and is returned apart."""
    said: list[Violation] = []
    entry = race.entries[0] if race.entries else None

    def at_entry(code: str, message: str) -> None:
        e = entry
        said.append(Violation(race.file, e.line, code, message, e.turn, e.player, race=label))  # type: ignore[union-attr]

    def begin(players: list[str], setup: Any, note: Note) -> Any:
        routed = note if first == race.first else _routed(note, "FIRST_PLAYER", at_entry)
        return series.start(i, players, setup, first, routed)

    return replay_game(rules, race, finish, at, start=begin, race=label), said


def _snapshot(series: Series, rules: Rules) -> Series:
    """A copy of ``series`` to try a race on (the rules model shared, not copied)."""
    return copy.deepcopy(series, {id(rules): rules})


def _routed(note: Note, code: str, to: Note) -> Note:
    """``note``, but ``code`` goes to ``to``."""
    return lambda c, m: (to if c == code else note)(c, m)


def _won(series: Series) -> str:
    won = series.outcome().winners
    return f" ({' and '.join(won)} won)" if won else ""


@dataclass
class PlayedSeries:
    """A played series: its log data (``races:``), the series at its end, and each race as
    :func:`played` gives it (what ``stats`` needs without writing and reading the log)."""

    log: dict[str, Any]
    series: Series
    races: list[Played]


def series_played(
    rules: Rules,
    players: list[str],
    seed: int | random.Random,
    setup: dict[str, Any],
    policy: Policy = random_policy,
    log: bool = True,
) -> PlayedSeries:
    """A legal series, each race chosen by ``policy``; ``setup`` is the series' own (what every
    race shares). ``log=False`` leaves the races' entries out of the log data (the series played
    is the same). Raises IllegalPlaythrough like :func:`played`, ValueError for a setup that is
    not a series."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    problems: list[str] = []

    def note(code: str, message: str) -> None:
        problems.append(f"{code}: {message}")

    series = rules.series(players, rules.setup_model.model_validate(setup), note)
    if series is None or problems:
        raise ValueError(f"not a series: {'; '.join(problems)}")
    races: list[dict[str, Any]] = []
    games: list[Played] = []
    while series.more():
        i = len(games)
        own = series.random_race(i, players, rng)
        if own is None:
            break

        def begin(names: list[str], race_setup: Any, note: Note, i: int = i) -> Any:
            return series.start(i, names, race_setup, None, note)

        game = played(rules, players, rng, policy=policy, setup={**setup, **own}, start=begin, log=log)
        if not rules.over(game.state):
            raise ValueError(f"race {i + 1} did not end within {rules.longest_game} entries")
        series.finish(i, game.state, note)
        games.append(game)
        if log:
            races.append({"setup": own, "log": game.log["log"], "result": game.log["result"]})
    head = {k: v for k, v in games[0].log.items() if k not in ("log", "result", "setup")} if games else {}
    data = {**head, "setup": setup}
    if log:
        data |= {"races": races, "result": result_of(series.outcome())}
    return PlayedSeries(data, series, games)


def series_playthrough(
    rules: Rules,
    players: list[str],
    seed: int | random.Random,
    setup: dict[str, Any],
    policy: Policy = random_policy,
) -> dict[str, Any]:
    """A legal series as log data (``races:``), each race chosen by ``policy``; ``setup`` is the
    series' own (what every race shares). Raises IllegalPlaythrough like :func:`playthrough`."""
    return series_played(rules, players, seed, setup, policy).log
