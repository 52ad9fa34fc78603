"""What the preview page shows, brought up to date after each of ``watch``'s rebuilds.

A rebuild that fails keeps the last good pictures, data and kit files and shows the new problems;
one that succeeds redraws only the faces of the decks it rebuilt (and, for a whole-kit rebuild,
the kit's pages). Readers (the HTTP threads) take ``snapshot()``; each change raises ``version``
and wakes whoever waits in ``wait``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from threading import Condition, Lock, RLock
from typing import Any

from generator.core.errors import DataError, DeckwrightError, Problem, display_path
from generator.layout.deck import OVERFLOW_RANK
from generator.load.model import Game
from generator.proof.finding import PROOF_RANK
from generator.serve import details, overflow
from generator.serve.editor import link
from generator.serve.findings import Findings, kit_pages, pointers
from generator.serve.gallery import FaceView, Gallery, PageView
from generator.serve.proofing import Found, Proofreader, Region
from generator.serve.watch import Outcome, Session
from generator.serve.zoom import BLEED_MM, SAFE_MM, Zoom, card_size


@dataclass(frozen=True)
class Snapshot:
    """One published state: the page's JSON, the PNGs it names and the kit files it may link."""

    version: int
    state: bytes
    images: dict[str, bytes]
    files: dict[str, Path]
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)


class Preview:
    """The state of a served game, fed with ``watch`` outcomes."""

    def __init__(self, session: Session, editor: str = ""):
        from dataclasses import replace

        self.session = session
        self.editor = editor  # the link template of the designer's editor ("": none; serve.editor)
        # the kit is written despite the proofreader's findings: the page lists them instead
        session.options = replace(session.options, allow_proof=True)
        self.proofreader = Proofreader()
        self.proof: list[Found] = []  # the last proofreading's findings
        self.proofing = ""  # "checking" while the proofreader reads a new build, else ""
        self._proof_due: list[str] | bool | None = False  # decks to proofread next (None: all)
        self._proof_pages: dict[str, list[Any]] | None = None  # what those builds drew, by file
        self._shown_problems: list[Problem] = []
        self._line, self._status, self._error = "", "building", ""
        self._generation = 0  # raised by each apply: a proofreading of an older build is not shown
        self._lock = RLock()  # the watch thread's apply and early, the proofreader's publish
        self._reading = Lock()  # one proofreading at a time
        self.gallery = Gallery()
        self.zoom = Zoom()
        self.findings = Findings()
        self.good: list[Problem] = []  # the findings of the last good build
        self.files: dict[str, Path] = {}
        self.guide = ""
        self.sources: dict[str, list[str]] = {}
        self._undo: tuple[Any, ...] | None = None
        self._drafted: Game | None = None  # the game the rebuild under way loaded (see ``early``)
        self._before_overflow: tuple[Any, ...] | None = None  # the last good build's gallery, findings
        self.overflows: dict[str, list[dict[str, Any]]] = {}  # card id -> boxes whose text overflows
        self.closed = False
        self.boot = f"{time.time_ns():x}"  # tells a page that the server restarted (versions begin again)
        session.before_build = self.early
        session.record_builds = True  # the proofreader reads the build's own pages
        self._changed = Condition()
        self._snapshot = Snapshot(0, b"{}", {}, {})
        self._publish(None, "building", "building the kit...", [])

    def snapshot(self) -> Snapshot:
        return self._snapshot

    def wait(self, version: int, timeout: float) -> int:
        """Block until the version differs from ``version`` (or ``timeout`` seconds); return it."""
        with self._changed:
            self._changed.wait_for(lambda: self._snapshot.version != version or self.closed, timeout)
            return self._snapshot.version

    def wake(self) -> None:
        """End every wait (the server is stopping)."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def early(self, game: Game, decks: list[str] | None) -> None:
        """Before ``watch`` writes the PDFs of ``decks``: redraw their changed faces and publish
        them, then their findings (the PDFs follow; ``apply`` finishes). A face that cannot be
        drawn raises DataError and fails the rebuild. A whole-kit rebuild waits for its files."""
        with self._lock:
            self._early(game, decks)

    def _early(self, game: Game, decks: list[str] | None) -> None:
        self._undo, self._drafted = None, game
        if decks is None or not self.gallery.faces:
            return
        whole_game, game = game, self.shown(game)
        decks = [d.name for d in game.decks if d.name in decks]
        if not decks:  # --only: no card shown differs
            return
        started = time.perf_counter()
        undo = (self.gallery.checkpoint(), self.findings.checkpoint(), self.good)
        warnings: list[Problem] = []
        try:
            self.gallery.refresh_faces(game, decks, warnings)
        except DeckwrightError:
            self.gallery.restore(undo[0])
            raise
        self._undo = undo
        # text that does not fit fails the build: then the page keeps the last good pictures
        show = self.session.options.allow_overflow or all(p.rank != OVERFLOW_RANK for p in warnings)
        drawn = f"{time.strftime('%H:%M:%S')} redrew {self.gallery.rendered} of {', '.join(decks)}"
        if show:
            seconds = time.perf_counter() - started
            self._publish(game, "ok", f"{drawn} in {seconds:.2f} s; checking", self.good)
        self.good = self.findings.refresh(game, decks, False, whole_game)
        if show:
            self._publish(game, "ok", f"{drawn}; writing the PDFs", self.good)

    def shown(self, game: Game) -> Game:
        """The game as the page shows it: with ``--only``, the chosen cards alone."""
        if self.session.only is None:
            return game
        from generator.kit.subset import select

        return select(game, self.session.only)

    def apply(self, outcome: Outcome, proofread: bool = True) -> None:
        """Bring the page up to date after one rebuild (or a failed one) and publish it; then,
        with ``proofread``, the proofreader's findings on the new build (see ``proofread``)."""
        with self._lock:
            self._apply(outcome)
        if proofread:
            self.proofread()

    def _apply(self, outcome: Outcome) -> None:
        started = time.perf_counter()
        whole_game = self.session.game
        game = self.shown(whole_game) if whole_game is not None else None
        problems, error, undo = list(outcome.problems), outcome.error, self._undo
        problems = [p for p in problems if p.rank != PROOF_RANK]  # the proofreader's step says them
        drafted, self._undo, self._drafted = self._drafted, None, None
        # text that does not fit stops the build, but its cards are drawn anyway, cut off as they
        # would print, the overflow outlined: what the designer needs to see to shorten it
        overflowed = not outcome.ok and drafted is not None and _only_overflows(problems, error)
        if overflowed and drafted is not None:
            if self._before_overflow is None:
                self._before_overflow = undo or (
                    self.gallery.checkpoint(),
                    self.findings.checkpoint(),
                    self.good,
                )
            game = self._draw_overflowed(drafted, undo is not None)
        elif outcome.ok and outcome.scope == "nothing" and self._before_overflow is not None:
            undo = self._before_overflow  # back to the last good build: its pictures again
            self.gallery.restore(undo[0])
            self.findings.restore(undo[1])
            self.good = undo[2]
        elif not outcome.ok and undo is not None:  # redrawn early, then the build failed
            self.gallery.restore(undo[0])
            self.findings.restore(undo[1])
            self.good = undo[2]
        if outcome.ok:
            self._before_overflow = None
        due: list[str] | bool | None = False
        if outcome.ok and game is not None and outcome.scope != "nothing":
            try:
                whole = outcome.scope in ("kit", "proof") or not self.gallery.faces
                decks = None if whole else outcome.scope.removeprefix("decks: ").split(", ")
                if undo is None:
                    if not (whole and self.gallery.faces and self._parts_only(outcome.changed)):
                        self.gallery.refresh_faces(game, decks, [])
                    if whole:
                        self._refresh_kit(game, outcome.files)
                    self.good = self.findings.refresh(game, decks, whole, whole_game)
                due = decks
            except DataError as exc:
                problems, outcome = list(exc.problems), Outcome(outcome.changed, "failed")
            except DeckwrightError as exc:
                error, outcome = str(exc), Outcome(outcome.changed, "failed")
            else:
                # a build warning that check reports too is shown as check reports it
                problems = sorted(self.good + [p for p in problems if p not in self.good])
        elif outcome.ok:
            problems = self.good  # nothing differs from the last good build (a broken save undone)
        self._generation += 1
        if due is not False:  # merged with a proofreading asked for and not begun yet
            pending = self._proof_due
            self._proof_pages = _merged_pages(
                self._proof_pages if pending is not False else {}, outcome.recorded, due is None
            )
            if pending is not False:
                due = None if due is None or pending is None else sorted({*due, *pending})
            self._proof_due = due
        self._shown_problems = problems
        self.proofing = "checking" if self._proof_due is not False else ""
        seconds = outcome.seconds + time.perf_counter() - started
        shown = bool(self.gallery.faces or self.gallery.pages)
        self._line, self._error = _line(outcome, seconds, shown), error
        if overflowed:
            self._line = (
                f"{time.strftime('%H:%M:%S')} text does not fit: the kit files were not written (the "
                "last good ones stay); the cards are drawn as they would print, the overflow outlined"
            )
        self.overflows = overflow.boxes(game, self.gallery.faces, problems) if game is not None else {}
        self._status = "ok" if outcome.ok else "failed"
        self._publish(game, self._status, self._line, problems, error)

    def proofread(self) -> None:
        """The second step of a good rebuild, after its pictures are published: proofread the
        kit as served (the decks rebuilt, the other files' pages kept) and publish the findings,
        each pointing at its cards and pages. Never runs the game's code."""
        with self._reading:
            with self._lock:
                due, self._proof_due = self._proof_due, False
                pages, self._proof_pages = self._proof_pages, None
                whole_game, generation = self.session.game, self._generation
            if due is False or whole_game is None:
                return
            started = time.perf_counter()
            note: list[Problem] = []
            try:
                game = self.shown(whole_game)
                only = self.session.only is not None
                found = self.proofreader.run(game, self.session.options, due, only, pages)
            except DeckwrightError as exc:  # the build just worked: say so rather than stop serving
                found = []
                note = [Problem(PROOF_RANK, "", 0, 0, "proof", f"not proofread: {exc}", "warning")]
            with self._lock:
                self.proof = found
                if self._proof_due is not False:
                    return  # a newer build is on the page: its own proofreading follows
                self.proofing = ""
                self._shown_problems = [*self._shown_problems, *note]
                line = self._line
                if generation == self._generation:
                    line += f"; proofread in {time.perf_counter() - started:.2f} s"
                shown = self.shown(self.session.game) if self.session.game is not None else None
                self._publish(shown, self._status, line, self._shown_problems, self._error)

    def zoomed(self, route: str, query: dict[str, list[str]]) -> bytes | None:
        """A picture of the zoom view (``serve.zoom``), or None: ``/api/zoom?id=<deck>/<n>&side=
        front|back``, a card with its bleed; ``/api/sheet?file=<kit file>&page=<n>``, a page."""
        first = {key: values[0] for key, values in query.items() if values}
        if route == "/api/zoom":
            game = self.session.game
            face = next((f for f in self.gallery.faces if f.id == first.get("id")), None)
            return None if face is None or game is None else self.zoom.face(game, face, first.get("side", ""))
        path, page = self._snapshot.files.get(first.get("file", "")), first.get("page", "")
        return None if path is None or not page.isdigit() else self.zoom.sheet(path, int(page))

    def _draw_overflowed(self, drafted: Game, drawn: bool) -> Game | None:
        """The game of a build that failed only on text that does not fit, its cards drawn (by
        ``early`` already when ``drawn``); the last good game when they cannot be."""
        game = self.shown(drafted)
        if not drawn:  # a whole-kit rebuild or the first build: nothing was drawn early
            try:
                self.gallery.refresh_faces(game, None, [])
            except DeckwrightError:
                return self.shown(self.session.game) if self.session.game is not None else None
        return game

    def _parts_only(self, changed: list[Path]) -> bool:
        """Whether only kit parts' own files changed (a board, the summary, components, the
        constraints): no card face can differ, so none is drawn again."""
        parts = self.session._part_files()  # the files watch itself tells apart from card inputs
        return bool(changed) and all(p in parts for p in changed)

    def _refresh_kit(self, game: Game, written: list[Path]) -> None:
        shown, sources = kit_pages(game, written)
        self.gallery.refresh_pages(shown)
        self.files = {p.name: p for p in written if p.parent.name == game.name}
        guide = self.files.get("print-guide.md")
        self.guide = guide.read_text(encoding="utf-8") if guide else ""
        self.sources = {
            src: [p.id for p in self.gallery.pages if Path(p.file).stem in stems]
            for src, stems in sources.items()
        }

    def _publish(
        self, game: Game | None, status: str, line: str, problems: list[Problem], error: str = ""
    ) -> None:
        faces, pages = self.gallery.faces, self.gallery.pages
        state = {
            "version": self._snapshot.version + 1,
            "boot": self.boot,
            "game": game.name if game else self.session.folder.name,
            "title": game.title if game else self.session.folder.name,
            "paper": self.session.options.paper,
            "layout": self.session.options.layout,
            "status": status,
            "line": line,
            "error": error,
            "decks": [
                {"name": d.name, "title": d.title, "cards": d.size} for d in (game.decks if game else ())
            ],
            "cards": [_card(f, self.editor, self.overflows.get(f.id, [])) for f in faces],
            "pages": [_page(p) for p in pages],
            "files": sorted(self.files),
            "sheets": self.zoom.pages(self.files),
            "bleed_mm": BLEED_MM,
            "safe_mm": SAFE_MM,
            "guide": self.guide,
            "problems": self._problems(game, problems, status == "ok"),
            "proofing": self.proofing,
            "skipped": self.findings.skipped,
        }
        cards = {f.id: details.card(f, game, self.editor) for f in faces} if game else {}
        body = json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode()
        with self._changed:
            self._snapshot = Snapshot(state["version"], body, self.gallery.images, dict(self.files), cards)
            self._changed.notify_all()

    def _problems(self, game: Game | None, problems: list[Problem], with_proof: bool) -> list[dict[str, Any]]:
        """The problems as the page lists them, the proofreader's (of the last good build) with
        them while the build is good, each with the page regions where it prints."""
        pages = {(Path(p.file).name, p.number): p.id for p in self.gallery.pages}
        regions: dict[Problem, list[Region]] = {}
        seen_on: dict[Problem, list[str]] = {}
        if with_proof:
            for problem, where, _origin, on in self.proof:
                regions[problem], seen_on[problem] = where, on
        cards = {f.id for f in self.gallery.faces}
        found = []
        for problem in sorted(set(problems) | set(regions)):
            item = _problem(problem, game, self.sources, self.editor)
            if problem in seen_on:  # a proofreader's finding: the cards it is seen on, no other
                # (never every card drawing its element: the fault is the cards it fails on)
                drawn = [c for c in seen_on[problem] if c in cards]
                item["targets"] = drawn + [t for t in item["targets"] if t not in cards]
            marks = [
                {"page": pages[(name, n)], "box": list(box)}
                for name, n, box in regions.get(problem, [])
                if (name, n) in pages
            ]
            item["regions"] = marks
            item["targets"] = list(dict.fromkeys(item["targets"] + [m["page"] for m in marks]))
            found.append(item)
        return found


def _only_overflows(problems: list[Problem], error: str) -> bool:
    """Whether a failed build failed only on text that does not fit."""
    errors = [p for p in problems if p.severity == "error"]
    return not error and bool(errors) and all(p.rank == OVERFLOW_RANK for p in errors)


def _line(outcome: Outcome, seconds: float, shown: bool = True) -> str:
    """The status line after a rebuild; ``shown``: whether a good build's pictures are on the page."""
    stamp = time.strftime("%H:%M:%S")
    names = ", ".join(p.name for p in outcome.changed[:3]) + (" ..." if len(outcome.changed) > 3 else "")
    why = f"{names} changed: " if names else ""
    if not outcome.ok and not shown:
        return f"{stamp} {why}the kit could not be built, so there is nothing to show yet. Fix and save."
    if not outcome.ok:
        return f"{stamp} {why}not rebuilt; the last good pictures stay. Fix and save again."
    if outcome.scope == "nothing":
        return f"{stamp} {why}nothing to redraw"
    named = {"kit": "the whole kit", "proof": "the proof of the chosen cards"}
    what = named.get(outcome.scope, outcome.scope)
    return f"{stamp} {why}rebuilt {what} in {seconds:.2f} s"


def _picture(p: Any) -> dict[str, Any] | None:
    return None if p is None else {"url": f"/img/{p.key}.png", "w": p.width, "h": p.height}


def _card(face: FaceView, editor: str, overflows: list[dict[str, Any]]) -> dict[str, Any]:
    card = face.card
    words = [card.name, card.type, *(_words(v) for v in card.fields.values())]
    return {
        "id": face.id,
        "deck": face.deck.name,
        "name": card.name,
        "type": card.type,
        "count": card.count,
        "where": str(card.origin),
        "open": link(editor, card.origin.file, card.origin.line, card.origin.column),
        "text": " ".join(words).lower(),
        "size": card_size(face),
        "change": face.change,
        "overflow": overflows,
        "before": [_picture(p) for p in face.before] if face.before else None,
        "front": _picture(face.front),
        "back": _picture(face.back),
    }


def _words(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return " ".join(_words(v) for v in value)
    return str(value)


def _page(page: PageView) -> dict[str, Any]:
    return {"id": page.id, "file": page.file, "kind": page.kind, "number": page.number,
            **(_picture(page.picture) or {})}  # fmt: skip


def _problem(
    problem: Problem, game: Game | None, sources: dict[str, list[str]], editor: str
) -> dict[str, Any]:
    return {
        "open": link(editor, problem.file, problem.line, problem.column),
        "where": problem.location(),
        "severity": problem.severity,
        "text": str(problem),
        "targets": pointers(problem, game, sources),
        "file": display_path(problem.file) if problem.file else "",
    }


def _merged_pages(
    pending: dict[str, list[Any]] | None, recorded: dict[str, list[Any]] | None, whole: bool
) -> dict[str, list[Any]] | None:
    """The pages the proofreader is handed after one more build: a whole build's own, a deck
    build's over those pending; None (the proofreader builds again) when a build was not
    recorded."""
    if recorded is None or (pending is None and not whole):
        return None
    return dict(recorded) if whole else {**pending, **recorded}  # type: ignore[dict-item]
