"""Versions of a game: two folders or two git revisions compared (``deckwright diff``), the cards
whose faces changed drawn old beside new, and reprint sheets of only those cards
(``build --changed-since``)."""
