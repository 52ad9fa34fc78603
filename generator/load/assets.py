"""Image and icon files a game points at: where they may live, and whether they can be read.

Both checks run when a face is laid out (and when ``game.yaml`` names its icons), so ``check``
and ``build`` report a bad file with the card, template and line that use it, before any PDF is
written. Each file is read once per process (per modification time).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from generator.art.svgfile import is_svg
from generator.core.errors import clip, display_path
from generator.core.notices import note, reading
from generator.core.paths import outside, outside_message  # noqa: F401  (where they live: paths)

# per file checked (and its mtime, size, roots): the verdict, the damage drawn anyway, what the
# libraries said while reading it
_VERDICTS: dict[tuple, tuple[str | None, tuple[str, ...], list[str]]] = {}
# per SVG checked: the folders its references may point into (the renderer reads the same)
_ROOTS: dict[Path, tuple[Path, ...]] = {}


def unreadable(path: Path, roots: Sequence[Path] = ()) -> str | None:
    """Why the image or SVG at ``path`` cannot be used, or None when it can; an SVG's references
    may point into ``roots`` (default: its own folder). What a library warned about the file
    becomes a warning at it (see :mod:`generator.core.notices`)."""
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
    from generator.art.svgfile import damaged_allowed

    key = (path.resolve(), stat.st_mtime_ns, stat.st_size, tuple(roots), damaged_allowed())
    if key not in _VERDICTS:
        with reading(path) as said:
            if is_svg(path):
                _ROOTS[path.resolve()] = tuple(roots) or (path.parent,)
                verdict, notes = _svg_problem(path, roots)
            else:
                verdict, notes = _raster_problem(path), ()
        _VERDICTS[key] = verdict, notes, said
    verdict, notes, said = _VERDICTS[key]
    note(path, said)  # again for each command run in this process
    return verdict, notes


_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
"""What a raster file's name promises (a GIF named .png is refused, not drawn as something else)."""


def _raster_problem(path: Path) -> str | None:
    """Why a raster file cannot be used. One over ``rasters.MAX_PIXELS`` is not decoded here: it
    is refused where it is placed, with the dpi it would print at in its box."""
    from PIL import Image, UnidentifiedImageError

    from generator.art.rasters import LARGE, declared_size, oversize

    try:
        if oversize(path):
            return None
        width, height = declared_size(path)
        with Image.open(path) as image:
            named = _FORMATS.get(path.suffix.lower())
            if named and image.format != named:
                return (
                    f"a {image.format or 'non-' + named} file named {path.suffix.lower()}: "
                    f"save it again as {named} (or use a PNG, JPEG or SVG file named for what it is)"
                )
            if width * height > LARGE:  # JPEG: every byte read, an eighth of the pixels made
                image.draft(image.mode, (max(1, width // 8), max(1, height // 8)))
            image.load()  # decodes every byte: a truncated file fails here
    except UnidentifiedImageError:
        return "not an image Deckwright can read (use PNG, JPEG or SVG)"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot read this image ({clip(exc, 120)}): save it again"
    return None


def _svg_problem(path: Path, roots: Sequence[Path]) -> tuple[str | None, tuple[str, ...]]:
    from generator.art.svgfile import read_svg

    found = read_svg(path, roots=roots)
    return found.refused, found.warnings
