"""Jaunty Jalopies: composition checks, the standard-race rules model, simulated players."""

from .ability_options import AbilityOptions
from .checks import CHECKS
from .figures import FIGURES
from .policy import POLICIES
from .races import RaceRules


class JauntyRules(RaceRules, AbilityOptions):
    """The standard race, the advanced races (Rally and Circuit as several races in one log) and the
    racers' abilities: replay of playtest logs and seeded playthroughs."""


RULES = JauntyRules

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES"]
