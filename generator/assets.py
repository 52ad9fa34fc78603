"""Image and icon files a game points at: where they may live, and whether they can be read.

Both checks run when a face is laid out (and when ``game.yaml`` names its icons), so ``check``
and ``build`` report a bad file with the card, template and line that use it, before any PDF is
written. Each file is read once per process (per modification time).
"""

from __future__ import annotations

import io
from pathlib import Path

from generator.errors import clip, display_path
from generator.notices import note, reading
from generator.paths import outside, outside_message  # noqa: F401  (where they live: paths)

_VERDICTS: dict[tuple[Path, int, int], tuple[str | None, list[str]]] = {}


def unreadable(path: Path) -> str | None:
    """Why the image or SVG at ``path`` cannot be used, or None when it can (what the library
    warned about it becomes a warning at the file, see :mod:`generator.notices`)."""
    stat = path.stat()
    key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
    if key not in _VERDICTS:
        with reading(path) as said:
            found = _svg_problem(path) if path.suffix.lower() == ".svg" else _raster_problem(path)
        _VERDICTS[key] = found, said
    verdict, said = _VERDICTS[key]
    note(path, said)  # again for each command run in this process
    return f"{display_path(path)}: {verdict}" if verdict else None


def _raster_problem(path: Path) -> str | None:
    """Why a raster file cannot be used. One over ``rasters.MAX_PIXELS`` is not decoded here: it
    is refused where it is placed, with the dpi it would print at in its box."""
    from PIL import Image, UnidentifiedImageError

    from generator.rasters import LARGE, declared_size, oversize

    try:
        if oversize(path):
            return None
        width, height = declared_size(path)
        with Image.open(path) as image:
            if width * height > LARGE:  # JPEG: every byte read, an eighth of the pixels made
                image.draft(image.mode, (max(1, width // 8), max(1, height // 8)))
            image.load()  # decodes every byte: a truncated file fails here
    except UnidentifiedImageError:
        return "not an image Deckwright can read (use PNG, JPEG or SVG)"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot read this image ({clip(exc, 120)}): save it again"
    return None


def _svg_problem(path: Path) -> str | None:
    from svglib.svglib import svg2rlg

    try:
        text = path.read_text(encoding="utf-8")
        drawing = svg2rlg(io.StringIO(text))
    except UnicodeDecodeError:
        return "this SVG file is not UTF-8 text: save it again as UTF-8"
    except Exception as exc:  # svglib and lxml raise many kinds on a broken file
        return f"cannot read this SVG file ({clip(exc, 120)})"
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        return "cannot read this SVG file (no drawing with a width and height): save it again"
    return None
