"""Jaunty Jalopies: composition checks, the standard-race rules model, simulated players."""

from .ability_options import AbilityOptions
from .checks import CHECKS
from .figures import FIGURES
from .policy import POLICIES


class JauntyRules(AbilityOptions):
    """The standard race: replay of playtest logs and seeded playthroughs."""


RULES = JauntyRules

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES"]
