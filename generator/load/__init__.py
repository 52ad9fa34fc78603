"""A game from its files: safe YAML to a validated, typed model (decks, cards with counts, templates),
spreadsheets, containment of every named file, the starter game.
"""
