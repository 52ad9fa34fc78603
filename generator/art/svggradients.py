"""Gradient transforms folded into gradient geometry, before svglib reads the gradients.

svglib ignores ``gradientTransform``, which Affinity, Figma and Illustrator write on most
gradients (Affinity: every one, ``matrix(60,0,0,40,10,5)``). ``fold_transforms`` rewrites each
gradient so that it needs none:

- a linear gradient under any affine transform is still a linear gradient: its start and end
  isolines map to parallel lines, so the new axis runs from the mapped start point across to the
  mapped end isoline, at right angles to it (exact);
- a radial gradient keeps its circles only under a similarity (scale, rotation, move): there the
  centre, focus and radius are mapped (exact); under a stretch or skew its circles would become
  ellipses, which svglib cannot draw: the radius is scaled by the transform's mean scale and a
  warning says so.

``stop-opacity`` below 1 is drawn opaque (a PDF shading has no opacity): a warning says so too.
"""

from __future__ import annotations

import math
import re
from typing import Any

from generator.core.geometry import Matrix, apply, compose

_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_STEP = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")


def parse_transform(text: str) -> Matrix | None:
    """The SVG transform list ``text`` as one matrix (a, b, c, d, e, f); None if unreadable."""
    m = _IDENTITY
    for name, args in _STEP.findall(text):
        try:
            v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        except ValueError:
            return None
        if name == "matrix" and len(v) == 6:
            step = tuple(v)
        elif name == "translate" and v:
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale" and v:
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate" and v:
            a = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            cos, sin = math.cos(a), math.sin(a)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        elif name in ("skewX", "skewY") and v:
            t = math.tan(math.radians(v[0]))
            step = (1, 0, t, 1, 0, 0) if name == "skewX" else (1, t, 0, 1, 0, 0)
        else:
            return None
        m = compose(m, step)  # type: ignore[arg-type]
    return m


def fold_transforms(root: Any) -> list[str]:
    """Rewrite every gradient of ``root`` without its ``gradientTransform``; return warnings."""
    warnings = []
    ids = {e.get("id"): e for e in root.iter() if isinstance(e.tag, str) and e.get("id")}
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        name = element.tag.rsplit("}", 1)[-1]
        if name not in ("linearGradient", "radialGradient"):
            continue
        for stop in element:
            style = (stop.get("style") or "").replace(" ", "")
            opacity = re.search(r"stop-opacity:([0-9.]+)", style)
            value = opacity.group(1) if opacity else stop.get("stop-opacity")
            try:
                if value is not None and float(value) < 1:
                    warnings.append(f"line {stop.sourceline}: a gradient stop's opacity is drawn opaque")
                    break
            except ValueError:
                pass
        text = element.get("gradientTransform")
        if text is None:
            continue
        _inherit_geometry(element, ids)
        m = parse_transform(text)
        if m is None:
            warnings.append(f"line {element.sourceline}: gradientTransform '{text}' not understood, left out")
        elif name == "linearGradient":
            _fold_linear(element, m)
        elif not _fold_radial(element, m):
            warnings.append(f"line {element.sourceline}: a stretched radial gradient is drawn with circles")
        element.attrib.pop("gradientTransform", None)
    return warnings


def _inherit_geometry(element: Any, ids: dict[str, Any]) -> None:
    """Copy onto ``element`` the geometry it takes from the gradient its href names (Inkscape
    keeps stops in one gradient and places them with another), so the transform maps it."""
    seen = {id(element)}
    source = element
    while True:
        href = source.get("{http://www.w3.org/1999/xlink}href") or source.get("href") or ""
        source = ids.get(href[1:]) if href.startswith("#") else None
        if source is None or id(source) in seen:
            return
        seen.add(id(source))
        for key in ("x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy", "gradientUnits"):
            if element.get(key) is None and source.get(key) is not None:
                element.set(key, source.get(key))


def _num(element: Any, key: str, default: float) -> float:
    raw = (element.get(key) or "").strip()
    try:
        return float(raw[:-1]) / 100 if raw.endswith("%") else float(raw) if raw else default
    except ValueError:
        return default


def _fold_linear(element: Any, m: Matrix) -> None:
    x1, y1 = _num(element, "x1", 0.0), _num(element, "y1", 0.0)
    x2, y2 = _num(element, "x2", 1.0), _num(element, "y2", 0.0)
    p1, p2 = apply(m, x1, y1), apply(m, x2, y2)
    # the isolines' direction: the mapped perpendicular of the axis; the new axis is normal to it
    ix, iy = m[0] * -(y2 - y1) + m[2] * (x2 - x1), m[1] * -(y2 - y1) + m[3] * (x2 - x1)
    nx, ny = -iy, ix
    length = nx * nx + ny * ny
    if length == 0:
        return
    t = ((p2[0] - p1[0]) * nx + (p2[1] - p1[1]) * ny) / length
    values = (p1[0], p1[1], p1[0] + t * nx, p1[1] + t * ny)
    for key, value in zip(("x1", "y1", "x2", "y2"), values, strict=True):
        element.set(key, f"{value:.6g}")


def _fold_radial(element: Any, m: Matrix) -> bool:
    """Map centre, focus and radius; whether the result is exact (a similarity transform)."""
    cx, cy = _num(element, "cx", 0.5), _num(element, "cy", 0.5)
    fx, fy = _num(element, "fx", cx), _num(element, "fy", cy)
    r = _num(element, "r", 0.5)
    a, b, c, d = m[:4]
    scale = math.sqrt(abs(a * d - b * c))
    for keys, point in ((("cx", "cy"), (cx, cy)), (("fx", "fy"), (fx, fy))):
        x, y = apply(m, *point)
        element.set(keys[0], f"{x:.6g}")
        element.set(keys[1], f"{y:.6g}")
    element.set("r", f"{r * scale:.6g}")
    return (math.isclose(a, d, abs_tol=1e-9) and math.isclose(b, -c, abs_tol=1e-9)) or (
        math.isclose(a, -d, abs_tol=1e-9) and math.isclose(b, c, abs_tol=1e-9)
    )
