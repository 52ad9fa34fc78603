"""What svglib would silently get wrong in an SVG, found before it draws, and ``opacity`` made
into what it does draw.

svglib (the SVG reader) leaves out masks, pattern fills, markers (arrowheads), ``<foreignObject>``
and filter effects, and ignores the ``opacity`` property. ``unsupported`` names each use with its
line: the first four lose or reveal content, so the file is refused; a filter (blur, drop shadow)
only loses an effect, so it is drawn with a warning. ``push_opacity`` makes ``opacity`` drawable:
on a group (``<g>``, ``<svg>``, ``<use>``, ``<a>``, ``<symbol>``, an ``<image>``) or on a shape
both filled and stroked it marks the element (``LAYER``) to be drawn as one layer, composited
as a whole (``art.svglayers``: a PDF transparency group), so shapes overlapping inside it do not
show through one another, as SVG defines group opacity; on a shape painted once it becomes the
shape's fill and stroke opacity (the same result, no layer needed).
"""

from __future__ import annotations

import re
from typing import Any

_URL = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)")
_REFUSED_ELEMENTS = {"foreignObject": "a <foreignObject> (HTML inside an SVG)"}
_SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text"}
_LAYERS = {"g", "svg", "use", "a", "symbol", "switch", "image"}
LAYER = "deckwright-layer-opacity"
"""The attribute ``push_opacity`` gives an element drawn as one translucent layer: its opacity."""
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


def _prop(element: Any, name: str, css: dict[Any, dict[str, str]] | None = None) -> str | None:
    """A presentation property of an element: its style declaration, else a rule of the file's
    ``<style>`` sheet that selects it (a class, an id, a tag), else its attribute."""
    found = _style(element).get(name)
    if found is None and css:
        found = css.get(element, {}).get(name)
    return found or element.get(name)


def _css(root: Any) -> dict[Any, dict[str, str]]:
    """Element -> the declarations the file's ``<style>`` sheets give it (later rules win), as
    svglib applies them; empty when the file has no style sheet."""
    sheets = [e.text or "" for e in root.iter() if _local(e) == "style"]
    if not any(sheet.strip() for sheet in sheets):
        return {}
    import cssselect2
    from svglib.svglib import CSSMatcher

    matcher = CSSMatcher()
    for sheet in sheets:
        try:
            matcher.add_styles(sheet)
        except Exception:  # a sheet cssselect2 cannot read: svglib passes it over too
            continue
    found: dict[Any, dict[str, str]] = {}
    for wrapper in cssselect2.ElementWrapper.from_xml_root(root).iter_subtree():
        declared: dict[str, str] = {}
        for match in sorted(matcher.match(wrapper), key=lambda m: (m[0], m[1])):
            declared.update(match[3][1])
        if declared:
            found[wrapper.etree_element] = declared
    return found


def unsupported(root: Any) -> tuple[list[str], list[str]]:
    """(reasons to refuse the file, warnings): each a use of a feature svglib does not draw."""
    ids = {e.get("id"): _local(e) for e in root.iter() if isinstance(e.tag, str) and e.get("id")}
    css = _css(root)

    def value(element: Any, name: str) -> str | None:
        return _prop(element, name, css)

    refused: list[str] = []
    warned: list[str] = []
    for element in root.iter():
        name = _local(element)
        if not name:
            continue
        where = f"line {element.sourceline}"
        if name in _REFUSED_ELEMENTS:
            refused.append(f"{where}: {_REFUSED_ELEMENTS[name]}")
        if value(element, "mask") and _URL.search(value(element, "mask") or ""):
            refused.append(f"{where}: a mask")
        for prop in ("marker-start", "marker-mid", "marker-end", "marker"):
            if _URL.search(value(element, prop) or ""):
                refused.append(f"{where}: a marker (arrowhead)")
                break
        for prop in ("fill", "stroke"):
            target = _URL.search(value(element, prop) or "")
            if target and ids.get(target.group(1)) == "pattern":
                refused.append(f"{where}: a pattern {prop}")
        if _URL.search(value(element, "filter") or ""):
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
    """Make every ``opacity`` (attribute, style or class) drawable, in place: a layer (``LAYER``)
    for a group or a shape both filled and stroked, else the fill and stroke opacity of the shape."""
    _push(root, 1.0, 1.0, 1.0, _css(root), (True, False))


def _push(
    element: Any,
    opacity: float,
    fill: float,
    stroke: float,
    css: dict[Any, dict[str, str]],
    paint: tuple[bool, bool],
) -> None:
    name = _local(element)
    if not name:
        return
    own = _number(_prop(element, "opacity", css), 1.0)
    fill = _number(_prop(element, "fill-opacity", css), fill)
    stroke = _number(_prop(element, "stroke-opacity", css), stroke)
    paint = (
        _painted(_prop(element, "fill", css), paint[0]),
        _painted(_prop(element, "stroke", css), paint[1]),
    )
    if own < 1.0 and (name in _LAYERS or (name in _SHAPES and all(paint))):
        element.set(LAYER, f"{own:.4g}")  # drawn as one layer at this opacity
        own = 1.0
    opacity *= own
    if opacity < 1.0 and name in _SHAPES:
        style = element.get("style") or ""
        extra = f"fill-opacity:{fill * opacity:.4g};stroke-opacity:{stroke * opacity:.4g}"
        element.set("style", f"{style.rstrip('; ')};{extra}" if style.strip() else extra)
    for child in element:
        _push(child, opacity, fill, stroke, css, paint)


def _painted(value: str | None, inherited: bool) -> bool:
    """Whether a ``fill``/``stroke`` value paints (``inherited`` when it is not set)."""
    if value is None or value.strip() in ("", "inherit"):
        return inherited
    return value.strip() not in ("none", "transparent")


def _number(value: str | None, default: float) -> float:
    if value is None:
        return default
    text = value.strip()
    try:
        number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return default
    return min(1.0, max(0.0, number))
