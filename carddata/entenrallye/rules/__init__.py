"""Entenrallye rules package: RULES replays playtest logs, CHECKS checks the route on the board,
POLICIES are simulated players for seeded playthroughs (see ../README.md)."""

from .checks import CHECKS
from .game import Entenrallye
from .policy import POLICIES

RULES = Entenrallye

__all__ = ["CHECKS", "POLICIES", "RULES", "Entenrallye"]
