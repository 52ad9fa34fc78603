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
        figures = self.figures
        for name, value in r.figures.items():
            counts = figures.get(name)
            if counts is None:
                counts = figures[name] = Counter()
            key = _value_key(value)
            counts[key] = counts.get(key, 0) + 1  # (dict's own lookup: Counter's miss is Python code)
        cards, over, winners = self.cards, r.over, r.winners
        for seat, player in enumerate(r.players):
            drew = r.drawn.get(player)
            if drew:
                for name, n in drew.items():
                    use = cards.get(name)
                    if use is None:
                        use = cards[name] = [0, 0, 0, Counter()]
                    use[0] += n
            played = r.played.get(player)
            if played:
                won = len(winners) if over and seat in winners else 0
                for name, n in played.items():
                    use = cards.get(name)
                    if use is None:
                        use = cards[name] = [0, 0, 0, Counter()]
                    use[1] += n
                    if over:
                        use[2] += 1
                        if won:
                            use[3][won] += 1
        if not over:
            return
        self.finished += 1
        self.lengths[r.turns] += 1
        self.no_winner += not winners
        for seat in winners:
            self.wins[seat][len(winners)] += 1

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
    """A results file, validated like a game's files (``schema.results``: every count a whole
    number in range, and the counts agreeing with each other); DataError at the file's lines."""
    from generator.core.yamlio import load_yaml
    from generator.schema.messages import validate
    from generator.schema.results import ResultsSpec

    doc = load_yaml(path)  # JSON is read as YAML: the same limits, positions and messages
    if not isinstance(doc.data, dict) or doc.data.get("format") != FORMAT:
        found = doc.data.get("format") if isinstance(doc.data, dict) else None
        said = f"format '{str(found)[:60]}'" if found is not None else "no format"
        why = f"not a Deckwright results file ({said}; a results file has format '{FORMAT}')"
        raise DataError([doc.problem(("format",) if found is not None else (), why, rank=10)])
    spec = validate(ResultsSpec, doc.data, doc)
    problems = disagreements(spec.tally, doc)
    if problems:
        raise DataError(problems)
    return Results(doc.data["run"], Tally.from_dict(spec.tally.model_dump()))


def disagreements(t: Any, doc: Any) -> list[Problem]:
    """What a tally's counts say against each other, each at its line."""
    at = ("tally",)
    out = []

    def say(loc: tuple, message: str) -> None:
        out.append(doc.problem((*at, *loc), message, rank=30))

    if len(t.wins) != t.players:
        say(("wins",), f"one 'wins' mapping per seat: {t.players} players, {len(t.wins)} mapping(s)")
    if t.finished > t.games:
        say(("finished",), f"{t.finished} finished games of {t.games} played")
    if t.no_winner > t.finished:
        say(("no_winner",), f"{t.no_winner} games without a winner of {t.finished} finished")
    if sum(t.lengths.values()) != t.finished:
        say(("lengths",), f"the lengths count {sum(t.lengths.values())} games; {t.finished} finished")
    for seat, wins in enumerate(t.wins):
        for k in wins:
            if not 1 <= int(k) <= t.players:
                say(("wins", seat, k), f"a win shared by {k} of {t.players} players")
    if not out:
        won = sum((Fraction(n, int(k)) for w in t.wins for k, n in w.items()), Fraction(0))
        if won != t.finished - t.no_winner:
            say(
                ("wins",), f"the wins add up to {float(won):g} games; {t.finished - t.no_winner} had a winner"
            )
    for name, values in t.figures.items():
        if sum(values.values()) > t.games:
            say(("figures", name), f"'{name[:60]}' counts {sum(values.values())} games of {t.games}")
    return out


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
