"""Maloney's Inheritance: the deck and map checks (``CHECKS``), the rules model that replays
playtest logs (``RULES``), the simulated players (``POLICIES``) and what ``deckwright stats``
reports (``FIGURES``). See README.md."""

from .checks import CHECKS
from .figures import FIGURES
from .play import POLICIES, MaloneyPlay

RULES = MaloneyPlay

__all__ = ["CHECKS", "FIGURES", "POLICIES", "RULES"]
