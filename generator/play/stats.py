"""``deckwright stats``: read playtest logs (real or simulated), replay each, and add up what a
designer asks: who wins from which seat, how long games last, which cards get played.

Every log is replayed with the game's rules (like ``log check``); a log that breaks a rule is
listed with its first violation and left out of the figures unless ``include_illegal``.

A shared win (the log's ``result.winners``) is split: each of the k players who share it counts
1/k of a win, so the win rates of the seats of a game still add up to one win per game.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, UsageError, display_path
from generator.load.model import Game
from generator.play.figures import Figures, dealt, figures_of
from generator.rules.logcheck import rules_for
from generator.rules.logfile import load_log
from generator.rules.module import load_rules_module
from generator.rules.replay import replay

Z95 = 1.959963984540054
SHARED_RULE = "a win shared by k players counts 1/k of a win for each of them"


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95 % by default); (0, 1) for n = 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass
class GameRecord:
    """What one replayed log contributes to the figures."""

    file: str
    players: list[str]
    winners: tuple[int, ...]  # the seats (0-based) of whoever won: one, several sharing, or none
    turns: int
    over: bool
    drawn: dict[str, Counter[str]]  # per player, cards that came into the hand (dealt or drawn)
    played: dict[str, Counter[str]]  # per player, cards played
    figures: dict[str, float]
    legal: bool = True

    def share(self, seat: int) -> float:
        """The part of this game's win that goes to ``seat``: 1, 1/k of a win shared by k, or 0."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    @property
    def no_winner(self) -> bool:
        return not self.winners

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


@dataclass(frozen=True)
class Rejected:
    file: str
    reason: str


@dataclass
class Rate:
    """A win rate with its 95 % Wilson interval (``wins`` counts a shared win as a fraction)."""

    wins: float
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"wins": _w(self.wins), "n": self.n, "rate": _r(self.rate), "low": _r(low), "high": _r(high)}


@dataclass
class CardUse:
    drawn: int = 0
    played: int = 0
    games_played: int = 0  # (game, player) pairs where the player played it
    won: float = 0.0  # ... and that player won (a shared win: 1/k)

    def as_dict(self) -> dict[str, Any]:
        rate = Rate(self.won, self.games_played)
        return {"drawn": self.drawn, "played": self.played, "win_when_played": rate.as_dict()}


@dataclass
class Stats:
    """The figures of a set of logs (see :func:`gather`)."""

    game: str
    records: list[GameRecord] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    read: int = 0

    @property
    def finished(self) -> list[GameRecord]:
        return [r for r in self.records if r.over]

    def by_seat(self, records: Iterable[GameRecord] | None = None) -> list[Rate]:
        """Win rate of each seat (first player first), over the finished games with that seat."""
        chosen = list(self.finished if records is None else records)
        seats = max((len(r.players) for r in chosen), default=0)
        return [
            Rate(sum(r.share(s) for r in chosen), sum(1 for r in chosen if len(r.players) > s))
            for s in range(seats)
        ]

    def by_count(self) -> dict[int, list[Rate]]:
        """Per player count, the win rate of each seat."""
        counts = sorted({len(r.players) for r in self.finished})
        return {n: self.by_seat(r for r in self.finished if len(r.players) == n) for n in counts}

    def first_player(self) -> dict[str, float]:
        """The first seat's wins against its fair share (1/N of each game it played)."""
        games = self.finished
        wins = sum(r.share(0) for r in games)
        fair = sum(1 / len(r.players) for r in games)
        low, high = wilson(wins, len(games))
        n = len(games)
        return {
            "wins": _w(wins),
            "n": n,
            "rate": _r(wins / n if n else 0.0),
            "low": _r(low),
            "high": _r(high),
            "fair": _r(fair / n if n else 0.0),
            "advantage": _r((wins - fair) / fair if fair else 0.0),
        }

    def lengths(self) -> list[int]:
        return sorted(r.turns for r in self.finished)

    def length_summary(self) -> dict[str, Any]:
        turns = self.lengths()
        if not turns:
            return {"n": 0}
        q = statistics.quantiles(turns, n=4, method="inclusive") if len(turns) > 1 else [turns[0]] * 3
        return {
            "n": len(turns),
            "mean": _r(statistics.fmean(turns)),
            "median": _r(statistics.median(turns)),
            "q1": _r(q[0]),
            "q3": _r(q[2]),
            "min": turns[0],
            "max": turns[-1],
        }

    def histogram(self, bins: int = 12) -> list[tuple[int, int, int]]:
        """(first turn, last turn, games) per bin of equal width covering every length."""
        turns = self.lengths()
        if not turns:
            return []
        low, high = turns[0], turns[-1]
        width = max(1, math.ceil((high - low + 1) / bins))
        counts = Counter((t - low) // width for t in turns)
        return [(low + i * width, low + (i + 1) * width - 1, counts[i]) for i in range(max(counts) + 1)]

    def cards(self) -> dict[str, CardUse]:
        use: dict[str, CardUse] = {}
        for r in self.records:
            for seat, player in enumerate(r.players):
                for name, n in r.drawn.get(player, Counter()).items():
                    use.setdefault(name, CardUse()).drawn += n
                for name, n in r.played.get(player, Counter()).items():
                    u = use.setdefault(name, CardUse())
                    u.played += n
                    if r.over:
                        u.games_played += 1
                        u.won += r.share(seat)
        return dict(sorted(use.items()))

    def figure_summary(self) -> dict[str, dict[str, float]]:
        names = list(dict.fromkeys(k for r in self.records for k in r.figures))
        out = {}
        for name in names:
            values = [r.figures[name] for r in self.records if name in r.figures]
            out[name] = {
                "n": len(values),
                "mean": _r(statistics.fmean(values)),
                "median": _r(statistics.median(values)),
                "min": _r(min(values)),
                "max": _r(max(values)),
                "total": _r(sum(values)),
            }
        return out

    def as_dict(self) -> dict[str, Any]:
        """Everything, for ``--json``."""
        return {
            "game": self.game,
            "read": self.read,
            "used": len(self.records),
            "finished": len(self.finished),
            "no_winner": sum(1 for r in self.finished if r.no_winner),
            "shared_wins": sum(1 for r in self.finished if r.shared),
            "shared_win_rule": SHARED_RULE,
            "rejected": [{"file": x.file, "reason": x.reason} for x in self.rejected],
            "win_rate_by_seat": [dict(seat=i + 1, **x.as_dict()) for i, x in enumerate(self.by_seat())],
            "win_rate_by_player_count": {
                str(n): [dict(seat=i + 1, **x.as_dict()) for i, x in enumerate(rates)]
                for n, rates in self.by_count().items()
            },
            "first_player": self.first_player(),
            "length": {
                **self.length_summary(),
                "histogram": [{"from": a, "to": b, "games": c} for a, b, c in self.histogram()],
            },
            "cards": {name: u.as_dict() for name, u in self.cards().items()},
            "figures": self.figure_summary(),
        }


def _r(x: float) -> float:
    return round(x, 4)


def _w(x: float) -> float:
    """A count of wins: whole when it is, else to 4 places (shared wins are fractions)."""
    return round(x) if abs(x - round(x)) < 1e-9 else round(x, 4)


def log_files(paths: list[Path]) -> list[Path]:
    """The log files named, folders expanded to their ``*.yaml``/``*.yml`` files (sorted)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
            if not inside:
                raise UsageError(f"{display_path(path)}: no .yaml logs in this folder")
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"{display_path(path)}: no such file or folder")
    return found


def record(rules: Any, figures: Figures, log: Any, result: Any) -> GameRecord:
    """One replayed log as a :class:`GameRecord`."""
    known = rules.cards.__contains__
    drawn = {p: Counter(filter(known, cards)) for p, cards in dealt(log.setup).items()}
    played: dict[str, Counter[str]] = {}
    figures.count(rules, log.entries, drawn, played)
    return _game_record(log, result, drawn, played, figures.game(rules, result.state, log.entries))


def series_record(log: Any, parts: list[GameRecord], result: Any) -> GameRecord:
    """A series (several races in one log) as one game: won by the series' winner (or winners),
    as long as all its races together; cards drawn and played, and each figure, summed over
    its races (a figure that is true or false counts the races it held in)."""
    drawn: dict[str, Counter[str]] = {}
    played: dict[str, Counter[str]] = {}
    figures: dict[str, float] = {}
    for part in parts:
        for mine, theirs in ((drawn, part.drawn), (played, part.played)):
            for p, counts in theirs.items():
                mine.setdefault(p, Counter()).update(counts)
        for name, value in part.figures.items():
            figures[name] = figures.get(name, 0.0) + value
    return _game_record(log, result, drawn, played, figures)


def _game_record(
    log: Any,
    result: Any,
    drawn: dict[str, Counter[str]],
    played: dict[str, Counter[str]],
    figures: dict[str, float],
) -> GameRecord:
    """The record of a replayed log (one game or a whole series) from its counts and figures."""
    players = list(log.spec.players)
    won = result.outcome.winners if result.over else ()
    return GameRecord(
        file=log.file,
        players=players,
        winners=tuple(sorted(players.index(p) for p in won if p in players)),
        turns=result.turns,
        over=result.over,
        drawn=drawn,
        played=played,
        figures=figures,
        legal=result.ok,
    )


def gather(
    game: Game,
    paths: list[Path],
    include_illegal: bool = False,
    tick: Callable[[int, int], None] | None = None,
    rules: Any = None,
) -> Stats:
    """Replay every log under ``paths`` and collect its figures (with ``rules``, a rules model
    already made: a variant's)."""
    files = log_files(paths)
    rules = rules or rules_for(game)
    figures = figures_of(load_rules_module(game))
    stats = Stats(game.name)
    for i, path in enumerate(files):
        stats.read += 1
        shown = display_path(path)
        try:
            log = load_log(path, rules)
            result = replay(rules, log)
        except DataError as exc:
            first = sorted(exc.problems)[0] if exc.problems else None
            stats.rejected.append(Rejected(shown, str(first) if first else "cannot be read"))
            continue
        if not result.ok:
            stats.rejected.append(Rejected(shown, str(result.violations[0])))
            if not include_illegal:
                continue
        if log.races:  # several races in one log (a rally, a tournament): the series is one game
            parts = [record(rules, figures, p, r) for p, r in zip(log.races, result.races, strict=False)]
            stats.records.append(series_record(log, parts, result))
        else:
            stats.records.append(record(rules, figures, log, result))
        if tick and ((i + 1) % 25 == 0 or i + 1 == len(files)):
            tick(i + 1, len(files))
    return stats
