"""``deckwright watch GAME``: rebuild what changed on every save.

The loop is split in two so it can be tested without a file watcher: ``Session.changed(paths)``
decides and does one rebuild for a batch of changed files, and ``events()`` turns a real watcher
(watchfiles) into those batches. Granularity:

- A saved card file or card template: the game is reloaded and compared with the last build;
  only the decks whose cards or templates differ are rebuilt (their card PDFs), provided no deck
  changed size (the print guide counts cards; then the whole kit is rebuilt).
- Anything else (game.yaml, boards, components, the summary, fonts, art, icons), or a change the
  comparison cannot place (a component's template): the whole kit.
- A save that changed no bytes since the last build: nothing.

Every rebuild is staged (``kit.publish.staged``): the kit folder is replaced as one unit (a deck
rebuild carries the kit's other files over), so a failed rebuild leaves the last good kit in place,
and the session keeps watching.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from threading import Event
from typing import TYPE_CHECKING

from generator.core import interrupt, paths
from generator.core.errors import DataError, DeckwrightError, Problem
from generator.core.options import BuildOptions
from generator.kit.publish import KEPT
from generator.load.model import Deck, Game

if TYPE_CHECKING:
    from generator.render.record import PageRecord

DECK_INPUTS = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".ods")
TEMPORARY = ("~", ".tmp", ".part", ".pyc", ".swp")


@dataclass
class Outcome:
    """One rebuild: what triggered it, what was rebuilt, the files written, problems, seconds."""

    changed: list[Path]
    scope: str  # "kit", "decks: a, b", "nothing" or "failed"
    files: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    error: str = ""
    seconds: float = 0.0
    on_disk: str = "the last good files stay"  # after a failure: what the kit folder holds
    recorded: dict[str, list[PageRecord]] | None = None
    """With ``Session.record_builds``: the pages the build drew, by file name (the proofreader's
    pages, so it need not build again); None when not recorded."""

    @property
    def ok(self) -> bool:
        return self.scope != "failed"


class Session:
    """A watched game: its last successful build and the file contents it was built from."""

    def __init__(self, game: str, options: BuildOptions, only: list[str] | None = None):
        """``only``: ``--only`` selectors; each rebuild is then the proof of those cards."""
        from generator.kit.subset import parse_only

        self.ref = game
        self.options = options
        self.only = parse_only(only) if only else None
        self.folder = paths.resolve_game(game).resolve()
        self.game: Game | None = None
        self.templates: dict[str, object] = {}
        self.hashes: dict[Path, bytes | None] = {}
        self._stats: dict[Path, tuple[tuple[int, int], bytes | None]] = {}
        # called with the reloaded game and the decks about to be rebuilt (None: the whole kit)
        # before any file is written; raising DataError fails the rebuild (``serve`` draws here)
        self.before_build: Callable[[Game, list[str] | None], None] | None = None
        # record each build's pages into its outcome (``serve``: the proofreader reads them)
        self.record_builds = False
        # the SVG drawings read by the rebuilds since the last one that may have changed art
        self._svgs: dict[object, object] = {}

    def roots(self) -> list[Path]:
        """The folders to watch: the game's, and template folders outside it (bundled templates)."""
        found = [self.folder]
        dirs = self.game.template_dirs if self.game else (paths.TEMPLATES,)  # before a first load
        for folder in (Path(d).resolve() for d in dirs):
            if folder.is_dir() and not any(folder.is_relative_to(r) for r in found):
                found.append(folder)
        return found

    def start(self) -> Outcome:
        """The first build: the whole kit."""
        return self._rebuild([], None, self._snapshot())

    def changed(self, changed: Iterable[Path]) -> Outcome:
        """Rebuild after files were saved (created, modified or deleted).

        ``changed`` only wakes the session up: what is rebuilt follows from comparing every
        watched file with its contents at the last build, so a save the watcher reported late or
        in a burst, or an editor's temporary file made and removed, is handled the same.
        """
        started = time.perf_counter()
        if not any(self.relevant(Path(p)) for p in changed):
            return Outcome([], "nothing")
        now = self._snapshot()
        fresh = sorted(p for p in now.keys() | self.hashes.keys() if now.get(p) != self.hashes.get(p))
        if not fresh:
            known = sorted(p for p in {Path(p).resolve() for p in changed} if p in self.hashes)
            return Outcome(known, "nothing", seconds=time.perf_counter() - started)
        decks_only = self.game is not None and all(self._deck_input(p) for p in fresh)
        return self._rebuild(fresh, decks_only, now)

    def relevant(self, path: Path) -> bool:
        """Whether a change to ``path`` can matter: not a hidden or backup file, not our output."""
        path = path.resolve()
        for root in self.roots():
            inside = path.relative_to(root).parts if path.is_relative_to(root) else ()
            if any(part.startswith(".") or part == "__pycache__" for part in inside):
                return False
        if path.name.endswith(TEMPORARY):
            return False
        out = (self.options.out_dir or paths.OUTPUT).resolve()
        return not path.is_relative_to(out)

    def _deck_input(self, path: Path) -> bool:
        """A file that only cards can depend on: a card file or a template (not game.yaml, not a
        kit part's own file)."""
        if path.suffix.lower() not in DECK_INPUTS or path.name == "game.yaml":
            return False
        return path not in self._part_files()

    def _part_files(self) -> set[Path]:
        from generator.kit.assemble import _parts

        assert self.game is not None
        spec = self.game.extra["spec"]
        files = {p.resolve() for part in _parts() for p in part.files(self.game)}
        constraints = getattr(spec, "constraints", None)
        return files | ({(self.folder / constraints).resolve()} if constraints else set())

    def _rebuild(
        self, changed: list[Path], decks_only: bool | None, snapshot: dict[Path, bytes | None]
    ) -> Outcome:
        from generator.layout import memo
        from generator.load.loader import load_game

        started = time.perf_counter()
        outcome = Outcome(changed, "failed")
        if not decks_only or any(p.name == "fonts.yaml" for p in changed):  # art may have changed
            self._svgs = {}
        try:
            game = load_game(str(self.folder))
            templates = _templates(game)
            decks = self._changed_decks(game, templates) if decks_only else None
            card_files = {Path(card.origin.file).resolve() for card in game.all_cards()}
            nothing = decks == [] and all(p in card_files for p in changed)
            with memo.reusing(tables={"svg": self._svgs}):  # each SVG read once, not once a rebuild
                if self.before_build is not None and not nothing:
                    self.before_build(game, decks or None)
                with self._recording(outcome):
                    self._build(game, decks, nothing, outcome)
        except DataError as exc:
            outcome.problems = list(exc.problems)
            outcome.recorded = None
        except DeckwrightError as exc:
            outcome.error = str(exc)
            outcome.recorded = None
            if getattr(exc, "on_disk", KEPT) != KEPT:  # publish.PublishError: the swap went wrong
                outcome.on_disk = exc.on_disk.rstrip(".")  # type: ignore[attr-defined]
        else:
            self.game, self.templates, self.hashes = game, templates, snapshot
        outcome.seconds = time.perf_counter() - started
        return outcome

    @contextmanager
    def _recording(self, outcome: Outcome) -> Iterator[None]:
        """With ``record_builds``, record the pages drawn inside into ``outcome.recorded`` (not
        with a print shop: its files are not the proofreader's)."""
        if not self.record_builds or self.options.printshop:
            yield
            return
        from generator.render.record import recording

        with recording() as found:
            yield
        outcome.recorded = {path.name: list(pages) for path, pages in found.files.items()}

    def _build(self, game: Game, decks: list[str] | None, nothing: bool, outcome: Outcome) -> None:
        """Write what the rebuild needs: a proof of ``--only``'s cards, ``decks``' card files, or
        the whole kit; nothing when no card differs."""
        if self.only is not None:
            from generator.kit.subset import build_proof

            outcome.files = build_proof(game, self.options, self.only, outcome.problems)
            outcome.scope = "proof"
        elif decks:
            outcome.files = _build_decks(game, self.options, decks, outcome.problems)
            outcome.scope = "decks: " + ", ".join(decks)
        elif nothing:
            outcome.scope = "nothing"  # a comment, or layout of the file: no card differs
        else:
            outcome.files = _build_kit(game, self.options, outcome.problems)
            outcome.scope = "kit"

    def _changed_decks(self, game: Game, templates: dict[str, object]) -> list[str] | None:
        """The decks that differ from the last build (none: the change is elsewhere), or None when
        a deck came, went or changed size, so only a whole kit will do."""
        old = self.game
        assert old is not None
        if [(d.name, d.size) for d in old.decks] != [(d.name, d.size) for d in game.decks]:
            return None  # a deck came, went or changed size: the print guide changes too
        names = []
        for before, after in zip(old.decks, game.decks, strict=True):
            redrawn = any(self.templates.get(t) != templates.get(t) for t in _used_templates(after))
            if redrawn or _printed(before) != _printed(after):
                names.append(after.name)
        return names

    def _snapshot(self) -> dict[Path, bytes | None]:
        """Every watched file's contents now (taken before loading, so a save made during a build
        is seen by the next one)."""
        found = {}
        roots = self.roots()
        out = (self.options.out_dir or paths.OUTPUT).resolve()
        for root in roots:
            for path in root.rglob("*"):
                inside = path.relative_to(root).parts
                if any(part.startswith(".") or part == "__pycache__" for part in inside):
                    continue
                if path.is_file() and not path.is_relative_to(out) and not path.name.endswith(TEMPORARY):
                    found[path] = self._digest(path)
        return found

    def _digest(self, path: Path) -> bytes | None:
        """The file's SHA-256, read again only when its size or modification time changed."""
        try:
            stat = path.stat()
        except OSError:
            return None
        key = (stat.st_mtime_ns, stat.st_size)
        cached = self._stats.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        digest = _digest(path)
        self._stats[path] = (key, digest)
        return digest


def _printed(deck: Deck) -> tuple:
    """What of a deck reaches its PDF (not where each card was written: a comment that moves the
    cards down a line changes no card)."""
    cards = tuple((c.name, c.type, c.count, dict(c.fields)) for c in deck.cards)
    head = (deck.name, deck.title, deck.width, deck.height, deck.template, deck.back)
    return (*head, dict(deck.backs_by_type), cards)


def _used_templates(deck: object) -> set[str]:
    names = {deck.template, deck.back, *deck.backs_by_type.values()}  # type: ignore[attr-defined]
    return {n for n in names if n}


def _templates(game: Game) -> dict[str, object]:
    """Every template the decks use, resolved now (so a later edit cannot leak into this copy)."""
    library = game.extra["templates"]
    return {name: library.get(name) for deck in game.decks for name in sorted(_used_templates(deck))}


def _digest(path: Path) -> bytes | None:
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return None  # deleted (or unreadable): differs from any content


def _build_kit(game: Game, options: BuildOptions, warnings: list[Problem]) -> list[Path]:
    from generator.kit.assemble import build_kit

    return build_kit(game, options, None, warnings)


def _build_decks(game: Game, options: BuildOptions, decks: list[str], warnings: list[Problem]) -> list[Path]:
    """The card PDFs of ``decks`` only, staged and checked for overflow as ``build_kit`` does."""
    from dataclasses import replace

    from generator.core.options import output_dir
    from generator.kit.build import build_game
    from generator.kit.publish import staged
    from generator.layout.deck import collect_low_resolution, collect_overflows

    kit = output_dir(game, options)  # the other files of the kit are carried over as they were
    with staged(kit, carry_over=True), collect_overflows() as overflows, collect_low_resolution() as low_res:
        written = build_game(game, options, None, decks)
        if overflows and not options.allow_overflow:
            raise DataError(overflows)
    warnings += [replace(p, severity="warning") for p in sorted(overflows + low_res)]
    return written


def events(roots: list[Path], stop: Event | None = None) -> Iterator[set[Path]]:
    """Batches of changed paths under ``roots``, from watchfiles (one batch per burst of saves),
    until ``stop`` is set or Ctrl+C is pressed."""
    import logging

    from watchfiles import watch

    logging.getLogger("watchfiles").setLevel(logging.ERROR)  # its own "stopping watch" notice
    until = _Stopping(stop)
    for changes in watch(*roots, debounce=200, step=50, stop_event=until, raise_interrupt=False):
        yield {Path(path) for _, path in changes}


class _Stopping:
    """The watcher's stop signal: ``stop`` set, or Ctrl+C pressed at any time since the command
    began. The second covers a ``KeyboardInterrupt`` that Python dropped because it was raised
    where exceptions are ignored (an import lock's clean-up callback, a ``__del__``): watchfiles
    asks ``is_set()`` every 50 ms, so such a Ctrl+C still ends the loop."""

    def __init__(self, stop: Event | None) -> None:
        self.stop = stop

    def is_set(self) -> bool:
        return interrupt.happened() or (self.stop is not None and self.stop.is_set())


def run(session: Session, batches: Iterable[Iterable[Path]], show: Callable[[Outcome], None]) -> None:
    """Rebuild for each batch of changes and show each outcome; a failure never stops the loop."""
    for batch in batches:
        outcome = session.changed(batch)
        if outcome.changed:
            show(outcome)
