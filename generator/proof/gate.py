"""The proofreader as a gate of ``build``: error findings of the page rules on the pages just drawn
that a game does not list under ``proof.known`` stop it (``build`` writes nothing, like text that
does not fit); warning findings are printed and the kit written (the severities:
``generator.proof``); listed ones are notes; ``--allow-proof`` turns every error into a warning.
The rules that lay faces and boards out again (``GAME_RULES``: colour-only, links) run in
``check`` only, so a build pays for no second layout.

Each page is judged as it ends and kept only when the rules find something on it: every rule
finds on each page apart and then groups what it found, so a page with nothing to find adds
nothing to any finding, and a build holds the pages with findings, not all of them (a deck of
100,000 cards is some 11,000 pages)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from generator.core.errors import Problem
from generator.load.model import Game
from generator.proof import as_problems, proofread, settings_of
from generator.proof.finding import Finding
from generator.render import record


class Proofing:
    """The pages one build recorded, and what the proofreader finds on them."""

    def __init__(self, game: Game, found: record.Recording | None):
        self.game = game
        self.recorded = found

    def findings(self) -> list[Finding]:
        """The findings on the recorded pages; none when another recording is active."""
        if self.recorded is None:
            return []
        return proofread(self.recorded.pages(), settings_of(self.game))  # nothing laid out again


@contextmanager
def proofing(game: Game) -> Iterator[Proofing]:
    """Record the pages drawn inside the block (unless a recording is already running: the
    proofreader's own builds are not proofread twice)."""
    if record.active():
        yield Proofing(game, None)
        return
    settings = settings_of(game)
    with record.recording() as found:
        found.keep = lambda page: bool(proofread([page], settings))
        yield Proofing(game, found)


def problems(game: Game, findings: list[Finding], allow: bool) -> tuple[list[Problem], list[Problem]]:
    """(errors, others): findings not in ``proof.known`` at their own severity, an error a warning
    when ``allow``; known ones are notes with their reason."""
    found = as_problems(findings, settings_of(game), game.folder, allow)
    return [p for p in found if p.severity == "error"], [p for p in found if p.severity != "error"]
