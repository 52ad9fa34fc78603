"""The duplex calibration page: a centred cross with millimetre rulers on both arms.

The renderer draws it on a front page and again on the back page with the duplex offset applied
(backs are the front flipped about the page centre, so the same geometry serves both). Printed
duplex and held to the light, the back cross shows on the rulers how far the printer drifts.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.geometry import Line
from generator.core.units import mm
from generator.layout.imposition import oriented

RULER_MM = 30
ARM = mm(35)
TICK = {1: mm(1), 5: mm(2), 10: mm(3)}
"""Full tick length: every mm, every 5 mm, every 10 mm (centred on the arm)."""
LABEL_SIZE = 6.0
LABEL_GAP = mm(1)


@dataclass(frozen=True)
class CalibrationGeometry:
    """``tick_labels`` are (x, y, text): text centred on x with its baseline at y, LABEL_SIZE pt;
    on the horizontal arm below it, on the vertical arm right of it. Positive = right / up."""

    page_w: float
    page_h: float
    cross: tuple[Line, ...]
    ruler_ticks: tuple[Line, ...]
    tick_labels: tuple[tuple[float, float, str], ...]


def calibration_page(
    paper: tuple[float, float], orientation: str = "portrait", margin: float = mm(5)
) -> CalibrationGeometry:
    """The calibration page for portrait ``paper`` (W, H) turned to ``orientation``."""
    if orientation not in ("portrait", "landscape"):
        raise ValueError("orientation must be portrait or landscape")
    page_w, page_h = oriented(paper, orientation)
    if min(page_w, page_h) < 2 * (ARM + margin):
        raise ValueError(f"paper too small for the calibration page (needs {2 * (35 + margin / mm(1)):g} mm)")
    cx, cy = page_w / 2, page_h / 2
    cross = (Line(cx - ARM, cy, cx + ARM, cy), Line(cx, cy - ARM, cx, cy + ARM))
    ticks: list[Line] = []
    labels: list[tuple[float, float, str]] = []
    longest = TICK[10] / 2
    for k in range(-RULER_MM, RULER_MM + 1):
        if k == 0:
            continue
        half = TICK[10 if k % 10 == 0 else 5 if k % 5 == 0 else 1] / 2
        d = mm(k)
        ticks.append(Line(cx + d, cy - half, cx + d, cy + half))
        ticks.append(Line(cx - half, cy + d, cx + half, cy + d))
        if k % 10 == 0:
            labels.append((cx + d, cy - longest - LABEL_GAP - LABEL_SIZE * 0.75, str(k)))
            labels.append((cx + longest + LABEL_GAP + LABEL_SIZE, cy + d - LABEL_SIZE * 0.35, str(k)))
    return CalibrationGeometry(page_w, page_h, cross, tuple(ticks), tuple(labels))
