"""Convert a CFF-flavoured OpenType font to TrueType (quadratic glyf) outlines.

ReportLab embeds only TrueType outlines; this is how fonts/bebas-neue and fonts/comic-neue were
made from Debian's fonts-bebas-neue and fonts-comic-neue (see fonts/CREDITS.md). A maintenance
tool, not part of Deckwright: it needs fontTools (``pip install fonttools``).

Usage: python fonts/otf_to_ttf.py IN.otf OUT.ttf [max_err_units]
"""

import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable


def convert(src, dst, max_err=1.0):
    font = TTFont(src)
    if "CFF " not in font:
        raise SystemExit(f"{src} has no CFF table")
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()

    glyphs = {}
    for name in order:
        tt_pen = TTGlyphPen(None)
        # cubic -> quadratic; TrueType wants outer contours clockwise, CFF the reverse
        glyph_set[name].draw(Cu2QuPen(tt_pen, max_err, reverse_direction=True))
        glyphs[name] = tt_pen.glyph()

    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]

    # left side bearings must match the new glyph boxes
    hmtx = font["hmtx"]
    for name in order:
        g = glyphs[name]
        g.recalcBounds(glyf)
        adv, _ = hmtx[name]
        hmtx[name] = (adv, g.xMin if g.numberOfContours else 0)

    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.numGlyphs = len(order)
    for field in ("maxZones",):
        setattr(maxp, field, 1)
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
    font["maxp"] = maxp  # point/contour maxima are recomputed on save

    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order

    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
    font.save(dst)


if __name__ == "__main__":
    err = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    convert(sys.argv[1], sys.argv[2], err)
