"""``deckwright sweep``: a grid of variants (every combination of the ``--set`` values), each
played with the same seeds, and per setting the figures a designer balances by.

Figures per setting: each seat's win rate, the seat spread (best seat minus worst: with few
games it reads high, since the best and worst seats are picked after the fact), the first
player's advantage over a fair share, the mean length and the means of the game's own per-game
figures; each with its 95 % interval (Wilson for rates, normal for means). The grid's variants
share one pool or cluster.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from generator.core.errors import UsageError
from generator.load.model import Game
from generator.play.compare import moments, padded, z_for
from generator.play.plan import Plan, Tick
from generator.play.results import Tally
from generator.play.simulate import check
from generator.play.variant import from_settings


def parse_sets(sets: list[str]) -> list[tuple[str, list[str]]]:
    """``PATH=v1,v2`` options as (path, values); UsageError for a malformed one."""
    out = []
    for text in sets:
        path, sep, values = text.partition("=")
        listed = [v.strip() for v in values.split(",")]
        if not sep or not path.strip() or not all(listed):
            example = "'cards.Rocket Motor.speed=3,4'"
            raise UsageError(f"--set {text}: give PATH=VALUE,VALUE,... such as {example}")
        out.append((path.strip(), listed))
    return out


@dataclass
class Point:
    """One setting of the grid and its tally."""

    setting: dict[str, str]
    tally: Tally

    @property
    def label(self) -> str:
        return ", ".join(f"{k.rsplit('.', 1)[-1].rsplit(':', 1)[-1]}={v}" for k, v in self.setting.items())

    def figures(self) -> dict[str, tuple[float, float, float]]:
        """Each figure as (value, low, high)."""
        t = self.tally
        rates = t.by_seat()
        out = {f"seat {i + 1} win rate": (r.rate, *r.interval) for i, r in enumerate(rates)}
        best = max(rates, key=lambda r: r.rate)
        worst = min(rates, key=lambda r: r.rate)
        out["seat spread"] = (best.rate - worst.rate, *_spread(best, worst))
        fair = 1 / t.players
        first = rates[0]
        out["first player advantage"] = tuple((x - fair) / fair for x in (first.rate, *first.interval))
        out["mean length"] = _mean(t.lengths)
        for name, values in t.figures.items():  # the game's own per-game figures
            out[name] = _mean(padded(values, t.games))
        return out


def _mean(counts: dict[Any, int]) -> tuple[float, float, float]:
    """A mean with its 95 % normal interval."""
    n, mean, var = moments(counts)
    half = z_for(0.05) * math.sqrt(var / n) if n else math.inf
    return mean, mean - half, mean + half


def _spread(best: Any, worst: Any) -> tuple[float, float]:
    from generator.play.compare import rate_difference

    d = rate_difference("", worst.wins, worst.n, best.wins, best.n, 0.05)
    return max(0.0, d.low), d.high


def sweep(
    game: Game,
    plan: Plan,
    sets: list[tuple[str, list[str]]],
    jobs: int = 1,
    tick: Tick | None = None,
    scheduler: str | None = None,
) -> list[Point]:
    """Play ``plan`` for every combination of the settings; the grid shares one pool."""
    from generator.play.runner import tallies

    paths = [p for p, _ in sets]
    if len(set(paths)) != len(paths):
        raise UsageError("--set: each PATH once (list all its values after one '=')")
    grid = [dict(zip(paths, combo, strict=True)) for combo in itertools.product(*(v for _, v in sets))]
    variants = [from_settings(setting, ", ".join(f"{k}={v}" for k, v in setting.items())) for setting in grid]
    for variant in variants:
        check(game, plan, jobs, variant)  # every problem before any game
    found = tallies(game, [(plan, v) for v in variants], jobs, tick, scheduler)
    return [Point(s, t) for s, t in zip(grid, found, strict=True)]


def as_dict(points: list[Point]) -> list[dict[str, Any]]:
    return [
        {
            "setting": p.setting,
            "games": p.tally.games,
            "finished": p.tally.finished,
            "figures": {
                k: {"value": round(v, 4), "low": round(lo, 4), "high": round(hi, 4)}
                for k, (v, lo, hi) in p.figures().items()
            },
        }
        for p in points
    ]
