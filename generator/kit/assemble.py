"""A game's whole print-and-play kit: cards, boards, components, rule summary and print guide.

Every part is loaded and checked before any file is written, so a problem in the board does not
leave a half-updated kit behind. Each kind of part is one entry in ``PARTS``: where its files are,
how to load one, how to write it and what the print guide should say about it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module
from pathlib import Path
from typing import Any

from generator import __version__
from generator.art import gameicons
from generator.art.fonts import FontBook
from generator.color import output as colors
from generator.core import where
from generator.core.errors import DataError, Problem, display_path
from generator.core.options import Progress, output_dir
from generator.core.say import say
from generator.core.writing import atomic_text
from generator.kit.build import BuildOptions, build_game, card_print_notes, single_sided_files
from generator.kit.guide import (
    PLAIN,
    backs_advice,
    credits_section,
    installed_fonts_note,
    paper_and_pages,
    write_credits,
)
from generator.kit.publish import staged
from generator.layout import ink, memo
from generator.layout.deck import collect_low_resolution, collect_missing_glyphs, collect_overflows
from generator.load.model import Game, Origin
from generator.proof import gate as proof_gate


@dataclass(frozen=True)
class Part:
    """One kind of kit component and the functions that handle it."""

    name: str
    files: Callable[[Game], list[Path]]
    load: Callable[[Path, Game], Any]
    write: Callable[[Any, Game, FontBook, Path, BuildOptions], list[Path]]
    notes: Callable[[Any, BuildOptions], list[str]]


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported at its first call."""

    def call(*args: Any) -> Any:
        return getattr(import_module(module), name)(*args)

    return call


def _listed(key: str, files: Callable[[Game], list[Path]]) -> Callable[[Game], list[Path]]:
    """``files``, called only when game.yaml lists something under ``key``: a game without boards
    never pays for importing the board code (nor summaries, nor components)."""

    def listed(game: Game) -> list[Path]:
        spec = game.extra.get("spec")
        return files(game) if spec is not None and getattr(spec, key, None) else []

    return listed


def _parts() -> list[Part]:
    write_board = _lazy("generator.render.board", "write_board")
    write_summary = _lazy("generator.render.summary", "write_summary")
    board_notes = _lazy("generator.render.board", "board_print_notes")
    summary_notes = _lazy("generator.summary", "summary_print_notes")

    def summary_files(game: Game) -> list[Path]:
        name = game.extra["spec"].summary
        return [game.folder / name] if name else []

    def boards(board: Any, game: Game, fonts: FontBook, out: Path, options: BuildOptions) -> list[Path]:
        return [
            p for mode in ("fit", "tiled") for p in write_board(board, game, fonts, out, options.paper, mode)
        ]

    return [
        Part(
            "board",
            _listed("boards", _lazy("generator.board", "board_files")),
            _lazy("generator.board", "load_board"),
            boards,
            lambda b, o: board_notes(b, o.paper),
        ),
        Part(
            "components",
            _listed("components", _lazy("generator.components", "component_files")),
            _lazy("generator.components", "load_components"),
            _lazy("generator.render.components", "write_components"),
            _lazy("generator.render.components", "components_print_notes"),
        ),
        Part(
            "rule summary",
            _listed("summary", summary_files),
            _lazy("generator.summary", "load_summary"),
            lambda s, g, f, out, o: write_summary(s, g, f, out, o.paper),
            lambda s, o: summary_notes(s, o.paper),
        ),
    ]


def _papers(part: str, value: Any, files: list[Path]) -> dict[str, str]:
    """File name -> paper for the files one part wrote: boards (tiles tape flatter on thin paper)
    and rule summaries on plain paper, player aids on card stock; components as their kind says
    (``notes.STOCK``)."""
    if part == "board":
        return {f.name: say(PLAIN) for f in files}
    if part == "rule summary":  # the summary is read; player aids are cards, handled in play
        return {f.name: say(PLAIN) for f in files if "aid" not in f.stem}
    if part == "components":
        from generator.components.model import pdf_stem
        from generator.components.notes import stock

        sets = value if isinstance(value, list | tuple) else [value]
        by_file: dict[str, dict[str, list[str]]] = {}  # file -> stock -> the groups printed on it
        for s in sets:
            for g in s.groups:
                by_file.setdefault(f"{pdf_stem(s, g.kind)}.pdf", {}).setdefault(stock(g), []).append(g.title)
        return {
            name: next(iter(stocks))
            if len(stocks) == 1
            else ", ".join(
                say("pages.groups", title=say("pages.and").join(titles), paper=paper)
                for paper, titles in stocks.items()
            )
            for name, stocks in by_file.items()
        }
    return {}


def load_parts(game: Game) -> list[tuple[Part, Path, Any]]:
    """Load every kit part of the game; raise DataError with every problem found. Inside
    ``layout.memo.reusing()`` a game's parts are loaded once (their boards laid out once)."""
    kept = memo.table("parts")
    if kept is None:
        return _load_parts(game)
    found = kept.get(id(game))
    if found is None:
        found = kept[id(game)] = (game, _load_parts(game))  # the game held: its id stays its own
    return list(found[1])


def _load_parts(game: Game) -> list[tuple[Part, Path, Any]]:
    loaded: list[tuple[Part, Path, Any]] = []
    problems: list[Problem] = []
    for part in _parts():
        for path in part.files(game):
            try:
                loaded.append((part, path, part.load(path, game)))
            except DataError as exc:
                problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return loaded


def check_kit(game: Game, fonts: FontBook) -> list[Problem]:
    """Every problem ``deckwright check`` reports beyond the cards: kit parts and their faces."""
    from generator.render.components import check_components

    try:
        parts = load_parts(game)
    except DataError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    inks = ink.active()
    for part, path, value in parts:
        if part.name == "components":
            problems += check_components(value, game, fonts)  # faces: their inks checked there
        elif inks is not None:
            problems += ink.file_problems(path, inks[0])
    return problems


def _write_shop(
    game: Game, options: BuildOptions, preset: Any, fonts: FontBook, progress: Progress | None
) -> tuple[list[Path], list[Problem]]:
    """The print-shop files, in the shop's colour mode and ink limit unless the command line set
    them; with their ink findings."""
    from generator.printshop.write import write_printshop

    mode = options.shop_color or preset.color
    if preset.files == "images":  # RGB images: never through CMYK, whatever --color says
        mode = "rgb"
    limit = options.shop_ink_limit or float(preset.ink_limit)
    with colors.using(mode, limit), ink.checking(limit if mode == "cmyk" else None) as found:
        files = write_printshop(game, options, preset, fonts, progress)
    over = [q for q in found if q.severity == "error"]  # a cmyk(...) colour as written: never sent
    if over:
        note = f" ({preset.title}'s files never exceed its limit, so the kit is not written)"
        raise DataError([replace(q, message=q.message + note) for q in over])
    return files, found


def build_kit(
    game: Game,
    options: BuildOptions,
    progress: Progress | None = None,
    warnings: list[Problem] | None = None,
) -> list[Path]:
    """Write the whole kit into ``output/<game>/``; return every file written.

    The kit appears whole or not at all: text that does not fit (what ``check`` reports) raises
    DataError and writes nothing, unless ``options.allow_overflow``; then each overflow is added
    to ``warnings`` and the kit is written.
    """
    with memo.reusing():  # each board laid out once, for loading and drawing alike
        return _build_kit(game, options, progress, warnings)


def _build_kit(
    game: Game, options: BuildOptions, progress: Progress | None, warnings: list[Problem] | None
) -> list[Path]:
    parts = load_parts(game)
    preset = None
    if options.printshop:  # the print-shop code is imported only when a shop is asked for
        from generator.printshop import load_preset

        preset = load_preset(options.printshop)
    fonts = FontBook.load(game.font_dirs)
    out = output_dir(game, options)
    limit = options.ink_limit if options.color == "cmyk" else None
    with (
        staged(out),
        collect_overflows() as overflows,
        collect_low_resolution() as low_res,
        collect_missing_glyphs() as glyphs,
        colors.using(options.color, options.ink_limit),
        ink.checking(limit) as inks,
        proof_gate.proofing(game) as proof,
        gameicons.collecting() as icons,  # the game-icons.net icons drawn, credited below
    ):
        written = build_game(game, options, progress)
        single = single_sided_files(game, written)
        card_files, papers = [p for p in written if p not in single], {}
        guide = card_print_notes(game, options, written)
        if preset is not None:
            shop_files, shop_inks = _write_shop(game, options, preset, fonts, progress)
            written += shop_files
            inks += [q for q in shop_inks if q not in inks]
            from generator.printshop.write import printshop_notes

            guide += printshop_notes(game, options, preset, shop_files)
        for part, source, value in parts:
            if progress:
                progress(f"{game.title}: {part.name}", 0, 1)
            with where.at(Origin(display_path(source), 1, 1)):  # furniture drawn for this part
                files = part.write(value, game, fonts, out, options)
            written += files
            papers |= _papers(part.name, value, files)
            guide += part.notes(value, options)
        if limit is not None:  # boards and summaries: their cmyk(...) colours, at their lines
            files = [path for part, path, _ in parts if part.name != "components"]
            inks += [q for path in files for q in ink.file_problems(path, limit)]
        if overflows and not options.allow_overflow:
            raise DataError(overflows)
        proof_errors, proof_warnings = proof_gate.problems(game, proof.findings(), options.allow_proof)
        if proof_errors:  # what the proofreader sees on the pages (see generator/proof/)
            raise DataError(proof_errors)
        from generator.kit.rebuild import game_argument

        language = game.extra.get("language")  # an edition: named <game>-<code>, rebuilt with --lang
        base = game.name.removesuffix(f"-{language}") if language else game.name
        shown = [game_argument(base, game.folder), *(["--lang", language] if language else [])]
        extra = guide_sections(shown, written, card_files, papers, options, single)
        guide += installed_fonts_note(fonts)
        written.append(write_print_guide(game, options, out, guide, extra, credits_section(icons)))
        written += write_credits(out, game.title, icons)
    if warnings is not None:
        warnings += game.extra.get("warnings", [])  # found while loading (sheets)
        warnings += [replace(p, severity="warning") for p in sorted(overflows + low_res + inks + glyphs)]
        warnings += proof_warnings
        if preset is not None:  # the files are written all the same, at the deck's own size
            from generator.printshop.check import size_problems

            warnings += size_problems(game, preset, severity="warning")
    return written


def guide_sections(
    game: str | list[str],
    written: list[Path],
    card_files: list[Path],
    papers: dict[str, str],
    options: BuildOptions,
    single: list[Path] | None = None,
) -> list[str]:
    """The general guide sections: paper and pages per file, then getting the backs to line up.
    ``card_files`` are the two-sided card files, ``single`` those of one-sided decks."""
    return [
        f"## {say('guide.paper_and_pages')}",
        "",
        *[f"- {line}" for line in paper_and_pages(written, card_files, papers, options, single)],
        "",
        f"## {say('guide.backs')}",
        "",
        *[f"- {line}" for line in backs_advice(options, game, card_files)],
        "",
    ]


def write_print_guide(
    game: Game,
    options: BuildOptions,
    out: Path,
    notes: list[str],
    extra: list[str] | None = None,
    credits: list[str] | None = None,
) -> Path:
    """``print-guide.md``: what to print, how, how many copies, paper and pages, lining up the
    backs, what else to gather, and the credits of the art it draws."""
    spec = game.extra["spec"]
    lines = [
        f"# {say('guide.title', title=game.title)}",
        "",
        say("guide.version", version=game.version, deckwright=__version__, paper=options.paper.upper()),
        *colors.guide_lines(options.color, options.ink_limit),
        say("guide.scale"),
        "",
        f"## {say('guide.what_to_print')}",
        "",
        *[f"- {note}" for note in notes],
        "",
        *(extra or []),
        f"## {say('guide.gather')}",
        "",
        *([f"- {item}" for item in spec.gather] or [f"- {say('guide.nothing_to_gather')}"]),
        "",
        *(credits or []),
    ]
    path = out / "print-guide.md"
    atomic_text(path, "\n".join(lines))
    return path
