"""Compact results: the figures of many games as counts, so a large run needs no log per game.

A :class:`Tally` holds only whole-number counts (wins by seat and by how many shared them, games
by length, figure values, card use), so tallies of any split of the games add up to exactly the
same tally, whoever played which part (one process, a pool or a cluster). A results file is
one JSON document: the run that made it (game, variant, players, policies, seed, games) and its
tally; any single game's log is written again with ``simulate --seed S --only N``.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from generator.core import writing
from generator.core.errors import DataError, Problem, display_path
from generator.play.stats import CardUse, GameRecord, Rate, Stats

FORMAT = "deckwright-results/1"


def _count(data: dict[str, Any]) -> Counter:
    return Counter({_key(k): v for k, v in data.items()})


def _key(text: str) -> Any:
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


@functools.lru_cache(maxsize=4096, typed=True)
def _value_key(value: float) -> Any:
    """How a figure's value is counted (as a results file reads it back): whole numbers as ints."""
    return _key(repr(value))


@dataclass
class Tally:
    """Counts of a set of games of one player count (see the module docstring)."""

    players: int
    games: int = 0
    finished: int = 0
    no_winner: int = 0
    wins: list[Counter] = field(default_factory=list)  # per seat: {k: games won sharing with k}
    lengths: Counter = field(default_factory=Counter)  # turns -> finished games
    figures: dict[str, Counter] = field(default_factory=dict)  # name -> value -> games
    cards: dict[str, list[Any]] = field(default_factory=dict)  # [drawn, played, games, {k: won}]

    def __post_init__(self) -> None:
        while len(self.wins) < self.players:
            self.wins.append(Counter())

    def add(self, r: GameRecord) -> None:
        """Count one game."""
        self.games += 1
        for name, value in r.figures.items():
            counts = self.figures.get(name)
            if counts is None:
                counts = self.figures[name] = Counter()
            counts[_value_key(value)] += 1
        for seat, player in enumerate(r.players):
            for name, n in r.drawn.get(player, Counter()).items():
                self._card(name)[0] += n
            for name, n in r.played.get(player, Counter()).items():
                use = self._card(name)
                use[1] += n
                if r.over:
                    use[2] += 1
                    if seat in r.winners:
                        use[3][len(r.winners)] += 1
        if not r.over:
            return
        self.finished += 1
        self.lengths[r.turns] += 1
        self.no_winner += not r.winners
        for seat in r.winners:
            self.wins[seat][len(r.winners)] += 1

    def _card(self, name: str) -> list[Any]:
        use = self.cards.get(name)
        if use is None:
            use = self.cards[name] = [0, 0, 0, Counter()]
        return use

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts (the same player count) to these."""
        self.games += other.games
        self.finished += other.finished
        self.no_winner += other.no_winner
        for mine, theirs in zip(self.wins, other.wins, strict=True):
            mine.update(theirs)
        self.lengths.update(other.lengths)
        for name, values in other.figures.items():
            self.figures.setdefault(name, Counter()).update(values)
        for name, (drawn, played, games, won) in other.cards.items():
            use = self._card(name)
            use[0] += drawn
            use[1] += played
            use[2] += games
            use[3].update(won)

    # -- figures --------------------------------------------------------------------------------

    def seat_wins(self, seat: int) -> Fraction:
        return sum((Fraction(n, k) for k, n in self.wins[seat].items()), Fraction(0))

    def by_seat(self) -> list[Rate]:
        return [Rate(float(self.seat_wins(s)), self.finished) for s in range(self.players)]

    def card_use(self) -> dict[str, CardUse]:
        return {
            name: CardUse(d, p, g, float(sum((Fraction(n, k) for k, n in w.items()), Fraction(0))))
            for name, (d, p, g, w) in sorted(self.cards.items())
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "no_winner": self.no_winner,
            "wins": [{str(k): n for k, n in sorted(w.items())} for w in self.wins],
            "lengths": {str(k): n for k, n in sorted(self.lengths.items())},
            "figures": {f: {str(k): n for k, n in sorted(v.items())} for f, v in self.figures.items()},
            "cards": {
                c: [d, p, g, {str(k): n for k, n in sorted(w.items())}]
                for c, (d, p, g, w) in sorted(self.cards.items())
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        return cls(
            players=data["players"],
            games=data["games"],
            finished=data["finished"],
            no_winner=data["no_winner"],
            wins=[_count(w) for w in data["wins"]],
            lengths=_count(data["lengths"]),
            figures={f: _count(v) for f, v in data["figures"].items()},
            cards={c: [d, p, g, _count(w)] for c, (d, p, g, w) in data["cards"].items()},
        )


def tally_of(stats: Stats) -> dict[int, Tally]:
    """The tallies (one per player count) of the logs ``stats`` read."""
    out: dict[int, Tally] = {}
    for r in stats.records:
        out.setdefault(len(r.players), Tally(len(r.players))).add(r)
    return out


@dataclass
class Results:
    """A results file: what was run, and its tally."""

    run: dict[str, Any]
    tally: Tally

    def write(self, path: Path) -> None:
        """Write the file whole or not at all (a temporary file renamed into place)."""
        data = {"format": FORMAT, "run": self.run, "tally": self.tally.as_dict()}
        writing.atomic_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def read_results(path: Path) -> Results:
    """A results file; DataError naming the file when it is not one."""
    shown = display_path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError(f"not a Deckwright results file (format '{data.get('format')}')")
        return Results(data["run"], Tally.from_dict(data["tally"]))
    except json.JSONDecodeError as exc:
        raise DataError([Problem(10, shown, exc.lineno, exc.colno, "", f"not JSON: {exc.msg}")]) from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        why = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise DataError([Problem(10, shown, 0, 0, "", f"cannot read these results: {why}")]) from None
    except OSError as exc:
        raise DataError([Problem(10, shown, 0, 0, "", f"cannot read file: {exc.strerror}")]) from None


def load_tally(game: Any, path: Path, include_illegal: bool = False) -> tuple[Tally, str]:
    """The tally of a results file, or of the logs in a folder (one player count), and a label."""
    from generator.core.errors import UsageError
    from generator.play.stats import gather

    if path.is_file() and path.suffix == ".json":
        found = read_results(path)
        return found.tally, display_path(path)
    tallies = tally_of(gather(game, [path], include_illegal))
    if len(tallies) != 1:
        counts = ", ".join(str(n) for n in sorted(tallies)) or "none"
        why = f"logs of {len(tallies)} player counts ({counts}); give logs of one"
        raise UsageError(f"{display_path(path)}: {why}")
    return next(iter(tallies.values())), display_path(path)
