"""Font files ReportLab cannot read as they are, made TrueType at load: OpenType with PostScript
(CFF) outlines (``.otf``, as most foundries and Google Fonts ship them) and web fonts
(``.woff``, ``.woff2``).

ReportLab embeds TrueType (``glyf``) outlines only. The cubic CFF outlines are approximated by
quadratic ones within 1 font unit (a thousandth of the size or finer: invisible in print) with
fontTools; every metric (advance widths, kerning-free spacing, ascender, descender, the character
map) is kept as the file has it, so text sets exactly as in the designer's program. The result is
kept in memory for the run and in a cache folder (``$XDG_CACHE_HOME/deckwright/fonts``, else
``~/.cache/...``) named by the file's content, so a font is converted once per machine; the same
file always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from pathlib import Path

TRUETYPE = (b"\x00\x01\x00\x00", b"true", b"ttcf")
_KINDS = {b"OTTO": "OpenType (CFF)", b"wOFF": "WOFF", b"wOF2": "WOFF2"}
VERSION = "1"  # bump when the conversion changes: cached files of an older one are not used
MAX_ERR = 1.0  # font units a quadratic outline may stray from the cubic one
_MEMORY: dict[str, bytes] = {}


class FontFileError(ValueError):
    """A font file that cannot be used, with what to do about it."""


def kind(path: Path) -> str:
    """``"TrueType"`` for a file ReportLab reads as it is, else the kind to convert; raises
    FontFileError for a file that is no font."""
    with open(path, "rb") as f:
        head = f.read(4)
    if head in TRUETYPE:
        return "TrueType"
    found = _KINDS.get(head)
    if found is None:
        raise FontFileError(
            f"not a font file (it starts with {head!r}): use the .ttf, .otf, .woff or .woff2 file "
            "the font was published as"
        )
    return found


def needs_conversion(path: Path) -> bool:
    return kind(path) != "TrueType"


def truetype(path: Path) -> bytes:
    """The TrueType bytes of a CFF OpenType or WOFF/WOFF2 file (converted once, cached)."""
    data = path.read_bytes()
    key = hashlib.sha256(data).hexdigest()
    found = _MEMORY.get(key)
    if found is not None:
        return found
    cached = _cache_dir() / f"{key[:32]}-v{VERSION}-{_fonttools_version()}.ttf"
    try:
        found = cached.read_bytes()
    except OSError:
        found = _convert(data)
        _store(cached, found)
    _MEMORY[key] = found
    return found


def _fonttools_version() -> str:
    import fontTools

    return fontTools.version


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckwright" / "fonts"


def _store(path: Path, data: bytes) -> None:
    """Keep ``data`` in the cache if the folder can be written (a read-only home only costs the
    conversion next time)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        pass


def _convert(data: bytes) -> bytes:
    try:
        return _converted(data)
    except FontFileError:
        raise
    except ImportError:  # WOFF2 needs brotli
        raise FontFileError(
            "reading a WOFF2 file needs the 'brotli' package: install it (pip install brotli), or "
            "use the .ttf or .otf file the font is published as"
        ) from None
    except Exception as exc:  # fontTools raises assorted errors on a broken file
        raise FontFileError(f"the file is damaged ({str(exc)[:200]}): download the font again") from None


def _converted(data: bytes) -> bytes:
    from fontTools.ttLib import TTFont

    if data[:4] == b"wOF2":
        _brotli()

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    font.flavor = None
    if "CFF2" in font:
        raise FontFileError(
            "a variable font with CFF2 outlines cannot be embedded: use one of the static .otf or "
            ".ttf files the family ships (one per weight)"
        )
    if "CFF " in font:
        _cff_to_glyf(font)
    elif "glyf" not in font:
        raise FontFileError("the file has no outlines (no 'glyf' or 'CFF ' table): use another copy")
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def _brotli() -> None:
    """Raise ImportError (before fontTools logs its own complaint) when no Brotli decoder is
    installed: WOFF2 is Brotli-compressed, and Deckwright does not depend on one."""
    try:
        import brotli  # noqa: F401
    except ImportError:
        import brotlicffi  # noqa: F401


def _cff_to_glyf(font) -> None:
    """Replace the font's CFF outlines by TrueType ones (metrics kept)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        # cubic -> quadratic; TrueType wants outer contours clockwise, CFF the other way round
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    font["glyf"], font["loca"] = glyf, newTable("loca")
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    hmtx = font["hmtx"]
    for name in order:  # left side bearings follow the new outlines' boxes
        g = glyphs[name]
        g.recalcBounds(glyf)
        hmtx[name] = (hmtx[name][0], g.xMin if g.numberOfContours else 0)
    maxp = newTable("maxp")
    maxp.tableVersion, maxp.numGlyphs, maxp.maxZones = 0x00010000, len(order), 1
    for field in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
        "maxPoints",
        "maxContours",
        "maxCompositePoints",
        "maxCompositeContours",
        "maxComponentDepth",
    ):
        setattr(maxp, field, 0)
    font["maxp"] = maxp  # point and contour maxima are computed on save
    post = font["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    post.glyphOrder = order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
