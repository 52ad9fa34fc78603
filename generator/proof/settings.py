"""The proofreader's settings for one game (``proof:`` in game.yaml)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.load.model import Game

DEFAULT_MIN_SIZE = 6.0
"""Smallest printed type in points when game.yaml does not say."""
DEFAULT_FIT_MARGIN = 2.834645669291339
"""Room a piece keeps inside the cell it stands on (1 mm, in points) when game.yaml does not say."""


@dataclass(frozen=True)
class Known:
    """A finding the game accepts for now: its rule, the file it is located in, and why."""

    rule: str
    file: str
    reason: str


@dataclass(frozen=True)
class Settings:
    min_size: float = DEFAULT_MIN_SIZE
    known: tuple[Known, ...] = ()
    fit_margin: float = DEFAULT_FIT_MARGIN


def settings_of(game: Game) -> Settings:
    spec = game.extra.get("spec")
    proof = getattr(spec, "proof", None)
    if proof is None:
        return Settings()
    known = tuple(Known(k.rule, k.file, k.reason) for k in proof.known)
    return Settings(proof.min_size, known, proof.fit_margin)
