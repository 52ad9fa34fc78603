"""The statistics as a PDF report: key figures, win rate by seat with its intervals, the length
histogram and card use, drawn with ReportLab's own graphics in the bundled fonts (embedded)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib.pagesizes import A4

from generator.art.fonts import FontBook
from generator.core.paths import FONTS
from generator.play.report import interval, num, pct
from generator.play.stats import SHARED_RULE, Rate, Stats
from generator.render.pdf import pdf_canvas

INK, MUTED, BAR, BAR2, FAIR = "#222222", "#666666", "#c4531a", "#f0c9a8", "#1d6090"


class Pen:
    """Text and bars on a Drawing, in the bundled fonts."""

    def __init__(self, fonts: FontBook) -> None:
        self.regular = fonts.face("Lato")
        self.bold = fonts.face("Lato", bold=True)

    def text(self, d: Drawing, x: float, y: float, text: str, size: float = 9, **kw) -> None:
        font = self.bold if kw.pop("bold", False) else self.regular
        d.add(String(x, y, text, fontName=font, fontSize=size, fillColor=kw.pop("color", INK), **kw))

    def chart(self, width: float, height: float, title: str, note: str = "") -> Drawing:
        """An empty chart of that size with its title (and a muted note under it)."""
        d = Drawing(width, height)
        self.text(d, 0, height - 12, title, 11, bold=True)
        if note:
            self.text(d, 0, height - 25, note, 8, color=MUTED)
        return d


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
    d = pen.chart(width, height, title, note)
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
    pen.text(
        d,
        0,
        height - 12,
        "Card use: drawn (light), played (dark), holder's win rate when played",
        11,
        bold=True,
    )
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
        pen.text(
            d,
            name_w + bar_w * max(u.drawn, u.played) / peak + 3,
            y + 1,
            f"{u.drawn}/{u.played}",
            6.5,
            color=MUTED,
        )
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
            d.initialFontName = canvas._initialFontName  # not ReportLab's unembedded Helvetica
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
                    note="n per seat: " + ", ".join(str(r.n) for r in by_seat) + f"; {SHARED_RULE}",
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
        f"{len(stats.finished)} finished games, {sum(1 for r in stats.finished if r.no_winner)} "
        f"without a winner, {sum(1 for r in stats.finished if r.shared)} with a shared win ({SHARED_RULE})",
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
        lines.append(
            f"{name}: mean {num(f['mean'])} per game, median {num(f['median'])}, "
            f"range {num(f['min'])}-{num(f['max'])}"
        )
    height = 40 + 13 * len(lines)
    d = Drawing(width, height)
    pen.text(d, 0, height - 18, f"{title}: playtest statistics", 18, bold=True)
    for i, text in enumerate(lines):
        pen.text(d, 0, height - 40 - 13 * i, text, 9)
    return d
