"""Convert a CFF-flavoured OpenType font to TrueType (quadratic glyf) outlines.

ReportLab embeds only TrueType outlines; this is how fonts/bebas-neue and fonts/comic-neue were
made from Debian's fonts-bebas-neue and fonts-comic-neue (see fonts/CREDITS.md). A game's own
.otf fonts need no such step: Deckwright converts them the same way when it loads them
(generator/art/fontconvert.py, which this script calls).

Usage: python fonts/otf_to_ttf.py IN.otf OUT.ttf [max_err_units]
"""

import sys
from pathlib import Path

from generator.art import fontconvert


def convert(src, dst, max_err=1.0):
    fontconvert.MAX_ERR = max_err
    Path(dst).write_bytes(fontconvert._convert(Path(src).read_bytes()))


if __name__ == "__main__":
    err = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
    convert(sys.argv[1], sys.argv[2], err)
