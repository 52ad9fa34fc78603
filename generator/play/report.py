"""The statistics as people and scripts read them: rich tables, JSON, and a PDF with charts
drawn with ReportLab's own graphics in the bundled fonts (embedded)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib.pagesizes import A4
from rich.console import Group
from rich.table import Table

from generator.fonts import FontBook
from generator.paths import FONTS
from generator.play.stats import Rate, Stats
from generator.render.pdf import pdf_canvas

INK, MUTED, BAR, BAR2, FAIR = "#222222", "#666666", "#c4531a", "#f0c9a8", "#1d6090"


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
        table.add_row(str(i + 1), str(r.wins), str(r.n), pct(r.rate), interval(r))
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
    head.add_row("finished with no winner", str(sum(1 for r in stats.finished if r.winner is None)))
    parts.append(head)
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
    first.add_row("wins / games", f"{fp['wins']} / {fp['n']}")
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
            ft.add_row(name, *(_num(f[k]) for k in ("n", "mean", "median", "min", "max", "total")))
        parts.append(ft)
    cards = Table(title="cards", title_justify="left")
    for name in ("card", "drawn", "played", "games played", "holder won", "95% interval"):
        cards.add_column(name, justify="left" if name == "card" else "right")
    for name, u in stats.cards().items():
        r = Rate(u.won, u.games_played)
        cards.add_row(
            name, str(u.drawn), str(u.played), str(u.games_played), pct(r.rate) if r.n else "-",
            interval(r) if r.n else "-",
        )
    parts.append(cards)
    return Group(*parts)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def as_json(stats: Stats) -> str:
    return json.dumps(stats.as_dict(), indent=2, ensure_ascii=False)


# -- PDF ----------------------------------------------------------------------------------------


class Pen:
    """Text and bars on a Drawing, in the bundled fonts."""

    def __init__(self, fonts: FontBook) -> None:
        self.regular = fonts.face("Lato")
        self.bold = fonts.face("Lato", bold=True)

    def text(self, d: Drawing, x: float, y: float, text: str, size: float = 9, **kw) -> None:
        font = self.bold if kw.pop("bold", False) else self.regular
        d.add(String(x, y, text, fontName=font, fontSize=size, fillColor=kw.pop("color", INK), **kw))


def bar_chart(
    pen: Pen,
    title: str,
    labels: list[str],
    values: list[float],
    width: float,
    height: float,
    errors: list[tuple[float, float]] | None = None,
    top: float | None = None,
    as_percent: bool = False,
    fair: float | None = None,
    note: str = "",
) -> Drawing:
    """Vertical bars with optional error bars (intervals) and a dashed 'fair share' line."""
    d = Drawing(width, height)
    pen.text(d, 0, height - 12, title, 11, bold=True)
    if note:
        pen.text(d, 0, height - 25, note, 8, color=MUTED)
    left, bottom, right, head = 34, 26, 6, 34
    w, h = width - left - right, height - bottom - head
    peak = nice(top or max([*values, *(e[1] for e in errors or [])], default=1) or 1)
    d.add(Line(left, bottom, left + w, bottom, strokeColor=INK, strokeWidth=0.6))
    for k in range(5):
        v = peak * k / 4
        y = bottom + h * k / 4
        d.add(Line(left - 3, y, left + w, y, strokeColor="#dddddd", strokeWidth=0.4))
        pen.text(d, left - 5, y - 3, pct(v) if as_percent else f"{v:.0f}", 7, textAnchor="end", color=MUTED)
    slot = w / max(1, len(values))
    every = max(1, round(len(values) / 16))
    for i, v in enumerate(values):
        x = left + i * slot + slot * 0.15
        d.add(Rect(x, bottom, slot * 0.7, h * v / peak, fillColor=BAR, strokeColor=None))
        if errors:
            lo, hi = errors[i]
            cx = x + slot * 0.35
            y0, y1 = bottom + h * lo / peak, bottom + h * hi / peak
            d.add(Line(cx, y0, cx, y1, strokeColor=INK, strokeWidth=0.9))
            for y in (y0, y1):
                d.add(Line(cx - 4, y, cx + 4, y, strokeColor=INK, strokeWidth=0.9))
        if i % every == 0:
            pen.text(d, x + slot * 0.35, bottom - 11, labels[i], 7.5, textAnchor="middle")
    if fair is not None:
        y = bottom + h * fair / peak
        d.add(Line(left, y, left + w, y, strokeColor=FAIR, strokeWidth=1, strokeDashArray=[4, 3]))
        pen.text(d, left + w, y + 3, f"fair share {pct(fair)}", 7, textAnchor="end", color=FAIR)
    return d


def nice(peak: float) -> float:
    """The smallest round number (1, 2, 2.5 or 5 times a power of ten, times 4) at or above ``peak``."""
    step = peak / 4
    scale = 10 ** math.floor(math.log10(step))
    for m in (1, 2, 2.5, 5, 10):
        if m * scale >= step - 1e-12:
            return 4 * m * scale
    return peak  # pragma: no cover


def card_chart(pen: Pen, stats: Stats, width: float, rows: list[str]) -> Drawing:
    """One row per card: drawn (light) and played (dark) bars, and the holder's win rate."""
    use = stats.cards()
    row = 10.5
    height = 34 + row * len(rows)
    d = Drawing(width, height)
    pen.text(d, 0, height - 12, "Card use: drawn (light), played (dark), holder's win rate when played", 11,
             bold=True)
    name_w, rate_w = 150, 110
    bar_w = width - name_w - rate_w - 48
    peak = max([max(u.drawn, u.played) for u in use.values()], default=1) or 1
    pen.text(d, width - rate_w + 4, height - 26, "holder won (n)", 7.5, color=MUTED)
    for i, name in enumerate(rows):
        u = use[name]
        y = height - 34 - row * (i + 1) + 2
        pen.text(d, name_w - 4, y + 1, name, 7.5, textAnchor="end")
        d.add(Rect(name_w, y, bar_w * u.drawn / peak, row - 3, fillColor=BAR2, strokeColor=None))
        d.add(Rect(name_w, y + 1.5, bar_w * u.played / peak, row - 6, fillColor=BAR, strokeColor=None))
        pen.text(d, name_w + bar_w * max(u.drawn, u.played) / peak + 3, y + 1, f"{u.drawn}/{u.played}", 6.5,
                 color=MUTED)
        r = Rate(u.won, u.games_played)
        shown = f"{pct(r.rate)} ({r.n})  {interval(r)}" if r.n else "never played"
        pen.text(d, width - rate_w + 4, y + 1, shown, 7)
    return d


def write_pdf(stats: Stats, path: Path, title: str, font_dirs: Sequence[Path] = (FONTS,)) -> Path:
    """The report as a PDF: key figures, win rate by seat, length histogram, card use."""
    pen = Pen(FontBook.load(list(font_dirs)))
    page_w, page_h = A4
    margin = 40
    width = page_w - 2 * margin
    with pdf_canvas(path, f"{title}: playtest statistics", A4) as canvas:
        y = page_h - margin

        def place(d: Drawing) -> None:
            nonlocal y
            if y - d.height < margin:
                canvas.showPage()
                y = page_h - margin
            renderPDF.draw(d, canvas, margin, y - d.height)
            y -= d.height + 14

        place(_summary(pen, stats, title, width))
        if stats.finished:
            by_seat = stats.by_seat()
            counts = stats.by_count()
            fair = 1 / next(iter(counts)) if len(counts) == 1 else None
            place(
                bar_chart(
                    pen,
                    "Win rate by seat (first player = seat 1), with 95% Wilson intervals",
                    [str(i + 1) for i in range(len(by_seat))],
                    [r.rate for r in by_seat],
                    width,
                    190,
                    errors=[r.interval for r in by_seat],
                    top=min(1.0, max(r.interval[1] for r in by_seat)),
                    as_percent=True,
                    fair=fair,
                    note="n per seat: " + ", ".join(str(r.n) for r in by_seat),
                )
            )
            bins = stats.histogram(16)
            place(
                bar_chart(
                    pen,
                    "Game length in turns",
                    [f"{a}-{b}" if a != b else str(a) for a, b, _ in bins],
                    [c for _, _, c in bins],
                    width,
                    170,
                    note=_length_note(stats),
                )
            )
        names = list(stats.cards())
        per_page = 66
        for start in range(0, len(names), per_page):
            canvas.showPage()
            y = page_h - margin
            place(card_chart(pen, stats, width, names[start : start + per_page]))
    return path


def _length_note(stats: Stats) -> str:
    ls = stats.length_summary()
    return (
        f"{ls['n']} finished games: mean {ls['mean']:.1f}, median {ls['median']}, "
        f"quartiles {ls['q1']}-{ls['q3']}, shortest {ls['min']}, longest {ls['max']}"
    )


def _summary(pen: Pen, stats: Stats, title: str, width: float) -> Drawing:
    lines = [
        f"{stats.read} logs read, {len(stats.records)} used, {len(stats.rejected)} rejected "
        f"(a log that breaks a rule is left out unless --include-illegal)",
        f"{len(stats.finished)} finished games, {sum(1 for r in stats.finished if r.winner is None)} "
        "without a winner",
    ]
    if stats.finished:
        fp = stats.first_player()
        counts = ", ".join(f"{n} players: {rs[0].n} games" for n, rs in stats.by_count().items())
        lines.append(f"player counts: {counts}")
        lines.append(
            f"first player wins {pct(fp['rate'])} (95% {pct(fp['low'])}-{pct(fp['high'])}) against a fair "
            f"share of {pct(fp['fair'])}: {100 * fp['advantage']:+.1f}%"
        )
        lines.append(_length_note(stats))
    figs = stats.figure_summary()
    for name, f in figs.items():
        lines.append(f"{name}: mean {_num(f['mean'])} per game, median {_num(f['median'])}, "
                     f"range {_num(f['min'])}-{_num(f['max'])}")
    height = 40 + 13 * len(lines)
    d = Drawing(width, height)
    pen.text(d, 0, height - 18, f"{title}: playtest statistics", 18, bold=True)
    for i, text in enumerate(lines):
        pen.text(d, 0, height - 40 - 13 * i, text, 9)
    return d
