"""Exports of a game's data for other tools (``deckwright export``)."""
