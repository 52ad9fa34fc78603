"""The general parts of a kit's print guide: which paper and pages each file takes, and how to get
backs to line up (duplex calibration, or fold-and-glue sheets without a duplex printer)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from generator.core.options import BuildOptions
from generator.core.say import say
from generator.core.units import to_mm
from generator.core.writing import atomic_text, written_bytes
from generator.kit.rebuild import rebuild_command

CARD_STOCK = "paper.card_stock"
PLAIN = "paper.plain"
FOLD_STOCK = "paper.fold_stock"
"""Catalogue keys of the papers (see :mod:`generator.core.say`); fold-and-glue sheets take
thinner stock than one-layer cards, as their two layers make the card."""
_PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")


def page_count(path: Path) -> int:
    """Pages of a PDF Deckwright wrote (ReportLab keeps every page object uncompressed)."""
    return len(_PAGE.findall(written_bytes(path)))


def paper_for(path: Path, papers: dict[str, str]) -> str:
    """The paper a kit file is meant for: what its part says in ``papers`` (by file name), else
    card stock (cards and everything else handled in play); fold-and-glue sheets take thinner
    stock, as their two layers make the card."""
    if path.name.endswith("-gutterfold.pdf"):
        return say(FOLD_STOCK)
    return papers.get(path.name) or say(CARD_STOCK)


def _pages(path: Path, options: BuildOptions, cards: bool, single: bool = False) -> str:
    n = page_count(path)
    if single:
        return say("pages.no_backs", n)
    if cards and options.layout == "duplex" and options.backs:
        return say("pages.duplex", n)
    if path.name.endswith("-tiled.pdf") and n > 1:
        return say("pages.tiled", n)
    return say("pages.plain", n)


def paper_and_pages(
    written: list[Path],
    card_files: list[Path],
    papers: dict[str, str],
    options: BuildOptions,
    single: list[Path] | None = None,
) -> list[str]:
    """One guide line per PDF of the kit: its paper and the pages to print (``card_files``: the
    two-sided card files; ``single``: those of one-sided decks)."""
    pdfs = [p for p in written if p.suffix == ".pdf"]
    one = set(single or ())
    return [
        say("pages.shop", file=f"{p.parent.name}/{p.name}", pages=say("pages.shop_page", page_count(p)))
        if p.parent.name.startswith("printshop-")
        else say(
            "pages.file",
            file=p.name,
            paper=paper_for(p, papers),
            pages=_pages(p, options, p in card_files, p in one),
        )
        for p in pdfs
    ]


def backs_advice(options: BuildOptions, game: str | list[str], deck_files: list[Path]) -> list[str]:
    """How to make backs meet their fronts, for the layout this kit was built with."""
    x, y = (f"{to_mm(v):g}" for v in options.back_offset)
    paper, duplex = options.paper, options.duplex
    if not deck_files and options.backs:
        return [say("backs.none_declared")]
    if options.layout == "gutterfold":
        again = rebuild_command(game, options, True, layout="duplex")
        return [
            say("backs.gutterfold"),
            say("backs.gutterfold_duplex", paper=paper, duplex=duplex, command=again),
        ]
    if not options.backs or not deck_files:
        return [say("backs.without")]
    return [
        say("backs.calibrate", paper=paper, duplex=duplex),
        say("backs.rebuild", command=rebuild_command(game, options, True)),
        say("backs.offset", x=x, y=y, duplex=duplex),
        say("backs.no_duplex", command=rebuild_command(game, options, layout="gutterfold")),
    ]


def installed_fonts_note(fonts) -> list[str]:
    """A print-guide line naming the fonts taken from this computer's installed ones (the kit
    then depends on the machine it is built on); none when every font came with the game."""
    used = fonts.installed()
    if not used:
        return []
    named = "; ".join(
        f"{family} ({', '.join(str(path) for path in files.values())})"
        for family, files in sorted(used.items())
    )
    return [say("fonts.installed", named=named)]


CREDITS_FILE = "credits.md"


def credits_section(icons: Iterable[str]) -> list[str]:
    """The print guide's credits (Markdown lines): every game-icons.net icon the kit draws, with
    what its licence (CC BY 3.0) asks to be named; none for a kit that draws none."""
    from generator.art import gameicons

    lines = [
        say(
            "guide.icon_credit",
            icon=icon,
            author=say("guide.icon_author", author=by) if by else say("guide.icon_authors"),
        )
        for icon, by in gameicons.credits(icons)
    ]
    if not lines:
        return []
    return [
        f"## {say('guide.credits')}",
        "",
        say("guide.game_icons"),
        "",
        *[f"- {line}" for line in lines],
        "",
    ]


def credits_text(title: str, icons: Iterable[str]) -> str:
    """The credits as a Markdown document of their own; empty for no game icons."""
    section = credits_section(icons)
    if not section:
        return ""
    return "\n".join([f"# {title} - {section[0].removeprefix('## ')}", *section[1:]])


def write_credits(out: Path, title: str, icons: Iterable[str]) -> list[Path]:
    """``credits.md`` in the kit (or export) folder, the same credits as the guide's (the file
    travels with the PDFs when a kit is passed on without its guide); nothing without game icons."""
    text = credits_text(title, icons)
    if not text:
        return []
    path = out / CREDITS_FILE
    atomic_text(path, text)
    return [path]
