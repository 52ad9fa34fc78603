"""``check``'s proofreading, in the kit stage: build and record the kit in every paper and layout
the proofreader judges, load its parts, hand both to the proofreader (``generator.proof``), and
report the findings as problems (known ones as notes); optionally draw them as a proof PDF."""

from __future__ import annotations

import tempfile
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.art.fonts import FontBook
from generator.core import where
from generator.core.errors import Problem, display_path
from generator.core.options import BuildOptions, output_dir
from generator.kit.assemble import build_kit, load_parts
from generator.kit.build import build_game
from generator.kit.publish import staged
from generator.layout import memo
from generator.layout.deck import collect_overflows
from generator.load.model import Game, Origin
from generator.proof import Parts, as_problems, proofread_game, settings_of
from generator.proof.finding import Finding, Seen
from generator.render.board import BOARD_NOTE
from generator.render.record import NoteMark, PageRecord, Recording, recording
from generator.render.sheets import FACE_NOTE

PAPERS: tuple[str, ...] = ("a4", "letter", "legal", "a3", "tabloid")
"""Every paper ``build --paper`` offers (a board reduced to one A3 or Tabloid sheet included)."""
LAYOUTS: tuple[str, ...] = ("duplex", "gutterfold")

VARIANTS: tuple[tuple[str, str], ...] = tuple((paper, layout) for paper in PAPERS for layout in LAYOUTS)
"""(paper, layout) pairs a kit is proofread in: every paper and layout the kit offers."""


@contextmanager
def recorded_kit(game: Game, variants: tuple[tuple[str, str], ...] = VARIANTS) -> Iterator[Recording]:
    """Build the kit once per variant into a scratch folder and yield every page recorded (each
    file kept apart by its variant folder); the files exist until the block ends. Each file is
    recorded once: a paper's first variant builds the whole kit, its other layouts only the
    files a layout changes (two-sided card decks, component sheets)."""
    first: dict[str, Path] = {}  # paper -> the kit folder of its first variant's build
    components: list | None = None  # the component parts, loaded once for every paper
    with tempfile.TemporaryDirectory(prefix="deckwright-proof-") as scratch, recording() as found:
        for paper, layout in variants:
            out = Path(scratch) / f"{paper}-{layout}"
            found.variant = f"{paper} {layout}"
            options = BuildOptions(
                paper=paper, layout=layout, out_dir=out, allow_overflow=True, allow_proof=True
            )
            if paper in first:
                if components is None:
                    components = [entry for entry in load_parts(game) if entry[0].name == "components"]
                _layout_files(game, options, components, found, first[paper])
            else:
                build_kit(game, options)
                first[paper] = output_dir(game, options)
        yield found


def _layout_files(game: Game, options: BuildOptions, components: list, found: Recording, built: Path) -> None:
    """Write (and so record) only what ``options.layout`` changes: the card files of the decks
    with backs (a one-sided deck prints the same plain sheets in every layout) and the
    component sheets (``components``: the kit's component parts) of two-sided groups; boards and
    summaries depend on the paper alone. A component file the layout does not change has its
    pages taken over from the paper's kit in ``built``, not drawn again."""
    two_sided = [d.name for d in game.decks if not d.one_sided]
    if not two_sided and not components:
        return
    fonts = FontBook.load(game.font_dirs)
    out = output_dir(game, options)
    with staged(out), collect_overflows():
        if two_sided:
            build_game(game, options, None, two_sided)
        for part, source, value in components:
            for name, changes, only in _component_files(value, options):
                if changes or not _taken_over(found, built, out, name):
                    with where.at(Origin(display_path(source), 1, 1)):  # furniture drawn for this part
                        part.write(only, game, fonts, out, options)


def _component_files(value: Any, options: BuildOptions) -> list[tuple[str, bool, list[Any]]]:
    """Each file a component part writes, in the order it writes them: its name, whether the
    layout changes it (a two-sided group with backs folds in gutterfold:
    ``components.plan.plan_group``), and the part cut to the groups that file prints."""
    from generator.components.model import ComponentSet, pdf_stem

    sets = [value] if isinstance(value, ComponentSet) else list(value)
    files: dict[str, bool] = {}
    for s in sets:
        for g in s.groups:
            name = f"{pdf_stem(s, g.kind)}.pdf"
            files[name] = files.get(name, False) or (g.two_sided and options.backs)
    return [
        (
            name,
            changes,
            [
                replace(s, groups=tuple(g for g in s.groups if f"{pdf_stem(s, g.kind)}.pdf" == name))
                for s in sets
            ],
        )
        for name, changes in files.items()
    ]


def _taken_over(found: Recording, built: Path, out: Path, name: str) -> bool:
    """Record the pages of file ``name`` recorded in ``built`` once more, under ``out`` and the
    current variant; False, taking nothing, when it was not recorded there or the files are read
    (``--proof`` draws its pages from them: then it is written)."""
    if built / name not in found.files or memo.table("unread") is None:  # else the file is read
        return False
    path = out / name
    found.files[path] = [replace(p, file=path, variant=found.variant) for p in found.files[built / name]]
    found.counts[path] = found.counts.get(built / name, len(found.files[path]))
    return True


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
    # boards and card faces laid out once for every paper, layout and rule; the faces recorded
    # once and placed, not drawn, unless the proof picture is made from the files
    kinds = ("faces",) if picture is not None else ("faces", "unread")
    with memo.reusing(*kinds), recorded_kit(game) as found:
        pages = list(found.pages())
        findings = placed(proofread_game(game, pages, proof_parts(game), settings), pages)
        if picture is not None:
            from generator.proof.picture import write_proof

            write_proof(picture, game.title, findings)
    return as_problems(findings, settings, game.folder)


def placed(findings: list[Finding], pages: Iterable[PageRecord]) -> list[Finding]:
    """``findings`` with each game rule's spots (a box on a board or a card face) added as seen
    boxes on every recorded page that prints that surface: each placement's note (``board:``,
    ``face:``) holds the window of the surface it shows and the matrix that puts it on the page."""
    shown: dict[str, list[tuple[PageRecord, NoteMark]]] = defaultdict(list)
    for page in pages:
        for m in page.marks:
            if isinstance(m, NoteMark) and m.kind.startswith((BOARD_NOTE, FACE_NOTE)):
                shown[m.kind].append((page, m))
    out = []
    for f in findings:
        seen = list(f.seen)
        for spot in f.spots:
            for page, note in shown.get(spot.surface, ()):
                if spot.paper and page.variant.split(" ")[0] != spot.paper:
                    continue
                x0, y0, x1, y1 = spot.box
                wx0, wy0, wx1, wy1 = note.local
                cut = (max(x0, wx0), max(y0, wy0), min(x1, wx1), min(y1, wy1))
                if cut[2] >= cut[0] and cut[3] >= cut[1]:
                    box = NoteMark(note.kind, cut, note.matrix).box
                    seen.append(Seen(page.file, page.number, box))
        out.append(replace(f, seen=tuple(dict.fromkeys(seen))) if len(seen) > len(f.seen) else f)
    return out
