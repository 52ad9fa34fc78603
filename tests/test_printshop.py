"""Print-shop pages: one card per page at trim + bleed, in the shop's page order."""

from __future__ import annotations

import pytest

from generator.core.geometry import Box
from generator.core.sizes import card_size
from generator.core.units import mm
from generator.layout.printshop import printshop_order, printshop_page


def test_poker_page_is_trim_plus_bleed() -> None:
    page = printshop_page(*card_size("poker"), mm(3))
    assert (page.page_w, page.page_h) == pytest.approx((mm(69.5), mm(94.9)))
    assert page.bleed == Box(0.0, 0.0, page.page_w, page.page_h)
    assert (page.trim.x, page.trim.y) == pytest.approx((mm(3), mm(3)))
    assert (page.trim.w, page.trim.h) == pytest.approx(card_size("poker"))
    assert page.bleed.contains(page.trim)


def test_eighth_inch_bleed_gives_825_by_1125_px_at_300_dpi() -> None:
    page = printshop_page(*card_size("poker"), 72 / 8)
    assert (page.page_w / 72 * 300, page.page_h / 72 * 300) == pytest.approx((825, 1125))


def test_zero_bleed_page_is_the_trim() -> None:
    page = printshop_page(mm(63), mm(88), 0.0)
    assert page.trim == page.bleed


def test_bad_sizes() -> None:
    with pytest.raises(ValueError):
        printshop_page(0.0, mm(88), mm(3))
    with pytest.raises(ValueError):
        printshop_page(mm(63), mm(88), -1.0)


def test_orders() -> None:
    assert printshop_order(2) == [(0, "front"), (0, "back"), (1, "front"), (1, "back")]
    assert printshop_order(2, "back-front") == [(0, "back"), (0, "front"), (1, "back"), (1, "front")]
    assert printshop_order(3, "fronts-then-backs") == [
        (0, "front"),
        (1, "front"),
        (2, "front"),
        (0, "back"),
        (1, "back"),
        (2, "back"),
    ]
    assert printshop_order(0) == []


@pytest.mark.parametrize("order", ["front-back", "back-front", "fronts-then-backs"])
def test_every_side_once(order: str) -> None:
    pages = printshop_order(7, order)
    assert sorted(pages) == sorted((i, s) for i in range(7) for s in ("front", "back"))


def test_unknown_order_lists_known() -> None:
    with pytest.raises(ValueError, match="fronts-then-backs"):
        printshop_order(3, "backs-first")
