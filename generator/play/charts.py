"""Charts of comparisons and sweeps: points with their intervals against a category axis,
drawn like the stats report (ReportLab graphics, bundled fonts), and the PDFs holding them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Line
from reportlab.lib.pagesizes import A4

from generator.art.fonts import FontBook
from generator.core.paths import FONTS
from generator.play.compare import Comparison, Difference
from generator.play.pdf import BAR, FAIR, INK, MUTED, Pen
from generator.play.report import pct
from generator.render.pdf import pdf_canvas


def interval_chart(
    pen: Pen,
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    width: float,
    height: float,
    as_percent: bool = False,
    note: str = "",
    zero: bool = False,
    marked: Sequence[bool] = (),
    fair: float | None = None,
) -> Drawing:
    """A point and its interval per label; a dashed line at 0 when ``zero`` (a difference), or at
    a ``fair`` share."""
    d = pen.chart(width, height, title, note)
    left, bottom, right, head = 44, 26, 6, 34
    w, h = width - left - right, height - bottom - head
    level = 0.0 if zero else fair
    lows = [lo for lo, _ in intervals] + ([level] if level is not None else [])
    highs = [hi for _, hi in intervals] + ([level] if level is not None else [])
    lo, hi = min(lows), max(highs)
    pad = (hi - lo) * 0.08 or abs(hi) * 0.1 or 0.01
    lo, hi = lo - pad, hi + pad

    def y_of(v: float) -> float:
        return bottom + h * (v - lo) / (hi - lo)

    for k in range(5):
        v = lo + (hi - lo) * k / 4
        d.add(Line(left - 3, y_of(v), left + w, y_of(v), strokeColor="#dddddd", strokeWidth=0.4))
        shown = (f"{100 * v:+.1f}%" if zero else pct(v)) if as_percent else f"{v:.1f}"
        pen.text(d, left - 5, y_of(v) - 3, shown, 7, textAnchor="end", color=MUTED)
    if level is not None:
        y = y_of(level)
        d.add(Line(left, y, left + w, y, strokeColor=FAIR, strokeWidth=1, strokeDashArray=[4, 3]))
        if fair is not None and not zero:
            pen.text(d, left + w, y + 3, f"fair share {pct(fair)}", 7, textAnchor="end", color=FAIR)
    slot = w / max(1, len(values))
    for i, (v, (a, b)) in enumerate(zip(values, intervals, strict=True)):
        cx = left + slot * (i + 0.5)
        colour = BAR if (marked[i] if marked else True) else MUTED
        d.add(Line(cx, y_of(a), cx, y_of(b), strokeColor=colour, strokeWidth=1.2))
        for y in (y_of(a), y_of(b)):
            d.add(Line(cx - 4, y, cx + 4, y, strokeColor=colour, strokeWidth=1.2))
        d.add(Circle(cx, y_of(v), 3, fillColor=colour, strokeColor=None))
        pen.text(d, cx, bottom - 11, labels[i], 7.5, textAnchor="middle")
    d.add(Line(left, bottom, left + w, bottom, strokeColor=INK, strokeWidth=0.6))
    return d


def difference_chart(
    pen: Pen, title: str, diffs: Sequence[Difference], width: float, percent: bool
) -> Drawing:
    return interval_chart(
        pen,
        title,
        [x.what.replace(" win rate", "") for x in diffs],
        [x.diff for x in diffs],
        [(x.low, x.high) for x in diffs],
        width,
        180,
        as_percent=percent,
        zero=True,
        marked=[x.claimed for x in diffs],
        note=f"B - A with {diffs[0].level:.1%} intervals; orange: a difference is claimed (0 left out)",
    )


class Report:
    """A PDF of charts placed top to bottom, a new page when one does not fit."""

    def __init__(self, path: Path, title: str, font_dirs: Sequence[Path] = (FONTS,)) -> None:
        self.pen = Pen(FontBook.load(list(font_dirs)))
        self.path, self.title = path, title
        self.width = A4[0] - 80

    def write(self, drawings: Sequence[Drawing]) -> Path:
        margin, (_, page_h) = 40, A4
        with pdf_canvas(self.path, self.title, A4) as canvas:
            y = page_h - margin
            for d in drawings:
                if y - d.height < margin:
                    canvas.showPage()
                    y = page_h - margin
                renderPDF.draw(d, canvas, margin, y - d.height)
                y -= d.height + 14
        return self.path


def compare_pdf(c: Comparison, path: Path, title: str, font_dirs: Sequence[Path] = (FONTS,)) -> Path:
    """The comparison page: seat win rates and the first player, then length, as B - A charts."""
    r = Report(path, f"{title}: {c.label_b} against {c.label_a}", font_dirs)
    head = Drawing(r.width, 40)
    r.pen.text(head, 0, 26, f"{title}: B = {c.label_b} against A = {c.label_a}", 13, bold=True)
    r.pen.text(head, 0, 10, f"{c.games[0]} games in A, {c.games[1]} in B", 9, color=MUTED)
    charts = [
        head,
        difference_chart(r.pen, "Win rate by seat, B - A", c.seats, r.width, True),
        difference_chart(r.pen, "First player and game length (turns), B - A", [c.first], r.width / 2, True),
        difference_chart(r.pen, "Mean game length in turns, B - A", [c.length], r.width / 2, False),
    ]
    if c.figures:
        charts.append(difference_chart(r.pen, "Per-game figures, B - A (means)", c.figures, r.width, False))
    return r.write(charts)
