"""Where bundled data lives, how a GAME argument becomes a game folder, and the rule that keeps
every file a game uses inside that folder (or Deckwright's own bundled folders)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from generator.core.errors import UsageError, clip, suggest

CHECKOUT = Path(__file__).resolve().parents[2]
"""The repository, when Deckwright runs from a checkout (or an editable install of one)."""
INSTALLED = Path(__file__).resolve().parents[1] / "_bundled"
"""Where an installed wheel keeps the bundled folders (copied there by setup.py)."""


def _home() -> tuple[Path, bool]:
    """The folder holding ``carddata/``, ``templates/`` and ``fonts/``, and whether it is a
    checkout (whose ``output/`` receives kits) rather than an installed package."""
    if os.environ.get("DECKWRIGHT_HOME"):
        return Path(os.environ["DECKWRIGHT_HOME"]), True
    if (CHECKOUT / "carddata").is_dir() and (CHECKOUT / "fonts").is_dir():
        return CHECKOUT, True
    return INSTALLED, False


ROOT, FROM_CHECKOUT = _home()
CARDDATA = ROOT / "carddata"
TEMPLATES = ROOT / "templates"
FONTS = ROOT / "fonts"
ICONS = TEMPLATES / "icons"
OUTPUT = ROOT / "output" if FROM_CHECKOUT else Path("output").absolute()
"""Where kits go without ``-o``: the checkout's ``output/``, or ``output/`` in the working folder
when Deckwright is installed as a package."""
GAME_FILE = "game.yaml"


def bundled_games() -> list[str]:
    """Names of the games shipped in carddata/."""
    if not CARDDATA.is_dir():
        return []
    return sorted(p.name for p in CARDDATA.iterdir() if (p / GAME_FILE).is_file())


def local_games(where: Path | None = None) -> list[Path]:
    """Game folders directly inside ``where`` (default: the working directory)."""
    where = where or Path.cwd()
    found = [p for p in sorted(where.iterdir()) if p.is_dir() and (p / GAME_FILE).is_file()]
    if (where / GAME_FILE).is_file():
        found.insert(0, where)
    return [p for p in found if p.resolve().parent != CARDDATA.resolve()]


def resolve_game(spec: str) -> Path:
    """A bundled game's name or the path of a game folder (or of its game.yaml)."""
    path = Path(spec).expanduser()
    if path.is_file() and path.name == GAME_FILE:
        path = path.parent
    if path.is_dir():
        if (path / GAME_FILE).is_file():
            return path
        raise UsageError(f"{spec}: folder has no {GAME_FILE}; a game folder needs one")
    if (CARDDATA / spec / GAME_FILE).is_file():
        return CARDDATA / spec

    names = bundled_games()
    raise UsageError(
        f"unknown game '{spec}'{suggest(spec, names)}: give a bundled game "
        f"({', '.join(names) or 'none found'}) or the path of a folder with a {GAME_FILE}"
    )


# -- containment: the only folders a game's files may come from ---------------------------------

PACKAGE = Path(__file__).resolve().parents[1]
"""The package's own data (print-shop presets, the colour profile)."""


def icon_caches() -> tuple[Path, Path]:
    """Where the shipped game-icons.net icons are unpacked, one file per icon used (see
    ``art.gameicons``): ``$XDG_CACHE_HOME/deckwright/game-icons`` (else ``~/.cache/...``), and a
    folder in the temporary folder when that one cannot be written."""
    import tempfile  # here: `deckwright --help` imports this module and never needs it

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    user = f"deckwright-{os.getuid()}" if hasattr(os, "getuid") else "deckwright"
    return Path(base) / "deckwright" / "game-icons", Path(tempfile.gettempdir()) / user / "game-icons"


_RESOLVED: dict[tuple[Path, ...], tuple[Path, ...]] = {}


def bundled_roots() -> tuple[Path, ...]:
    """Deckwright's own folders, links followed: the bundled templates, fonts and package data,
    and the unpacked game-icons.net icons. Resolved once per process for the same folders (a
    build asks a dozen times; each resolve reads every folder on the way)."""
    spelled = (TEMPLATES, FONTS, PACKAGE, *icon_caches())
    found = _RESOLVED.get(spelled)
    if found is None:
        found = _RESOLVED[spelled] = tuple(dict.fromkeys(p.resolve() for p in spelled))
    return found


def game_roots(folder: Path) -> tuple[Path, ...]:
    """Where every file a game uses must lie: its folder (links followed) and the bundled folders."""
    return (Path(folder).resolve(), *bundled_roots())


def escape(path: Path, roots: Iterable[Path]) -> str | None:
    """Why ``path`` may not be used: 'outside' (its own spelling leaves ``roots``), 'link' (it
    leaves them only through a symbolic link), 'loop' (its links never end); None when it lies,
    with every link followed, inside one of ``roots`` (which should be resolved already)."""
    roots = tuple(roots)
    try:
        real = Path(path).resolve()
    except (OSError, RuntimeError):  # a link loop: RuntimeError up to Python 3.12, OSError after
        return "loop"
    except ValueError:  # a NUL byte: no file has such a name, so the caller reports it not found
        return None
    if any(real.is_relative_to(root) for root in roots):
        return None
    plain = Path(os.path.normpath(Path(path).absolute()))
    spelled_inside = any(a.resolve() in roots for a in plain.parents)  # error path only
    return "link" if spelled_inside else "outside"


def outside(path: Path, roots: Iterable[Path]) -> bool:
    """Whether ``path`` (after resolving '..' and links) lies outside every folder of ``roots``.

    Give it :func:`game_roots` (or :func:`search_roots`), never the folders a name is searched
    in: a linked ``art/`` folder would then count as inside."""
    return escape(path, tuple(r.resolve() for r in roots)) is not None


def outside_message(kind: str, name: str, reason: str = "outside") -> str:
    """What to say about a file a game names (never its content) that lies outside it."""
    if reason == "link":
        return (
            f"{kind} '{clip(name)}' leads outside the game folder through a symbolic link (links "
            "are followed): copy the file into the game folder instead of linking to it"
        )
    if reason == "loop":
        return f"{kind} '{clip(name)}': its symbolic links point at each other in a loop; remove the links"
    return (
        f"{kind} '{clip(name)}' lies outside the game folder (and Deckwright's bundled files): "
        "copy the file into the game folder and name it from there"
    )


class OutsideError(ValueError):
    """Raised when a file a game names lies outside the game folder and the bundled folders;
    its text is the message to show (the file's name, never its content)."""


def contained(path: Path, roots: Sequence[Path], kind: str, name: str) -> Path:
    """``path`` when it lies inside ``roots`` (resolved, as :func:`game_roots` gives them);
    else raise :class:`OutsideError` saying why, for ``kind`` named ``name``."""
    reason = escape(path, roots)
    if reason is not None:
        raise OutsideError(outside_message(kind, name, reason))
    return path


def find_file(name: str, dirs: Iterable[Path], roots: Sequence[Path], kind: str) -> Path | None:
    """The first ``dir / name`` that is a file, searching ``dirs`` in order; None when none is.

    Every candidate is checked before it is read: one that leaves ``roots`` (by '..' or an
    absolute path, or, when something is there, by a linked file or folder) raises
    :class:`OutsideError` even when a later folder would have the name.
    """
    for folder in dirs:
        candidate = Path(folder) / name
        reason = escape(candidate, roots)
        if reason == "link" and not candidate.exists():
            continue  # a linked folder that lacks the name: nothing there to read
        if reason is not None:
            raise OutsideError(outside_message(kind, name, reason))
        if candidate.is_file():
            return candidate
    return None


def spelled(path: Path) -> str:
    """``path`` as a message should show a file that was refused: as the game spells it (links
    not followed, so never the outside place it leads to), relative to the working directory."""
    plain = os.path.normpath(Path(path).absolute())
    here = os.getcwd()
    return os.path.relpath(plain, here) if Path(plain).is_relative_to(here) else plain


def image_dirs(folder: Path, template_dirs: Iterable[Path]) -> tuple[Path, ...]:
    """Where a game's images are looked up, in order: the game folder first (the folder every
    image must lie in, see :func:`search_roots`), its ``art/``, then the template folders."""
    return tuple(dict.fromkeys((Path(folder), Path(folder) / "art", *template_dirs)))


def search_roots(dirs: Sequence[Path]) -> tuple[Path, ...]:
    """The containment roots of a search path made by :func:`image_dirs`: the game folder (its
    first folder) and the bundled folders; only the bundled folders for an empty one."""
    return game_roots(dirs[0]) if dirs else bundled_roots()
