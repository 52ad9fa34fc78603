"""Image and icon files a game points at: where they may live, and whether they can be read.

Both checks run when a face is laid out (and when ``game.yaml`` names its icons), so ``check``
and ``build`` report a bad file with the card, template and line that use it, before any PDF is
written. Each file is read once per process (per modification time).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from pathlib import Path

from generator.errors import clip, display_path

_VERDICTS: dict[tuple, tuple[str | None, tuple[str, ...]]] = {}
# per SVG checked: the folders its references may point into (the renderer reads the same)
_ROOTS: dict[Path, tuple[Path, ...]] = {}


def outside(path: Path, roots: Iterable[Path]) -> bool:
    """Whether ``path`` (after resolving '..' and links) lies outside every folder of ``roots``."""
    real = path.resolve()
    return not any(real.is_relative_to(root.resolve()) for root in roots)


def outside_message(kind: str, name: str) -> str:
    return (
        f"{kind} '{clip(name)}' lies outside the game folder (and the bundled templates): "
        "keep the files a game uses inside its folder"
    )


def unreadable(path: Path, roots: Sequence[Path] = ()) -> str | None:
    """Why the image or SVG at ``path`` cannot be used, or None when it can; an SVG's references
    may point into ``roots`` (default: its own folder)."""
    verdict = _verdict(path, roots)[0]
    return f"{display_path(path)}: {verdict}" if verdict else None


def warnings_of(path: Path, roots: Sequence[Path] = ()) -> tuple[str, ...]:
    """What is wrong with a usable file that is drawn all the same (a damaged SVG), each prefixed
    with the file's name; empty for a file without such faults or one that cannot be used."""
    verdict, notes = _verdict(path, roots)
    return () if verdict else tuple(f"{display_path(path)}: {n}" for n in notes)


def svg_roots(path: Path) -> tuple[Path, ...]:
    """The folders the SVG at ``path`` was checked against (its own folder if it never was)."""
    return _ROOTS.get(path.resolve(), (path.parent,))


def _verdict(path: Path, roots: Sequence[Path]) -> tuple[str | None, tuple[str, ...]]:
    stat = path.stat()
    key = (path.resolve(), stat.st_mtime_ns, stat.st_size, tuple(roots))
    if key not in _VERDICTS:
        if path.suffix.lower() == ".svg":
            _ROOTS[path.resolve()] = tuple(roots) or (path.parent,)
            _VERDICTS[key] = _svg_problem(path, roots)
        else:
            _VERDICTS[key] = (_raster_problem(path), ())
    return _VERDICTS[key]


def _raster_problem(path: Path) -> str | None:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            image.load()  # decodes every byte: a truncated file fails here
    except UnidentifiedImageError:
        return "not an image Deckwright can read (use PNG, JPEG or SVG)"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot read this image ({clip(exc, 120)}): save it again"
    return None


def _svg_problem(path: Path, roots: Sequence[Path]) -> tuple[str | None, tuple[str, ...]]:
    from generator.svgfile import read_svg

    quiet = logging.getLogger("svglib.svglib")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        found = read_svg(path, roots=roots)
    finally:
        quiet.setLevel(level)
    return found.refused, found.warnings
