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


# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _encode(v: float) -> float:
    v = max(0.0, min(1.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def simulate(c: RGB, kind: str) -> RGB:
    """``c`` as a viewer with the colour-vision deficiency ``kind`` sees it."""
    lin = [_linear(v) for v in c]
    return tuple(_encode(sum(m * v for m, v in zip(row, lin, strict=True))) for row in CVD[kind])  # type: ignore[return-value]


def lab(c: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in c)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def distance(a: RGB, b: RGB) -> float:
    """CIE76 colour difference (Delta E)."""
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
