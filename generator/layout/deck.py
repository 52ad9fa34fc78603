"""Lay out a deck's card faces (fronts and backs) on demand, recording problems per card."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path

from generator.color import ink
from generator.errors import Problem, clip
from generator.fonts import FontBook
from generator.layout.card import CardFace, CardLayouter, LayoutProblem
from generator.layout.resolution import FAIL_DPI, WARN_DPI, low_resolution, pixel_size
from generator.model import Card, Deck, Game
from generator.units import MM, mm

OVERFLOW_RANK = 60
"""Rank of a text-overflow problem: a layout that works but cuts text (``check`` reports it)."""
RESOLUTION_RANK = 70
"""Rank of a low-resolution image: it prints, only softer (a warning; below FAIL_DPI ``check``
fails)."""

_OVERFLOWS: ContextVar[list[Problem] | None] = ContextVar("overflows", default=None)
_LOW_RES: ContextVar[list[Problem] | None] = ContextVar("low_res", default=None)


@contextmanager
def collect_low_resolution() -> Iterator[list[Problem]]:
    """Gather the low-resolution image problems of every face laid out inside the block (each
    once), as warnings for ``build``."""
    found: list[Problem] = []
    token = _LOW_RES.set(found)
    try:
        yield found
    finally:
        _LOW_RES.reset(token)


@contextmanager
def collect_overflows() -> Iterator[list[Problem]]:
    """Gather the overflow problems of every face laid out inside the block (each once)."""
    found: list[Problem] = []
    token = _OVERFLOWS.set(found)
    try:
        yield found
    finally:
        _OVERFLOWS.reset(token)


class DeckFaces:
    """Lays out a deck's fronts and backs on demand, recording every problem with its card."""

    def __init__(self, game: Game, deck: Deck, fonts: FontBook, bleed: float):
        library = game.extra["templates"]
        self.deck = deck
        self.problems: list[Problem] = []
        image_dirs = (game.folder, game.folder / "art", *game.template_dirs)

        def layouter(name: str) -> CardLayouter:
            return CardLayouter(
                library.get(name),
                deck.width,
                deck.height,
                bleed,
                fonts,
                game.icons,
                game.keywords,
                image_dirs,
            )

        self.front = layouter(deck.template)
        self._backs = {name: layouter(name) for name in {deck.back_for(c) for c in deck.cards} if name}
        self._last: tuple[int, CardFace | None, CardFace | None] | None = None
        self._images_seen: set[tuple[str, Path]] = set()
        self._inks_seen: set[tuple[str, str]] = set()

    def faces(self, card: Card) -> tuple[CardFace | None, CardFace | None]:
        """(front, back) of a card; None where it could not be laid out (problem recorded)."""
        if self._last is not None and self._last[0] == id(card):
            return self._last[1], self._last[2]
        values = card.values()
        front = self._one(self.front, card, values, "front")
        back_name = self.deck.back_for(card)
        back = self._one(self._backs[back_name], card, values, "back") if back_name else None
        self._last = (id(card), front, back)
        return front, back

    def _one(self, layouter: CardLayouter, card: Card, values: dict, side: str) -> CardFace | None:
        template = layouter.template
        try:
            face = layouter.layout(values, card.type)
        except LayoutProblem as exc:
            self.problems.append(_card_problem(card, template, exc.element, exc.message, 40))
            return None
        for element, overflow in face.overflows:
            message = (
                f"text does not fit on the {side} of '{clip(card.name)}' even at its minimum size "
                f"({overflow / MM:.1f} mm too much): shorten the text or lower 'min_size'"
            )
            found = _card_problem(card, template, element, message, OVERFLOW_RANK)
            self.problems.append(found)
            collected = _OVERFLOWS.get()
            if collected is not None and found not in collected:
                collected.append(found)
        self._check_resolution(card, template, face, side)
        if ink.active() is not None:
            self._check_ink(card, template, face, side, values)
        return face

    def _check_ink(self, card: Card, template, face: CardFace, side: str, values: dict) -> None:
        """A problem for each colour or image above the ink limit, once per template and value."""
        limit, collected = ink.active()
        for excess in ink.excesses(face.ops, limit):
            if (template.name, excess.value) in self._inks_seen:
                continue
            self._inks_seen.add((template.name, excess.value))
            element = ink.element_of(template, template.style(card.type), values, excess)
            message = f"on the {side} of '{clip(card.name)}': {excess.describe(limit)}"
            found = _card_problem(card, template, element, message, ink.INK_RANK)
            if excess.path is not None:
                found = replace(found, severity="warning")
            self.problems.append(found)
            collected.append(found)

    def _check_resolution(self, card: Card, template, face: CardFace, side: str) -> None:
        """A problem for each raster image printed below WARN_DPI, once per template and file
        (the first card that uses it is named): a warning, an error below FAIL_DPI."""
        for path, dpi in low_resolution(face.ops):
            if (template.name, path) in self._images_seen:
                continue
            self._images_seen.add((template.name, path))
            severe = dpi < FAIL_DPI
            message = (
                f"image '{path.name}' prints at {dpi:.0f} dpi on the {side} of '{clip(card.name)}' "
                f"(and any other card showing it at this size); "
                + (f"below {FAIL_DPI} dpi it looks blocky" if severe else f"{WARN_DPI} dpi prints sharp")
                + f": use a file of at least {_pixels_for(path, dpi)} pixels"
            )
            found = _card_problem(card, template, None, message, RESOLUTION_RANK)
            found = replace(found, severity="error" if severe else "warning")
            self.problems.append(found)
            collected = _LOW_RES.get()
            if collected is not None and found not in collected:
                collected.append(found)


def _pixels_for(path: Path, dpi: float) -> str:
    """The pixel size that would print at WARN_DPI in the same place, e.g. ``'750 x 1050'``."""
    size = pixel_size(path) or (0, 0)
    factor = WARN_DPI / dpi
    return f"{math.ceil(size[0] * factor)} x {math.ceil(size[1] * factor)}"


def _card_problem(card: Card, template, element: int | None, message: str, rank: int) -> Problem:
    where = card.origin
    location = (
        template.element_origins[element]
        if element is not None and element < len(template.element_origins)
        else template.origin
    )
    return Problem(
        rank,
        where.file,
        where.line,
        where.column,
        f"card '{clip(card.name)}'",
        f"template '{template.name}' ({location}): {message}",
    )


def check_faces(game: Game, fonts: FontBook) -> list[Problem]:
    """Lay out every card face of every deck; return problems (missing fields, text that overflows)."""
    problems: list[Problem] = []
    for deck in game.decks:
        faces = DeckFaces(game, deck, fonts, mm(3))
        for card in deck.cards:
            faces.faces(card)
        problems.extend(faces.problems)
    return problems
