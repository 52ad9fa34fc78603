"""The statistics as people and scripts read them: rich tables and JSON (the PDF report is
:mod:`generator.play.pdf`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from generator.play.stats import SHARED_RULE, Rate, Stats


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(rate: Rate) -> str:
    low, high = rate.interval
    return f"{pct(low)}-{pct(high)}"


# -- terminal -----------------------------------------------------------------------------------


def seat_table(title: str, rates: Sequence[Rate], fair: float | None = None) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("seat", "wins", "n", "win rate", "95% interval"):
        table.add_column(name, justify="right")
    for i, r in enumerate(rates):
        table.add_row(str(i + 1), num(r.wins), str(r.n), pct(r.rate), interval(r))
    if fair is not None:
        table.caption = f"a fair share is {pct(fair)}"
    return table


def tables(stats: Stats) -> Group:
    """Everything as rich renderables, in reading order."""
    parts: list = []
    head = Table(title=f"{stats.game}: logs", title_justify="left", show_header=False)
    head.add_column()
    head.add_column(justify="right")
    head.add_row("read", str(stats.read))
    head.add_row("used", str(len(stats.records)))
    head.add_row("rejected", str(len(stats.rejected)))
    head.add_row("finished", str(len(stats.finished)))
    head.add_row("finished with no winner", str(sum(1 for r in stats.finished if r.no_winner)))
    head.add_row("finished with a shared win", str(sum(1 for r in stats.finished if r.shared)))
    parts.append(head)
    parts.append(Text(f"Win counts: {SHARED_RULE}.", style="dim"))
    if stats.rejected:
        bad = Table(title="rejected logs (first violation)", title_justify="left")
        bad.add_column("file")
        bad.add_column("why")
        for x in stats.rejected[:20]:
            bad.add_row(x.file, x.reason)
        if len(stats.rejected) > 20:
            bad.caption = f"and {len(stats.rejected) - 20} more (see --json)"
        parts.append(bad)
    if not stats.finished:
        return Group(*parts)
    counts = stats.by_count()
    parts.append(seat_table("win rate by seat (all player counts)", stats.by_seat()))
    if len(counts) > 1:
        for n, rates in counts.items():
            parts.append(seat_table(f"win rate by seat, {n} players", rates, 1 / n))
    fp = stats.first_player()
    first = Table(title="first player", title_justify="left", show_header=False)
    first.add_column()
    first.add_column(justify="right")
    first.add_row("wins / games", f"{num(fp['wins'])} / {fp['n']}")
    first.add_row("win rate (95% interval)", f"{pct(fp['rate'])} ({pct(fp['low'])}-{pct(fp['high'])})")
    first.add_row("fair share", pct(fp["fair"]))
    first.add_row("advantage over fair share", f"{100 * fp['advantage']:+.1f}%")
    parts.append(first)
    ls = stats.length_summary()
    length = Table(title="length in turns", title_justify="left")
    for name in ("games", "mean", "median", "Q1", "Q3", "min", "max"):
        length.add_column(name, justify="right")
    length.add_row(*(str(ls[k]) for k in ("n", "mean", "median", "q1", "q3", "min", "max")))
    parts.append(length)
    hist = Table(title="length histogram", title_justify="left")
    hist.add_column("turns", justify="right")
    hist.add_column("games", justify="right")
    hist.add_column("")
    bins = stats.histogram()
    top = max(c for _, _, c in bins) or 1
    for a, b, c in bins:
        hist.add_row(f"{a}-{b}" if a != b else str(a), str(c), "#" * round(30 * c / top))
    parts.append(hist)
    figs = stats.figure_summary()
    if figs:
        ft = Table(title="per-game figures", title_justify="left")
        for name in ("figure", "games", "mean", "median", "min", "max", "total"):
            ft.add_column(name, justify="left" if name == "figure" else "right")
        for name, f in figs.items():
            ft.add_row(name, *(num(f[k]) for k in ("n", "mean", "median", "min", "max", "total")))
        parts.append(ft)
    parts.append(card_table(stats.cards()))
    return Group(*parts)


def card_table(uses: Mapping[str, Any]) -> Table:
    """Per card: drawn, played, in how many games, and how often its holder won (with interval)."""
    cards = Table(title="cards", title_justify="left")
    for name in ("card", "drawn", "played", "games played", "holder won", "95% interval"):
        cards.add_column(name, justify="left" if name == "card" else "right")
    for name, u in uses.items():
        r = Rate(u.won, u.games_played)
        cards.add_row(
            name,
            str(u.drawn),
            str(u.played),
            str(u.games_played),
            pct(r.rate) if r.n else "-",
            interval(r) if r.n else "-",
        )
    return cards


def num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def as_json(stats: Stats) -> str:
    return json.dumps(stats.as_dict(), indent=2, ensure_ascii=False)
