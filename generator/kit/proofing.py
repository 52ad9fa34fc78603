"""``check``'s proofreading, in the kit stage: build and record the kit in every paper and layout
the proofreader judges, load its parts, hand both to the proofreader (``generator.proof``), and
report the findings as problems (known ones as notes); optionally draw them as a proof PDF."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.core.errors import Problem
from generator.core.options import BuildOptions
from generator.kit.assemble import build_kit, load_parts
from generator.load.model import Game
from generator.proof import Parts, as_problems, proofread_game, settings_of
from generator.render.record import Recording, recording

VARIANTS: tuple[tuple[str, str], ...] = (
    ("a4", "duplex"),
    ("a4", "gutterfold"),
    ("letter", "duplex"),
    ("letter", "gutterfold"),
)
"""(paper, layout) pairs a kit is proofread in: the papers and layouts the guide offers."""


@contextmanager
def recorded_kit(game: Game, variants: tuple[tuple[str, str], ...] = VARIANTS) -> Iterator[Recording]:
    """Build the kit once per variant into a scratch folder and yield every page recorded (each
    file kept apart by its variant folder); the files exist until the block ends."""
    with tempfile.TemporaryDirectory(prefix="deckwright-proof-") as scratch, recording() as found:
        for paper, layout in variants:
            out = Path(scratch) / f"{paper}-{layout}"
            found.variant = f"{paper} {layout}"
            options = BuildOptions(
                paper=paper, layout=layout, out_dir=out, allow_overflow=True, allow_proof=True
            )
            build_kit(game, options)
        yield found


def record_kit(game: Game, variants: tuple[tuple[str, str], ...] = VARIANTS) -> Recording:
    """The pages of ``recorded_kit`` (the files removed)."""
    with recorded_kit(game, variants) as found:
        return found


def proof_parts(game: Game) -> Parts:
    """The game's boards and component files, loaded as the kit loads them, for the proofreader's
    game rules; raise DataError with every problem found."""
    parts = load_parts(game)
    return Parts(
        boards=tuple(value for part, _, value in parts if part.name == "board"),
        components=tuple((path, value) for part, path, value in parts if part.name == "components"),
    )


def proof_problems(game: Game, picture: Path | None = None) -> list[Problem]:
    """Every finding on the kit's pages and faces: errors, or notes for those listed in
    ``proof.known`` (saying why they stay); with ``picture``, the proof PDF is written there too."""
    settings = settings_of(game)
    with recorded_kit(game) as found:
        pages = list(found.pages())
        findings = proofread_game(game, pages, proof_parts(game), settings)
        if picture is not None:
            from generator.proof.picture import write_proof

            write_proof(picture, game.title, findings)
    return as_problems(findings, settings, game.folder)
