"""``stats GAME RESULTS.json...``: the figures of results files (counts, no logs), as tables and
JSON: win rate by seat with Wilson intervals, the first player, length, per-game figures, cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.core.errors import UsageError, display_path
from generator.play.compare import moments
from generator.play.results import Tally, read_results
from generator.play.stats import SHARED_RULE


def merged(paths: list[Path], game: str) -> tuple[Tally, list[dict[str, Any]]]:
    """The results files added up (one game, one player count), and the runs they record."""
    tally: Tally | None = None
    runs = []
    for path in paths:
        found = read_results(path)
        if found.run.get("game") not in (None, game):
            raise UsageError(f"{display_path(path)}: results of {found.run.get('game')}, not of {game}")
        if tally is not None and tally.players != found.tally.players:
            counts = f"{found.tally.players} players; the others have {tally.players}"
            raise UsageError(f"{display_path(path)}: {counts}")
        if tally is None:
            tally = Tally(found.tally.players)
        tally.merge(found.tally)
        runs.append(found.run)
    assert tally is not None
    return tally, runs


def _spread(counts: dict[Any, int]) -> dict[str, float]:
    n, mean, _ = moments(counts)
    if not n:
        return {"n": 0}
    ordered = sorted(counts)
    seen, median = 0, ordered[0]
    for value in ordered:
        seen += counts[value]
        if seen * 2 >= n:
            median = value
            break
    return {"n": n, "mean": round(mean, 4), "median": median, "min": ordered[0], "max": ordered[-1]}


def as_dict(t: Tally, runs: list[dict[str, Any]]) -> dict[str, Any]:
    rates = t.by_seat()
    fair = 1 / t.players
    return {
        "runs": runs,
        "games": t.games,
        "finished": t.finished,
        "no_winner": t.no_winner,
        "shared_win_rule": SHARED_RULE,
        "win_rate_by_seat": [dict(seat=i + 1, **r.as_dict()) for i, r in enumerate(rates)],
        "first_player": {
            **rates[0].as_dict(),
            "fair": round(fair, 4),
            "advantage": round((rates[0].rate - fair) / fair, 4),
        }
        if rates
        else {},
        "length": _spread(t.lengths),
        "figures": {name: _spread(values) for name, values in t.figures.items()},
        "cards": {name: u.as_dict() for name, u in t.card_use().items()},
    }


def tables(t: Tally, runs: list[dict[str, Any]]) -> Any:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from generator.play.report import card_table, num, seat_table

    data = as_dict(t, runs)
    parts: list[Any] = [
        Text(
            f"{t.games} games from {len(runs)} results file(s), {t.finished} finished, "
            f"{t.no_winner} with no winner; {SHARED_RULE}."
        )
    ]
    parts.append(seat_table("win rate by seat", t.by_seat(), 1 / t.players))
    spread = Table(title="length in turns and per-game figures", title_justify="left")
    for col in ("figure", "games", "mean", "median", "min", "max"):
        spread.add_column(col, justify="left" if col == "figure" else "right")
    for name, f in [("length", data["length"]), *data["figures"].items()]:
        if f.get("n"):
            spread.add_row(name, *(num(f[k]) for k in ("n", "mean", "median", "min", "max")))
    parts.append(spread)
    parts.append(card_table(t.card_use()))
    return Group(*parts)


def results_command(game: str, paths: list[Path], pdf: Path | None) -> tuple[Any, str]:
    """``stats`` of results files: tables and JSON (the PDF report draws from logs)."""
    from generator.load.loader import load_game

    if pdf is not None:
        raise UsageError("--pdf draws its charts from logs; for results files use --json or --compare --pdf")
    for path in paths:
        if not path.is_file():
            raise UsageError(f"{display_path(path)}: no such file")
    name = load_game(game).name
    t, runs = merged(paths, name)
    return tables(t, runs), json.dumps(as_dict(t, runs), indent=2, ensure_ascii=False)
