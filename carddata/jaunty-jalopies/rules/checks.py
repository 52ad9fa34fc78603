"""Named composition checks for Jaunty Jalopies (``check:`` in constraints.yaml).

Each cites the rulebook section it rests on (second edition, ``COMPONENTS`` and ``GO!``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.load.model import Game
from generator.rules import Checks, Finding

from .cards import LETTERS, RACE_LENGTH, REQUIREMENT_WORDS

CHECKS = Checks()
PLAYING_KINDS = set(LETTERS) | {"special"}


@CHECKS.register("symbols-match-kinds")
def symbols_match_kinds(game: Game) -> Iterator[Finding]:
    """Components, Playing Cards: "one or two symbols in its upper-right hand corner to denote its
    type"; Special: "no letter in their symbol box". The first kind is the card's main type."""
    for card in game.all_cards():
        if card.type == "racer":
            continue
        kinds = list(card.get("kinds") or [])
        symbols = list(card.get("symbols") or [])
        if not 1 <= len(kinds) <= 2:
            yield Finding(f"has {len(kinds)} types; a card shows one or two", card, "kinds")
        if kinds and kinds[0] != card.type:
            yield Finding(f"its first type is {kinds[0]}, but it is a {card.type} card", card, "kinds")
        expected = [LETTERS[k] for k in kinds if k in LETTERS]
        if symbols != expected:
            shown = ", ".join(symbols) or "no letter"
            yield Finding(
                f"shows {shown}; its types {', '.join(kinds)} need {', '.join(expected) or 'no letter'}",
                card,
                "symbols",
            )


@CHECKS.register("capitals-match-requirements")
def capitals_match_requirements(game: Game) -> Iterator[Finding]:
    """Sub-Plot: "discard, in order, one card of each type that appears in all capital letters"."""
    for card in game.all_cards():
        needs = card.get("requires") or card.get("cure")
        if not needs:
            continue
        words = [
            REQUIREMENT_WORDS[w]
            for w in re.findall(r"\b[A-Z]{4,}\b", card.get("text") or "")
            if w in REQUIREMENT_WORDS
        ]
        if words != list(needs):
            yield Finding(
                f"its capitals say {', '.join(words) or 'nothing'}, its requirements are {', '.join(needs)}",
                card,
                "text",
            )


@CHECKS.register("enough-roads")
def enough_roads(game: Game) -> Iterator[Finding]:
    """Rules of the Road: twelve Road Sections in a race of four or more. With six racers holding
    full hands, twice that many keeps the course from stalling for want of sections."""
    roads = sum(c.count for c in game.deck("cards").cards if "road" in (c.get("kinds") or ()))
    need = 2 * max(RACE_LENGTH.values())
    if roads < need:
        yield Finding(
            f"the deck has {roads} Road Sections; a twelve-section race with six racers needs {need}"
        )


@CHECKS.register("plot-back-black")
def plot_back_black(game: Game) -> Iterator[Finding]:
    """The Decks: Fiendish Plots "are easily identified by their solid black backs"."""
    library = game.extra["templates"]
    for deck in game.decks:
        for card in deck.cards:
            if card.type != "fiendish":
                continue
            back = deck.back_for(card)
            if back is None:
                yield Finding("prints with no back", card)
                continue
            elements = library.get(back).elements
            solid = len(elements) == 1 and elements[0].type == "rect" and elements[0].box == "bleed"
            if not solid or str(elements[0].fill).lower() not in ("#000000", "#000", "black"):
                yield Finding(f"its back '{back}' is not one solid black rectangle over the bleed", card)
