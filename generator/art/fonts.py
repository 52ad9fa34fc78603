"""Font families from ``fonts.yaml`` files, registered with reportlab, and fast text metrics.

A ``fonts.yaml`` (read through ``yamlio``, checked by ``schema.fonts``) maps family names to
styles (``regular`` and optionally ``bold``, ``italic``, ``bold_italic``), each a font file
relative to the yaml's folder and inside the game folder (or the bundled fonts folder): TrueType
as it is, OpenType with CFF outlines and WOFF/WOFF2 made TrueType at load (``fontconvert``). Only
reportlab's metric layer (``pdfbase``) is used here; nothing is drawn.
"""

from __future__ import annotations

import difflib
import io
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFontParser

from generator.art import fontconvert, glyphs
from generator.art.subsettag import TaggedTTFont
from generator.core import paths
from generator.core.errors import DataError, Problem, clip, display_path
from generator.core.yamlio import Document, load_yaml
from generator.schema.fonts import FontsFile
from generator.schema.messages import validate

if TYPE_CHECKING:
    from generator.art import sysfonts

STYLES = ("regular", "bold", "italic", "bold_italic")
WIDTHS_KEPT = 20_000
"""Measured widths kept per face: a game's words repeat, but a long deck's card numbers and
names do not, and would otherwise be kept for the whole build (some 20 MB at 100,000 cards)."""
_STYLE_SUFFIX = {"regular": "Regular", "bold": "Bold", "italic": "Italic", "bold_italic": "BoldItalic"}
_FALLBACK = {
    "regular": ("regular",),
    "bold": ("bold", "regular"),
    "italic": ("italic", "regular"),
    "bold_italic": ("bold_italic", "bold", "italic", "regular"),
}

# Process-wide: each TrueType file gets one face name, and is parsed and registered once. A game's
# own fonts are parsed when its fonts.yaml is read; the bundled ones at the first use of each face
# (a build that sets two of the eleven bundled faces parses two).
_REGISTERED: dict[tuple[Path, int], str] = {}  # (file, face number in a collection) -> face name
_PENDING: dict[str, tuple[Path, int]] = {}  # face name -> its file, named but not parsed yet
_CONVERTED: dict[Path, bytes] = {}  # file -> its TrueType bytes, for a CFF OpenType or WOFF file
_UNOPENED: set[tuple[Path, int]] = set()  # named files not checked yet (see _register's opened)
_USED_NAMES: set[str] = set()
_BOOKS: dict[tuple, FontBook] = {}
_READ: dict[tuple, FontBook] = {}  # the fonts.yaml files (folder, file, mtime) -> the book as read


class UnknownFontError(KeyError):
    """Raised for a family no loaded ``fonts.yaml`` defines (``unusable``: why the installed font
    of that name cannot be used, when there is one)."""

    def __init__(self, family: str, known: Sequence[str], unusable: str = ""):
        super().__init__(family)
        self.family = family
        self.known = sorted(known)
        self.unusable = unusable

    def __str__(self) -> str:
        if self.unusable:
            return (
                f"font family '{self.family}' is installed on this computer, but {self.unusable}; add a "
                "usable file of it under fonts/ with a fonts.yaml, or choose another font"
            )
        close = difflib.get_close_matches(self.family, self.known, n=1, cutoff=0.5)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        known = ", ".join(self.known) or "none"
        return (
            f"unknown font family '{self.family}'{hint}; known families: {known}; nor is a font of that "
            "name installed on this computer (see 'deckwright fonts')"
        )


def _face_name(family: str, style: str) -> str:
    base = re.sub(r"[^A-Za-z0-9_+-]", "", family) or "Font"
    name = f"{base}-{_STYLE_SUFFIX[style]}"
    candidate, n = name, 1
    registered = set(pdfmetrics.getRegisteredFontNames())
    while candidate in _USED_NAMES or candidate in registered:
        n += 1
        candidate = f"{name}-{n}"
    return candidate


def _register(path: Path, family: str, style: str, index: int = 0, opened: bool = True) -> str:
    """Name ``path``'s face (once per process) and return the name; the font is parsed and
    registered with reportlab at its first use (:func:`_parse`). Raises for a file that is no
    font; a CFF OpenType or WOFF file is converted now (``fontconvert``). With ``opened`` False
    (the bundled fonts: a build sets two or three of fifteen) the file is not even opened until
    its first use, where the same checks run."""
    key = path.resolve()
    if (key, index) in _REGISTERED:
        return _REGISTERED[key, index]
    if opened:
        _opened(key, index)
    else:
        _UNOPENED.add((key, index))
    name = _face_name(family, style)
    _USED_NAMES.add(name)
    _REGISTERED[key, index] = name
    _PENDING[name] = (key, index)
    return name


def _opened(key: Path, index: int) -> None:
    """Raise for a file that is no font or that its licence keeps out of a kit; convert a CFF
    OpenType or WOFF file to TrueType (kept in ``_CONVERTED``)."""
    if fontconvert.needs_conversion(key):
        _CONVERTED[key] = fontconvert.truetype(key)
        parser = TTFontParser(io.BytesIO(_CONVERTED[key]), validate=0)
    else:  # the header and table directory only: cheap
        parser = TTFontParser(str(key), validate=0, subfontIndex=index)
    _embeddable(parser)


def _register_font(font: TaggedTTFont) -> None:
    """Register ``font`` with reportlab. ReportLab hands a font whose PostScript name another
    registered file already has that file's glyphs and widths (a game's own Lato-Regular would be
    set in the bundled one); a different file under a taken name is renamed by its content."""
    name = font.face.name
    taken = pdfmetrics._dynFaceNames.get(name)
    if isinstance(taken, TaggedTTFont) and taken._font_digest() != font._font_digest():
        font.face.name = name + b"-" + font._font_digest().hex()[:6].encode("ascii")
    pdfmetrics.registerFont(font)


def _embeddable(parser: TTFontParser) -> None:
    """Raise FontFileError for a font whose licence (its OS/2 ``fsType``) forbids what a kit does
    with it: embedding (Restricted License, or bitmaps only) or embedding a subset. ReportLab's
    own check lets these through."""
    table = parser.table.get("OS/2")
    data = getattr(parser, "_ttf_data", b"")
    if table is None or len(data) < table["offset"] + 10:
        return
    fs_type = int.from_bytes(data[table["offset"] + 8 : table["offset"] + 10], "big")
    why = ""
    if fs_type & 0x000E == 0x0002:  # restricted, and neither "preview & print" nor "editable"
        why = "forbids embedding it in a document (Restricted License)"
    elif fs_type & 0x0200:
        why = "allows embedding its bitmaps only, not its outlines"
    elif fs_type & 0x0100:
        why = "forbids embedding a subset of it, and a PDF embeds the characters it uses"
    if why:
        raise fontconvert.FontFileError(
            f"its licence {why} (OS/2 fsType {fs_type:04X}); a kit must carry its fonts: use another "
            "font, or ask the foundry for a licence and file that allow embedding"
        )


def _parse(face: str) -> None:
    """Parse and register ``face`` with reportlab if it is not yet (raises for a broken font)."""
    pending = _PENDING.get(face)
    if pending is not None:
        path, index = pending
        if pending in _UNOPENED:
            _opened(path, index)
            _UNOPENED.discard(pending)
        data = _CONVERTED.get(path)
        if data is None:
            _register_font(TaggedTTFont(face, str(path), subfontIndex=index))
        else:
            source = io.BytesIO(data)
            source.name = str(path)  # what reportlab names in its messages
            _register_font(TaggedTTFont(face, source))
        del _PENDING[face]


def _roots(folder: Path) -> tuple[Path, ...]:
    """The folders a ``fonts.yaml`` in ``folder`` and its font files must lie in, links followed:
    the bundled folders for the bundled file, else the game folder (the parent of the ``fonts/``
    folder as the game spells it, so a ``fonts/`` link to elsewhere does not move it) too."""
    if folder.resolve() == paths.FONTS.resolve():
        return paths.bundled_roots()
    return paths.game_roots(Path(os.path.normpath(folder.absolute())).parent)


class FontBook:
    """The font families available to a build, with cached metrics."""

    def __init__(self) -> None:
        self._families: dict[str, dict[str, str]] = {}  # family -> style -> face
        self._files: dict[str, Path] = {}
        self._origins: dict[str, tuple[Document, tuple, str]] = {}  # face -> where it was named
        self._faces: dict[tuple[str, bool, bool], str] = {}
        self._widths: dict[str, dict[str, float]] = {}
        self._vertical: dict[str, tuple[float, float]] = {}
        self._fallback: list[str] = []  # families tried, in order, for a character a face lacks
        self._fallback_at: tuple[Document, tuple] | None = None  # the fonts.yaml list that set it
        self._chains: dict[tuple[str, bool, bool], tuple[tuple[str, frozenset[str]], ...]] = {}
        self._system: dict[str, dict[str, sysfonts.Installed]] = {}  # family -> style -> face used
        self._refused: dict[str, str] = {}  # installed family -> why its regular style is unusable

    @classmethod
    def load(cls, dirs: Sequence[Path]) -> FontBook:
        """Read ``fonts.yaml`` from each dir in order; later dirs add or override families.

        A missing dir or yaml is skipped. Every problem found (bad yaml, missing or non-TrueType
        file) is collected and raised together as one DataError. The same dirs with unchanged
        ``fonts.yaml`` files give the same (shared) book, so a build reads each file once; other
        dirs with the same files (a game without fonts of its own, and the bundled fonts alone)
        get a book of their own made from that reading, not a second one.
        """
        key = tuple(
            (
                str(Path(d).resolve()),
                (Path(d) / "fonts.yaml").stat().st_mtime_ns if (Path(d) / "fonts.yaml").is_file() else None,
            )
            for d in dirs
        )
        if key not in _BOOKS:
            files = tuple(
                (str(Path(d).absolute()), *k) for d, k in zip(dirs, key, strict=True) if k[1] is not None
            )
            if files not in _READ:
                _READ[files] = cls._read(dirs)  # kept as read: never handed out, never used
            _BOOKS[key] = _READ[files]._copy()
        return _BOOKS[key]

    def _copy(self) -> FontBook:
        """A new book with this one's families, files and fallback, and empty caches."""
        book = type(self)()
        book._families = {family: dict(styles) for family, styles in self._families.items()}
        book._files, book._origins = dict(self._files), dict(self._origins)
        book._fallback, book._fallback_at = list(self._fallback), self._fallback_at
        return book

    @classmethod
    def _read(cls, dirs: Sequence[Path]) -> FontBook:
        book = cls()
        problems: list[Problem] = []
        for d in dirs:
            yml = Path(d) / "fonts.yaml"
            if yml.is_file():
                try:
                    paths.contained(yml, _roots(Path(d)), "fonts file", "fonts.yaml")
                except paths.OutsideError as exc:
                    problems.append(Problem(10, paths.spelled(yml), 0, 0, "", str(exc)))
                    continue
                book._load_yaml(yml, problems)
        problems += book._unknown_fallbacks()
        if problems:
            raise DataError(problems)
        return book

    def _load_yaml(self, yml: Path, problems: list[Problem]) -> None:
        try:
            doc = load_yaml(yml)
            spec: FontsFile = validate(FontsFile, doc.data or {}, doc)
        except DataError as exc:
            problems.extend(exc.problems)
            return
        roots = _roots(yml.parent)
        bundled = roots == paths.bundled_roots()
        if spec.fallback is not None:
            self._fallback, self._fallback_at = list(spec.fallback), (doc, ("fallback",))
        for family, styles in spec.families.items():
            faces: dict[str, str] = {}
            for style in STYLES:
                rel = getattr(styles, style)
                if rel is None:
                    continue
                loc = ("families", family, style)
                path = yml.parent / rel
                try:
                    paths.contained(path, roots, "font file", rel)
                except paths.OutsideError as exc:
                    problems.append(doc.problem(loc, str(exc)))
                    continue
                if not path.is_file():
                    msg = f"font file '{clip(rel)}' not found (looked in {display_path(yml.parent)})"
                    problems.append(doc.problem(loc, msg))
                    continue
                try:
                    face = _register(path, family, style, opened=not bundled)
                    if not bundled:  # a game's own fonts are parsed whole now: every problem at once
                        _parse(face)
                except Exception as exc:  # reportlab raises TTFError and assorted parse errors
                    problems.append(doc.problem(loc, _unusable(rel, exc)))
                    continue
                faces[style] = face
                self._files[face] = path.resolve()
                self._origins[face] = (doc, loc, rel)
            if "regular" in faces:
                self._families[family] = faces
                self._faces = {k: v for k, v in self._faces.items() if k[0] != family}

    def _unknown_fallbacks(self) -> list[Problem]:
        """A problem at each ``fallback`` entry that names no loaded family."""
        if self._fallback_at is None:
            return []
        doc, loc = self._fallback_at
        return [
            doc.problem((*loc, n), str(UnknownFontError(family, list(self._families))))
            for n, family in enumerate(self._fallback)
            if family not in self._families
        ]

    @property
    def fallback(self) -> tuple[str, ...]:
        """The fallback families, in the order they are tried."""
        return tuple(self._fallback)

    def chain(
        self, face: str, bold: bool = False, italic: bool = False
    ) -> tuple[tuple[str, frozenset[str]], ...]:
        """``face`` then each fallback family's face in the same style, each with the characters
        it can draw (cached)."""
        key = (face, bold, italic)
        found = self._chains.get(key)
        if found is None:
            faces = [face]
            for family in self._fallback:
                other = self.face(family, bold, italic)
                if other not in faces:
                    faces.append(other)
            found = self._chains[key] = tuple((f, glyphs.chars(f)) for f in faces)
        return found

    def covers(self, face: str, text: str) -> bool:
        """Whether ``face`` alone can draw every character of ``text`` (the fast path)."""
        return glyphs.chars(face).issuperset(text)

    def split(
        self, text: str, face: str, bold: bool = False, italic: bool = False
    ) -> tuple[list[glyphs.Segment], str]:
        """``text`` as runs of (text, face) along the fallback chain of ``face``, and the
        characters no face of the chain can draw (see :func:`glyphs.split`)."""
        return glyphs.split(text, self.chain(face, bold, italic))

    def families(self) -> list[str]:
        return sorted(self._families)

    def has_family(self, family: str) -> bool:
        """Whether ``family`` is defined, or installed on this computer (then taken in)."""
        return family in self._families or self._installed(family) is not None

    def face(self, family: str, bold: bool = False, italic: bool = False) -> str:
        """Registered face name for a style, falling back to the closest style the family has."""
        key = (family, bold, italic)
        found = self._faces.get(key)
        if found is not None:
            return found
        styles = self._families.get(family) or self._installed(family)
        if styles is None:
            raise UnknownFontError(family, list(self._families), self._refused.get(family, ""))
        wanted = "bold_italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
        found = next(styles[s] for s in _FALLBACK[wanted] if s in styles)
        self._parse(found)
        self._faces[key] = found
        return found

    def _installed(self, family: str) -> dict[str, str] | None:
        """The faces of ``family`` as installed on this computer (``sysfonts``), registered now;
        None when it is not installed or none of its files can be read."""
        from generator.art import sysfonts

        found = sysfonts.find(family)
        if not found:
            return None
        faces: dict[str, str] = {}
        for style, (path, index) in ((s, found[s]) for s in STYLES if s in found):
            try:
                face = _register(path, family, style, index)
                _parse(face)
            except Exception as exc:  # an installed file that cannot be read is passed over
                if style == "regular":
                    self._refused[family] = f"{path} cannot be used: {clip(exc, 200)}"
                continue
            faces[style] = face
            self._files[face] = path.resolve()
        if "regular" not in faces:
            return None
        self._families[family] = faces
        self._system[family] = {style: found[style] for style in faces}
        return faces

    def installed(self) -> dict[str, dict[str, sysfonts.Installed]]:
        """The families this book took from the fonts installed on this computer, with their
        files (the kit then depends on them: the print guide says so)."""
        return dict(self._system)

    def available(self) -> list[tuple[str, tuple[str, ...], str, Path]]:
        """Every family a game can set text in: (family, its styles, where it comes from:
        "bundled", "game" or "installed", the file of its regular style), by name."""
        from generator.art import sysfonts

        out = []
        for family, styles in self._families.items():
            path = self._files[styles["regular"]]
            kind = "installed" if family in self._system else "bundled"
            if kind == "bundled" and not path.is_relative_to(paths.FONTS.resolve()):
                kind = "game"
            out.append((family, tuple(s for s in STYLES if s in styles), kind, path))
        for family, styles in sysfonts.installed().items():
            if family not in self._families:
                shown = tuple(s for s in STYLES if s in styles)
                out.append((family, shown, "installed", styles["regular"].path))
        return sorted(out, key=lambda row: row[0].casefold())

    def _parse(self, face: str) -> None:
        """Parse ``face``'s file now if it is not yet: DataError, located at the fonts.yaml entry
        that names it, for a file that is TrueType at its head but broken inside."""
        try:
            _parse(face)
        except Exception as exc:  # reportlab raises TTFError and assorted parse errors
            doc, loc, rel = self._origins[face]
            raise DataError([doc.problem(loc, _unusable(rel, exc))]) from None

    def unusable(self) -> list[Problem]:
        """Parse every face of this book not parsed yet; the problems of those that fail (for
        ``deckwright check``, which reports a broken font even where no text uses it)."""
        problems: list[Problem] = []
        for face in self._files:
            try:
                self._parse(face)
            except DataError as exc:
                problems += exc.problems
        return problems

    def width(self, text: str, face: str, size: float) -> float:
        """Advance width of ``text`` in points (cached per face and text at size 1)."""
        cache = self._widths.get(face)
        if cache is None:
            cache = self._widths[face] = {}
        w = cache.get(text)
        if w is None:
            if len(cache) >= WIDTHS_KEPT:  # a long deck's numbers and names: start again
                cache.clear()
            w = cache[text] = pdfmetrics.stringWidth(text, face, 1.0)
        return w * size

    def widths(self, face: str) -> dict[str, float]:
        """The widths of texts in ``face`` at size 1 that :meth:`width` has measured so far (its
        cache; read it to skip a call in a hot loop)."""
        cache = self._widths.get(face)
        if cache is None:
            cache = self._widths[face] = {}
        return cache

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
        """Face name -> TrueType file, for every face this book loaded (each parsed and registered
        with reportlab by now; raises DataError for a broken one)."""
        for face in self._files:
            self._parse(face)
        return dict(self._files)


def _unusable(rel: str, exc: Exception) -> str:
    if isinstance(exc, fontconvert.FontFileError):
        return f"font file '{clip(rel)}' cannot be used: {exc}"
    return (
        f"font file '{clip(rel)}' is not a usable TrueType font ({clip(exc, 200)}): open it in a font editor "
        "(FontForge) and export it again as TrueType (.ttf) or OpenType (.otf), or use another copy"
    )
