"""PDF/X-1a:2003 canvases for CMYK builds (ReportLab does the drawing; this adds what X-1a asks).

PDF/X-1a:2003 (ISO 15930-4) is CMYK (and spot) only, with no transparency, every font embedded,
PDF 1.4 at most, an output intent naming the printing condition (here with its ICC profile
embedded), ``GTS_PDFXVersion`` and ``Trapped`` in the document information, and a TrimBox (plus a
BleedBox where there is bleed) on every page. What the canvas does for each:

- colours: every colour set on the canvas, including those svglib sets while drawing an SVG icon,
  passes through ``enforce`` (ReportLab's ``enforceColorSpace`` hook) and leaves as DeviceCMYK
  (``k``/``K`` operators), converted by ``convert.to_cmyk``;
- transparency: a fill or stroke opacity below 1 (the tiled board's assembly page shades the
  overlaps) is flattened over white paper: the inks are scaled by the opacity and the colour is
  drawn opaque; no ExtGState with an opacity is written;
- boxes: a page whose code sets no TrimBox/BleedBox gets both equal to its media box (a sheet of
  cards is trimmed to itself); the print-shop file sets its own trim and bleed per page.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import Canvas

from generator.color import convert
from generator.color.output import ColorMode, current
from generator.core.colorspec import is_cmyk

PDFX_VERSION = "PDF/X-1:2003"
PDFX_CONFORMANCE = "PDF/X-1a:2003"


def cmyk_color(inks: convert.Cmyk) -> CMYKColor:
    return CMYKColor(inks.c, inks.m, inks.y, inks.k, alpha=None)


def pdf_color(value: str, role: str = convert.LINE) -> Color:
    """The ReportLab colour for a colour value in the current mode (role: FILL or LINE)."""
    return _pdf_color(value, role, current())


@lru_cache(maxsize=8192)
def _pdf_color(value: str, role: str, mode: ColorMode) -> Color:
    if mode.cmyk:
        return cmyk_color(convert.to_cmyk(value, role, mode.ink_limit))
    rgb = convert.to_rgb(value)
    return Color(rgb.r, rgb.g, rgb.b)


def enforce(value: Any) -> CMYKColor:
    """ReportLab's colour hook in a CMYK file: any colour in, DeviceCMYK out."""
    if isinstance(value, CMYKColor):
        if type(value) is not CMYKColor:  # a separation colour: keep its process equivalent
            return CMYKColor(value.cyan, value.magenta, value.yellow, value.black, alpha=None)
        return value
    colour = toColor(value)
    if isinstance(colour, CMYKColor):
        return enforce(colour)
    return cmyk_color(convert.to_cmyk(_hex(colour), convert.LINE, current().ink_limit))


class _Info(PDFInfo):
    """Document information with the PDF/X version and conformance keys."""

    def format(self, document):
        text = super().format(document)
        extra = (f"/GTS_PDFXVersion ({PDFX_VERSION}) /GTS_PDFXConformance ({PDFX_CONFORMANCE}) >>").encode()
        return text[: text.rindex(b">>")] + extra


class PdfxCanvas(Canvas):
    """A ReportLab canvas that writes PDF/X-1a:2003 (see the module notes)."""

    def __init__(self, filename, **kw: Any):
        super().__init__(filename, pdfVersion=(1, 4), enforceColorSpace=enforce, **kw)
        info = _Info()
        info.__dict__.update(self._doc.info.__dict__)
        info.trapped = "False"
        self._doc.info = info
        self._explicit: set[str] = set()
        self._opacity = [1.0, 1.0]  # fill, stroke
        self._opacity_stack: list[list[float]] = []
        self._output_intent()

    # -- boxes ----------------------------------------------------------------------------------
    def setCropBox(self, size, name="crop"):
        self._explicit.add(name.lower().removesuffix("box"))
        super().setCropBox(size, name)

    def showPage(self):
        w, h = self._pagesize
        for name in ("trim", "bleed"):
            if name not in self._explicit:
                setattr(self, f"_{name}Box", (0, 0, w, h))
        super().showPage()

    # -- transparency flattened over paper ------------------------------------------------------
    def _setFillAlpha(self, v):
        self._opacity[0] = float(v)
        if v < 1 and isinstance(self._fillColorObj, CMYKColor):
            self._code.append(_ink_code(self._fillColorObj, v, "k"))

    def _setStrokeAlpha(self, v):
        self._opacity[1] = float(v)
        if v < 1 and isinstance(self._strokeColorObj, CMYKColor):
            self._code.append(_ink_code(self._strokeColorObj, v, "K"))

    def saveState(self):
        self._opacity_stack.append(list(self._opacity))
        super().saveState()

    def restoreState(self):
        if self._opacity_stack:
            self._opacity = self._opacity_stack.pop()
        super().restoreState()

    def setFillColor(self, aColor, alpha=None):
        super().setFillColor(aColor, alpha)
        if alpha is None and self._opacity[0] < 1:
            self._setFillAlpha(self._opacity[0])

    def setStrokeColor(self, aColor, alpha=None):
        super().setStrokeColor(aColor, alpha)
        if alpha is None and self._opacity[1] < 1:
            self._setStrokeAlpha(self._opacity[1])

    # -- output intent --------------------------------------------------------------------------
    def _output_intent(self) -> None:
        doc = self._doc
        profile = PDFStream(PDFDictionary({"N": 4}), convert.profile_bytes(), filters=[PDFZCompress])
        intent = PDFDictionary(
            {
                "Type": PDFName("OutputIntent"),
                "S": PDFName("GTS_PDFX"),
                "OutputConditionIdentifier": PDFString(convert.CONDITION),
                "OutputCondition": PDFString(convert.PROFILE_NAME),
                "RegistryName": PDFString("http://www.color.org"),
                "Info": PDFString(convert.PROFILE_NAME),
                "DestOutputProfile": doc.Reference(profile, "DeckwrightOutputProfile"),
            }
        )
        catalog = doc.Catalog
        catalog.OutputIntents = PDFArray([intent])
        catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]


def _ink_code(colour: CMYKColor, opacity: float, op: str) -> str:
    """The colour operator for ``colour`` tinted by ``opacity`` over white paper."""
    d = colour.density * opacity
    inks = (colour.cyan, colour.magenta, colour.yellow, colour.black)
    return " ".join(f"{x * d:.4g}" for x in inks) + f" {op}"


def svg_tint(value: str) -> str:
    """The colour to write into an SVG icon for ``value``: SVG knows no ``cmyk(...)``, so such a
    colour goes in as its RGB look (and ``retint`` puts the exact inks back in a CMYK build)."""
    rgb = convert.to_rgb(value)
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in (rgb.r, rgb.g, rgb.b))


def retint(drawing: Any, value: str) -> None:
    """In a CMYK build, give the shapes of an SVG drawing tinted ``svg_tint(value)`` the exact
    CMYK of ``value`` (a ``cmyk(...)`` colour is printed as written, in icons too)."""
    if not (current().cmyk and is_cmyk(value)):
        return
    wanted, inks = svg_tint(value), pdf_color(value)
    stack = [drawing]
    while stack:
        node = stack.pop()
        stack.extend(getattr(node, "contents", ()))
        for attr in ("fillColor", "strokeColor"):
            colour = getattr(node, attr, None)
            if isinstance(colour, Color) and not isinstance(colour, CMYKColor) and _hex(colour) == wanted:
                setattr(node, attr, inks)


def _hex(colour: Color) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in colour.rgb())
