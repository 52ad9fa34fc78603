"""Print-shop output: one card per page, page = trim + bleed on every side, no marks."""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.geometry import Box

ORDERS = ("front-back", "back-front", "fronts-then-backs")


@dataclass(frozen=True)
class PrintShopPage:
    """A page of ``trim + 2 x bleed``; ``trim`` is the PDF TrimBox, ``bleed`` the BleedBox."""

    page_w: float
    page_h: float
    trim: Box
    bleed: Box


def printshop_page(card_w: float, card_h: float, bleed: float) -> PrintShopPage:
    """The page for one ``card_w`` x ``card_h`` card with ``bleed`` on every side (points)."""
    if card_w <= 0 or card_h <= 0 or bleed < 0:
        raise ValueError("card size must be positive and bleed not negative")
    page_w, page_h = card_w + 2 * bleed, card_h + 2 * bleed
    return PrintShopPage(page_w, page_h, Box(bleed, bleed, card_w, card_h), Box(0.0, 0.0, page_w, page_h))


def printshop_order(n_cards: int, order: str = "front-back") -> list[tuple[int, str]]:
    """Page order as (card index, "front" | "back"): "front-back" = f0 b0 f1 b1 ...,
    "back-front" = b0 f0 b1 f1 ..., "fronts-then-backs" = f0 f1 ... b0 b1 ..."""
    if n_cards < 0:
        raise ValueError("n_cards must not be negative")
    if order == "front-back":
        return [(i, side) for i in range(n_cards) for side in ("front", "back")]
    if order == "back-front":
        return [(i, side) for i in range(n_cards) for side in ("back", "front")]
    if order == "fronts-then-backs":
        return [(i, side) for side in ("front", "back") for i in range(n_cards)]
    raise ValueError(f"unknown page order {order!r}; known orders: {', '.join(ORDERS)}")
