"""The proofreader: rules that judge the printed pages of a kit as a careful proofreader would.

Each rule is a function of the recorded pages (``generator.render.record``: the text and fills
as the build draws them, at the scale each prints) and the game's settings, returning findings
located at the YAML element that made what it saw. ``RULES`` lists them by name; ``GAME_RULES``
judge the game's laid-out faces and the kit parts they are handed (``Parts``: the kit stage,
``generator.kit.proofing``, builds, records and loads what the proofreader judges).

Each rule weighs its own findings (``Finding.severity``), as preflight tools and linters weigh
theirs. An *error* will misprint or mislead: ``build`` writes nothing and ``check`` exits 1. A
*warning* is a judgement a designer may overrule: printed, the kit written, ``check`` exits 0 (1
with ``--strict``). A finding the game lists under ``proof.known`` is a note, whatever it weighs.

=============  ==========================================================================
rule           severity
=============  ==========================================================================
type-size      error: type below the minimum size
contrast       error below 3:1 (the least WCAG 2 asks of any text, large text included);
               warning from 3:1 up to the 4.5:1 it asks of body text (readable in print,
               a preference of legibility rather than a misprint)
furniture      error: a sheet without its 50 mm bar prints at the wrong scale unnoticed
overlap        error: colliding text cannot be read
tiling         error: an alignment target printed over content stays on the assembled board
colour-only    error when two colours are nearly one (below half the margin wanted, in grey
               or as a colour-blind viewer sees them); warning when they keep some margin
fit            error: pieces that cannot stand where the game puts them
links          error: a road through a node, under a card place, through a label; labels
               that collide
nets           error: a net that cannot fold or close, a seam with no glue tab or two
shared-links   error: two roads drawn as one for 15 mm or more; warning: a shorter shallow
               fork, which may read as intended
belonging      error: a place or label nearer another node; warning: far from its node, or
               reached across a road or node
capacity       error: a cell that cannot hold the pieces the game puts there; warning: pieces
               that say nothing about where they stand
visibility     error: a road mostly hidden, or dashed in fragments under 3 mm
through-words  error: a tile seam through a word (half prints on each sheet); warning: an
               outline or drawn line through a label
text-shape     error: a glyph printing partly beyond the shape it was laid over; warning: a
               glyph within 1 mm (or 15 % of its size) of the shape's edge
trim           error: text cut by the trim or within 3 mm of it, a shape cut short of the
               bleed or within 1.5 mm of the trim, a background stopping at the trim over
               another colour (a miscut shows a hairline); warning: a shape in the 3 mm band
typography     warning: a short word alone on a paragraph's last line (a widow); one
               element fitted across a deck at sizes under 80 % of its largest
=============  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from importlib import import_module
from pathlib import Path

from generator.core.errors import Problem
from generator.load.model import Game
from generator.proof import contrast, furniture, overlap, shapes, tiling, typesize
from generator.proof.finding import Finding
from generator.proof.parts import Parts
from generator.proof.settings import Known, Settings, settings_of
from generator.render.record import PageRecord

Rule = Callable[[list[PageRecord], Settings], list[Finding]]


RULES: dict[str, Rule] = {
    "type-size": typesize.check,
    "contrast": contrast.check,
    "furniture": furniture.check,
    "overlap": overlap.check,
    "tiling": tiling.check,
    "text-shape": shapes.check,
}


GameRule = Callable[[Game, Parts, Settings], list[Finding]]


def _lazy(module: str) -> GameRule:
    """``module.check``, imported at its first call (a game without boards loads no board code)."""

    def check(game: Game, parts: Parts, settings: Settings) -> list[Finding]:
        return import_module(f"generator.proof.{module}").check(game, parts, settings)

    return check


GAME_RULES: dict[str, GameRule] = {
    "colour-only": _lazy("colouronly"),
    "fit": _lazy("fit"),
    "links": _lazy("links"),
    "nets": _lazy("nets"),
    "shared-links": _lazy("shared"),
    "belonging": _lazy("belonging"),
    "capacity": _lazy("capacity"),
    "visibility": _lazy("visibility"),
    "through-words": _lazy("words"),
    "trim": _lazy("trim"),
    "typography": _lazy("typography"),
}
"""Rules judged on the laid-out faces of every deck and component group, and on the boards, rather
than on pages."""

__all__ = [
    "GAME_RULES",
    "RULES",
    "Finding",
    "Parts",
    "Settings",
    "as_problems",
    "known_entry",
    "proofread",
    "proofread_game",
    "settings_of",
    "split_known",
]


def proofread(
    pages: Iterable[PageRecord], settings: Settings, rules: Iterable[str] | None = None
) -> list[Finding]:
    """Every finding of the named rules (all by default) on ``pages``, in a stable order."""
    pages = list(pages)
    found: list[Finding] = []
    for name in rules or RULES:
        found += RULES[name](pages, settings)
    return sorted(found, key=lambda f: (f.problem().location(), f.rule, f.message))


def proofread_game(
    game: Game, pages: Iterable[PageRecord], parts: Parts, settings: Settings
) -> list[Finding]:
    """Every finding of every rule: on the pages, and on the game's laid-out faces and ``parts``."""
    found = proofread(pages, settings)
    for rule in GAME_RULES.values():
        found += rule(game, parts, settings)
    return sorted(found, key=lambda f: (f.problem().location(), f.rule, f.message))


def split_known(
    findings: list[Finding], settings: Settings, folder: Path
) -> tuple[list[Finding], list[Finding]]:
    """(new findings, findings the game lists under ``proof.known``): known by rule and file."""
    new, known = [], []
    for f in findings:
        (known if known_entry(f, settings, folder) else new).append(f)
    return new, known


def as_problems(
    findings: list[Finding], settings: Settings, folder: Path, allow: bool = False
) -> list[Problem]:
    """Findings as problems of their own severity (an error a warning when ``allow``), and notes
    for those listed in ``proof.known``, each saying why it stays (whatever its severity)."""
    problems = []
    for f in findings:
        entry = known_entry(f, settings, folder)
        if entry is None:
            problems.append(f.problem("warning" if allow else None))
        else:
            p = f.problem("note")
            problems.append(replace(p, message=f"{p.message} (known: {entry.reason})"))
    return problems


def known_entry(f: Finding, settings: Settings, folder: Path) -> Known | None:
    """The ``proof.known`` entry that accepts ``f`` (same rule, same file), or None."""
    if not f.file:
        return None
    where = Path(f.file).resolve()
    listed = (k for k in settings.known if k.rule == f.rule and where in _known_paths(folder, k.file))
    return next(listed, None)


def _known_paths(folder: Path, file: str) -> tuple[Path, ...]:
    """Where a ``proof.known`` file may be: in the game's folder, or a bundled template (named
    from the bundled templates folder, so that a copy of the game still finds it)."""
    from generator.core.paths import TEMPLATES

    return ((folder / file).resolve(), (TEMPLATES / file).resolve())
