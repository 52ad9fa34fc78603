"""Joker's Row: the rules model used to replay playtest logs (see README.md, "Playtest logs").

Places are numbered 1-15 along the first player's lawnmower path: row 1 is the row nearest the
first player, place 1 its left end (from that player's side), place 15 the second player's
starting place. The second player walks the same path backwards, 15 to 1.

Modules: ``state`` (log entries and the table), ``table`` (the turn rules), ``deck`` (refills and
draws), ``places`` (card values, where each Joker stands, whose move it is), ``seen`` (the unseen
cards, remembered through a simulated game), ``play`` (random playthroughs), ``checks`` (named
composition checks).
"""

from .checks import CHECKS
from .figures import FIGURES
from .policy import POLICIES
from .table import JokersRow

RULES = JokersRow

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES"]
