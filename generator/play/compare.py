"""``stats --compare A B``: is a difference between two runs (logs or results) real?

Win rates: each seat's difference B - A with a Newcombe hybrid score interval (built from the
two Wilson intervals ``stats`` already shows; it keeps its coverage for small counts and rates
near 0 or 1, where the plain Wald interval does not). Lengths: the difference of mean lengths
with a Welch (unequal variances) normal interval. A difference is *claimed* when its interval
leaves out 0, with the level Bonferroni-corrected over the seats compared, so the chance of
claiming any seat difference when there is none is at most 5 %; lengths and the first player
are one test each at 5 %.

Why unpaired tests: runs with the same seeds share random numbers (common random numbers), so
their results are positively correlated and an unpaired test is conservative there (it claims
less, never more); a results file keeps counts, not game-by-game pairs, so a paired test could
not be run on it anyway.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from generator.core.errors import UsageError
from generator.play.results import Tally
from generator.play.stats import wilson

ALPHA = 0.05


def z_for(alpha: float) -> float:
    return NormalDist().inv_cdf(1 - alpha / 2)


@dataclass(frozen=True)
class Difference:
    """One figure in A and B, their difference (B - A) and its interval at the stated level."""

    what: str
    a: float
    b: float
    low: float
    high: float
    level: float  # the confidence level of this interval (after any correction)

    @property
    def diff(self) -> float:
        return self.b - self.a

    @property
    def claimed(self) -> bool:
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict[str, Any]:
        r = lambda x: round(x, 4)  # noqa: E731
        return {
            "figure": self.what,
            "a": r(self.a),
            "b": r(self.b),
            "difference": r(self.diff),
            "low": r(self.low),
            "high": r(self.high),
            "level": r(self.level),
            "claimed": self.claimed,
        }


def rate_difference(what: str, wins_a: float, n_a: int, wins_b: float, n_b: int, alpha: float) -> Difference:
    """Newcombe's hybrid score interval (his method 10) for p_b - p_a."""
    z = z_for(alpha)
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson(wins_a, n_a, z)
    lb, ub = wilson(wins_b, n_b, z)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return Difference(what, pa, pb, low, high, 1 - alpha)


def moments(counts: dict[Any, int]) -> tuple[int, float, float]:
    """(n, mean, sample variance) of values given as value -> how many."""
    n = sum(counts.values())
    if n == 0:
        return 0, 0.0, 0.0
    mean = sum(v * c for v, c in counts.items()) / n
    var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / (n - 1) if n > 1 else 0.0
    return n, mean, var


def mean_difference(what: str, a: dict[Any, int], b: dict[Any, int], alpha: float) -> Difference:
    """Welch's interval for mean_b - mean_a (normal quantile: runs are hundreds of games)."""
    na, ma, va = moments(a)
    nb, mb, vb = moments(b)
    se = math.sqrt(va / na + vb / nb) if na and nb else math.inf
    z = z_for(alpha)
    return Difference(what, ma, mb, mb - ma - z * se, mb - ma + z * se, 1 - alpha)


@dataclass
class Comparison:
    """Every difference between two tallies (A and B), ready to show."""

    label_a: str
    label_b: str
    games: tuple[int, int]
    seats: list[Difference]
    first: Difference
    length: Difference
    figures: list[Difference]
    cards: list[Difference]

    def as_dict(self) -> dict[str, Any]:
        return {
            "a": self.label_a,
            "b": self.label_b,
            "games": list(self.games),
            "tests": {
                "win_rate": "difference of proportions, Newcombe hybrid score interval; "
                f"Bonferroni over {len(self.seats)} seats (family-wise error {ALPHA:.0%})",
                "length": f"difference of means, Welch normal interval, {1 - ALPHA:.0%}",
                "first_player": f"difference of proportions, Newcombe, {1 - ALPHA:.0%}",
                "figures_and_cards": f"difference of means per game, Welch, {1 - ALPHA:.0%} each, "
                "not corrected: read them as pointers, not proof",
            },
            "win_rate_by_seat": [d.as_dict() for d in self.seats],
            "first_player": self.first.as_dict(),
            "length": self.length.as_dict(),
            "figures": [d.as_dict() for d in self.figures],
            "cards_played_per_game": [d.as_dict() for d in self.cards],
        }


def compare(a: Tally, b: Tally, label_a: str = "A", label_b: str = "B", alpha: float = ALPHA) -> Comparison:
    """Compare B against A (the same player count)."""
    if a.players != b.players:
        counts = f"{label_a} has {a.players} players and {label_b} {b.players}"
        raise UsageError(f"{counts}: compare runs of the same player count")
    if not a.finished or not b.finished:
        raise UsageError("no finished game in one of the two runs: nothing to compare")
    seat_alpha = alpha / a.players
    seats = [
        rate_difference(
            f"seat {s + 1} win rate",
            float(a.seat_wins(s)),
            a.finished,
            float(b.seat_wins(s)),
            b.finished,
            seat_alpha,
        )
        for s in range(a.players)
    ]
    first = seats[0]
    first = rate_difference(
        "first player win rate", first.a * a.finished, a.finished, first.b * b.finished, b.finished, alpha
    )
    length = mean_difference("length in turns", a.lengths, b.lengths, alpha)
    figures = [
        mean_difference(
            name, padded(a.figures.get(name, {}), a.games), padded(b.figures.get(name, {}), b.games), alpha
        )
        for name in dict.fromkeys([*a.figures, *b.figures])
    ]
    cards = [
        _per_game(name, a.cards.get(name), a.games, b.cards.get(name), b.games)
        for name in sorted(set(a.cards) | set(b.cards))
    ]
    return Comparison(label_a, label_b, (a.games, b.games), seats, first, length, figures, cards)


def padded(counts: dict[Any, int], games: int) -> dict[Any, int]:
    """A figure's values, with the games that did not report it counted as 0."""
    missing = games - sum(counts.values())
    return {**counts, 0: counts.get(0, 0) + missing} if missing > 0 else dict(counts)


def _per_game(name: str, a: list | None, ga: int, b: list | None, gb: int) -> Difference:
    """Plays of a card per game, B against A (a normal interval from the per-game Poisson rate)."""
    pa, pb = (a[1] if a else 0) / ga, (b[1] if b else 0) / gb
    se = math.sqrt(pa / ga + pb / gb)
    z = z_for(ALPHA)
    return Difference(f"{name} played per game", pa, pb, pb - pa - z * se, pb - pa + z * se, 1 - ALPHA)
