"""The proofreader in the preview: the kit as served (its own paper and layout, not the four
``check`` judges), as the build recorded it while writing it (``watch.Session.record_builds``;
recorded again into a scratch folder only when the build was not), judged by every rule.

A rebuild of some decks records only their card files again: the pages of the other files are
kept from the last recording, and every rule judges the whole set again (the rules are functions
of the pages). Each finding comes back as ``check`` reports it (a note when ``proof.known`` lists
it) with where it prints: the file's name, the page, and its box as shares of the page (from the
top left), for the picture of that page.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.core.errors import Problem
from generator.core.options import BuildOptions
from generator.load.model import Game
from generator.render.record import NoteMark, PageRecord

Region = tuple[str, int, tuple[float, float, float, float]]
"""(file name, 1-based page, (left, top, width, height) as shares of the page)."""
Found = tuple[Problem, list[Region], Any, list[str]]
"""A finding as the preview shows it: the problem, where it prints, the origin of its element
and the cards (``deck/n``) in whose slots it is seen (none when it is seen on no card)."""


@dataclass
class Proofreader:
    """The pages last recorded for the served kit, by file name, and what the rules found."""

    pages: dict[str, list[PageRecord]] = field(default_factory=dict)
    found: list[Found] = field(default_factory=list)

    def run(
        self,
        game: Game,
        options: BuildOptions,
        decks: list[str] | None,
        cards_only: bool = False,
        recorded: dict[str, list[PageRecord]] | None = None,
    ) -> list[Found]:
        """Record ``decks``' card files (None: the whole kit; ``cards_only``: every card file and
        nothing else, as ``--only`` builds), or take ``recorded``, the pages the build itself drew
        of those files, and judge every page kept; the findings as problems
        with the regions where they print, the origin of the element and the cards they are seen
        on: in whose slots, or on whose faces a card rule spotted them (a template element's
        finding is the fault of the cards it fails on, not of every card that draws it)."""
        from generator.kit.proofing import placed, proof_parts
        from generator.layout import memo
        from generator.proof import as_problems, proofread_game, settings_of

        if recorded is None:
            recorded = _record(game, options, decks, cards_only)
        if decks is None:
            self.pages = recorded
        else:
            self.pages = {**self.pages, **recorded}
        settings = settings_of(game)
        pages = [p for records in self.pages.values() for p in records]
        sizes = {(p.file.name, p.number): (p.width, p.height) for p in pages}
        slots = {(p.file.name, p.number): _slots(p) for p in pages}
        faces = _face_cards(game)
        with memo.reusing("faces"):  # the rules that lay faces out share them (and the parts)
            findings = placed(proofread_game(game, pages, proof_parts(game), settings), pages)
        found = []
        for finding in findings:
            (problem,) = as_problems([finding], settings, game.folder)
            regions: list[Region] = []
            cards = [faces[s.surface] for s in finding.spots if s.surface in faces]
            cards = list(dict.fromkeys(cards))
            for seen in finding.seen:
                size = sizes.get((seen.file.name, seen.page))
                if size is not None:
                    regions.append((seen.file.name, seen.page, _share(seen.box, *size)))
                card = _card_at(slots.get((seen.file.name, seen.page), []), seen.box)
                if card and card not in cards:
                    cards.append(card)
            found.append((problem, regions, finding.origin, cards))
        self.found = found
        return found


def _face_cards(game: Game) -> dict[str, str]:
    """The card (``deck/n``) of each face a rule may name in a spot (``face_note``): the served
    decks' designs, front and back (a component group's pieces are no card of the page)."""
    from generator.render.sheets import face_note

    return {
        face_note(deck, n, side): f"{deck.name}/{n}"
        for deck in game.decks
        for n in range(1, len(deck.cards) + 1)
        for side in ("front", "back")
    }


def _slots(page: PageRecord) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The card slots of a card sheet: (``deck/n``, its art box), from the build's notes."""
    from generator.kit.build import CARD_NOTE

    return [
        (m.kind[len(CARD_NOTE) :], m.box)
        for m in page.marks
        if isinstance(m, NoteMark) and m.kind.startswith(CARD_NOTE)
    ]


def _card_at(slots: list[tuple[str, tuple[float, float, float, float]]], box: tuple[float, ...]) -> str:
    """The card whose slot holds the middle of ``box``, or "" (a box on no card)."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return next((card for card, (x0, y0, x1, y1) in slots if x0 <= x <= x1 and y0 <= y <= y1), "")


def _share(box: tuple[float, float, float, float], width: float, height: float) -> tuple[float, ...]:
    """A box in PDF points (from the bottom left) as (left, top, width, height) shares of the page."""
    x0, y0, x1, y1 = box
    left, right = max(0.0, min(x0, x1) / width), min(1.0, max(x0, x1) / width)
    top, bottom = max(0.0, 1 - max(y0, y1) / height), min(1.0, 1 - min(y0, y1) / height)
    return tuple(round(v, 4) for v in (left, top, max(0.0, right - left), max(0.0, bottom - top)))


def _record(
    game: Game, options: BuildOptions, decks: list[str] | None, cards_only: bool
) -> dict[str, list[PageRecord]]:
    """Build into a scratch folder while recording; the pages by file name (the folder goes)."""
    from generator.core.options import output_dir
    from generator.kit.assemble import build_kit
    from generator.kit.build import build_game
    from generator.kit.publish import staged
    from generator.layout.deck import collect_overflows
    from generator.render.record import recording

    with tempfile.TemporaryDirectory(prefix="deckwright-serve-proof-") as scratch, recording() as found:
        opts = replace(options, out_dir=Path(scratch), printshop=None, allow_overflow=True, allow_proof=True)
        if decks is None and not cards_only:
            build_kit(game, opts)
        else:
            with staged(output_dir(game, opts)), collect_overflows():
                build_game(game, opts, None, decks)
        return {path.name: list(records) for path, records in found.files.items()}
