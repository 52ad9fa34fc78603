"""OpenType fonts with PostScript (CFF) outlines and web fonts, made from a bundled TrueType font
the way a font editor exports them (fontTools' FontBuilder), for the tests of ``fontconvert``."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parents[1] / "fonts"


def make_otf(src: Path, dst: Path, family: str = "Montserrat Black", keep: str | None = None) -> Path:
    """Write ``src``'s glyphs as a CFF-flavoured OpenType font; ``keep``: only these characters
    (and .notdef), for a small file."""
    ttf = TTFont(src)
    cmap = ttf.getBestCmap()
    if keep is not None:
        cmap = {code: name for code, name in cmap.items() if chr(code) in keep}
    order = [".notdef", *sorted(set(cmap.values()) - {".notdef"})]
    glyph_set = ttf.getGlyphSet()
    hmtx = ttf["hmtx"]
    charstrings = {}
    for name in order:
        pen = T2CharStringPen(hmtx[name][0], glyph_set)
        glyph_set[name].draw(pen)
        charstrings[name] = pen.getCharString()
    os2, hhea = ttf["OS/2"], ttf["hhea"]
    fb = FontBuilder(ttf["head"].unitsPerEm, isTTF=False)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(cmap)
    ps_name = family.replace(" ", "") + "-Regular"
    fb.setupCFF(ps_name, {"FullName": family}, charstrings, {})
    metrics = {
        name: (hmtx[name][0], charstrings[name].calcBounds(None)[0] if _inked(charstrings[name]) else 0)
        for name in order
    }
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(
        sTypoAscender=os2.sTypoAscender,
        sTypoDescender=os2.sTypoDescender,
        sTypoLineGap=os2.sTypoLineGap,
        usWinAscent=os2.usWinAscent,
        usWinDescent=os2.usWinDescent,
        sCapHeight=getattr(os2, "sCapHeight", 0),
    )
    fb.setupPost()
    fb.save(str(dst))
    return dst


def _inked(charstring) -> bool:
    return charstring.calcBounds(None) is not None


def make_woff(src: Path, dst: Path) -> Path:
    """``src`` as a WOFF (zlib-compressed) web font, as a web font generator writes it."""
    font = TTFont(src)
    font.flavor = "woff"
    font.save(str(dst))
    return dst
