"""Lay out a deck's card faces (fronts and backs) on demand, recording problems per card."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.art.fonts import FontBook
from generator.core import paths
from generator.core.errors import Problem, clip
from generator.core.units import MM, mm
from generator.layout import ink
from generator.layout.card import CardFace, CardLayouter, LayoutProblem, TextKey
from generator.layout.fieldcheck import field_problems, known_fields, unknown_references
from generator.layout.glyphcheck import missing_glyphs
from generator.layout.resolution import FAIL_DPI, WARN_DPI, image_ops, low_resolution, pixel_size
from generator.load.model import Card, Deck, Game
from generator.load.shared import DeckProblems, merged
from generator.load.templates import Template
from generator.text.words import plural

OVERFLOW_RANK = 60
"""Rank of a text-overflow problem: a layout that works but cuts text (``check`` reports it)."""
OVERLAP_RANK = 65
"""Rank of text boxes that overlap on a card (a warning from ``check``)."""
OVERLAP_TOLERANCE = mm(0.2)
"""Boxes must overlap by more than this both ways to count (touching boxes do not)."""
RESOLUTION_RANK = 70
"""Rank of a low-resolution image: it prints, only softer (a warning; below FAIL_DPI ``check``
fails)."""

ART_RANK = 68
"""Rank of an image or icon drawn from a damaged file (a warning)."""

_OVERFLOWS: ContextVar[list[Problem] | None] = ContextVar("overflows", default=None)
_LOW_RES: ContextVar[list[Problem] | None] = ContextVar("low_res", default=None)
_GLYPHS: ContextVar[list[Problem] | None] = ContextVar("glyphs", default=None)


@contextmanager
def _collecting(var: ContextVar[list[Problem] | None]) -> Iterator[list[Problem]]:
    """A list that the faces laid out inside the block add their problems of one kind to."""
    found: list[Problem] = DeckProblems()  # each problem once, naming the decks it concerns
    token = var.set(found)
    try:
        yield found
    finally:
        var.reset(token)


def collect_missing_glyphs() -> AbstractContextManager[list[Problem]]:
    """Gather the characters no font can draw of every face laid out inside the block (each
    once), as warnings for ``build``."""
    return _collecting(_GLYPHS)


def collect_low_resolution() -> AbstractContextManager[list[Problem]]:
    """Gather the low-resolution image problems of every face laid out inside the block (each
    once), as warnings for ``build``."""
    return _collecting(_LOW_RES)


def collect_overflows() -> AbstractContextManager[list[Problem]]:
    """Gather the overflow problems of every face laid out inside the block (each once)."""
    return _collecting(_OVERFLOWS)


class DeckFaces:
    """Lays out a deck's fronts and backs on demand, recording every problem with its card."""

    def __init__(self, game: Game, deck: Deck, fonts: FontBook, bleed: float, overlaps: bool = False):
        library = game.extra["templates"]
        self.deck = deck
        self._problems: list[Problem] = []
        self._glyphs_seen: set[tuple] = set()
        self._glyph_cards: list[Card] = []
        self._chain = ", ".join(fonts.fallback) or "no fallback"
        image_dirs = paths.image_dirs(game.folder, game.template_dirs)

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
                record_texts=overlaps,  # only check looks for overlapping text
                inline_icons=game.inline_icons,
            )

        self.front = layouter(deck.template)
        self._backs = {name: layouter(name) for name in deck.backs() if name}
        self._last: tuple[Card, CardFace | None, CardFace | None] | None = None
        self._images_seen: set[tuple[str, Path]] = set()
        self._inks_seen: set[tuple[str, str]] = set()
        self._assets_seen: set[tuple[str, int | None, object]] = set()
        self._missing: dict[tuple[str, int, str], tuple[Template, list[Card]]] = {}
        self._typos: set[tuple[str, int]] = set()
        self._overlaps: dict[tuple[str, str, TextKey, TextKey], tuple[Template, list[Card]]] | None = (
            {} if overlaps else None
        )
        if any(deck is d for d in game.decks):  # a card deck: its fields are declared in game.yaml
            self._check_fields(game)

    @property
    def problems(self) -> list[Problem]:
        """Every problem found so far: per card, and a missing field once per template element."""
        found = list(self._problems)
        found += [_missing_problem(t, key, cards) for key, (t, cards) in self._missing.items()]
        for (_, side, a, b), (template, cards) in (self._overlaps or {}).items():
            found.append(_overlap_problem(template, side, a, b, cards))
        return found

    def _check_fields(self, game: Game) -> None:
        """Report each template reference to a field no card can have once, up front, and
        remember its element so the cards it breaks are not reported one by one."""
        spec = game.extra.get("spec")
        declared = set(getattr(spec, "card_fields", None) or {})
        for deck_spec in getattr(spec, "decks", None) or ():  # a deck's own fields count too
            if getattr(deck_spec, "name", None) == self.deck.name:
                declared.update(getattr(deck_spec, "card_fields", None) or {})
        known = known_fields(declared, self.deck.cards)
        sides = [(self.front.template, None), *((b.template, n) for n, b in sorted(self._backs.items()))]
        for template, back in sides:
            typos = unknown_references(template, known)
            if not typos:  # the common case: no card needs to be looked at again
                continue
            cards = self.deck.cards
            if back is not None:
                cards = [c for c in cards if self.deck.back_for(c) == back]
            self._problems.extend(field_problems(template, known, cards, self.deck.name))
            self._typos.update((template.name, i) for i, _ in typos)

    def back(self, card: Card) -> CardLayouter | None:
        """The layouter of the card's back (None for a card without a back)."""
        name = self.deck.back_for(card)
        return self._backs[name] if name else None

    def faces(self, card: Card) -> tuple[CardFace | None, CardFace | None]:
        """(front, back) of a card; None where it could not be laid out (problem recorded)."""
        if self._last is not None and self._last[0] is card:  # the copies of one card
            return self._last[1], self._last[2]
        values = card.values()
        front = self._one(self.front, card, values, "front")
        back_name = self.deck.back_for(card)
        back = self._one(self._backs[back_name], card, values, "back") if back_name else None
        self._last = (card, front, back)
        return front, back

    def _one(self, layouter: CardLayouter, card: Card, values: dict, side: str) -> CardFace | None:
        template = layouter.template
        try:
            face = layouter.layout(values, card.type)
        except LayoutProblem as exc:
            if exc.field is not None and exc.element is not None:
                if (template.name, exc.element) not in self._typos:  # else reported once already
                    key = (template.name, exc.element, exc.field)
                    self._missing.setdefault(key, (template, []))[1].append(card)
                return None
            if exc.asset is not None:  # a bad file: once per element naming it, not once per card
                if (template.name, exc.element, exc.asset) in self._assets_seen:
                    return None
                self._assets_seen.add((template.name, exc.element, exc.asset))
            self._problems.append(_card_problem(card, template, exc.element, exc.message, 40))
            return None
        if layouter.asset_warnings:
            self._note_assets(card, layouter)
        for element, overflow in face.overflows:
            message = (
                f"text does not fit on the {side} of '{clip(card.name)}' even at its minimum size "
                f"({overflow / MM:.1f} mm too much): shorten the text or lower 'min_size'"
            )
            found = _card_problem(card, template, element, message, OVERFLOW_RANK)
            self._problems.append(found)
            collected = _OVERFLOWS.get()
            if isinstance(collected, DeckProblems):
                collected.add(found, self.deck.name)
        for element, lacking in face.missing:
            seen = self._glyphs_seen
            found_glyphs = missing_glyphs(card, template, side, element, lacking, self._chain, seen)
            if found_glyphs:  # ``seen`` knows it by id(): kept, so no later card takes its id
                self._glyph_cards.append(card)
            self._problems += found_glyphs
            collected_glyphs = _GLYPHS.get()
            if collected_glyphs is not None:
                collected_glyphs += [p for p in found_glyphs if p not in collected_glyphs]
        if layouter.shows_images:  # else no image op to look at
            self._check_resolution(card, layouter, face, side, values)
        if self._overlaps is not None:
            for a, b in overlapping_texts(face, template):
                self._overlaps.setdefault((template.name, side, a, b), (template, []))[1].append(card)
        if ink.active() is not None:
            self._check_ink(card, template, face, side, values)
        return face

    def _note_assets(self, card: Card, layouter: CardLayouter) -> None:
        """A warning for each damaged file drawn anyway, once per template element naming it."""
        template = layouter.template
        for message, element in layouter.asset_warnings.items():
            if (template.name, element, message) in self._assets_seen:
                continue
            self._assets_seen.add((template.name, element, message))
            found = replace(_card_problem(card, template, element, message, ART_RANK), severity="warning")
            self._problems.append(found)
            collected = _LOW_RES.get()  # the image warnings a build prints
            if collected is not None and found not in collected:
                collected.append(found)

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
            self._problems.append(found)
            collected.append(found)

    def _check_resolution(
        self, card: Card, layouter: CardLayouter, face: CardFace, side: str, values: dict
    ) -> None:
        """A problem for each raster image printed below WARN_DPI, once per template and file
        (the first card that uses it is named), at the element that shows it: a warning, an
        error below FAIL_DPI."""
        template = layouter.template
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
            element = _element_showing(layouter, values, card.type, path)
            found = _card_problem(card, template, element, message, RESOLUTION_RANK)
            found = replace(found, severity="error" if severe else "warning")
            self._problems.append(found)
            collected = _LOW_RES.get()
            if collected is not None and found not in collected:
                collected.append(found)


def _element_showing(layouter: CardLayouter, values: dict, card_type: str, path: Path) -> int | None:
    """The index of the template element that draws the image ``path`` for this card (None if
    none alone does)."""
    for i in range(len(layouter.template.elements)):
        try:
            ops = layouter.element_ops(i, values, card_type)
        except LayoutProblem:
            continue
        if any(op.path == path for op in image_ops(tuple(ops))):
            return i
    return None


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
        cell=where.cell,
    )


def _missing_problem(template: Template, key: tuple[str, int, str], cards: list[Card]) -> Problem:
    """A field some cards lack, once for the element: located at the first such card, naming the
    others and how many there are."""
    _, element, field = key
    first = cards[0]
    if len(cards) == 1:
        lacking = "which the card does not have"
    else:
        others = ", ".join(f"'{clip(c.name)}' ({c.origin})" for c in cards[1:4])
        more = ", ..." if len(cards) > 4 else ""
        lacking = f"which {len(cards)} cards do not have (this one, {others}{more})"
    message = (
        f"uses field '{field}', {lacking} (add it to the card, or guard the element with 'when: {field}')"
    )
    return _card_problem(first, template, element, message, 40)


def _element_at(template: Template, key: TextKey) -> Any:
    top = template.elements[key[0]]
    return top if key[1] < 0 else top.elements[key[1]]


def overlapping_texts(face: CardFace, template: Template) -> set[tuple[TextKey, TextKey]]:
    """Pairs of text elements whose boxes overlap on this face (by more than OVERLAP_TOLERANCE),
    leaving out elements marked ``overlap: ok`` (or inside a repeat so marked)."""

    def allowed(key: TextKey) -> bool:
        return template.elements[key[0]].overlap == "ok" or _element_at(template, key).overlap == "ok"

    texts = [(k, box) for k, box in face.texts if not allowed(k)]
    pairs = set()
    for n, (a, box_a) in enumerate(texts):
        for b, box_b in texts[n + 1 :]:
            if box_a.intersects(box_b, OVERLAP_TOLERANCE):
                pairs.add((min(a, b), max(a, b)))
    return pairs


def _overlap_problem(template: Template, side: str, a: TextKey, b: TextKey, cards: list[Card]) -> Problem:
    """One warning per pair of overlapping text elements: where, with what, on how many cards."""
    origins = template.element_origins
    here = origins[a[0]] if a[0] < len(origins) else template.origin
    there = origins[b[0]] if b[0] < len(origins) else template.origin
    inner = " (inside its repeat)" if a[1] >= 0 else ""
    if a == b:
        other = "another copy of itself: give the repeat a larger 'step'"
    elif a[0] == b[0]:
        other = "another text of the same repeat"
    else:
        other = f"the text element at line {there.line}" + (" (inside its repeat)" if b[1] >= 0 else "")
    names = ", ".join(f"'{clip(c.name)}'" for c in cards[:3]) + (", ..." if len(cards) > 3 else "")
    message = (
        f"the text box of this element{inner} overlaps {other} on the {side} of "
        f"{plural(len(cards), 'card')} ({names}): move or resize a box, or mark an intended overlap "
        "with 'overlap: ok' on either element"
    )
    return Problem(
        OVERLAP_RANK, here.file, here.line, here.column, f"template '{template.name}'", message, "warning"
    )


def check_faces(game: Game, fonts: FontBook, make: Callable[..., DeckFaces] | None = None) -> list[Problem]:
    """Lay out every card face of every deck; return problems (missing fields, text that
    overflows or overlaps other text).

    A broken font file is reported alone, once, at its fonts.yaml entry (nothing can be laid out
    in it; a build parses only the faces it sets and stops at the first broken one). ``make``
    makes a deck's faces (``layout.kept.deck_faces``: kept for the kit ``check`` builds next)."""
    problems = fonts.unusable()
    if problems:
        return problems
    per_deck = []
    for deck in game.decks:
        faces = (make or DeckFaces)(game, deck, fonts, mm(3), overlaps=True)  # make: layout.kept
        for card in deck.cards:
            faces.faces(card)
        per_deck.append((deck.name, faces.problems))
    return merged(per_deck)
