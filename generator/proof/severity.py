"""How much each rule's findings weigh, as preflight tools and linters weigh theirs.

An *error* will misprint or mislead: ``build`` writes nothing and ``check`` exits 1. A *warning*
is a judgement a designer may overrule: printed, the kit written, ``check`` exits 0 (1 with
``--strict``). A finding the game lists under ``proof.known`` is a note, whatever it weighs.

=============  ==========================================================================
rule           severity
=============  ==========================================================================
type-size      error: type below the minimum size
contrast       error below 3:1 (the least WCAG 2 asks of any text, large text included);
               warning from 3:1 up to the 4.5:1 it asks of body text (readable in print,
               a preference of legibility rather than a misprint)
furniture      error: a sheet without its 50 mm bar prints at the wrong scale unnoticed
overlap        error: colliding text cannot be read
tiling         error: an alignment target printed over content stays on the assembled board
colour-only    error when two colours are nearly one (below half the margin wanted, in grey
               or as a colour-blind viewer sees them); warning when they keep some margin
fit            error: pieces that cannot stand where the game puts them
links          error: a road through a node, under a card place, through a label; labels
               that collide
nets           error: a net that cannot fold or close, a seam with no glue tab or two
shared-links   error: two roads drawn as one for 15 mm or more; warning: a shorter shallow
               fork, which may read as intended
belonging      error: a place or label nearer another node; warning: far from its node, or
               reached across a road or node
capacity       error: a cell that cannot hold the pieces the game puts there; warning: pieces
               that say nothing about where they stand
visibility     error: a road mostly hidden, or dashed in fragments under 3 mm
through-words  error: a tile seam through a word (half prints on each sheet); warning: an
               outline or drawn line through a label
text-shape     error: a glyph printing partly beyond the shape it was laid over; warning: a
               glyph within 1 mm (or 15 % of its size) of the shape's edge
trim           error: text cut by the trim or within 3 mm of it, a shape cut short of the
               bleed or within 1.5 mm of the trim, a background stopping at the trim over
               another colour (a miscut shows a hairline); warning: a shape in the 3 mm band
typography     warning: a short word alone on a paragraph's last line (a widow); one
               element fitted across a deck at sizes under 80 % of its largest
=============  ==========================================================================
"""

from __future__ import annotations

# Each rule sets the severity of its own findings (``Finding.severity``); this table is their
# summary, kept beside the rules' code so a reader can weigh a finding without opening them all.
