"""Play stage: simulated playtests (``simulate``), their statistics (``stats``) and the report
(``report``, terminal, JSON and PDF). It reads the same validated model as every other stage:
the game through the loader, its rules module through :mod:`generator.rules.module`."""
