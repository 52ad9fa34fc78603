"""Jaunty Jalopies: composition checks, the standard-race rules model, simulated players."""

from .checks import CHECKS
from .figures import FIGURES
from .policy import POLICIES
from .races import RaceRules


class JauntyRules(RaceRules):
    """The standard race and the advanced races (Rally and Circuit as several races in one log):
    replay of playtest logs and seeded playthroughs."""


RULES = JauntyRules

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES"]
