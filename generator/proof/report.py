"""``check``'s proofreading: record the kit in every paper and layout, judge it, and report the
findings as problems (known ones as warnings); optionally draw them as a proof PDF."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.errors import Problem
from generator.model import Game
from generator.proof import known_entry, proofread_game, settings_of, split_known
from generator.proof.kits import recorded_kit


def proof_problems(game: Game, picture: Path | None = None) -> list[Problem]:
    """Every finding on the kit's pages: errors, or warnings for those listed in ``proof.known``
    (saying why they stay); with ``picture``, the proof PDF is written there too."""
    settings = settings_of(game)
    with recorded_kit(game) as pages:
        findings = proofread_game(game, pages.pages(), settings)
        if picture is not None:
            from generator.proof.picture import write_proof

            write_proof(picture, game.title, findings)
    new, known = split_known(findings, settings, game.folder)
    problems = [f.problem() for f in new]
    for f in known:
        entry = known_entry(f, settings, game.folder)
        p = f.problem("warning")
        problems.append(replace(p, message=f"{p.message} (known: {entry.reason if entry else ''})"))
    return problems
