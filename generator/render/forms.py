"""Form XObjects that carry every resource their content names.

ReportLab's ``endForm`` gives a form only fonts and the forms it draws: the graphics states an
opacity or blend mode sets (``/gRLs0 gs``), the shadings of gradients and the colour spaces used
inside the form are collected but left out of the form's resource dictionary (ReportLab 4-5,
``PDFFormXObject.format``). Viewers guess, preflight rejects (poppler: "ExtGState 'gRLs0' is
unknown"). Every SVG drawing becomes a form, so semi-transparent art hit this on every card.

``CompleteForms`` is mixed into the canvases Deckwright writes with (``render.pdf``): after
ReportLab builds a form it writes the form's resources itself, with those three kinds included.
``transparency_group`` marks a form as a transparency group (``/Group``), which ReportLab's forms
never are: a translucent SVG group is drawn as one (``render.svgdraw``).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFResourceDictionary, PDFStream, xObjectName


class CompleteForms:
    """Canvas mixin: each form's resources include its ExtGState, Shading and ColorSpace."""

    def endForm(self, **extra_attributes: Any) -> None:
        canvas: Any = self
        name = canvas._formData[0]
        shadings = dict(canvas._shadingUsed)  # ReportLab forgets these when the form ends
        super().endForm(**extra_attributes)  # type: ignore[misc]
        form = canvas._doc.idToObject[xObjectName(name)]
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        if form.ExtGState:
            resources.ExtGState = form.ExtGState
        resources.setShading(shadings)
        resources.setColorSpace(getattr(form, "_colorsUsed", {}) or {})
        form.Resources = resources


def transparency_group(canvas: Any, name: str) -> None:
    """Make the form ``name`` (ended on ``canvas``) a transparency group: drawn with an opacity
    or a blend mode, its content is composited as one picture first (PDF 1.4, section 7.5.5)."""
    form = canvas._doc.idToObject[xObjectName(name)]
    stream = PDFStream()
    stream.content = form.stream
    stream.__Comment__ = "xobject form stream"
    stream.dictionary["Group"] = PDFDictionary({"Type": PDFName("Group"), "S": PDFName("Transparency")})
    form.Contents = stream  # PDFFormXObject.format adds the form's own keys to this stream
