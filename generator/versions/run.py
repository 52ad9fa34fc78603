"""``deckwright diff``'s work: the two versions found, loaded and compared."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from generator.core import paths
from generator.core.errors import DataError, display_path
from generator.load.loader import load_game
from generator.load.model import Game
from generator.versions.compare import GameDiff, compare_games
from generator.versions.source import is_folder_version, revision_name, version_folder

WORKING = "the game folder as it is"


@dataclass
class Versions:
    """Two loaded versions of one game and their comparison."""

    old: Game
    new: Game
    diff: GameDiff


@contextmanager
def opened(game: str, old: str, new: str | None = None) -> Iterator[Versions]:
    """The game's version ``old`` and ``new`` (folders or git revisions; ``new`` None: the game
    folder as it is) loaded and compared; temporary folders of revisions live until the block
    ends (faces drawn from them need their pictures). UsageError for a bad game, folder or
    revision, DataError for a version that does not load."""
    folder = paths.resolve_game(game)
    with ExitStack() as stack:
        old_folder = stack.enter_context(version_folder(folder, old))
        new_folder = stack.enter_context(version_folder(folder, new)) if new is not None else folder
        old_game = _load(old_folder, folder, old)
        new_game = _load(new_folder, folder, new) if new is not None else load_game(folder)
        labels = (revision_name(folder, old), revision_name(folder, new) if new is not None else WORKING)
        yield Versions(old_game, new_game, compare_games(old_game, new_game, *labels))


def _load(where: Path, game_folder: Path, spec: str) -> Game:
    """A version loaded; the problems of one read from git name its files as git does
    (``v1:games/jr/cards.yaml``) rather than by their temporary copy."""
    try:
        return load_game(where)
    except DataError as exc:
        if is_folder_version(spec):
            raise
        shown = display_path(where)
        inside = _prefix(game_folder)
        named = [
            replace(p, file=f"{spec}:{inside}{p.file[len(shown) :].lstrip('/')}")
            if p.file.startswith(shown)
            else p
            for p in exc.problems
        ]
        raise DataError(named) from None


def _prefix(folder: Path) -> str:
    """The game folder's path inside its repository, with a trailing slash ('' at the top)."""
    import subprocess

    found = subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "--show-prefix"], capture_output=True, text=True, check=False
    )
    return found.stdout.strip()


def compare(game: str, old: str, new: str | None = None) -> GameDiff:
    """The comparison alone (the versions' temporary folders removed)."""
    with opened(game, old, new) as versions:
        return versions.diff
