"""Colour arithmetic the proofreader judges with: WCAG contrast, print grayscale, blending."""

from __future__ import annotations

RGB = tuple[float, float, float]


def rgb(hex_color: str) -> RGB:
    """'#rrggbb' as three 0-1 values."""
    h = hex_color.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def hex_of(c: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(v * 255))) for v in c))


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(c: RGB) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = (_linear(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def gray(c: RGB) -> RGB:
    """The grey a black-and-white print gives (Rec. 601 luma of the encoded values)."""
    y = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return (y, y, y)


def over(top: RGB, alpha: float, under: RGB) -> RGB:
    """``top`` painted at ``alpha`` over ``under``."""
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under, strict=True))  # type: ignore[return-value]
