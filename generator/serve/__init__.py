"""``deckwright serve GAME``: a live preview of a game's kit in the browser.

- ``gallery``: the pictures (card faces from the print-shop face writer ``export --png`` uses,
  kit pages rasterised from the kit's PDFs), re-rendered only where a rebuild changed them.
- ``findings``: ``check``'s findings (never running the game's rules code) and what each points at.
- ``preview``: the state the page shows, updated after each of ``watch``'s rebuilds.
- ``server``: the HTTP endpoints (standard library), server-sent events for updates.
"""
