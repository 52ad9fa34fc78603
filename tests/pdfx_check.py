"""A PDF/X-1a structure check with pypdf, for the CMYK tests (not a full preflight).

``pdfx_problems(path)`` lists every departure found: output intent and its profile, the info
keys, the boxes of every page, fonts embedded, and no RGB (colour spaces, ``rg``/``RG``
operators) or transparency in any page, form XObject or image.
"""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

_RGB_OPS = re.compile(rb"(?<![A-Za-z])(rg|RG)(?![A-Za-z])")
_RGB_NAMES = {"/DeviceRGB", "/CalRGB"}


def _get(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def pdfx_problems(path: Path) -> list[str]:
    reader = PdfReader(str(path))
    problems: list[str] = []
    root = reader.trailer["/Root"]
    intents = _get(root.get("/OutputIntents")) or []
    if not intents:
        problems.append("no /OutputIntents")
    for intent in intents:
        intent = _get(intent)
        if intent.get("/S") != "/GTS_PDFX":
            problems.append(f"output intent subtype {intent.get('/S')}")
        profile = _get(intent.get("/DestOutputProfile"))
        if profile is None or profile.get("/N") != 4 or len(profile.get_data()) < 1000:
            problems.append("output intent without a 4-channel DestOutputProfile")
    info = _get(reader.trailer["/Info"])
    if not str(info.get("/GTS_PDFXVersion", "")).startswith("PDF/X-1"):
        problems.append(f"GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append(f"Trapped is {info.get('/Trapped')!r}")
    if not reader.trailer.get("/ID"):
        problems.append("no /ID in the trailer")
    if float(reader.pdf_header[5:8]) > 1.4:
        problems.append(f"{reader.pdf_header}: PDF/X-1a:2003 is PDF 1.4 at most")
    seen: set[int] = set()
    for n, page in enumerate(reader.pages, start=1):
        for box in ("/TrimBox", "/BleedBox"):
            if box not in page:
                problems.append(f"page {n}: no {box}")
        media = [float(v) for v in page.mediabox]
        bleed = [float(v) for v in page.get("/BleedBox", media)]
        trim = [float(v) for v in page.get("/TrimBox", media)]
        if not (_inside(trim, bleed) and _inside(bleed, media)):
            problems.append(f"page {n}: TrimBox {trim} / BleedBox {bleed} not nested in {media}")
        data = page.get_contents().get_data() if page.get_contents() else b""
        problems += [f"page {n}: {p}" for p in _stream_problems(data)]
        problems += [f"page {n}: {p}" for p in _resource_problems(_get(page.get("/Resources")), seen)]
    return problems


def _inside(inner: list[float], outer: list[float]) -> bool:
    e = 0.01
    return (
        inner[0] >= outer[0] - e
        and inner[1] >= outer[1] - e
        and inner[2] <= outer[2] + e
        and inner[3] <= outer[3] + e
    )


def _stream_problems(data: bytes) -> list[str]:
    found = []
    # drop strings (text shown) before looking for operators
    code = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", data)
    if _RGB_OPS.search(code):
        found.append("rg/RG operator in a content stream")
    if b"/DeviceRGB" in code:
        found.append("DeviceRGB named in a content stream")
    return found


def _resource_problems(resources: DictionaryObject | None, seen: set[int]) -> list[str]:
    if resources is None or id(resources) in seen:
        return []
    seen.add(id(resources))
    found: list[str] = []
    for name, space in (_get(resources.get("/ColorSpace")) or {}).items():
        found += [f"colour space {name}: {p}" for p in _space_problems(_get(space))]
    for name, state in (_get(resources.get("/ExtGState")) or {}).items():
        state = _get(state)
        for key in ("/ca", "/CA"):
            if key in state and float(state[key]) < 1:
                found.append(f"ExtGState {name}: {key} {state[key]} (transparency)")
        if state.get("/SMask", "/None") != "/None":
            found.append(f"ExtGState {name}: soft mask")
        if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            found.append(f"ExtGState {name}: blend mode {state['/BM']}")
    for name, font in (_get(resources.get("/Font")) or {}).items():
        found += [f"font {name}: {p}" for p in _font_problems(_get(font))]
    for name, ref in (_get(resources.get("/XObject")) or {}).items():
        xobject = _get(ref)
        key = id(xobject)
        if key in seen:
            continue
        seen.add(key)
        if xobject.get("/Subtype") == "/Image":
            space = _get(xobject.get("/ColorSpace"))
            if not xobject.get("/ImageMask") and space != "/DeviceCMYK" and space != "/DeviceGray":
                found.append(f"image {name} in {space}")
            if "/SMask" in xobject:
                found.append(f"image {name} has a soft mask")
        elif xobject.get("/Subtype") == "/Form":
            found += [f"form {name}: {p}" for p in _stream_problems(xobject.get_data())]
            found += _resource_problems(_get(xobject.get("/Resources")), seen)
            if "/Group" in xobject:
                found.append(f"form {name}: transparency group")
    return found


def _space_problems(space) -> list[str]:
    if isinstance(space, NameObject):
        return [f"{space}"] if space in _RGB_NAMES else []
    if isinstance(space, ArrayObject) and space:
        family = space[0]
        if family in ("/ICCBased", "/CalRGB", "/Lab"):
            return [f"{family} (PDF/X-1a allows CMYK, grey and spot colours only)"]
        if family in ("/Separation", "/DeviceN") and len(space) > 2:
            return _space_problems(_get(space[2]))
        if family == "/Indexed":
            return _space_problems(_get(space[1]))
    return []


def _font_problems(font: DictionaryObject) -> list[str]:
    descendants = font.get("/DescendantFonts")
    if descendants:
        font = _get(_get(descendants)[0])
    if font.get("/Subtype") == "/Type3":
        return []
    descriptor = _get(font.get("/FontDescriptor"))
    if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
        return [f"{font.get('/BaseFont')} not embedded"]
    return []
