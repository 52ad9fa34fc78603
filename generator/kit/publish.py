"""Output folders published whole: built in a hidden sibling folder, then swapped in as one unit.

A :class:`Staging` collects a folder's new contents in ``.<name>.deckwright-staging-<pid>`` beside the
folder it will replace (never inside it). ``publish()`` renames the old folder aside
(``.<name>.deckwright-old-<pid>``), renames the new one into its place and removes the old one. Whatever
happens (an error, a kill), the folder holds the old contents or the new ones: a kill between the
two renames leaves it missing with the old contents aside, and :func:`recover`, run before every
publish, renames them back. Leftovers of runs whose process is gone are removed at the same time.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from generator.core import writing
from generator.core.errors import BuildError, display_path
from generator.core.writing import unusable

KEPT = "earlier output left as it was."
OURS = frozenset({".pdf", ".md", ".png", ".jpg", ".jpeg", ".csv", ".json", ".tmp"})
"""Suffixes of the files Deckwright writes into an output folder (``.tmp``: older versions' partial
files). A folder holding anything else is not replaced: it may be the user's own."""
JUNK = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})
_ACTIVE: set[Path] = set()  # staging and aside folders this process is using now


class PublishError(BuildError):
    """Raised when a folder cannot be published; ``on_disk`` says what the folder holds now."""

    def __init__(self, message: str, on_disk: str = KEPT):
        super().__init__(message)
        self.on_disk = on_disk


def _hidden(final: Path, kind: str, pid: int | None = None) -> Path:
    return final.parent / f".{final.name}.deckwright-{kind}-{os.getpid() if pid is None else pid}"


def _alive(pid: int) -> bool:
    """Whether a process with this id exists (one we may not signal counts as alive)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def leftovers(final: Path) -> list[Path]:
    """The staging and aside folders of ``final`` that no running process is using."""
    pattern = re.compile(rf"\.{re.escape(final.name)}\.deckwright-(staging|old)-(\d+)")
    try:
        names = sorted(os.listdir(final.parent))
    except OSError:
        return []
    found = []
    for name in names:
        match = pattern.fullmatch(name)
        path = final.parent / name
        mine = match and path.is_dir() and not path.is_symlink() and path not in _ACTIVE
        if mine and (int(match[2]) == os.getpid() or not _alive(int(match[2]))):
            found.append(path)
    return found


def recover(final: Path) -> None:
    """Finish what an interrupted run left: put an aside folder back if ``final`` is missing (the
    run died between its two renames), then remove the other leftovers."""
    left = leftovers(final)
    asides = sorted(
        (p for p in left if ".deckwright-old-" in p.name), key=lambda p: p.stat().st_mtime, reverse=True
    )
    if asides and not os.path.lexists(final):
        try:
            os.rename(asides[0], final)
        except OSError as exc:
            raise PublishError(
                f"{display_path(final)}: cannot put back the earlier output from {display_path(asides[0])} "
                f"({exc.strerror or exc})",
                f"the earlier output is in {display_path(asides[0])}: rename it to {final.name}.",
            ) from None
        left.remove(asides[0])
    for path in left:
        shutil.rmtree(path, ignore_errors=True)  # hidden and outside the folder: retried next run


def recover_all(parent: Path) -> None:
    """:func:`recover` every folder inside ``parent`` that a dead run left half-done, so even a
    run that fails before it writes anything (a broken game) puts the last output back."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    finals = {m[1] for m in (re.fullmatch(r"\.(.+)\.deckwright-(?:staging|old)-\d+", n) for n in names) if m}
    for name in sorted(finals):
        recover(parent / name)


MARKER = ".deckwright-kit"
"""The file every published folder holds: that Deckwright wrote the folder, and the files it wrote.
A folder is replaced only if every file in it is listed there (see :func:`refusal`)."""
_MARKER_HEAD = (
    "# Written by Deckwright: the next build replaces this folder whole.\n"
    "# The files it wrote here (a file not listed stops the next build from replacing the folder):\n"
)


def _files(folder: Path) -> list[str]:
    """Every file under ``folder`` (relative, with /), sorted, but the marker and system clutter."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            relative = Path(root, name).relative_to(folder).as_posix()
            if relative != MARKER and name not in JUNK:
                found.append(relative)
    return found


def written(folder: Path) -> set[str] | None:
    """The files the marker of ``folder`` lists, or None when it has no marker."""
    try:
        text = (folder / MARKER).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return {line for line in text.splitlines() if line and not line.startswith("#")}


def foreign(folder: Path, writing: set[str] | None = None) -> str | None:
    """A file inside ``folder`` Deckwright did not write there, if any (relative, with /).

    With a marker: a file it does not list. Without one (a kit built before markers, or not a
    kit at all): with ``writing`` (what this run writes, known when it publishes) a file not among
    them, else a file of a kind a build never writes."""
    listed = written(folder)
    for name in _files(folder):
        if name.rsplit("/", 1)[-1].startswith(".") and name.endswith(".tmp"):
            continue  # a partial file an older version left after a kill
        if listed is not None:  # a listed file that became a folder counts as listed
            mine = any(name == f or name.startswith(f + "/") for f in listed)
        elif writing is not None:
            mine = name in writing
        else:
            mine = Path(name).suffix.lower() in OURS
        if not mine:
            return name
    return None


def refusal(folder: Path, name: str, marked: bool) -> str:
    """Why a build does not replace ``folder``, which holds the file ``name`` it did not write."""
    why = (
        f"which is not among the files Deckwright wrote there (listed in its {MARKER})"
        if marked
        else f"a file a build does not write; the folder has no {MARKER} file saying Deckwright made it"
    )
    older = "" if marked else " (a kit an older Deckwright built: delete the folder, then build again)"
    return (
        f"{display_path(folder)}: holds {display_path(folder / name)}, {why}; a build replaces the whole "
        f"folder: move your files out or choose another output folder (-o){older}"
    )


def mark(folder: Path, old: Path) -> None:
    """Write the marker listing every file now in ``folder`` (the ``old`` folder's own marker,
    linked, when it says the same: a rebuild that changes no file name leaves it as it was)."""
    text = _MARKER_HEAD + "".join(f"{name}\n" for name in _files(folder))
    try:
        same = (old / MARKER).read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        same = False
    if same:
        try:
            os.link(old / MARKER, folder / MARKER, follow_symlinks=False)
            return
        except OSError:
            pass
    (folder / MARKER).write_text(text, encoding="utf-8", newline="\n")


@dataclass
class Staging:
    """The new contents of ``final``, collected in a hidden sibling folder made at the first file.

    With ``carry_over`` the files of the current ``final`` that this run did not write are kept
    (hard-linked, else copied), for a run that rebuilds only some of them. A ``final`` that is a
    symbolic link stays one: the folder it points at is the one replaced.
    """

    final: Path
    carry_over: bool = False
    root: Path | None = None
    files: dict[Path, Path] = field(default_factory=dict)  # final path -> staged path
    made: list[Path] = field(default_factory=list)  # folders made for the output, outermost first
    where: Path = field(init=False)  # the folder swapped: ``final``, or where its symlink points

    def __post_init__(self) -> None:
        self.where = Path(os.path.realpath(self.final)) if self.final.is_symlink() else self.final

    def place(self, path: Path) -> Path:
        """Where the file that will be ``path`` is written now (its folder made)."""
        relative = path.relative_to(self.final)  # ValueError: a caller wrote outside its folder
        target = self.folder() / relative
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BuildError(unusable(self.final, exc)) from None
        self.files[path] = target
        return target

    def folder(self) -> Path:
        """The staging folder (made now if it is not yet)."""
        if self.root is None:
            self.root = self._start()
        return self.root

    def staged(self, path: Path) -> Path | None:
        """The staged file that will be ``path``, if this run wrote it."""
        return self.files.get(path)

    def forget(self, path: Path) -> None:
        """Drop a file that failed half-way."""
        target = self.files.pop(path, None)
        if target is not None:
            target.unlink(missing_ok=True)

    def _start(self) -> Path:
        for folder in (self.where, *self.where.parents):
            if folder.exists() and not folder.is_dir():
                raise BuildError(unusable(self.where, NotADirectoryError(20, "Not a directory")))
        if self.where.exists():
            if not os.access(self.where, os.W_OK | os.X_OK):
                raise BuildError(unusable(self.where, PermissionError(13, "Permission denied")))
            mine = foreign(self.where)
            if mine is not None:
                raise PublishError(refusal(self.where, mine, written(self.where) is not None))
        self.made = [p for p in (self.where.parent, *self.where.parent.parents) if not p.exists()][::-1]
        root = _hidden(self.where, "staging")
        try:
            self.where.parent.mkdir(parents=True, exist_ok=True)
            if not os.access(self.where.parent, os.W_OK | os.X_OK):
                raise PermissionError(13, "Permission denied")
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir()
        except OSError as exc:
            self.discard()
            raise BuildError(unusable(self.where, exc)) from None
        _ACTIVE.add(root)
        return root

    def discard(self) -> None:
        """Remove the staging folder and any folder made for it that stayed empty."""
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            _ACTIVE.discard(self.root)
            self.root = None
        for folder in reversed(self.made):
            with suppress(OSError):
                folder.rmdir()

    def publish(self) -> None:
        """Swap the staged folder in for ``final``; PublishError says what is on disk if it fails."""
        if self.root is None:
            return  # nothing written: nothing changes
        root, aside = self.root, _hidden(self.where, "old")
        _ACTIVE.add(aside)
        try:
            self._swap(root, aside)
        finally:
            _ACTIVE.difference_update({root, aside})  # what is left now is for recover()
            self.root = None
        shutil.rmtree(aside, ignore_errors=True)  # if this fails, the next run removes it

    def _swap(self, root: Path, aside: Path) -> None:
        moved = False
        try:
            if self.where.is_dir() and written(self.where) is None:  # no marker: only what this run writes
                ours = {p.relative_to(self.final).as_posix() for p in self.files}
                mine = foreign(self.where, ours)
                if mine is not None:
                    raise PublishError(refusal(self.where, mine, False))
            if self.carry_over and self.where.is_dir():
                _carry(self.where, root, set(self.files.values()))
            mark(root, self.where)
            if os.path.lexists(self.where):
                os.rename(self.where, aside)
                moved = True
            os.rename(root, self.where)
        except BaseException as exc:
            if not root.exists():  # stopped just after the second rename: the new folder is in
                raise
            on_disk = self._undo(aside) if moved else KEPT
            self.discard()
            if isinstance(exc, OSError):
                why = exc.strerror or str(exc)
                message = f"{display_path(self.where)}: cannot replace this folder ({why})"
                raise PublishError(message, on_disk) from None
            raise

    def _undo(self, aside: Path) -> str:
        """Rename the old folder back after a failed swap; say what is on disk."""
        try:
            os.rename(aside, self.where)
        except OSError:
            return (
                f"the earlier output is in {display_path(aside)}: the next build puts it back "
                f"(or rename it to {self.where.name} yourself)."
            )
        return KEPT


def _carry(old: Path, new: Path, written: set[Path]) -> None:
    """Link (or copy) every file of ``old`` this run did not write into ``new``."""
    for root, dirs, files in os.walk(old):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            target = new / Path(root, name).relative_to(old)
            if name.startswith(".") or target in written or os.path.lexists(target):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(Path(root, name), target, follow_symlinks=False)
            except OSError:
                shutil.copy2(Path(root, name), target, follow_symlinks=False)


@contextmanager
def staging(final: Path, carry_over: bool = False) -> Iterator[Staging]:
    """A :class:`Staging` for ``final``, published when the block ends, discarded if it raises.

    Leftovers of earlier runs are dealt with first (:func:`recover`).
    """
    stage = Staging(final, carry_over)
    recover(stage.where)
    try:
        yield stage
    except BaseException:
        stage.discard()
        raise
    stage.publish()


@contextmanager
def staged(folder: Path, carry_over: bool = False) -> Iterator[None]:
    """Stage every file written for ``folder`` inside the block (:mod:`generator.core.writing`);
    publish them as one folder at its end. If the block raises, ``folder`` does not change."""
    with staging(folder, carry_over) as stage, writing.into(stage):
        yield
