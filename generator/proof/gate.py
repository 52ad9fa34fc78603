"""The proofreader as a gate of ``build``: findings of the page rules on the pages just drawn that
a game does not list under ``proof.known`` are errors (``build`` writes nothing, like text that
does not fit), listed ones are warnings; ``--allow-proof`` turns every finding into a warning.
The rules that lay the faces out again (``GAME_RULES``: colour-only) run in ``check`` only, so a
build pays for no second layout."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from generator.errors import Problem
from generator.model import Game
from generator.proof import proofread, settings_of, split_known
from generator.proof.finding import Finding
from generator.render import record


class Proofing:
    """The pages one build recorded, and what the proofreader finds on them."""

    def __init__(self, game: Game, found: record.Recording | None):
        self.game = game
        self.recorded = found

    def findings(self) -> tuple[list[Finding], list[Finding]]:
        """(new, known) findings on the recorded pages; none when another recording is active."""
        if self.recorded is None:
            return [], []
        settings = settings_of(self.game)
        found = proofread(self.recorded.pages(), settings)  # the page rules: nothing laid out again
        return split_known(found, settings, self.game.folder)


@contextmanager
def proofing(game: Game) -> Iterator[Proofing]:
    """Record the pages drawn inside the block (unless a recording is already running: the
    proofreader's own builds are not proofread twice)."""
    if record.active():
        yield Proofing(game, None)
        return
    with record.recording() as found:
        yield Proofing(game, found)


def problems(new: list[Finding], known: list[Finding], allow: bool) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings): new findings are errors unless ``allow``; known ones are warnings that
    say they are known."""
    errors = [] if allow else [f.problem() for f in new]
    warnings = [f.problem("warning") for f in new] if allow else []
    warnings += [f.problem("warning") for f in known]
    return errors, warnings
