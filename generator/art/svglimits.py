"""What an SVG may cost to draw, measured on its tree before svglib sees it.

A few KB of SVG can ask for minutes of work or gigabytes of memory: ``<use>`` elements that each
copy a group of ``<use>`` elements (ten levels of ten: ten billion shapes), a path of 600,000
segments, or pictures inside it (embedded as ``data:`` or linked) of 9000 x 9000 pixels each. So
the tree is weighed first: every element counts 1 and every number of a path's ``d`` or a shape's
``points`` counts 1, a ``<use>`` counts what it copies, and the pictures' pixels are added up
from their headers. Past :data:`MAX_WEIGHT` or :data:`~generator.art.rasters.MAX_PIXELS` the file
is refused with a message. A dash pattern that cannot be drawn (all zero, or a negative length)
is dropped, as SVG says: the line is drawn solid.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from pathlib import Path
from typing import Any

from generator.art.rasters import MAX_PIXELS, declared_size

MAX_WEIGHT = 100_000
"""The most elements plus path numbers an SVG may draw, ``<use>`` copies included: a detailed
illustration has some 20,000; ``check`` draws an SVG once per paper and layout it records, and
100,000 cost it about 5 s."""
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_DASH = re.compile(r"(stroke-dasharray\s*:\s*)([^;]*)")


def _href(element: Any) -> str:
    return (element.get(XLINK_HREF) or element.get("href") or "").strip()


def weight(root: Any) -> int:
    """Elements plus path numbers the tree draws, each ``<use>`` counted as what it copies (a
    ``<use>`` that copies itself, directly or not, counts 1). Stops counting past MAX_WEIGHT."""
    alive = list(root.iter())  # lxml's element proxies kept alive, so that their id()s stay theirs
    by_id = {e.get("id"): e for e in alive if isinstance(e.tag, str) and e.get("id")}
    known: dict[int, int] = {}
    busy: set[int] = set()

    def of(element: Any) -> int:
        key = id(element)
        if key in known:
            return known[key]
        if key in busy:  # a <use> loop: svglib refuses to follow it
            return 1
        busy.add(key)
        total = 1
        for name in ("d", "points"):
            value = element.get(name)
            if value:
                total += len(_NUMBER.findall(value.encode("utf-8", "replace")))
        href = _href(element)
        if href.startswith("#") and href[1:] in by_id:
            total += of(by_id[href[1:]])
        for child in element:
            if isinstance(child.tag, str):
                total += of(child)
            if total > MAX_WEIGHT:
                break
        busy.discard(key)
        known[key] = total = min(total, MAX_WEIGHT + 1)
        return total

    return of(root)


def _pixels(href: str, folder: Path) -> int:
    """The pixels of a picture an ``<image>`` shows, from its header (0 if it cannot be read:
    svglib reports that)."""
    try:
        if href.startswith("data:"):
            head, _, payload = href.partition(",")
            raw = base64.b64decode(payload, validate=False) if head.endswith(";base64") else payload.encode()
            width, height = declared_size(io.BytesIO(raw))
        else:
            width, height = declared_size(folder / href.split("#", 1)[0])
    except (OSError, ValueError, SyntaxError, binascii.Error):
        return 0
    return width * height


def too_costly(root: Any, path: Path) -> str | None:
    """Why drawing this SVG tree would cost too much, or None."""
    total = weight(root)
    if total > MAX_WEIGHT:
        return (
            f"it draws more than {MAX_WEIGHT:,} elements and path points (counting what each <use> "
            "copies): simplify it in your design program (fewer nodes, fewer copies) or save it as PNG"
        )
    pixels = 0
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag.rsplit("}", 1)[-1] == "image":
            pixels += _pixels(_href(element), path.parent)
    if pixels > MAX_PIXELS:
        return (
            f"the pictures inside it have {pixels / 1e6:,.1f} million pixels together, more than the limit "
            f"of {MAX_PIXELS / 1e6:.1f} million (8192 x 8192): save them smaller"
        )
    return None


def _drawable(values: str) -> bool:
    try:
        lengths = [float(v) for v in re.split(r"[\s,]+", values.strip()) if v]
    except ValueError:
        return True  # units or percentages: svglib's business
    return not lengths or (all(v >= 0 for v in lengths) and sum(lengths) > 0)


def solid_where_undrawable(root: Any) -> None:
    """Drop every ``stroke-dasharray`` that cannot be drawn (all zero or a negative length): SVG
    draws such a line solid, and ReportLab would raise."""
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        dash = element.get("stroke-dasharray")
        if dash is not None and dash.strip() != "none" and not _drawable(dash):
            del element.attrib["stroke-dasharray"]
        style = element.get("style")
        if style and "stroke-dasharray" in style:
            kept = _DASH.sub(lambda m: m[0] if m[2].strip() == "none" or _drawable(m[2]) else "", style)
            element.set("style", kept)
