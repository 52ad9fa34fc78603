"""The duplex calibration page: a centred cross with millimetre rulers."""

from __future__ import annotations

import pytest

from generator.core.geometry import Box
from generator.core.sizes import PAPER_SIZES, paper_size
from generator.core.units import mm, to_mm
from generator.layout.calibration import LABEL_SIZE, calibration_page


def test_cross_is_centred() -> None:
    g = calibration_page(paper_size("a4"))
    assert (g.page_w, g.page_h) == pytest.approx(paper_size("a4"))
    h, v = g.cross
    assert h.y1 == h.y2 == pytest.approx(g.page_h / 2)
    assert v.x1 == v.x2 == pytest.approx(g.page_w / 2)
    assert (h.x1 + h.x2) / 2 == pytest.approx(g.page_w / 2)
    assert (v.y1 + v.y2) / 2 == pytest.approx(g.page_h / 2)


def test_ticks_every_mm_longer_every_5_and_10() -> None:
    g = calibration_page(paper_size("a4"))
    cx, cy = g.page_w / 2, g.page_h / 2
    on_h = {round(to_mm(t.x1 - cx)): to_mm(abs(t.y2 - t.y1)) for t in g.ruler_ticks if t.x1 == t.x2}
    on_v = {round(to_mm(t.y1 - cy)): to_mm(abs(t.x2 - t.x1)) for t in g.ruler_ticks if t.y1 == t.y2}
    expected = set(range(-30, 31)) - {0}
    assert set(on_h) == expected and set(on_v) == expected
    assert len(g.ruler_ticks) == 2 * 60
    for ticks in (on_h, on_v):
        assert ticks[1] < ticks[5] < ticks[10]
        assert ticks[3] == ticks[-7] and ticks[-15] == ticks[25] and ticks[-30] == ticks[20]
    # ticks sit across their arm
    for t in g.ruler_ticks:
        if t.x1 == t.x2:
            assert min(t.y1, t.y2) < cy < max(t.y1, t.y2)
        else:
            assert min(t.x1, t.x2) < cx < max(t.x1, t.x2)


def test_labels_every_10_mm() -> None:
    g = calibration_page(paper_size("letter"))
    texts = sorted(int(t) for _, _, t in g.tick_labels)
    assert texts == sorted([-30, -20, -10, 10, 20, 30] * 2)
    cx = g.page_w / 2
    below = [(x, t) for x, y, t in g.tick_labels if y < g.page_h / 2 - mm(2)]
    assert any(x == pytest.approx(cx + mm(10)) and t == "10" for x, t in below)


def test_landscape() -> None:
    g = calibration_page(paper_size("a4"), "landscape")
    assert g.page_w > g.page_h


@pytest.mark.parametrize("name", sorted(PAPER_SIZES))
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_everything_inside_printable(name: str, orientation: str) -> None:
    g = calibration_page(paper_size(name), orientation)
    pr = Box(0.0, 0.0, g.page_w, g.page_h).inset(mm(5))
    for ln in g.cross + g.ruler_ticks:
        assert pr.contains(ln.bounds())
    for x, y, text in g.tick_labels:
        half = len(text) * LABEL_SIZE * 0.6 / 2  # generous text extent
        assert pr.contains(Box(x - half, y - LABEL_SIZE * 0.3, 2 * half, LABEL_SIZE * 1.2))
        assert not any(
            Box(x - half, y - LABEL_SIZE * 0.25, 2 * half, LABEL_SIZE).intersects(ln.bounds())
            for ln in g.ruler_ticks + g.cross
        )


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        calibration_page(paper_size("a4"), "auto")
    with pytest.raises(ValueError, match="too small"):
        calibration_page((mm(60), mm(80)))
