"""Road Runner: the rules model used to replay playtest logs (see README.md, "Playtest logs").

A turn is one entry, ``capture`` or ``pass`` (the draw is part of it). After a capture, each
other player in seat order gets one chance to ``escape`` (or ``decline``, which a log may leave
out). The chase Speed is the highest Speed among the played cards, after conditions: speeds do
not add up (Sail with Fan is Speed 2).

Modules: ``facts`` (what an attempt is, what an Escape stops and deals), ``state`` (log entries
and the table), ``table`` (the turn rules), ``seen`` (the unseen cards, kept up to date through a
simulated game), ``play`` (random playthroughs), ``checks`` (named composition checks).
"""

from .checks import CHECKS
from .facts import SETS, Facts, analyse, damage, prevents
from .figures import FIGURES
from .policy import POLICIES
from .table import RoadRunner

RULES = RoadRunner

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES", "SETS", "Facts", "analyse", "damage", "prevents"]
