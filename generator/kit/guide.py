"""The general parts of a kit's print guide: which paper and pages each file takes, and how to get
backs to line up (duplex calibration, or fold-and-glue sheets without a duplex printer)."""

from __future__ import annotations

import re
from pathlib import Path

from generator.core.options import BuildOptions
from generator.core.units import to_mm
from generator.core.writing import written_bytes
from generator.kit.rebuild import rebuild_command
from generator.text.words import plural

CARD_STOCK = "card stock (about 250 g/m2; or glue the printed paper onto thin card)"
PLAIN = "plain paper (80-100 g/m2)"
FOLD_STOCK = "paper or thin card (80-160 g/m2: folded and glued, two layers make the card)"
"""The paper of fold-and-glue sheets: two layers glued, so thinner than a one-layer card."""
_PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")


def page_count(path: Path) -> int:
    """Pages of a PDF Deckwright wrote (ReportLab keeps every page object uncompressed)."""
    return len(_PAGE.findall(written_bytes(path)))


def paper_for(path: Path, papers: dict[str, str]) -> str:
    """The paper a kit file is meant for: what its part says in ``papers`` (by file name), else
    card stock (cards and everything else handled in play); fold-and-glue sheets take thinner
    stock, as their two layers make the card."""
    if path.name.endswith("-gutterfold.pdf"):
        return FOLD_STOCK
    return papers.get(path.name, CARD_STOCK)


def _pages(path: Path, options: BuildOptions, cards: bool, single: bool = False) -> str:
    n = page_count(path)
    if single:
        return f"all {n} pages single-sided (the deck has no backs)" if n > 1 else "its 1 page single-sided"
    if cards and options.layout == "duplex" and options.backs:
        return f"all {n} pages double-sided (each front page is followed by its backs)"
    if path.name.endswith("-tiled.pdf") and n > 1:
        return f"all {n} pages single-sided (page 1 is the assembly guide)"
    return f"all {n} pages" if n > 1 else "its 1 page"


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
        f"{p.parent.name}/{p.name}: for the print shop, not for home "
        f"({plural(page_count(p), 'page')}, one card face per page)."
        if p.parent.name.startswith("printshop-")
        else f"{p.name}: {paper_for(p, papers)}; print {_pages(p, options, p in card_files, p in one)}."
        for p in pdfs
    ]


def backs_advice(options: BuildOptions, game: str, deck_files: list[Path]) -> list[str]:
    """How to make backs meet their fronts, for the layout this kit was built with."""
    x, y = (f"{to_mm(v):g}" for v in options.back_offset)
    if not deck_files and options.backs:
        return ["These cards have no backs (`back: none`): print single-sided."]
    if options.layout == "gutterfold":
        return [
            "These cards are fold-and-glue sheets: no duplex printer is needed and the backs line up"
            " by folding. Print single-sided, fold on the dashed line, glue, then cut through both"
            " layers.",
            "With a duplex printer you can print one layer on card stock (about 250 g/m2)"
            " instead: calibrate it with `deckwright"
            f" calibrate --paper {options.paper} --duplex {options.duplex}` (print both pages, read"
            " the offset on the rulers) and rebuild with"
            f" `{rebuild_command(game, options, True, layout='duplex')}`.",
        ]
    if not options.backs or not deck_files:
        return ["These cards are printed without backs: print single-sided."]
    return [
        f"Calibrate your duplex printer once: `deckwright calibrate --paper {options.paper} --duplex"
        f" {options.duplex}` writes a two-page sheet; print it double-sided on the same paper and"
        " printer settings as the cards, hold it against a light and read on the rulers how far the"
        " back cross sits from the front cross; the sheet prints the --back-offset X,Y to enter"
        " (with the signs for your flip edge).",
        f"Rebuild with it: `{rebuild_command(game, options, True)}`, and print one"
        " test sheet (pages 1-2 of the card file) before the rest.",
        f"This kit was built with --back-offset {x},{y} (mm) and --duplex {options.duplex}: note the"
        " offset that works for your printer (it stays the same for the same printer, paper and"
        " tray) and give it to every build.",
        f"No duplex printer? Rebuild with `{rebuild_command(game, options, layout='gutterfold')}`:"
        " fold-and-glue sheets,"
        " fronts and backs on one side of the paper, folded together; no calibration needed.",
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
    return [
        f"Fonts installed on the computer that built this kit: {named}. A build on another computer "
        "needs the same fonts installed; to carry them with the game, copy the files into its fonts/ "
        "folder and name them in fonts/fonts.yaml (check that their licence allows it)."
    ]
