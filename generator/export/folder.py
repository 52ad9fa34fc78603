"""An export folder that appears whole or not at all, with no files left over from a previous run."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image

from generator.errors import UsageError, display_path


@contextmanager
def staged_folder(final: Path, option: str) -> Iterator[Path]:
    """A temporary folder beside ``final``; when the block finishes it replaces ``final``.

    If the block raises, the temporary folder is removed and ``final`` stays as it was.
    ``option`` (``--png``) names the command-line option in messages.
    """
    parent = final.parent
    for folder in (final, *final.parents):
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"{option}: {display_path(folder)} is a file, not a folder; choose another")
    try:
        parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".part", dir=parent))
    except OSError as exc:
        raise UsageError(_unusable(option, parent, exc)) from None
    old: Path | None = None
    try:
        yield tmp
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)
        if final.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".old", dir=parent))
            os.replace(final, old / final.name)
        os.replace(tmp, final)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and not final.exists():  # put the earlier export back
            os.replace(old / final.name, final)
        raise UsageError(_unusable(option, parent, exc)) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _unusable(option: str, folder: Path, exc: OSError) -> str:
    why = exc.strerror or str(exc)
    return f"{option}: cannot write into {display_path(folder)} ({why}); choose another folder"


def save_png(image: Image.Image, path: Path, dpi: float | None = None) -> None:
    """Write ``image`` as PNG tagged sRGB (and ``dpi``), nothing else, so the same pixels give
    the same bytes."""
    from generator.pngfile import save_png as save

    save(image, path, dpi)
