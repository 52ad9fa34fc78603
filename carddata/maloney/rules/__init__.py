"""Maloney's Inheritance: the deck and map checks (``CHECKS``), the rules model that replays
playtest logs (``RULES``) and the simulated players (``POLICIES``). See README.md."""

from .checks import CHECKS
from .play import POLICIES, MaloneyPlay

RULES = MaloneyPlay

__all__ = ["CHECKS", "POLICIES", "RULES"]
