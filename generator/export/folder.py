"""An export folder that appears whole or not at all, with no files left over from a previous run."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image

from generator.core.errors import BuildError, UsageError, display_path
from generator.kit.publish import KEPT, staging


@contextmanager
def staged_folder(final: Path, option: str) -> Iterator[Path]:
    """A hidden folder beside ``final`` to write into; when the block finishes it replaces
    ``final`` as one unit (:mod:`generator.kit.publish`), so a kill or an error at any moment leaves
    the earlier export or the new one. ``option`` (``--png``) names the option in messages.
    """
    for folder in (final, *final.parents):
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"{option}: {display_path(folder)} is a file, not a folder; choose another")
    failed = False  # whether the export itself raised (its errors pass through unchanged)
    try:
        with staging(final) as stage:
            folder = stage.folder()
            try:
                yield folder
            except BaseException:
                failed = True
                raise
    except BuildError as exc:
        if failed:
            raise
        raise UsageError(f"{option}: {exc}; {getattr(exc, 'on_disk', KEPT)}") from None


def save_png(image: Image.Image, path: Path, dpi: float | None = None) -> None:
    """Write ``image`` as PNG tagged sRGB (and ``dpi``), nothing else, so the same pixels give
    the same bytes."""
    from generator.art.pngfile import save_png as save

    save(image, path, dpi)
