"""Image and icon files a game points at: where they may live, and whether they can be read.

Both checks run when a face is laid out (and when ``game.yaml`` names its icons), so ``check``
and ``build`` report a bad file with the card, template and line that use it, before any PDF is
written. Each file is read once per process (per modification time).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from pathlib import Path

from generator.errors import clip, display_path

_VERDICTS: dict[tuple[Path, int, int], str | None] = {}


def outside(path: Path, roots: Iterable[Path]) -> bool:
    """Whether ``path`` (after resolving '..' and links) lies outside every folder of ``roots``."""
    real = path.resolve()
    return not any(real.is_relative_to(root.resolve()) for root in roots)


def outside_message(kind: str, name: str) -> str:
    return (
        f"{kind} '{clip(name)}' lies outside the game folder (and the bundled templates): "
        "keep the files a game uses inside its folder"
    )


def unreadable(path: Path) -> str | None:
    """Why the image or SVG at ``path`` cannot be used, or None when it can."""
    stat = path.stat()
    key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
    if key not in _VERDICTS:
        _VERDICTS[key] = _svg_problem(path) if path.suffix.lower() == ".svg" else _raster_problem(path)
    verdict = _VERDICTS[key]
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

    quiet = logging.getLogger("svglib.svglib")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        text = path.read_text(encoding="utf-8")
        drawing = svg2rlg(io.StringIO(text))
    except UnicodeDecodeError:
        return "this SVG file is not UTF-8 text: save it again as UTF-8"
    except Exception as exc:  # svglib and lxml raise many kinds on a broken file
        return f"cannot read this SVG file ({clip(exc, 120)})"
    finally:
        quiet.setLevel(level)
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        return "cannot read this SVG file (no drawing with a width and height): save it again"
    return None
