"""Jaunty Jalopies: composition checks, the standard-race rules model, simulated players."""

from .checks import CHECKS
from .figures import FIGURES
from .options import Options
from .policy import POLICIES


class JauntyRules(Options):
    """The standard race: replay of playtest logs and seeded playthroughs."""


RULES = JauntyRules

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES"]
