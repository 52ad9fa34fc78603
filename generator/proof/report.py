"""``check``'s proofreading: record the kit in every paper and layout, judge it, and report the
findings as problems (known ones as notes); optionally draw them as a proof PDF."""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import Problem
from generator.load.model import Game
from generator.proof import as_problems, proofread_game, settings_of
from generator.proof.kits import recorded_kit


def proof_problems(game: Game, picture: Path | None = None) -> list[Problem]:
    """Every finding on the kit's pages and faces: errors, or notes for those listed in
    ``proof.known`` (saying why they stay); with ``picture``, the proof PDF is written there too."""
    settings = settings_of(game)
    with recorded_kit(game) as pages:
        findings = proofread_game(game, pages.pages(), settings)
        if picture is not None:
            from generator.proof.picture import write_proof

            write_proof(picture, game.title, findings)
    return as_problems(findings, settings, game.folder)
