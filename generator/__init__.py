"""Deckwright: print-and-play kits and rules checks for tabletop games described in YAML."""

from generator import interrupt as _interrupt

if _interrupt.started_as_program():  # Ctrl+C during the imports ahead prints one line, exits 130
    _interrupt.install()

__version__ = "0.1.0"
