"""``check``'s findings for the preview, and the card or page each one points at.

The same checks as ``deckwright check`` (card faces, kit parts, deck composition, total ink at
300 %) except named composition checks, which run the game's own Python: the preview never runs
it. Card faces are checked deck by deck, only for the decks a rebuild redrew. The proofreader's
findings come after, from ``generator.serve.proofing`` (``Preview.proofread``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.core.errors import DataError, Problem, display_path
from generator.load.model import Game

INK_LIMIT = 300.0  # what ``check`` uses without a print shop


@dataclass
class Findings:
    """The findings of the last good build, kept per deck so one deck can be checked again."""

    decks: dict[str, list[Problem]] = field(default_factory=dict)
    kit: list[Problem] = field(default_factory=list)
    skipped: int = 0  # named checks left out (they would run the game's code)

    def refresh(
        self, game: Game, decks: list[str] | None, kit: bool, whole: Game | None = None
    ) -> list[Problem]:
        """Check again the faces of ``decks`` (None: all) and, with ``kit``, the kit parts; the
        composition every time (it reads every card: those of ``whole``, the game before
        ``--only`` chose some, when given)."""
        from generator.art.fonts import FontBook
        from generator.core.units import mm
        from generator.kit.assemble import check_kit
        from generator.layout import ink
        from generator.layout.deck import DeckFaces

        fonts = FontBook.load(game.font_dirs)
        broken = fonts.unusable()
        self.decks = dict(self.decks)  # a new dict: ``checkpoint`` keeps the old one
        with ink.checking(INK_LIMIT):
            for deck in game.decks:
                if decks is not None and deck.name not in decks and deck.name in self.decks:
                    continue
                faces = DeckFaces(game, deck, fonts, mm(3), overlaps=True)
                if not broken:
                    for card in deck.cards:
                        faces.faces(card)
                self.decks[deck.name] = broken if broken else faces.problems
            if kit or decks is None:
                self.kit = check_kit(game, fonts)
        self.decks = {d.name: self.decks[d.name] for d in game.decks}
        found = [p for problems in self.decks.values() for p in problems] + self.kit
        found += self._composition(whole or game)
        return sorted(set(found))

    def checkpoint(self) -> tuple[dict[str, list[Problem]], list[Problem], int]:
        return self.decks, self.kit, self.skipped

    def restore(self, saved: tuple[dict[str, list[Problem]], list[Problem], int]) -> None:
        self.decks, self.kit, self.skipped = saved

    def _composition(self, game: Game) -> list[Problem]:
        from generator.rules.composition import check_composition, load_constraints

        try:
            loaded = load_constraints(game)
            self.skipped = sum(1 for rule in loaded[0] if rule.kind == "check") if loaded else 0
            return check_composition(game, run_code=False)
        except DataError as exc:
            return list(exc.problems)


def pointers(problem: Problem, game: Game | None, page_sources: dict[str, list[str]]) -> list[str]:
    """The ids of the cards (``deck/n``) or pages (``stem/n``) a problem is about: the card
    written at or above its line in a card file (and the other cards its message names), the
    cards drawn with a template it is located in, the pages made from a kit file; none for
    game.yaml and the like."""
    if game is None:
        return []
    if problem.file in page_sources:
        return page_sources[problem.file]
    in_file = [
        (card.origin.line, f"{deck.name}/{n}", card)
        for deck in game.decks
        for n, card in enumerate(deck.cards, 1)
        if card.origin.file == problem.file
    ]
    if in_file:
        named = [i for _, i, card in in_file if problem.path == f"card '{card.name}'"]
        above = [(line, i) for line, i, _ in in_file if line <= problem.line]
        first = named[:1] or ([max(above)[1]] if above else [])
        return first + [i for i in _also_named(problem, game) if i not in first]
    library = game.extra.get("templates")
    found = []
    for deck in game.decks:
        for n, card in enumerate(deck.cards, 1):
            names = (deck.template, deck.back_for(card))
            files = {_template_file(library, name) for name in names if name}
            if problem.file in files:
                found.append(f"{deck.name}/{n}")
    return found


def _also_named(problem: Problem, game: Game) -> list[str]:
    """The cards a message names by where they were written (``'Beta' (cards.yaml:10:5)``)."""
    return [
        f"{deck.name}/{n}"
        for deck in game.decks
        for n, card in enumerate(deck.cards, 1)
        if card.origin.line and f"({card.origin})" in problem.message
    ]


def _template_file(library: object, name: str) -> str:
    try:
        return display_path(library.get(name).file)  # type: ignore[attr-defined]
    except (DataError, AttributeError):
        return ""


def kit_pages(game: Game, written: list[Path]) -> tuple[list[tuple[Path, str]], dict[str, list[str]]]:
    """The kit's pages to show, as (PDF, kind) in kit order, and for each source file (as
    problems name it) the files' stems made from it. Card files are left out: the page shows
    their faces instead."""
    from generator.kit.assemble import load_parts

    by_name = {p.name: p for p in written if p.suffix == ".pdf" and p.parent.name == game.name}
    shown: list[tuple[Path, str]] = []
    sources: dict[str, list[str]] = {}
    for part, source, value in load_parts(game):
        for name, kind in _outputs(part.name, value):
            if name in by_name:
                shown.append((by_name[name], kind))
                sources.setdefault(display_path(source), []).append(Path(name).stem)
    return shown, sources


def _outputs(part: str, value: object) -> list[tuple[str, str]]:
    """The PDF names one kit part writes, with the kind of page each holds."""
    if part == "board":
        name = value.name  # type: ignore[attr-defined]
        return [(f"{name}.pdf", "board"), (f"{name}-tiled.pdf", "board (tiled)")]
    if part == "rule summary":
        return [("rules-summary.pdf", "rule summary"), ("player-aids.pdf", "player aids")]
    from generator.components.model import pdf_stem

    sets = value if isinstance(value, list | tuple) else [value]
    names = {f"{pdf_stem(s, g.kind)}.pdf": g.kind for s in sets for g in s.groups}
    return [(name, f"components: {kind}") for name, kind in names.items()]
