"""Maloney's Inheritance: the deck and map checks (``CHECKS``) and the rules model used to
replay playtest logs (``RULES``). See README.md, "Playtest logs"."""

from .checks import CHECKS

__all__ = ["CHECKS"]
