"""Byte code of a game's rules modules kept between runs, where Python's own cache cannot be.

Python keeps a module's byte code in ``__pycache__`` beside it; a game folder that cannot be
written (a read-only mount, another user's install) has none, and every process (every
``simulate --jobs`` worker started afresh too) compiled the rules package from source again.
There the byte code is kept in a per-user folder, ``$XDG_CACHE_HOME/deckwright/rules-bytecode``
(else ``~/.cache/...``), one file per module named by the SHA-256 of the Python version's magic
number, the file's path and its source bytes: a changed file (or another Python) is another name,
never a stale entry. The folder is made private (0700) and used only while it is the user's own
and nobody else can write it, so the code run is always compiled from the game folder's own
source, which is trusted as before (``trust the game folder first``). Where ``__pycache__`` can
be written (or already holds the module), Python's own cache is used unchanged; with
``PYTHONDONTWRITEBYTECODE`` set nothing new is written, an entry already kept is still read.
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import stat
import sys
import tempfile
from importlib.machinery import PathFinder, SourceFileLoader
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

TAG = b"deckwright-rules-bytecode/1\n"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckwright" / "rules-bytecode"


class CachedLoader(SourceFileLoader):
    """Python's source loader, with the per-user cache where ``__pycache__`` cannot serve."""

    def get_code(self, fullname: str) -> CodeType:
        path = self.get_filename(fullname)
        if _own_cache_serves(path):
            return super().get_code(fullname)
        source = self.get_data(path)
        key = hashlib.sha256(importlib.util.MAGIC_NUMBER + os.fsencode(path) + b"\0" + source).digest()
        code = _read(key)
        if code is None:
            code = self.source_to_code(source, path)
            if not sys.dont_write_bytecode:
                _write(key, code)
        return code


class CachedFinder:
    """Finds the modules of a rules package (``PREFIX<game>.<module>``) as Python would, to be
    loaded by :class:`CachedLoader`."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> Any:
        if not fullname.startswith(self.prefix) or "." not in fullname:
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is not None and type(spec.loader) is SourceFileLoader and spec.origin:
            spec.loader = CachedLoader(fullname, spec.origin)
        return spec


def install(prefix: str) -> None:
    """Load the submodules of packages named ``prefix...`` with :class:`CachedLoader` (once)."""
    if not any(isinstance(f, CachedFinder) and f.prefix == prefix for f in sys.meta_path):
        sys.meta_path.insert(0, CachedFinder(prefix))


def _own_cache_serves(path: str) -> bool:
    """Whether Python's ``__pycache__`` holds the module's byte code or may be written."""
    if sys.pycache_prefix:
        return True
    cached = importlib.util.cache_from_source(path)
    if os.path.exists(cached):
        return True
    folder = os.path.dirname(cached)
    return os.access(folder if os.path.isdir(folder) else os.path.dirname(folder) or ".", os.W_OK)


def _private(folder: Path) -> bool:
    """The folder is this user's and only theirs to write (where the system has owners)."""
    try:
        info = folder.stat()
    except OSError:
        return False
    owned = not hasattr(os, "getuid") or (info.st_uid == os.getuid() and not info.st_mode & 0o022)
    return stat.S_ISDIR(info.st_mode) and owned


def _read(key: bytes) -> CodeType | None:
    folder = cache_dir()
    if not _private(folder):
        return None
    try:
        data = (folder / f"{key.hex()}.pyc").read_bytes()
    except OSError:
        return None
    head = TAG + key
    if not data.startswith(head):
        return None
    try:
        code = marshal.loads(data[len(head) :])
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def _write(key: bytes, code: CodeType) -> None:
    """Keep the byte code if the private folder can be made and written; else nothing is kept."""
    folder = cache_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(folder):
            return
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(TAG + key + marshal.dumps(code))
            os.replace(tmp, folder / f"{key.hex()}.pyc")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass
