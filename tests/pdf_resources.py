"""A clean-PDF check for the tests (pypdf): every resource a content stream names is defined, and
every font is embedded.

``pdf_problems(path)`` scans each page's content streams (strings and inline images blanked) and,
through every form XObject, tiling pattern and Type 3 glyph procedure they reach, checks that each
name given to
``Tf`` (Font), ``Do`` (XObject), ``gs`` (ExtGState), ``sh`` (Shading), ``cs``/``CS`` (ColorSpace),
``scn``/``SCN`` (Pattern) and ``BDC``/``DP`` (Properties) is in the resource dictionary in force
there, and that every font of every resource dictionary carries its font file (a Type 3 font is
drawn by the PDF itself). Each problem is one line naming the page and where inside it.
"""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
DEVICE_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/Pattern"}
# operator -> the resource category of the name written just before it (Tf: before the size)
NAMED = {
    "Tf": ("/Font",),
    "Do": ("/XObject",),
    "gs": ("/ExtGState",),
    "sh": ("/Shading",),
    "cs": ("/ColorSpace",),
    "CS": ("/ColorSpace",),
    "scn": ("/Pattern",),
    "SCN": ("/Pattern",),
    "BDC": ("/Properties",),
    "DP": ("/Properties",),
}
# strings and inline images hold text and bytes, not operators: blanked before the scan
_OPAQUE = re.compile(rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>|\bBI\b.*?\bEI\b", re.S)
_USE = re.compile(
    rb"/([^\s/\[\]()<>{}%]+)\s+(?:[-+.\d]+\s+)?(Tf|Do|gs|sh|cs|CS|scn|SCN|BDC|DP)(?![A-Za-z*'\"])"
)


def _named(data: bytes) -> list[tuple[str, str]]:
    """(resource name with its slash, operator) for each named-resource use in a content stream."""
    code = _OPAQUE.sub(b" ", data)
    found = []
    for match in _USE.finditer(code):
        name, operator = match.group(1).decode("latin-1"), match.group(2).decode()
        if operator != "Tf" and match.group(0).split()[1:-1]:
            continue  # a number between name and operator belongs to Tf alone
        found.append(("/" + _unescape(name), operator))
    return found


def _unescape(name: str) -> str:
    return re.sub(r"#([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name)


def _get(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def font_embedded(font) -> bool:
    """Whether a font dictionary carries its font program (a Type 3 font is drawn by the PDF)."""
    font = _get(font)
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = _get(font["/DescendantFonts"][0])
    descriptor = _get(font.get("/FontDescriptor"))
    return descriptor is not None and any(key in descriptor for key in FONT_FILES)


class _Walk:
    def __init__(self, reader: PdfReader):
        self.reader = reader
        self.problems: list[str] = []
        self.unembedded: set[str] = set()
        self.streams_seen: set[int] = set()
        self.named = 0  # how many resource names were looked up (a walk that saw none proves little)

    def stream(self, data: bytes, resources, where: str) -> None:
        resources = _get(resources) or DictionaryObject()
        self._fonts(resources)
        if not data.strip():
            return
        for name, operator in _named(data):
            category = NAMED[operator][0]
            if category == "/ColorSpace" and name in DEVICE_SPACES:
                continue
            self.named += 1
            defined = _get(_get(resources.get(category)) or DictionaryObject())
            if name not in defined:
                self.problems.append(f"{where}: {operator} names {category} {name}, which is not defined")
                continue
            target = _get(defined[name])
            if category == "/XObject" and target.get("/Subtype") == "/Form":
                self._form(defined[name], resources, f"{where} > form {name}")
            elif category == "/Pattern" and target.get("/PatternType") == 1:
                self._form(defined[name], resources, f"{where} > pattern {name}")
            elif category == "/Font" and target.get("/Subtype") == "/Type3":
                procs = _get(target.get("/CharProcs")) or {}
                for glyph, proc in procs.items():
                    own = target.get("/Resources") or resources
                    self._form(proc, own, f"{where} > Type 3 font {name} glyph {glyph}")

    def _form(self, ref, parent, where: str) -> None:
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        if key in self.streams_seen:
            return
        self.streams_seen.add(key)
        form = _get(ref)
        self.stream(form.get_data(), form.get("/Resources") or parent, where)

    def _fonts(self, resources) -> None:
        for font in (_get(resources.get("/Font")) or {}).values():
            if not font_embedded(font):
                self.unembedded.add(str(_get(font).get("/BaseFont")))


def _walk(path: Path) -> _Walk:
    reader = PdfReader(str(path))
    walk = _Walk(reader)
    for n, page in enumerate(reader.pages, start=1):
        contents = page.get_contents()
        walk.stream(contents.get_data() if contents is not None else b"", page.get("/Resources"), f"page {n}")
    return walk


def check_pdf(path: Path) -> tuple[list[str], int]:
    """(every undefined resource a content stream names and every font not embedded, how many
    resource names were looked up) in one walk."""
    walk = _walk(path)
    return walk.problems + [f"font {name} is not embedded" for name in sorted(walk.unembedded)], walk.named


def pdf_problems(path: Path) -> list[str]:
    """Every undefined resource a content stream names, and every font not embedded."""
    return check_pdf(path)[0]


def unembedded_fonts(path: Path) -> set[str]:
    """Base names of the fonts some page, form or pattern of ``path`` has without their file."""
    return _walk(path).unembedded


def names_checked(path: Path) -> int:
    """How many resource names the walk looked up in ``path``."""
    return _walk(path).named
