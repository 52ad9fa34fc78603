"""Total ink of the colours a kit's PDFs actually set, for the figures in the README.

``python -m generator.color.survey RGB_KIT_DIR [CMYK_KIT_DIR]`` reads every PDF's content streams
(pages and forms), collects the ``rg``/``RG`` and ``k``/``K`` colours, and prints the largest total
ink three ways: the RGB colours by the naive formula (K = 1 - max(R, G, B), the rest under
it), the same colours through the ICC profile without a limit, and the CMYK colours the CMYK build
wrote.
"""

from __future__ import annotations

import base64
import re
import sys
import zlib
from pathlib import Path

from generator.color.convert import icc_cmyk
from generator.core.colorspec import Cmyk, Rgb

_STREAM = re.compile(rb"\bstream\r?\n(.*?)\r?\n?endstream", re.DOTALL)
_NUMBER = rb"(-?\d*\.?\d+)"
_RGB = re.compile(rb"(?<![\w.])" + rb"\s+".join([_NUMBER] * 3) + rb"\s+(rg|RG)(?!\w)")
_CMYK = re.compile(rb"(?<![\w.])" + rb"\s+".join([_NUMBER] * 4) + rb"\s+(k|K)(?!\w)")


def _streams(path: Path) -> list[bytes]:
    found = []
    for raw in _STREAM.findall(path.read_bytes()):
        text = raw.strip()
        try:
            if text.endswith(b"~>"):  # ASCII85, then Flate (ReportLab's page streams)
                text = base64.a85decode(re.sub(rb"\s", b"", text[:-2]))
            found.append(zlib.decompress(text))
        except (zlib.error, ValueError):
            found.append(raw)
    return found


def colours(path: Path) -> tuple[set[Rgb], set[Cmyk]]:
    """The RGB and CMYK colours set anywhere in ``path``."""
    rgb: set[Rgb] = set()
    cmyk: set[Cmyk] = set()
    for data in _streams(path):
        if b"\x00" in data[:1024]:  # binary: an image, a font, the ICC profile
            continue
        code = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", data)
        rgb |= {Rgb(*(float(v) for v in m[:3])) for m in _RGB.findall(code)}
        cmyk |= {Cmyk(*(float(v) for v in m[:4])) for m in _CMYK.findall(code)}
    return rgb, cmyk


def naive(rgb: Rgb) -> Cmyk:
    """The textbook conversion, with no profile and no ink limit."""
    k = 1 - max(rgb.r, rgb.g, rgb.b)
    if k >= 1:
        return Cmyk(0, 0, 0, 1)
    return Cmyk(*((1 - v - k) / (1 - k) for v in (rgb.r, rgb.g, rgb.b)), k)


def kit_figures(folder: Path) -> dict[str, tuple[float, str]]:
    """Largest total ink in percent (and the colour) per method, over every PDF in ``folder``."""
    rgb: set[Rgb] = set()
    cmyk: set[Cmyk] = set()
    for path in sorted(folder.glob("*.pdf")):
        more_rgb, more_cmyk = colours(path)
        rgb |= more_rgb
        cmyk |= more_cmyk
    figures: dict[str, tuple[float, str]] = {}
    if rgb:
        worst = max(rgb, key=lambda c: naive(c).total)
        figures["naive"] = (naive(worst).total, _hex(worst))
        worst = max(rgb, key=lambda c: icc_cmyk(c).total)
        figures["profile"] = (icc_cmyk(worst).total, _hex(worst))
    if cmyk:
        worst = max(cmyk, key=lambda c: c.total)
        figures["written"] = (worst.total, str(worst))
    return figures


def _hex(rgb: Rgb) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in (rgb.r, rgb.g, rgb.b))


def main(argv: list[str]) -> None:
    for folder in argv:
        figures = kit_figures(Path(folder))
        text = ", ".join(f"{name} {total:g} % ({what})" for name, (total, what) in figures.items())
        print(f"{folder}: {text}")


if __name__ == "__main__":
    main(sys.argv[1:])
