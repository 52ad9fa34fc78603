"""Record a game's whole kit as it prints, in every paper and layout ``check`` judges."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.core.options import BuildOptions
from generator.load.model import Game
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
    from generator.kit.assemble import build_kit

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
