"""Deckwright: print-and-play kits and rules checks for tabletop games described in YAML."""

__version__ = "0.1.0"
