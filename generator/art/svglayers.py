"""Translucent SVG groups kept whole: the drawing side of ``svgfeatures.push_opacity``.

SVG's ``opacity`` on a group (or on a shape both filled and stroked) applies to the group drawn
as one picture: where two of its shapes overlap, the upper hides the lower, and the whole is then
laid over the backdrop at that opacity. Pushed down into each shape's own opacity instead, the
overlap would show the lower shape through the upper one (a darker lens where they cross).

``LayeredRenderer`` reads an SVG as svglib does and wraps each element ``push_opacity`` marked
(``svgfeatures.LAYER``) in a ``Layer``: a ReportLab group carrying that opacity. The renderer
(``render.svgdraw``) draws a layer into its own PDF transparency group.
"""

from __future__ import annotations

from typing import Any

from reportlab.graphics.shapes import Group
from reportlab.lib.attrmap import AttrMap, AttrMapValue
from reportlab.lib.validators import isNumber
from svglib.svglib import SvgRenderer

from generator.art.svgfeatures import LAYER


class Layer(Group):
    """A group drawn as one picture and laid over its backdrop at ``layer_opacity``."""

    _attrMap = AttrMap(BASE=Group, layer_opacity=AttrMapValue(isNumber, desc="opacity of the whole"))

    def __init__(self, *elements: Any, layer_opacity: float = 1.0, **keywords: Any):
        super().__init__(*elements, **keywords)
        self.layer_opacity = layer_opacity


class LayeredRenderer(SvgRenderer):
    """svglib's renderer, each element marked ``LAYER`` drawn into a ``Layer``."""

    def render(self, svg_node: Any) -> Any:
        drawing = super().render(svg_node)
        opacity = _opacity(svg_node.get(LAYER))
        if opacity is not None and drawing.contents:  # the outer <svg> itself translucent
            drawing.contents = [Layer(*drawing.contents, layer_opacity=opacity)]
        return drawing

    def renderNode(self, node: Any, parent: Any = None) -> None:
        opacity = _opacity(node.attrib.get(LAYER))
        if parent is None or opacity is None:
            super().renderNode(node, parent)
            return
        layer = Layer(layer_opacity=opacity)
        super().renderNode(node, layer)
        if layer.contents:  # nothing when it is not displayed (display: none, a <symbol>)
            parent.add(layer)


def _opacity(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return min(1.0, max(0.0, float(value)))
    except ValueError:
        return None
