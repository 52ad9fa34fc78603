"""What svglib would silently get wrong in an SVG, found before it draws, and ``opacity`` made
into what it does draw.

svglib (the SVG reader) leaves out masks, pattern fills, markers (arrowheads), ``<foreignObject>``
and filter effects, and ignores the ``opacity`` property. ``unsupported`` names each use with its
line: the first four lose or reveal content, so the file is refused; a filter (blur, drop shadow)
only loses an effect, so it is drawn with a warning. ``push_opacity`` turns ``opacity`` on a shape
or group into the fill and stroke opacities of the shapes inside it: exact for a single shape;
for a group, shapes that overlap inside it show through one another (true group opacity would
need a transparency group).
"""

from __future__ import annotations

import re
from typing import Any

_URL = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)")
_REFUSED_ELEMENTS = {"foreignObject": "a <foreignObject> (HTML inside an SVG)"}
_SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text"}
_ADVICE = "convert it to plain shapes in your design program, or export the art as PNG"


def _local(element: Any) -> str:
    return element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""


def _style(element: Any) -> dict[str, str]:
    found = {}
    for part in (element.get("style") or "").split(";"):
        key, sep, value = part.partition(":")
        if sep:
            found[key.strip()] = value.strip()
    return found


def _prop(element: Any, name: str) -> str | None:
    """A presentation property of an element: its style declaration, else its attribute."""
    return _style(element).get(name) or element.get(name)


def unsupported(root: Any) -> tuple[list[str], list[str]]:
    """(reasons to refuse the file, warnings): each a use of a feature svglib does not draw."""
    ids = {e.get("id"): _local(e) for e in root.iter() if isinstance(e.tag, str) and e.get("id")}
    refused: list[str] = []
    warned: list[str] = []
    for element in root.iter():
        name = _local(element)
        if not name:
            continue
        where = f"line {element.sourceline}"
        if name in _REFUSED_ELEMENTS:
            refused.append(f"{where}: {_REFUSED_ELEMENTS[name]}")
        if _prop(element, "mask") and _URL.search(_prop(element, "mask") or ""):
            refused.append(f"{where}: a mask")
        for prop in ("marker-start", "marker-mid", "marker-end", "marker"):
            if _URL.search(_prop(element, prop) or ""):
                refused.append(f"{where}: a marker (arrowhead)")
                break
        for prop in ("fill", "stroke"):
            target = _URL.search(_prop(element, prop) or "")
            if target and ids.get(target.group(1)) == "pattern":
                refused.append(f"{where}: a pattern {prop}")
        if _URL.search(_prop(element, "filter") or ""):
            warned.append(f"{where}: a filter effect (blur, shadow...)")
    reasons = []
    if refused:
        more = f" and {len(refused) - 3} more" if len(refused) > 3 else ""
        reasons.append(f"uses what Deckwright cannot draw ({'; '.join(refused[:3])}{more}): {_ADVICE}")
    warnings = []
    if warned:
        more = f" and {len(warned) - 3} more" if len(warned) > 3 else ""
        uses = "; ".join(warned[:3]) + more
        warnings.append(f"filter effects are not drawn ({uses}): the art prints without them")
    return reasons, warnings


def push_opacity(root: Any) -> None:
    """Fold every ``opacity`` (attribute or style) into the fill and stroke opacity of the shapes
    it covers, in place."""
    _push(root, 1.0, 1.0, 1.0)


def _push(element: Any, opacity: float, fill: float, stroke: float) -> None:
    name = _local(element)
    if not name:
        return
    opacity *= _number(_prop(element, "opacity"), 1.0)
    fill = _number(_prop(element, "fill-opacity"), fill)
    stroke = _number(_prop(element, "stroke-opacity"), stroke)
    if opacity < 1.0 and name in _SHAPES:
        style = element.get("style") or ""
        extra = f"fill-opacity:{fill * opacity:.4g};stroke-opacity:{stroke * opacity:.4g}"
        element.set("style", f"{style.rstrip('; ')};{extra}" if style.strip() else extra)
    for child in element:
        _push(child, opacity, fill, stroke)


def _number(value: str | None, default: float) -> float:
    if value is None:
        return default
    text = value.strip()
    try:
        number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return default
    return min(1.0, max(0.0, number))
