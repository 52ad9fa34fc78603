"""The game-icons.net icons Deckwright ships: ``game-icons/crossed-swords`` wherever an icon or
image is named, from the copy in ``art/game-icons/`` (made by ``tasks.py icons``, never fetched at
run time), and the attribution their licence (CC BY 3.0) asks for.

The icons live in one zip, one small SVG per icon. An icon a game uses is unpacked once per
machine into a cache folder (``core.paths.icon_caches``: a containment root like the bundled
folders) named by the zip's content, so every reader and the renderer see an ordinary SVG file;
its ``currentColor`` takes the template's colour like the bundled icons'. While
:func:`collecting` is open, every game icon the renderer draws is noted (:func:`drawn`), so a kit
credits exactly the icons on its pages.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import clip
from generator.core.paths import icon_caches

if TYPE_CHECKING:
    import zipfile

PREFIX = "game-icons/"
DATA = Path(__file__).resolve().parent / "game-icons"
FIND = "search the names at https://game-icons.net or with `deckwright icons WORD`"

_PATHS: dict[str, Path] = {}  # icon name -> its unpacked file, this process
_NAMES: dict[Path, str] = {}  # unpacked file -> icon name
_DRAWN: ContextVar[set[str] | None] = ContextVar("game_icons_drawn", default=None)


class GameIconError(Exception):
    """A game icon that cannot be drawn; its text says why and what to do."""


class UnknownIcon(GameIconError, LookupError):
    """A ``game-icons/...`` name that names no icon; its text says so and suggests names."""


def is_named(name: str) -> bool:
    """Whether ``name`` asks for a game-icons.net icon (``game-icons/NAME``)."""
    return isinstance(name, str) and name.startswith(PREFIX)


@cache
def _source() -> dict:
    import json  # only when an icon is looked up: a build without icons never reads JSON

    return json.loads((DATA / "source.json").read_text(encoding="utf-8"))


@cache
def _zip() -> tuple[zipfile.ZipFile, dict[str, zipfile.ZipInfo]]:
    import zipfile  # here: a game without game icons never imports it

    archive = zipfile.ZipFile(DATA / "icons.zip")
    return archive, {i.filename.removesuffix(".svg"): i for i in archive.infolist()}


def names() -> list[str]:
    """Every icon name (without the ``game-icons/`` prefix), aliases included, sorted."""
    return sorted({*_zip()[1], *_source()["aliases"]})


def canonical(name: str) -> str:
    """The icon's own name for ``game-icons/NAME`` (or ``NAME``, ``NAME.svg``): aliases followed.
    Raises :class:`UnknownIcon` for a name that is no icon."""
    bare = name.removeprefix(PREFIX).removesuffix(".svg").strip().lower()
    bare = _source()["aliases"].get(bare, bare)
    if bare not in _zip()[1]:
        raise UnknownIcon(f"no game-icons.net icon named '{clip(name)}'{_nearest(bare)}: {FIND}")
    return bare


def path(name: str) -> Path:
    """The SVG file of the game icon ``name`` (unpacked on first use); :class:`UnknownIcon` for
    a name that is none. An unwritable cache folder falls back to the temporary folder;
    :class:`GameIconError` when neither can be written."""
    icon = canonical(name)
    found = _PATHS.get(icon)
    if found is not None and found.is_file():
        return found
    archive, infos = _zip()
    info = infos[icon]
    folder_name = _source()["zip_sha256"][:16]
    error: OSError | None = None
    for cache_root in icon_caches():
        target = cache_root / folder_name / f"{icon}.svg"
        try:
            _own_folder(target.parent)
            if not _intact(target, info):  # missing, cut short or changed: unpacked again
                _store(target, archive.read(info))
        except OSError as exc:
            error = exc
            continue
        _PATHS[icon], _NAMES[target] = target, icon
        return target
    raise GameIconError(
        f"cannot unpack the game icon '{icon}' into a cache folder ({error}): set XDG_CACHE_HOME to "
        "a folder of yours that you can write in"
    )


def _own_folder(folder: Path) -> None:
    """Make ``folder``; OSError unless it and the two folders above it are this user's and no one
    else may write in them (another user could otherwise swap the icons in a shared folder)."""
    levels = (folder.parent.parent, folder.parent, folder)
    levels[0].parent.mkdir(parents=True, exist_ok=True)
    for level in levels:  # each made private (parents=True would make them as the umask says)
        level.mkdir(mode=0o700, exist_ok=True)
    if not hasattr(os, "getuid"):
        return
    for level in levels:
        stat = level.stat()
        if stat.st_uid != os.getuid() or stat.st_mode & 0o022:
            raise OSError(f"{level} belongs to another user or others may write in it")


def _intact(target: Path, info: zipfile.ZipInfo) -> bool:
    """Whether the unpacked file holds the zip member's bytes (size and CRC-32 compared: the
    temporary folder is shared, so a file found there is checked before it is drawn)."""
    import zlib

    try:
        data = target.read_bytes()
    except OSError:
        return False
    return len(data) == info.file_size and zlib.crc32(data) == info.CRC


def _store(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` whole or not at all (another run may read it meanwhile)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@cache  # a deck of many cards naming one unknown icon asks once per card
def _nearest(bare: str, n: int = 3) -> str:
    """' (did you mean 'game-icons/a', ...?)' for the names closest to ``bare``."""
    import difflib

    known = names()
    close = difflib.get_close_matches(bare, known, n=n, cutoff=0.6)
    words = [w for w in bare.split("-") if len(w) > 2]
    close += [k for k in known if words and all(w in k for w in words) and k not in close]
    if not close:
        return ""
    return " (did you mean " + ", ".join(f"'{PREFIX}{c}'" for c in close[:n]) + "?)"


def search(word: str = "") -> list[str]:
    """The icon names containing every word of ``word`` (all names for an empty one)."""
    words = word.lower().replace(PREFIX, " ").replace("-", " ").split()
    return [n for n in names() if all(w in n for w in words)]


# -- attribution -------------------------------------------------------------------------------


@contextmanager
def collecting() -> Iterator[set[str]]:
    """Note every game icon drawn inside the block into the set yielded (an inner block shares
    the outer one's)."""
    outer = _DRAWN.get()
    if outer is not None:
        yield outer
        return
    found: set[str] = set()
    token = _DRAWN.set(found)
    try:
        yield found
    finally:
        _DRAWN.reset(token)


def drawn(file: Path) -> None:
    """Called by the renderer for every SVG it draws: a game icon's name is noted."""
    into = _DRAWN.get()
    if into is not None:
        name = _NAMES.get(file)
        if name is not None:
            into.add(name)


def author(icon: str) -> str | None:
    """The icon's author where the shipped data knows it."""
    return _source()["authors"].get(icon)


def credits(icons: Iterable[str]) -> list[tuple[str, str | None]]:
    """Each icon (sorted, once) with its author where the shipped data knows it (None: credit
    "Lorc, Delapouite and contributors at game-icons.net", as game-icons.net asks)."""
    return [(icon, author(icon)) for icon in sorted(set(icons))]
