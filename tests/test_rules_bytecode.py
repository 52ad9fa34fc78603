"""A game's rules package loaded from a folder Python cannot keep byte code in: compiled once,
then read from the per-user cache (generator/rules/bytecode.py); a changed file is compiled
again, a cache folder others may write is not used, and errors still name the file and line."""

from __future__ import annotations

import importlib.machinery
import os
import textwrap
from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.load.loader import load_game
from generator.rules import bytecode, module
from generator.rules.logcheck import rules_for
from tests.conftest import MINI_GAME, write_game

RULES = {
    "rules/__init__.py": "from .model import Mini\nRULES = Mini\n",
    "rules/model.py": textwrap.dedent(
        """
        from generator.rules import NoSetup, Rules
        from .state import SIDES

        class Mini(Rules):
            actions = {"go": NoSetup}
            sides = SIDES
        """
    ),
    "rules/state.py": "SIDES = 2\n",
}


@pytest.fixture
def read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Python's own cache unusable (as in a read-only folder), the user cache in ``tmp_path``;
    the files compiled from source, listed as they are."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(bytecode, "_own_cache_serves", lambda path: False)
    monkeypatch.setattr(bytecode.sys, "dont_write_bytecode", False)
    compiled: list[str] = []
    plain = importlib.machinery.SourceFileLoader.source_to_code

    def counted(self, data, path, *args, **kwargs):  # type: ignore[no-untyped-def]
        compiled.append(Path(path).name)
        return plain(self, data, path, *args, **kwargs)

    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code", counted)
    return compiled


def load(folder: Path):  # type: ignore[no-untyped-def]
    module._CACHE.clear()  # as a new process would: nothing loaded yet
    return rules_for(load_game(folder))


def test_compiled_once_then_read_from_the_user_cache(tmp_path: Path, read_only: list[str]):
    folder = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + "rules_module: rules\n", **RULES})
    assert load(folder).sides == 2
    assert sorted(read_only) == ["__init__.py", "model.py", "state.py"]
    assert not (folder / "rules" / "__pycache__").exists()
    kept = bytecode.cache_dir()
    assert len(list(kept.glob("*.pyc"))) == 3 and kept.stat().st_mode & 0o777 == 0o700
    read_only.clear()
    assert load(folder).sides == 2 and read_only == []
    (folder / "rules" / "state.py").write_text("SIDES = 3\n", encoding="utf-8")
    assert load(folder).sides == 3 and read_only == ["state.py"]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="folder owners and modes are POSIX")
def test_a_cache_folder_others_may_write_is_not_used(tmp_path: Path, read_only: list[str]):
    folder = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + "rules_module: rules\n", **RULES})
    load(folder)
    bytecode.cache_dir().chmod(0o777)
    read_only.clear()
    assert load(folder).sides == 2
    assert sorted(read_only) == ["__init__.py", "model.py", "state.py"]


def test_an_error_still_names_the_submodule_and_line(tmp_path: Path, read_only: list[str]):
    files = {**RULES, "rules/state.py": "SIDES = 2\nraise ValueError('no sides')\n"}
    folder = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME + "rules_module: rules\n", **files})
    for _ in range(2):  # compiled, then from the cache: the same place
        with pytest.raises(DataError) as exc:
            load(folder)
        assert "state.py:2: the rules module failed to load: ValueError: no sides" in str(exc.value)
