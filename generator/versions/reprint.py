"""``build --changed-since REV``: sheets holding only the cards whose printed faces changed since
a version (each with as many copies as the deck has, with its back, duplex or fold-and-glue as
the build says), and a print guide naming the old cards each replaces.

The sheets go into ``<game>-reprint/`` beside the kit, staged and published whole like a kit; the
kit itself is left as it was. A card whose face did not change but whose copies grew is printed
for the new copies only; cards removed or with fewer copies are listed to take out."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.core.errors import DataError, Problem
from generator.core.options import BuildOptions
from generator.load.model import Card, Game
from generator.text.words import plural
from generator.versions.compare import GameDiff
from generator.versions.faces import FaceChange, changed_faces
from generator.versions.run import Versions

SUFFIX = "-reprint"


@dataclass
class Reprint:
    """What a reprint holds: the cards to print per deck and the guide's lines."""

    game: Game
    replaces: list[str]
    take_out: list[str]
    renamed: list[str] = field(default_factory=list)  # renamed, face unchanged: kept as they are

    def empty(self) -> bool:
        return not any(deck.cards for deck in self.game.decks)


def _copies(n: int) -> str:
    return plural(n, "copy", "copies")


def _sides(change: FaceChange) -> str:
    front = bool(change.front_boxes)
    if front and change.back_changed:
        return "front and back changed"
    return "front changed" if front else "back changed"


def plan(new: Game, diff: GameDiff, faces: list[FaceChange], since: str) -> Reprint:
    """The reprint of ``new`` against the version ``diff`` compared it with."""
    by_card = {(f.deck, f.name): f for f in faces if f.card is not None}
    deck_diffs = {d.name: d for d in diff.decks}
    replaces: list[str] = []
    take_out: list[str] = []
    renamed: list[str] = []
    decks = []
    for deck in new.decks:
        chosen: list[Card] = []
        dd = deck_diffs.get(deck.name)
        for card in deck.cards:
            face = by_card.get((deck.name, card.name))
            if face is not None:
                chosen.append(card)
                if face.old is None:
                    replaces.append(
                        f"{card.name} ({_copies(card.count)}): a new card, add it to the {deck.title} deck."
                    )
                else:
                    was = f"every old {face.old.name} ({_copies(face.old.count)})"
                    how = "renamed, " if face.status == "renamed" else ""
                    replaces.append(
                        f"{card.name} ({_copies(card.count)}): replaces {was}; {how}{_sides(face)}."
                    )
                continue
            old = _old_count(dd, card)
            was = (
                next((c.old_name for c in dd.changed if c.name == card.name and c.renamed), None)
                if dd
                else None
            )
            if was is not None:
                renamed.append(f"{was} is now called {card.name}: its face is the same, keep the old cards.")
            if old is not None and card.count > old:
                extra = card.count - old
                chosen.append(replace(card, count=extra))
                replaces.append(
                    f"{card.name}: {_copies(extra)} more (face unchanged; keep the old {_copies(old)})."
                )
            elif old is not None and card.count < old:
                take_out.append(
                    f"{_copies(old - card.count)} of {card.name} (the deck now has {card.count})."
                )
        if dd is not None:
            take_out += [f"{e.name}: all {_copies(e.count)} (removed from the game)." for e in dd.removed]
        if chosen:
            decks.append(replace(deck, cards=tuple(chosen)))
    game = replace(new, name=new.name + SUFFIX, decks=tuple(decks))
    return Reprint(game, replaces, take_out, renamed)


def _old_count(dd, card: Card) -> int | None:
    """The card's copies in the old version, if it had it (renamed cards by their old name)."""
    if dd is None:
        return None
    for change in dd.changed:
        if change.name == card.name:
            for c in change.changes:
                if c.path == "count":
                    return c.old
            return card.count
    added = {e.name for e in dd.added}
    return None if card.name in added else card.count


def build_reprint(
    versions: Versions, options: BuildOptions, since: str, warnings: list[Problem]
) -> list[Path]:
    """Write the reprint sheets and their print guide; nothing (an empty list) when no card needs
    printing. Text that does not fit fails it as it fails a kit, unless ``allow_overflow``."""
    from generator.core.options import output_dir
    from generator.kit.build import build_game, single_sided_files
    from generator.kit.guide import paper_and_pages
    from generator.kit.publish import staged
    from generator.layout.deck import collect_low_resolution, collect_overflows

    faces = list(changed_faces(versions.old, versions.new, versions.diff, warnings))
    reprint = plan(versions.new, versions.diff, faces, since)
    if reprint.empty() and not reprint.take_out:
        return []
    folder = output_dir(reprint.game, options)
    with staged(folder), collect_overflows() as overflows, collect_low_resolution() as low:
        written = build_game(reprint.game, options) if not reprint.empty() else []
        if overflows and not options.allow_overflow:
            raise DataError(overflows)
        single = single_sided_files(reprint.game, written)
        two_sided = [p for p in written if p not in single]
        lines = [
            f"# {versions.new.title} - reprint since {versions.diff.old_label}",
            "",
            "Only the cards whose printed faces changed, with their backs. Print at 100 % "
            '("actual size"), cut them, and swap them into the deck as listed below.',
            "",
            "## Replace these cards",
            "",
            *([f"- {line}" for line in reprint.replaces] or ["- Nothing to print: no card's face changed."]),
            "",
        ]
        if reprint.take_out:
            lines += ["## Take these out of the deck", "", *[f"- {line}" for line in reprint.take_out], ""]
        if reprint.renamed:
            lines += ["## Renamed, nothing to print", "", *[f"- {line}" for line in reprint.renamed], ""]
        if written:
            lines += [
                "## Paper and pages",
                "",
                *[f"- {p}" for p in paper_and_pages(written, two_sided, {}, options, single)],
            ]
            lines += [
                "",
                "## Backs that line up",
                "",
                *[f"- {a}" for a in _advice(options, versions.new.name, since, two_sided)],
                "",
            ]
        from generator.core.writing import atomic_text

        guide = folder / "print-guide.md"
        atomic_text(guide, "\n".join(lines))
    warnings += [replace(p, severity="warning") for p in sorted(overflows + low)]
    return [*written, guide]


def _advice(options: BuildOptions, game: str, since: str, files: list[Path]) -> list[str]:
    """The kit's advice on backs, its rebuild commands writing this reprint again."""
    import shlex

    from generator.kit.guide import backs_advice

    build = f"deckwright build {shlex.quote(game)} "
    again = f"{build}--changed-since {shlex.quote(since)} "
    return [line.replace(build, again) for line in backs_advice(options, game, files)]
