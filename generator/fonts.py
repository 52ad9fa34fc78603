"""Font families from ``fonts.yaml`` files, registered with reportlab, and fast text metrics.

A ``fonts.yaml`` maps family names to styles (``regular`` and optionally ``bold``, ``italic``,
``bold_italic``), each a TrueType file relative to the yaml's folder. Only reportlab's metric
layer (``pdfbase``) is used here; nothing is drawn.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from pathlib import Path

import yaml
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.errors import DataError, Problem, problem

STYLES = ("regular", "bold", "italic", "bold_italic")
_STYLE_SUFFIX = {"regular": "Regular", "bold": "Bold", "italic": "Italic", "bold_italic": "BoldItalic"}
_FALLBACK = {
    "regular": ("regular",),
    "bold": ("bold", "regular"),
    "italic": ("italic", "regular"),
    "bold_italic": ("bold_italic", "bold", "italic", "regular"),
}

# Process-wide: each TrueType file is parsed and registered once, whatever FontBook loads it.
_REGISTERED: dict[Path, str] = {}
_USED_NAMES: set[str] = set()
_BOOKS: dict[tuple, FontBook] = {}


class UnknownFontError(KeyError):
    """Raised for a family no loaded ``fonts.yaml`` defines."""

    def __init__(self, family: str, known: Sequence[str]):
        super().__init__(family)
        self.family = family
        self.known = sorted(known)

    def __str__(self) -> str:
        close = difflib.get_close_matches(self.family, self.known, n=1, cutoff=0.5)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        known = ", ".join(self.known) or "none"
        return f"unknown font family '{self.family}'{hint}; known families: {known}"


def _face_name(family: str, style: str) -> str:
    base = re.sub(r"[^A-Za-z0-9_+-]", "", family) or "Font"
    name = f"{base}-{_STYLE_SUFFIX[style]}"
    candidate, n = name, 1
    registered = set(pdfmetrics.getRegisteredFontNames())
    while candidate in _USED_NAMES or candidate in registered:
        n += 1
        candidate = f"{name}-{n}"
    return candidate


def _register(path: Path, family: str, style: str) -> str:
    """Register ``path`` with reportlab (once per process) and return its face name."""
    key = path.resolve()
    if key in _REGISTERED:
        return _REGISTERED[key]
    name = _face_name(family, style)
    pdfmetrics.registerFont(TTFont(name, str(key)))  # raises for a file that is not TrueType
    _USED_NAMES.add(name)
    _REGISTERED[key] = name
    return name


def _line_of(text: str, needle: str, start: int = 0) -> int:
    """1-based line of the first ``needle`` at or after ``start`` in ``text``; 0 when absent."""
    pos = text.find(needle, start) if needle else -1
    return text.count("\n", 0, pos) + 1 if pos >= 0 else 0


class FontBook:
    """The font families available to a build, with cached metrics."""

    def __init__(self) -> None:
        self._families: dict[str, dict[str, str]] = {}  # family -> style -> face
        self._files: dict[str, Path] = {}
        self._faces: dict[tuple[str, bool, bool], str] = {}
        self._widths: dict[str, dict[str, float]] = {}
        self._vertical: dict[str, tuple[float, float]] = {}

    @classmethod
    def load(cls, dirs: Sequence[Path]) -> FontBook:
        """Read ``fonts.yaml`` from each dir in order; later dirs add or override families.

        A missing dir or yaml is skipped. Every problem found (bad yaml, missing or non-TrueType
        file) is collected and raised together as one DataError. The same dirs with unchanged
        ``fonts.yaml`` files give the same (shared) book, so a build reads each file once.
        """
        key = tuple(
            (
                str(Path(d).resolve()),
                (Path(d) / "fonts.yaml").stat().st_mtime_ns if (Path(d) / "fonts.yaml").is_file() else None,
            )
            for d in dirs
        )
        if key not in _BOOKS:
            _BOOKS[key] = cls._read(dirs)
        return _BOOKS[key]

    @classmethod
    def _read(cls, dirs: Sequence[Path]) -> FontBook:
        book = cls()
        problems: list[Problem] = []
        for d in dirs:
            yml = Path(d) / "fonts.yaml"
            if yml.is_file():
                book._load_yaml(yml, problems)
        if problems:
            raise DataError(problems)
        return book

    def _load_yaml(self, yml: Path, problems: list[Problem]) -> None:
        text = yml.read_text(encoding="utf-8")
        try:
            data = yaml.safe_load(text) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
            problems.append(problem(yml, line, col, "", f"not valid YAML: {exc}"))
            return
        families = data.get("families") if isinstance(data, dict) else None
        if not isinstance(families, dict):
            problems.append(problem(yml, 0, 0, "families", "expected a 'families:' mapping"))
            return
        for family, styles in families.items():
            where = f"families.{family}"
            start = max(text.find(f"{family}:"), 0)
            line = _line_of(text, f"{family}:")
            if not isinstance(styles, dict) or not isinstance(styles.get("regular"), str):
                msg = "expected a mapping of styles to font files, with at least 'regular'"
                problems.append(problem(yml, line, 0, where, msg))
                continue
            faces: dict[str, str] = {}
            for style, rel in styles.items():
                if style not in STYLES or not isinstance(rel, str):
                    msg = f"unknown style {style!r} (known: {', '.join(STYLES)})"
                    if style in STYLES:
                        msg = f"expected a font file name, found {rel!r}"
                    problems.append(problem(yml, _line_of(text, f"{style}:", start), 0, where, msg))
                    continue
                path = yml.parent / rel
                at = f"{where}.{style}"
                if not path.is_file():
                    msg = f"font file '{rel}' not found (looked in {yml.parent})"
                    problems.append(problem(yml, _line_of(text, rel, start), 0, at, msg))
                    continue
                try:
                    face = _register(path, str(family), style)
                except Exception as exc:  # reportlab raises TTFError and assorted parse errors
                    msg = f"font file '{rel}' is not a usable TrueType font ({exc})"
                    problems.append(problem(yml, _line_of(text, rel, start), 0, at, msg))
                    continue
                faces[style] = face
                self._files[face] = path.resolve()
            if "regular" in faces:
                self._families[str(family)] = faces
                self._faces = {k: v for k, v in self._faces.items() if k[0] != family}

    def families(self) -> list[str]:
        return sorted(self._families)

    def has_family(self, family: str) -> bool:
        return family in self._families

    def face(self, family: str, bold: bool = False, italic: bool = False) -> str:
        """Registered face name for a style, falling back to the closest style the family has."""
        key = (family, bold, italic)
        found = self._faces.get(key)
        if found is not None:
            return found
        styles = self._families.get(family)
        if styles is None:
            raise UnknownFontError(family, list(self._families))
        wanted = "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
        found = next(styles[s] for s in _FALLBACK[wanted] if s in styles)
        self._faces[key] = found
        return found

    def width(self, text: str, face: str, size: float) -> float:
        """Advance width of ``text`` in points (cached per face and text at size 1)."""
        cache = self._widths.get(face)
        if cache is None:
            cache = self._widths[face] = {}
        w = cache.get(text)
        if w is None:
            w = cache[text] = pdfmetrics.stringWidth(text, face, 1.0)
        return w * size

    def _metrics(self, face: str) -> tuple[float, float]:
        m = self._vertical.get(face)
        if m is None:
            f = pdfmetrics.getFont(face).face
            m = self._vertical[face] = (f.ascent / 1000.0, f.descent / 1000.0)
        return m

    def ascent(self, face: str, size: float) -> float:
        """Height of the font's ascender above the baseline, in points (positive)."""
        return self._metrics(face)[0] * size

    def descent(self, face: str, size: float) -> float:
        """Depth of the descender as a y offset from the baseline: NEGATIVE (below the line)."""
        return self._metrics(face)[1] * size

    def files(self) -> dict[str, Path]:
        """Face name -> TrueType file, for every face this book loaded."""
        return dict(self._files)
