"""Schemas: typed descriptions of game.yaml, card databases and templates, and their messages."""
